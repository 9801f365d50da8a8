// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject } from '@angular/core';
import { Observable, map } from 'rxjs';

import { ApiHttp, TimeWindow, query } from '../core/api-http';
import { PortCounters, PortHistory } from '../core/api-models';

/** Typed client of the gNMI port counter queries under /telemetry. */
@Injectable({ providedIn: 'root' })
export class PortsApi {
  private readonly http = inject(ApiHttp);

  ports(device?: string): Observable<PortCounters[]> {
    return this.http.get<{ ports: PortCounters[] }>('telemetry/ports', query({ device })).pipe(map((b) => b.ports));
  }

  portHistory(device: string, port: string, window: TimeWindow, step?: string): Observable<PortHistory> {
    return this.http.get<PortHistory>('telemetry/ports/history', query({ device, port, ...window, step }));
  }
}
