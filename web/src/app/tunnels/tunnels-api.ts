// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject } from '@angular/core';
import { Observable } from 'rxjs';

import { ApiHttp, query } from '../core/api-http';
import { GtpuTunnel, GtpuTunnelPage, GtpuTunnelRequest, GtpuTunnelValidation } from '../core/api-models';

/** Typed client of /gtpu/tunnels (GTP-U tunnels of UE sessions). */
@Injectable({ providedIn: 'root' })
export class TunnelsApi {
  private readonly http = inject(ApiHttp);

  /** One page of tunnels in id order, each with its counters read live. */
  page(limit: number, offset: number): Observable<GtpuTunnelPage> {
    return this.http.get<GtpuTunnelPage>('gtpu/tunnels',
      query({ limit: String(limit), offset: offset > 0 ? String(offset) : undefined }));
  }

  /** A tunnel with its entries per device. */
  tunnel(id: string): Observable<GtpuTunnel> {
    return this.http.get<GtpuTunnel>(`gtpu/tunnels/${encodeURIComponent(id)}`);
  }

  /** What would refuse the tunnel, without storing it. */
  validateTunnel(tunnel: GtpuTunnelRequest): Observable<GtpuTunnelValidation> {
    return this.http.send<GtpuTunnelValidation>('POST', 'gtpu/tunnels/validate', tunnel);
  }

  createTunnel(tunnel: GtpuTunnelRequest): Observable<{ tunnel: GtpuTunnel }> {
    return this.http.send<{ tunnel: GtpuTunnel }>('POST', 'gtpu/tunnels', tunnel);
  }

  deleteTunnel(id: string): Observable<void> {
    return this.http.send<void>('DELETE', `gtpu/tunnels/${encodeURIComponent(id)}`);
  }
}
