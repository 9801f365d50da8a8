// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, input } from '@angular/core';

import { IlnpSitesView } from './ilnp-sites';
import { SiteMappings } from './site-mappings';
import { StudiesView } from './studies';

/**
 * Multihoming: a site with more than one provider. Its ILNP sites (uplinks, live counters and rates,
 * weights, Locator Updates), its NPTv6 mappings by device, and the multihoming study that compares
 * IPv6, NPTv6 and ILNP on the lab (?study=, ?run=).
 */
@Component({
  selector: 'app-multihoming',
  imports: [IlnpSitesView, SiteMappings, StudiesView],
  template: `
    <h1>Multihoming</h1>
    <p class="lead">A site with more than one provider, three ways: plain IPv6 (each provider's prefix on the site's hosts),
      NPTv6 (one internal prefix translated per uplink) and ILNP (one internal locator, the uplink's locator put on by the
      site's border router).</p>
    <app-ilnp-sites />
    <app-site-mappings />
    <app-studies [study]="study()" [run]="run()" />`,
  styles: `.lead { color: var(--text-muted); margin-top: 0; }`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class MultihomingView {
  /** The study shown (?study=). */
  readonly study = input<string | undefined>();
  /** The run shown (?run=). */
  readonly run = input<string | undefined>();
}
