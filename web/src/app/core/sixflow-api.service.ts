// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpParams } from '@angular/common/http';
import { Injectable, inject } from '@angular/core';
import { Observable, map } from 'rxjs';

import { ApiHttp } from './api-http';
import { Device, Health, HistoryEvent, PipeconfDetail, PipeconfSummary, Topology } from './api-models';

export { SIXFLOW_API_BASE } from './api-http';
export type { TimeWindow } from './api-http';

/**
 * Typed client of what the whole dashboard shares: health, pipeconfs, devices, topology and
 * history events. Feature views have their own clients beside them. Failures are ApiErrors.
 */
@Injectable({ providedIn: 'root' })
export class SixflowApi {
  private readonly http = inject(ApiHttp);

  health(): Observable<Health> {
    return this.http.get<Health>('health');
  }

  pipeconfs(): Observable<PipeconfSummary[]> {
    return this.http.get<{ pipeconfs: PipeconfSummary[] }>('pipeconfs').pipe(map((body) => body.pipeconfs));
  }

  pipeconf(id: string): Observable<PipeconfDetail> {
    return this.http.get<PipeconfDetail>(`pipeconfs/${encodeURIComponent(id)}`);
  }

  devices(): Observable<Device[]> {
    return this.http.get<{ devices: Device[] }>('devices').pipe(map((body) => body.devices));
  }

  events(limit = 50): Observable<HistoryEvent[]> {
    const params = new HttpParams().set('limit', limit);
    return this.http.get<{ events: HistoryEvent[] }>('events', params).pipe(map((body) => body.events));
  }

  topology(): Observable<Topology> {
    return this.http.get<Topology>('topology');
  }
}
