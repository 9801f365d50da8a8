// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, Injector, afterNextRender, computed, inject, input, output, signal } from '@angular/core';

import { IlnpSite } from './ilnp-models';
import { messageOf } from '../../core/loadable';
import { IlnpApi } from './ilnp-api';
import { LocatorUpdates } from './locator-updates';
import { SiteCounters } from './site-counters';
import { SiteSessions } from './site-sessions';
import { SiteWeights } from './site-weights';

/**
 * One ILNP site: its border router, internal locator and state, its uplinks (port, locator, the
 * operator's weight), its live counters and rates, its weights editor, its recent Locator Updates, its hosts' sessions,
 * and delete (asks twice). What changes the site is told to the list (`changed`), which reads it again.
 */
@Component({
  selector: 'app-ilnp-site',
  imports: [SiteCounters, SiteWeights, LocatorUpdates, SiteSessions],
  templateUrl: './ilnp-site.html',
  styleUrl: './ilnp-site.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class IlnpSiteView {
  private readonly api = inject(IlnpApi);
  private readonly injector = inject(Injector);

  readonly site = input.required<IlnpSite>();
  /** What happened to the site, in words, once it changed or went. */
  readonly changed = output<string>();

  /** Element ids of this site (names are letters, digits, '.', '_', '-'). */
  readonly id = computed(() => `site-${this.site().name}`);
  readonly confirmingDelete = signal(false);
  readonly removeError = signal<string | null>(null);
  readonly busy = signal(false);

  weightsApplied(site: IlnpSite): void {
    const weights = site.uplinks.map((u) => `${u.port}: ${u.weight}`).join(', ');
    this.changed.emit(`Site ${site.name} now weighs its uplinks ${weights} (revision ${site.revision}): `
      + 'its owner writes the new hash ranges beside the old ones before it removes those.');
  }

  /** Asks before deleting, with the focus on the confirming button so a keyboard user can go on. */
  askToDelete(): void {
    this.confirmingDelete.set(true);
    const id = `${this.id()}-confirm-delete`;
    afterNextRender(() => document.getElementById(id)?.focus(), { injector: this.injector });
  }

  remove(): void {
    const name = this.site().name;
    this.busy.set(true);
    this.removeError.set(null);
    this.api.deleteSite(name).subscribe({
      next: () => {
        this.busy.set(false);
        this.confirmingDelete.set(false);
        this.changed.emit(`Site ${name} removed, with its entries on ${this.site().device}.`);
      },
      error: (error: unknown) => {
        this.busy.set(false);
        this.removeError.set(messageOf(error));
      },
    });
  }
}
