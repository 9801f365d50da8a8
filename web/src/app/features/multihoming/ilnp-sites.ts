// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, inject, signal } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { switchMap } from 'rxjs';

import { IlnpSite } from './ilnp-models';
import { Loadable, dataOf, errorOf, loadable } from '../../core/loadable';
import { reloadWhile } from '../../core/reload-while';
import { Reloads } from '../../core/reloads';
import { IlnpApi } from './ilnp-api';
import { IlnpSiteView } from './ilnp-site';

/**
 * The ILNP sites (GET ilnp/sites), each in full (app-ilnp-site); read again every second while one
 * is requested (its owner instance installs it a moment later), and quietly after a change, so
 * what is typed in the other sites' editors stays.
 */
@Component({
  selector: 'app-ilnp-sites',
  imports: [IlnpSiteView],
  template: `
    <section aria-labelledby="ilnp-heading">
      <div class="title-row">
        <h2 id="ilnp-heading">ILNP sites</h2>
        <button type="button" (click)="refresh()">Refresh sites</button>
      </div>
      @if (notice(); as n) { <p class="status ok notice" role="status">{{ n }}</p> }
      @switch (list().state) {
        @case ('loading') { <p class="status loading" role="status">Loading ILNP sites…</p> }
        @case ('error') { <p class="status error" role="alert">The ILNP sites could not be loaded: {{ error() }}</p> }
      }
      @if (sites(); as all) {
        @for (s of all; track s.name) {
          <app-ilnp-site [site]="s" (changed)="changed($event)" />
        } @empty {
          <p class="status empty">No ILNP sites. Add one with POST ilnp/sites or the ONOS CLI's sixflow:ilnp-add:
            its border router, internal locator and uplinks.</p>
        }
      }
    </section>`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class IlnpSitesView {
  private readonly api = inject(IlnpApi);
  private readonly reloads = new Reloads();

  readonly list = toSignal(
    toObservable(this.reloads.current).pipe(switchMap((reload) => loadable(this.api.sites(), reload.quiet))),
    { initialValue: { state: 'loading' } as Loadable<IlnpSite[]> },
  );
  readonly sites = computed(() => dataOf(this.list()));
  readonly error = computed(() => errorOf(this.list()));
  readonly notice = signal<string | null>(null);

  constructor() {
    // A requested site is asked about every second until its owner instance installs it or fails.
    reloadWhile(() => (this.sites() ?? []).some((s) => s.state === 'REQUESTED'), () => this.reloads.poll());
  }

  refresh(): void {
    this.notice.set(null);
    this.reloads.refresh();
  }

  changed(text: string): void {
    this.notice.set(text);
    this.reloads.poll();
  }
}
