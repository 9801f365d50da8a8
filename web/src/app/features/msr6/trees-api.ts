// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject } from '@angular/core';
import { Observable } from 'rxjs';

import { ApiHttp } from '../../core/api-http';
import { Msr6Tree, TreeRequest } from './msr6-models';

/** Typed client of /trees (MSR6 trees). */
@Injectable({ providedIn: 'root' })
export class TreesApi {
  private readonly http = inject(ApiHttp);

  trees(): Observable<Msr6Tree[]> {
    return this.http.all<Msr6Tree>('trees', 'trees');
  }

  tree(id: string): Observable<Msr6Tree> {
    return this.http.get<Msr6Tree>(`trees/${encodeURIComponent(id)}`);
  }

  createTree(request: TreeRequest): Observable<Msr6Tree> {
    return this.http.send<Msr6Tree>('POST', 'trees', request);
  }

  updateReceivers(id: string, receivers: string[]): Observable<Msr6Tree> {
    return this.http.send<Msr6Tree>('PUT', `trees/${encodeURIComponent(id)}/receivers`, { receivers });
  }

  deleteTree(id: string): Observable<void> {
    return this.http.send<void>('DELETE', `trees/${encodeURIComponent(id)}`);
  }
}
