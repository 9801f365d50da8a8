// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject } from '@angular/core';
import { Observable } from 'rxjs';

import { ApiHttp, TimeWindow, query } from '../core/api-http';
import { LatencyHistogram, LatencySeries, LatencyStatistics, ReplicaLatencies } from '../core/api-models';

/** Typed client of the latency queries under /telemetry. */
@Injectable({ providedIn: 'root' })
export class LatencyApi {
  private readonly http = inject(ApiHttp);

  latency(device: string, latencyClass: string, window: TimeWindow, step?: string): Observable<LatencySeries> {
    return this.http.get<LatencySeries>('telemetry/latency', query({ device, class: latencyClass, ...window, step }));
  }

  histogram(device: string, latencyClass: string, window: TimeWindow, buckets = 20): Observable<LatencyHistogram> {
    return this.http.get<LatencyHistogram>('telemetry/histogram',
      query({ device, class: latencyClass, ...window, buckets: String(buckets) }));
  }

  statistics(device: string, feature: string, baseline: string, window: TimeWindow): Observable<LatencyStatistics> {
    return this.http.get<LatencyStatistics>('telemetry/statistics', query({ device, feature, baseline, ...window }));
  }

  replicas(device: string, latencyClass: string, window: TimeWindow): Observable<ReplicaLatencies> {
    return this.http.get<ReplicaLatencies>('telemetry/replicas', query({ device, class: latencyClass, ...window }));
  }
}
