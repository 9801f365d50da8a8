// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DatePipe, DecimalPipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';

import { GtpuPath, GtpuPaths, GtpuTunnel } from './gtpu-models';
import { Loadable, dataOf, errorOf } from '../../core/loadable';

/** The path a tunnel's uplink and echoes take: its decap device's N3 address to its peer, if listed. */
export function pathOf(paths: GtpuPaths | null, tunnel: GtpuTunnel): GtpuPath | null {
  return paths?.paths.find((p) => p.device === tunnel.decapDevice && p.n3Address === tunnel.n3Address
    && p.peerAddress === tunnel.peerAddress) ?? null;
}

/** What a path's state means, in words. */
export function stateMeaning(path: GtpuPath, misses: number): string {
  switch (path.state) {
    case 'UP': return 'the peer answered the last Echo Request';
    case 'DOWN': return `${path.missed} Echo Requests in a row unanswered (DOWN from ${misses})`;
    default: return path.requestsSent === 0 ? 'no request sent yet' : 'no answer yet';
  }
}

/**
 * GTP-U path supervision (TS 29.281 7.2.1): each path in use, a decap device's N3 address to a
 * tunnel's peer, with what the controller's Echo Requests say of it, read with the tunnels.
 */
@Component({
  selector: 'app-gtpu-paths',
  imports: [DatePipe, DecimalPipe],
  templateUrl: './paths.html',
  styleUrl: './paths.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class GtpuPathsTable {
  /** GET gtpu/paths as the page last read it. */
  readonly answer = input.required<Loadable<GtpuPaths>>();
  readonly paths = computed(() => dataOf(this.answer()));
  readonly error = computed(() => errorOf(this.answer()));
  protected readonly meaning = stateMeaning;
}
