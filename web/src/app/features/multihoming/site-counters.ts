// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, inject, input, signal } from '@angular/core';
import { map, tap } from 'rxjs';

import { errorOf } from '../../core/loadable';
import { num, percent } from '../../experiments/experiment-format';
import { IlnpApi } from './ilnp-api';
import { PAGE_VISIBLE } from './page-visible';
import { SITE_POLL_MS, pollSite } from './site-poll';
import { CounterSample, uplinkRates } from './uplink-rates';

/**
 * A site's per-uplink counters read from its border router every 2 s while the page is visible,
 * with the packets a second out and in of each uplink and its share of the site's outbound packets,
 * from the last two readings. A reading that fails (503: the device cannot be read now) is said,
 * the last one stays, and the next is asked for all the same.
 */
@Component({
  selector: 'app-site-counters',
  template: `
    @switch (load().state) {
      @case ('loading') { <p class="status loading" role="status">Reading the counters of {{ site() }}…</p> }
      @case ('error') { <p class="status error counters-error" role="alert">The counters of {{ site() }} could not be read:
        {{ error() }} (asked again every {{ pollSeconds }} s)</p> }
    }
    @if (rows(); as uplinks) {
      <div class="table-scroll" role="region" tabindex="0" [attr.aria-label]="'Uplink counters of ' + site()">
        <table class="counters">
          <caption>ILNP packets rewritten by each uplink (ilnp_uplink_in/out) since the pipeline was loaded; rates and shares
            from the last two readings{{ seconds() !== null ? ', ' + num(seconds(), 1) + ' s apart' : '' }}.</caption>
          <thead><tr><th scope="col">Uplink</th><th scope="col" class="number">Weight</th>
            <th scope="col" class="number">Out pkt/s</th><th scope="col" class="number">In pkt/s</th>
            <th scope="col" class="number">Share of out</th>
            <th scope="col" class="number">Out packets</th><th scope="col" class="number">Out bytes</th>
            <th scope="col" class="number">In packets</th><th scope="col" class="number">In bytes</th></tr></thead>
          <tbody>
            @for (u of uplinks; track u.port) {
              <tr><th scope="row">{{ u.port }}</th><td class="number">{{ u.weight }}</td>
                <td class="number">{{ num(u.outPerSecond, 1) }}</td><td class="number">{{ num(u.inPerSecond, 1) }}</td>
                <td class="number">{{ percent(u.shareOut, 1) }}</td>
                <td class="number">{{ num(u.outPackets, 0) }}</td><td class="number">{{ num(u.outBytes, 0) }}</td>
                <td class="number">{{ num(u.inPackets, 0) }}</td><td class="number">{{ num(u.inBytes, 0) }}</td></tr>
            }
          </tbody>
        </table>
      </div>
      @if (seconds() === null) { <p class="hint first-reading">Rates from the next reading, in {{ pollSeconds }} s.</p> }
      @if (!visible()) { <p class="hint paused">Paused while the page is hidden.</p> }
    }`,
  styles: `.table-scroll { overflow-x: auto; } table.counters { width: auto; font-size: 0.88rem; }
    .number { text-align: right; font-variant-numeric: tabular-nums; } tbody th { color: var(--text); }
    caption, .hint { text-align: left; color: var(--text-muted); font-size: 0.85rem; padding: 0.25rem 0; }`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class SiteCounters {
  private readonly api = inject(IlnpApi);
  protected readonly visible = inject(PAGE_VISIBLE);
  protected readonly num = num;
  protected readonly percent = percent;
  protected readonly pollSeconds = SITE_POLL_MS / 1000;

  /** The site's name. */
  readonly site = input.required<string>();
  /** The last two readings that arrived (the first null until there are two). */
  private readonly samples = signal<[CounterSample | null, CounterSample | null]>([null, null]);

  readonly load = pollSite(this.site, (site) => this.api.counters(site).pipe(
    map((counters): CounterSample => ({ at: Date.now(), counters })),
    tap((sample) => this.samples.update(([, latest]) => [latest, sample]))));
  readonly error = computed(() => errorOf(this.load()));
  readonly rows = computed(() => {
    const [previous, latest] = this.samples();
    return latest ? uplinkRates(previous, latest) : null;
  });
  /** How far apart the two readings the rates come from are, or null before there are two. */
  readonly seconds = computed(() => {
    const [previous, latest] = this.samples();
    return previous && latest ? (latest.at - previous.at) / 1000 : null;
  });
}
