// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { HttpClient, HttpErrorResponse, HttpParams } from '@angular/common/http';
import { Injectable, InjectionToken, inject } from '@angular/core';
import { Observable, catchError, map, throwError } from 'rxjs';

import { ApiError } from './api-error';
import {
  Apn6Policy, Device, Health, HistoryEvent, LatencyHistogram, LatencySeries, LatencyStatistics, MauReport,
  Msr6Tree, PipeconfDetail, PortHistory, ReplicaLatencies, PipeconfSummary, PolicyAnswer, PolicyValidation, PortCounters, TableOccupancy,
  Topology, TreeRequest,
} from './api-models';

/** A time window of the telemetry queries: ISO-8601 instants; the server defaults to the last hour. */
export interface TimeWindow {
  from?: string;
  to?: string;
}

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

  topology(): Observable<Topology> {
    return this.get<Topology>('topology');
  }

  trees(): Observable<Msr6Tree[]> {
    return this.get<{ trees: Msr6Tree[] }>('trees').pipe(map((body) => body.trees));
  }

  tree(id: string): Observable<Msr6Tree> {
    return this.get<Msr6Tree>(`trees/${encodeURIComponent(id)}`);
  }

  createTree(request: TreeRequest): Observable<Msr6Tree> {
    return this.send<Msr6Tree>('POST', 'trees', request);
  }

  updateReceivers(id: string, receivers: string[]): Observable<Msr6Tree> {
    return this.send<Msr6Tree>('PUT', `trees/${encodeURIComponent(id)}/receivers`, { receivers });
  }

  deleteTree(id: string): Observable<void> {
    return this.send<void>('DELETE', `trees/${encodeURIComponent(id)}`);
  }

  policies(): Observable<Apn6Policy[]> {
    return this.get<{ policies: Apn6Policy[] }>('policies').pipe(map((body) => body.policies));
  }

  policy(id: string): Observable<Apn6Policy> {
    return this.get<Apn6Policy>(`policies/${encodeURIComponent(id)}`);
  }

  validatePolicy(policy: Apn6Policy): Observable<PolicyValidation> {
    return this.send<PolicyValidation>('POST', 'policies/validate', policy);
  }

  createPolicy(policy: Apn6Policy): Observable<PolicyAnswer> {
    return this.send<PolicyAnswer>('POST', 'policies', policy);
  }

  updatePolicy(policy: Apn6Policy): Observable<PolicyAnswer> {
    return this.send<PolicyAnswer>('PUT', `policies/${encodeURIComponent(policy.id)}`, policy);
  }

  deletePolicy(id: string): Observable<void> {
    return this.send<void>('DELETE', `policies/${encodeURIComponent(id)}`);
  }

  latency(device: string, latencyClass: string, window: TimeWindow, step?: string): Observable<LatencySeries> {
    return this.get<LatencySeries>('telemetry/latency', query({ device, class: latencyClass, ...window, step }));
  }

  histogram(device: string, latencyClass: string, window: TimeWindow, buckets = 20): Observable<LatencyHistogram> {
    return this.get<LatencyHistogram>('telemetry/histogram',
      query({ device, class: latencyClass, ...window, buckets: String(buckets) }));
  }

  statistics(device: string, feature: string, baseline: string, window: TimeWindow): Observable<LatencyStatistics> {
    return this.get<LatencyStatistics>('telemetry/statistics', query({ device, feature, baseline, ...window }));
  }

  replicas(device: string, latencyClass: string, window: TimeWindow): Observable<ReplicaLatencies> {
    return this.get<ReplicaLatencies>('telemetry/replicas', query({ device, class: latencyClass, ...window }));
  }

  ports(device?: string): Observable<PortCounters[]> {
    return this.get<{ ports: PortCounters[] }>('telemetry/ports', query({ device })).pipe(map((b) => b.ports));
  }

  portHistory(device: string, port: string, window: TimeWindow, step?: string): Observable<PortHistory> {
    return this.get<PortHistory>('telemetry/ports/history', query({ device, port, ...window, step }));
  }

  tables(device?: string): Observable<TableOccupancy[]> {
    return this.get<{ tables: TableOccupancy[] }>('resources/tables', query({ device })).pipe(map((b) => b.tables));
  }

  mau(pipeconf?: string): Observable<MauReport> {
    return this.get<MauReport>('resources/mau', query({ pipeconf }));
  }

  private get<T>(path: string, params?: HttpParams): Observable<T> {
    return this.http
      .get<T>(`${this.base}/${path}`, { params })
      .pipe(catchError((error: HttpErrorResponse) => throwError(() => ApiError.from(error, this.base))));
  }

  private send<T>(method: 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Observable<T> {
    return this.http
      .request<T>(method, `${this.base}/${path}`, { body })
      .pipe(catchError((error: HttpErrorResponse) => throwError(() => ApiError.from(error, this.base))));
  }
}

/** Query parameters, leaving out the ones not given. */
function query(values: Record<string, string | undefined>): HttpParams {
  let params = new HttpParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== '') {
      params = params.set(key, value);
    }
  }
  return params;
}
