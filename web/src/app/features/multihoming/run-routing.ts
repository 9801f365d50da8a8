// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, input } from '@angular/core';

import { MultihomingRun, MultihomingSiteRoutes } from './multihoming-models';
import { num } from '../../experiments/experiment-format';
import { PROTOCOL_ORDER, protocolLabel } from './study-grid';

/** The thesis's focal claim, per protocol: whether it adds site-specific routes outside the site. */
export const CLAIMS: Record<string, { adds: boolean; text: string }> = {
  IPV6: { adds: true, text: 'adds some' },
  NPTV6: { adds: false, text: 'adds none' },
  ILNP: { adds: false, text: 'adds none' },
};

/** A protocol's routes grouped by device, devices in order. */
export function routesByDevice(routes: MultihomingSiteRoutes['routes']): { device: string; routes: MultihomingSiteRoutes['routes'] }[] {
  const groups = new Map<string, MultihomingSiteRoutes['routes']>();
  for (const r of routes) groups.set(r.device, [...(groups.get(r.device) ?? []), r]);
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([device, list]) => ({ device, routes: list }));
}

/**
 * What a run found beyond the grid: how each protocol came through the uplink's failure (the time
 * without traffic, the probes answered), and the routing state each leaves: the site's address as
 * the correspondent saw it and the routes per device, counting the site-specific ones outside the
 * site (IPv6 multihoming adds them; NPTv6 and ILNP should not).
 */
@Component({
  selector: 'app-run-routing',
  templateUrl: './run-routing.html',
  styleUrl: './run-routing.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class RunRouting {
  protected readonly num = num;
  protected readonly protocolLabel = protocolLabel;
  protected readonly routesByDevice = routesByDevice;

  readonly run = input.required<MultihomingRun>();
  readonly failovers = computed(() => [...(this.run().failovers ?? [])]
    .sort((a, b) => rank(a.protocol) - rank(b.protocol)));
  readonly siteRoutes = computed(() => [...(this.run().siteRoutes ?? [])]
    .sort((a, b) => rank(a.protocol) - rank(b.protocol)));

  /** Whether a protocol's count of site-specific routes outside the site bears the claim out (null: no claim). */
  holds(routes: MultihomingSiteRoutes): boolean | null {
    const claim = CLAIMS[routes.protocol];
    return claim ? claim.adds === routes.siteSpecificOutsideSite > 0 : null;
  }

  claim(protocol: string): string {
    return CLAIMS[protocol]?.text ?? '—';
  }
}

function rank(protocol: string): number {
  const at = PROTOCOL_ORDER.indexOf(protocol);
  return at < 0 ? PROTOCOL_ORDER.length : at;
}
