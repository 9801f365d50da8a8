// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Injectable, inject } from '@angular/core';
import { EMPTY, Observable, expand, reduce } from 'rxjs';

import { ApiHttp, query } from '../../core/api-http';
import { GtpuPaths, GtpuTunnel, GtpuTunnelPage, GtpuTunnelRequest, GtpuTunnelValidation } from './gtpu-models';

/** The most tunnels a page may hold (GET gtpu/tunnels?limit=). */
export const MAX_TUNNEL_PAGE = 1000;

/** Typed client of /gtpu/tunnels (GTP-U tunnels of UE sessions) and /gtpu/paths (their paths' echoes). */
@Injectable({ providedIn: 'root' })
export class TunnelsApi {
  private readonly http = inject(ApiHttp);

  /** One page of tunnels in id order, each with its counters read live. */
  page(limit: number, offset: number): Observable<GtpuTunnelPage> {
    return this.http.get<GtpuTunnelPage>('gtpu/tunnels',
      query({ limit: String(limit), offset: offset > 0 ? String(offset) : undefined }));
  }

  /** Every tunnel in id order, read a page of 1,000 at a time (to choose one, e.g. an experiment class's). */
  all(): Observable<GtpuTunnel[]> {
    return this.page(MAX_TUNNEL_PAGE, 0).pipe(
      expand((p) => (p.next === null ? EMPTY : this.page(MAX_TUNNEL_PAGE, p.next))),
      reduce((tunnels, p) => tunnels.concat(p.tunnels), [] as GtpuTunnel[]),
    );
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

  /** The paths the tunnels use, with what the controller's Echo Requests say of each. */
  paths(): Observable<GtpuPaths> {
    return this.http.get<GtpuPaths>('gtpu/paths');
  }

  deleteTunnel(id: string): Observable<void> {
    return this.http.send<void>('DELETE', `gtpu/tunnels/${encodeURIComponent(id)}`);
  }
}
