// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject } from '@angular/core';
import { Observable, map } from 'rxjs';

import { ApiHttp } from '../../core/api-http';
import { BngConfig, BngLines, BngSession } from './bng-models';

/** Typed client of /bng: the PPPoE relay's subscriber lines, sessions (and cutting one) and configuration. */
@Injectable({ providedIn: 'root' })
export class BngApi {
  private readonly http = inject(ApiHttp);

  /** The lines PPPoE frames came from, and what the relay dropped by reason. */
  lines(): Observable<BngLines> {
    return this.http.get<BngLines>('bng/lines');
  }

  /** The sessions followed: going ones, and ended ones for one echo interval. */
  sessions(): Observable<BngSession[]> {
    return this.http.get<{ sessions: BngSession[] }>('bng/sessions').pipe(map((body) => body.sessions));
  }

  session(id: number | string): Observable<BngSession> {
    return this.http.get<BngSession>(`bng/sessions/${encodeURIComponent(String(id))}`);
  }

  /** Cuts a going session: a PADT to the subscriber and to the server, its entries removed (404 if not going). */
  cut(id: number | string): Observable<void> {
    return this.http.send<void>('DELETE', `bng/sessions/${encodeURIComponent(String(id))}`);
  }

  config(): Observable<BngConfig> {
    return this.http.get<BngConfig>('bng/config');
  }

  /** Replaces the configuration; answers it as stored (a 400 names every wrong field). */
  configure(config: BngConfig): Observable<BngConfig> {
    return this.http.send<BngConfig>('PUT', 'bng/config', config);
  }
}
