// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject } from '@angular/core';
import { Observable, map } from 'rxjs';

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

  /**
   * The classes among a device's newest samples in a window (up to `limit`), most sampled first:
   * which views have data to show.
   */
  sampledClasses(device: string, window: TimeWindow, limit = 500): Observable<string[]> {
    return this.http.get<{ samples: { class: string }[] }>('telemetry/samples',
      query({ device, ...window, limit: String(limit) })).pipe(map(({ samples }) => {
      const counts = new Map<string, number>();
      for (const sample of samples) counts.set(sample.class, (counts.get(sample.class) ?? 0) + 1);
      return [...counts.entries()].filter(([, n]) => n >= 2).sort((a, b) => b[1] - a[1]).map(([cls]) => cls);
    }));
  }

  replicas(device: string, latencyClass: string, window: TimeWindow): Observable<ReplicaLatencies> {
    return this.http.get<ReplicaLatencies>('telemetry/replicas', query({ device, class: latencyClass, ...window }));
  }
}
