// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, inject } from '@angular/core';
import { toSignal } from '@angular/core/rxjs-interop';
import { RouterLink } from '@angular/router';

import { Nptv6Mapping } from '../nptv6/nptv6-models';
import { Loadable, dataOf, errorOf, loadable } from '../../core/loadable';
import { uplinkOf } from '../nptv6/nptv6-form';
import { Nptv6Api } from '../nptv6/nptv6-api';

/** A border router and the NPTv6 mappings of its uplinks. */
export interface DeviceMappings {
  device: string;
  mappings: Nptv6Mapping[];
}

/** Mappings grouped by the device their uplink is on, devices in order, each's mappings by id. */
export function byDevice(mappings: readonly Nptv6Mapping[]): DeviceMappings[] {
  const groups = new Map<string, Nptv6Mapping[]>();
  for (const m of mappings) {
    const device = uplinkOf(m.uplink)?.device ?? m.uplink;
    groups.set(device, [...(groups.get(device) ?? []), m]);
  }
  return [...groups.entries()].sort(([a], [b]) => a.localeCompare(b))
    .map(([device, list]) => ({ device, mappings: list.sort((a, b) => a.id.localeCompare(b.id)) }));
}

/**
 * The NPTv6 mappings (GET nptv6/mappings), compactly, under the device they are on: the other way
 * of multihoming a site; each links to its detail on the NPTv6 page, where they are made and removed.
 */
@Component({
  selector: 'app-site-mappings',
  imports: [RouterLink],
  template: `
    <section aria-labelledby="mappings-heading">
      <h2 id="mappings-heading">NPTv6 mappings</h2>
      @switch (list().state) {
        @case ('loading') { <p class="status loading" role="status">Loading NPTv6 mappings…</p> }
        @case ('error') { <p class="status error" role="alert">The NPTv6 mappings could not be loaded: {{ error() }}</p> }
      }
      @if (devices(); as groups) {
        @for (g of groups; track g.device) {
          <table class="mappings">
            <caption><span class="device">{{ g.device }}</span>
              <a routerLink="/nptv6" [queryParams]="{ device: g.device }">its mappings on the NPTv6 page</a></caption>
            <thead><tr><th scope="col">Mapping</th><th scope="col">Internal prefix</th><th scope="col">External prefix</th>
              <th scope="col">Uplink</th><th scope="col">State</th></tr></thead>
            <tbody>
              @for (m of g.mappings; track m.id) {
                <tr><th scope="row"><a routerLink="/nptv6" [queryParams]="{ mapping: m.id }">{{ m.id }}</a></th>
                  <td>{{ m.internalPrefix }}</td><td>{{ m.externalPrefix }}</td><td>{{ m.uplink }}</td>
                  <td class="state" [attr.data-state]="m.state">{{ m.state }}</td></tr>
              }
            </tbody>
          </table>
        } @empty {
          <p class="status empty">No NPTv6 mappings. Create them on the <a routerLink="/nptv6">NPTv6 page</a>.</p>
        }
      }
    </section>`,
  styles: `table.mappings { width: auto; font-size: 0.88rem; margin-bottom: 1rem; }
    caption { text-align: left; padding: 0.25rem 0; } .device { font-weight: 600; margin-right: 0.75rem; }
    tbody th { font-weight: normal; } .state { font-family: ui-monospace, monospace; font-size: 0.85rem; }
    .state[data-state='FAILED'] { color: var(--error); font-weight: 600; }`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class SiteMappings {
  readonly list = toSignal(loadable(inject(Nptv6Api).mappings()),
    { initialValue: { state: 'loading' } as Loadable<Nptv6Mapping[]> });
  readonly devices = computed(() => {
    const mappings = dataOf(this.list());
    return mappings ? byDevice(mappings) : null;
  });
  readonly error = computed(() => errorOf(this.list()));
}
