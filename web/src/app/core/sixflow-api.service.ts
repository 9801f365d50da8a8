// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpClient, HttpErrorResponse, HttpParams } from '@angular/common/http';
import { Injectable, InjectionToken, inject } from '@angular/core';
import { Observable, catchError, map, throwError } from 'rxjs';

import { ApiError } from './api-error';
import { Device, Health, HistoryEvent, PipeconfDetail, PipeconfSummary } from './api-models';

/** Where the Sixflow REST API is mounted; the dev proxy and nginx forward it to ONOS. */
export const SIXFLOW_API_BASE = new InjectionToken<string>('SIXFLOW_API_BASE', {
  providedIn: 'root',
  factory: () => '/onos/sixflow/v1',
});

/** Typed client of the Sixflow REST API. Every failure arrives as an {@link ApiError}. */
@Injectable({ providedIn: 'root' })
export class SixflowApi {
  private readonly http = inject(HttpClient);
  private readonly base = inject(SIXFLOW_API_BASE);

  health(): Observable<Health> {
    return this.get<Health>('health');
  }

  pipeconfs(): Observable<PipeconfSummary[]> {
    return this.get<{ pipeconfs: PipeconfSummary[] }>('pipeconfs').pipe(map((body) => body.pipeconfs));
  }

  pipeconf(id: string): Observable<PipeconfDetail> {
    return this.get<PipeconfDetail>(`pipeconfs/${encodeURIComponent(id)}`);
  }

  devices(): Observable<Device[]> {
    return this.get<{ devices: Device[] }>('devices').pipe(map((body) => body.devices));
  }

  events(limit = 50): Observable<HistoryEvent[]> {
    const params = new HttpParams().set('limit', limit);
    return this.get<{ events: HistoryEvent[] }>('events', params).pipe(map((body) => body.events));
  }

  private get<T>(path: string, params?: HttpParams): Observable<T> {
    return this.http
      .get<T>(`${this.base}/${path}`, { params })
      .pipe(catchError((error: HttpErrorResponse) => throwError(() => ApiError.from(error, this.base))));
  }
}
