// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpClient, HttpErrorResponse, HttpParams } from '@angular/common/http';
import { Injectable, InjectionToken, inject } from '@angular/core';
import { EMPTY, Observable, catchError, expand, reduce, throwError } from 'rxjs';

import { ApiError } from './api-error';

/** Where the Sixflow REST API is mounted; the dev proxy and nginx forward it to ONOS. */
export const SIXFLOW_API_BASE = new InjectionToken<string>('SIXFLOW_API_BASE', {
  providedIn: 'root',
  factory: () => '/onos/sixflow/v1',
});

/** A time window of the telemetry queries: ISO-8601 instants; the server defaults to the last hour. */
export interface TimeWindow {
  from?: string;
  to?: string;
}

/** Query parameters, leaving out the ones not given. */
export function query(values: Record<string, string | undefined>): HttpParams {
  let params = new HttpParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') {
      params = params.set(key, value);
    }
  }
  return params;
}

/**
 * HTTP to the Sixflow REST API, shared by the feature clients: paths are relative to the API base
 * and every failure arrives as an {@link ApiError}.
 */
@Injectable({ providedIn: 'root' })
export class ApiHttp {
  private readonly http = inject(HttpClient);
  private readonly base = inject(SIXFLOW_API_BASE);

  get<T>(path: string, params?: HttpParams): Observable<T> {
    return this.http.get<T>(`${this.base}/${path}`, { params }).pipe(catchError((e: HttpErrorResponse) => this.fail(e)));
  }

  /**
   * Every item of a paged list (trees, policies, experiments): reads page after page while the
   * answer names a "next" offset, and gathers the items under key.
   */
  all<T>(path: string, key: string, params: HttpParams = new HttpParams()): Observable<T[]> {
    const page = (offset: number) =>
      this.get<Record<string, unknown>>(path, offset > 0 ? params.set('offset', String(offset)) : params);
    return page(0).pipe(
      expand((body) => (typeof body['next'] === 'number' ? page(body['next']) : EMPTY)),
      reduce((items, body) => items.concat((body[key] as T[] | undefined) ?? []), [] as T[]),
    );
  }

  send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Observable<T> {
    return this.http.request<T>(method, `${this.base}/${path}`, { body })
      .pipe(catchError((e: HttpErrorResponse) => this.fail(e)));
  }

  private fail(error: HttpErrorResponse): Observable<never> {
    return throwError(() => ApiError.from(error, this.base));
  }
}
