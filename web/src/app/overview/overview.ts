// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, inject, input, signal } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { DatePipe } from '@angular/common';
import { Router } from '@angular/router';
import { forkJoin, of, switchMap } from 'rxjs';

import { Loadable, loadable } from '../core/loadable';
import { Device, Health, PipeconfDetail, PipeconfSummary } from '../core/api-models';
import { SIXFLOW_API_BASE, SixflowApi } from '../core/sixflow-api.service';
import { PipeconfDetailView } from './pipeconf-detail';
import { RecentEvents } from './recent-events';

export type { Loadable } from '../core/loadable';

interface OverviewData {
  health: Health;
  pipeconfs: PipeconfSummary[];
  devices: Device[];
}

/**
 * Overview: database health, registered pipeconfs (a row expands into its tables), and devices.
 * The expanded pipeconf is in the URL (?pipeconf=…) so the view can be shared.
 */
@Component({
  selector: 'app-overview',
  imports: [DatePipe, PipeconfDetailView, RecentEvents],
  templateUrl: './overview.html',
  styleUrl: './overview.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class Overview {
  private readonly api = inject(SixflowApi);
  private readonly router = inject(Router);
  protected readonly apiBase = inject(SIXFLOW_API_BASE);

  /** The expanded pipeconf, bound from the ?pipeconf= query parameter by the router. */
  readonly pipeconf = input<string | undefined>();

  /** Bumped by Refresh: reloads the overview and the expanded pipeconf. */
  protected readonly reloads = signal(0);

  readonly overview = toSignal(
    toObservable(this.reloads).pipe(
      switchMap(() =>
        loadable(forkJoin({ health: this.api.health(), pipeconfs: this.api.pipeconfs(), devices: this.api.devices() })),
      ),
    ),
    { initialValue: { state: 'loading' } as Loadable<OverviewData> },
  );

  readonly detail = toSignal(
    toObservable(computed(() => ({ id: this.pipeconf(), reload: this.reloads() }))).pipe(
      switchMap(({ id }) => (id ? loadable(this.api.pipeconf(id)) : of(null))),
    ),
    { initialValue: null as Loadable<PipeconfDetail> | null },
  );

  /** Narrowed views of the two loadables, so the template needs no type guards. */
  readonly data = computed(() => {
    const o = this.overview();
    return o.state === 'ready' ? o.data : null;
  });
  readonly error = computed(() => {
    const o = this.overview();
    return o.state === 'error' ? o.message : null;
  });
  readonly detailData = computed(() => {
    const d = this.detail();
    return d?.state === 'ready' ? d.data : null;
  });
  readonly detailError = computed(() => {
    const d = this.detail();
    return d?.state === 'error' ? d.message : null;
  });

  /** A pipeconf named in the URL that the loaded list lacks (a stale shared link). */
  readonly missingPipeconf = computed(() => {
    const id = this.pipeconf();
    const data = this.data();
    return id && data && !data.pipeconfs.some((p) => p.id === id) ? id : null;
  });

  refresh(): void {
    this.reloads.update((n) => n + 1);
  }

  /** Expands the pipeconf, or collapses it when it is the expanded one; the URL records which. */
  toggle(id: string): void {
    const next = this.pipeconf() === id ? null : id;
    void this.router.navigate([], { queryParams: { pipeconf: next }, queryParamsHandling: 'merge' });
  }

  /** Forgets the pipeconf in the URL (used when a shared link names one that no longer exists). */
  clearSelection(): void {
    void this.router.navigate([], { queryParams: { pipeconf: null }, queryParamsHandling: 'merge' });
  }
}
