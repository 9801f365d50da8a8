// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DatePipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';

import { LocatorUpdateOutcome } from './ilnp-models';
import { dataOf, errorOf } from '../../core/loadable';
import { num } from '../../experiments/experiment-format';
import { IlnpApi } from './ilnp-api';
import { pollSite } from './site-poll';

/** What became of a Locator Update, in words (docs/features/ilnp.md says why each). */
export const OUTCOMES: Record<LocatorUpdateOutcome, string> = {
  FORWARDED_INTO_SITE: 'forwarded into the site',
  FORWARDED_OUT: 'forwarded out',
  MALFORMED: 'dropped: malformed',
  NOT_FOR_A_SITE: 'dropped: not for a site',
  FROM_OUTSIDE_THE_SITE: 'dropped: claims the site from outside it',
  NO_HOST: 'dropped: no such site host',
  HOP_LIMIT: 'dropped: hop limit',
  NOT_SIXFLOW_DEVICE: 'dropped: device not configured',
};

/**
 * The Locator Updates (RFC 6743) the site's border router punted, newest first: when, by which port,
 * from whom, advertisement or acknowledgement, their locators (preference, lifetime) and what became
 * of each; read again with the counters while the page is visible.
 */
@Component({
  selector: 'app-locator-updates',
  imports: [DatePipe],
  template: `
    @switch (load().state) {
      @case ('loading') { <p class="status loading" role="status">Loading the Locator Updates of {{ site() }}…</p> }
      @case ('error') { <p class="status error" role="alert">The Locator Updates of {{ site() }} could not be read: {{ error() }}</p> }
    }
    @if (updates(); as u) {
      @if (u.last.length === 0) {
        <p class="status empty">No Locator Updates received for {{ site() }} yet.</p>
      } @else {
        <div class="table-scroll" role="region" tabindex="0" [attr.aria-label]="'Locator Updates of ' + site()">
          <table class="locator-updates">
            <caption>{{ num(u.received, 0) }} received in all; the last {{ u.last.length }}, newest first.</caption>
            <thead><tr><th scope="col">Time (UTC)</th><th scope="col">From (port)</th><th scope="col">Source</th>
              <th scope="col">Operation</th><th scope="col">Locators (preference, lifetime s)</th><th scope="col">Outcome</th></tr></thead>
            <tbody>
              @for (l of u.last; track $index) {
                <tr><td><time [attr.datetime]="l.received">{{ l.received | date: 'yyyy-MM-dd HH:mm:ss' : 'UTC' }}</time></td>
                  <td>{{ l.receivedFrom }}</td><td>{{ l.source }}</td><td>{{ l.operation }}</td>
                  <td><ul class="plain">@for (x of l.locators; track $index) {
                    <li>{{ x.locator }} ({{ x.preference }}, {{ x.lifetime }})</li>
                  } @empty { <li>none</li> }</ul></td>
                  <td class="outcome" [class.dropped]="!l.outcome.startsWith('FORWARDED')" [title]="l.outcome">
                    {{ outcome(l.outcome) }}</td></tr>
              }
            </tbody>
          </table>
        </div>
      }
    }`,
  styles: `.table-scroll { overflow-x: auto; } table.locator-updates { font-size: 0.88rem; }
    ul.plain { list-style: none; margin: 0; padding: 0; } .outcome.dropped { color: var(--warn); }
    caption { text-align: left; color: var(--text-muted); font-size: 0.85rem; padding: 0.25rem 0; }`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class LocatorUpdates {
  private readonly api = inject(IlnpApi);
  protected readonly num = num;

  /** The site's name. */
  readonly site = input.required<string>();

  readonly load = pollSite(this.site, (site) => this.api.locatorUpdates(site));
  readonly updates = computed(() => dataOf(this.load()));
  readonly error = computed(() => errorOf(this.load()));

  outcome(outcome: LocatorUpdateOutcome): string {
    return OUTCOMES[outcome] ?? outcome;
  }
}
