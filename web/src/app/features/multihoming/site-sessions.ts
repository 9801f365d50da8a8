// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DatePipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';

import { AdvertisedLocator } from './ilnp-models';
import { dataOf, errorOf } from '../../core/loadable';
import { num } from '../../experiments/experiment-format';
import { IlnpApi } from './ilnp-api';
import { pollSite } from './site-poll';

/**
 * The sessions of the site's hosts that its border router's telemetry reports showed (learned at
 * least one IPv6 packet in 64 there), most recently seen first: host, correspondent, the Nonce's
 * length, when last seen, the Locator Updates the router sent the correspondent for the host when
 * the site's uplinks changed, and the correspondent's own locators; read again with the counters
 * while the page is visible.
 */
@Component({
  selector: 'app-site-sessions',
  imports: [DatePipe],
  template: `
    @switch (load().state) {
      @case ('loading') { <p class="status loading" role="status">Loading the sessions of {{ site() }}…</p> }
      @case ('error') { <p class="status error" role="alert">The sessions of {{ site() }} could not be read: {{ error() }}</p> }
    }
    @if (sessions(); as s) {
      @if (s.sessions.length === 0) {
        <p class="status empty">No sessions of {{ site() }}'s hosts reported in the last two minutes.</p>
      } @else {
        <div class="table-scroll" role="region" tabindex="0" [attr.aria-label]="'Sessions of ' + site()">
          <table class="site-sessions">
            <caption>{{ s.sessions.length }} seen in the last two minutes; {{ num(s.updatesSent, 0) }} Locator Updates sent in all.</caption>
            <thead><tr><th scope="col">Host</th><th scope="col">Correspondent</th><th scope="col">Nonce</th>
              <th scope="col">Last seen (UTC)</th><th scope="col">Updates sent</th><th scope="col">Last advertised</th>
              <th scope="col">Correspondent's locators</th></tr></thead>
            <tbody>
              @for (x of s.sessions; track x.host + ' ' + x.correspondent) {
                <tr><td>{{ x.host }}</td><td>{{ x.correspondent }}</td><td>{{ x.nonceOctets }} octets</td>
                  <td><time [attr.datetime]="x.lastSeen">{{ x.lastSeen | date: 'HH:mm:ss' : 'UTC' }}</time></td>
                  <td>{{ x.updatesSent }}@if (x.lastUpdate) {, last <time [attr.datetime]="x.lastUpdate">{{ x.lastUpdate | date: 'HH:mm:ss' : 'UTC' }}</time>}</td>
                  <td>{{ locators(x.lastAdvertised) }}</td><td>{{ locators(x.correspondentLocators) }}</td></tr>
              }
            </tbody>
          </table>
        </div>
      }
    }`,
  styles: `.table-scroll { overflow-x: auto; } table.site-sessions { font-size: 0.88rem; }
    caption { text-align: left; color: var(--text-muted); font-size: 0.85rem; padding: 0.25rem 0; }`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class SiteSessions {
  private readonly api = inject(IlnpApi);
  protected readonly num = num;

  /** The site's name. */
  readonly site = input.required<string>();

  readonly load = pollSite(this.site, (site) => this.api.sessions(site));
  readonly sessions = computed(() => dataOf(this.load()));
  readonly error = computed(() => errorOf(this.load()));

  /** Locators as "2001:db8:b01:1 (10)", preferred first as given; "none" for none. */
  locators(list: AdvertisedLocator[]): string {
    return list.length === 0 ? 'none' : list.map((l) => `${l.locator} (${l.preference})`).join(', ');
  }
}
