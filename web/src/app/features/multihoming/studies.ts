// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DatePipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, computed, inject, input, signal } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { Router } from '@angular/router';
import { Observable, of, switchMap } from 'rxjs';

import { ApiError } from '../../core/api-error';
import { MultihomingProtocolSetup, MultihomingRun, MultihomingRunSummary, MultihomingStudy } from './multihoming-models';
import { Loadable, dataOf, errorOf, loadable, messageOf } from '../../core/loadable';
import { reloadWhile } from '../../core/reload-while';
import { RunEndWatch } from '../../core/run-end';
import { Reloads } from '../../core/reloads';
import { num, stateLabel } from '../../experiments/experiment-format';
import { MultihomingApi } from './multihoming-api';
import { RunGrid } from './run-grid';
import { RunRouting } from './run-routing';
import { protocolLabel } from './study-grid';

/** How often a queued or running run is asked about. */
export const RUN_POLL_MS = 3000;

/** Whether a run may still change: queued or running. */
export function isActive(run: Pick<MultihomingRunSummary, 'state'> | null | undefined): boolean {
  return run?.state === 'QUEUED' || run?.state === 'RUNNING';
}

/** What the page says when a preset's id is taken (POST multihoming/studies answered 409). */
export function studyExists(id: string): string {
  return `A study with the id "${id}" exists already: choose it in the list above to run it again.`;
}

/**
 * The multihoming study (the thesis's grid): the studies, one created from each preset, a study's
 * runs (?study=id) with their progress, cancellable while queued or running, and a run (?run=N,
 * else the newest) followed every 3 s while it is queued or running, with its grid, failovers,
 * routing state and its cells as CSV.
 */
@Component({
  selector: 'app-studies',
  imports: [DatePipe, RunGrid, RunRouting],
  templateUrl: './studies.html',
  styleUrl: './studies.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class StudiesView {
  private readonly api = inject(MultihomingApi);
  private readonly router = inject(Router);
  protected readonly num = num;
  protected readonly stateLabel = stateLabel;
  protected readonly isActive = isActive;
  protected readonly protocolLabel = protocolLabel;

  /** The study shown (?study=). */
  readonly study = input<string | undefined>();
  /** The run shown (?run=), else the study's newest. */
  readonly run = input<string | undefined>();

  /** The studies' and the shown study's runs' reloads. */
  private readonly reloads = new Reloads();
  /** The shown run's reloads (its polls are quiet). */
  private readonly runReloads = new Reloads();
  private readonly presetReloads = new Reloads();

  readonly list = toSignal(toObservable(this.reloads.current).pipe(switchMap(({ quiet }) => loadable(this.api.studies(), quiet))),
    { initialValue: { state: 'loading' } as Loadable<MultihomingStudy[]> });
  readonly studies = computed(() => dataOf(this.list()));
  readonly listError = computed(() => errorOf(this.list()));
  readonly selected = computed(() => this.studies()?.find((s) => s.id === this.study()) ?? null);

  readonly presetList = toSignal(toObservable(this.presetReloads.current).pipe(switchMap(() => loadable(this.api.presets()))),
    { initialValue: { state: 'loading' } as Loadable<MultihomingStudy[]> });
  readonly presets = computed(() => dataOf(this.presetList()));
  readonly presetsError = computed(() => errorOf(this.presetList()));

  readonly runsLoad = toSignal(
    toObservable(computed(() => ({ id: this.study(), reload: this.reloads.current() }))).pipe(
      switchMap(({ id, reload }) => (id ? loadable(this.api.runs(id), reload.quiet) : of(null))),
    ),
    { initialValue: null as Loadable<MultihomingRunSummary[]> | null },
  );
  readonly runsError = computed(() => errorOf(this.runsLoad()));

  /** The run shown: the URL's, else the study's newest. */
  readonly runId = computed(() => {
    if (!this.study()) return null;
    const asked = Number(this.run());
    return this.run() && Number.isInteger(asked) ? asked : dataOf(this.runsLoad())?.[0]?.id ?? null;
  });
  readonly runLoad = toSignal(
    toObservable(computed(() => ({ runId: this.runId(), reload: this.runReloads.current() }))).pipe(
      switchMap(({ runId, reload }) => (runId !== null ? loadable(this.api.run(runId), reload.quiet) : of(null))),
    ),
    { initialValue: null as Loadable<MultihomingRun> | null },
  );
  readonly shownRun = computed(() => dataOf(this.runLoad()));
  readonly runError = computed(() => errorOf(this.runLoad()));

  /** The study's runs, newest first, the shown one as last polled. */
  readonly runs = computed(() => {
    const shown = this.shownRun();
    return (dataOf(this.runsLoad()) ?? []).map((r) => (shown && r.id === shown.id ? shown : r));
  });

  readonly notice = signal<string | null>(null);
  readonly actionError = signal<string | null>(null);
  readonly presetError = signal<string | null>(null);
  readonly busy = signal(false);

  /** The shown run's end reloads the rest (a full refresh reloads it all anyway). */
  private readonly runEnd = new RunEndWatch(() => this.shownRun(), isActive, () => this.reloads.poll());

  constructor() {
    // A queued or running run is asked about every 3 s, quietly, until it ends.
    reloadWhile(() => isActive(this.shownRun()), () => this.runReloads.poll(), RUN_POLL_MS);
    // Another run of the study queued or running keeps the runs' states current.
    reloadWhile(() => !isActive(this.shownRun()) && this.runs().some(isActive), () => this.reloads.poll(), RUN_POLL_MS);
  }

  refresh(): void {
    this.runEnd.reset();
    this.reloads.refresh();
    this.runReloads.refresh();
    this.presetReloads.refresh();
  }

  /** Shows a study (null: none); its newest run comes with it. */
  select(id: string | null): void {
    this.actionError.set(null);
    this.navigate({ study: id, run: null });
  }

  selectRun(id: number): void {
    this.navigate({ run: id });
  }

  /** Where the browser downloads the run's cells as CSV. */
  csvUrl(runId: number): string {
    return this.api.cellsCsvUrl(runId);
  }

  /** The loads of a study, per frame size. */
  loads(study: MultihomingStudy): string {
    return study.frameSizes.map((size) => `${size} B: ${(study.loadsMbps[String(size)] ?? []).map((l) => num(l)).join(', ')}`)
      .join('; ');
  }

  /** How a study sets a protocol up, in words. */
  setup(p: MultihomingProtocolSetup): string {
    const mappings = p.mappings ? `, ${p.mappings.length} NPTv6 mapping(s)` : '';
    const site = p.site ? `, an ILNP site on ${p.site.device} with ${p.site.uplinks.length} uplinks` : '';
    return `${protocolLabel(p.protocol)} to ${p.destination}${mappings}${site}`;
  }

  /** The study's load-sharing levels, percent per uplink ("80/20"). */
  sharing(study: MultihomingStudy): string {
    return study.sharing.length ? study.sharing.map((levels) => levels.join('/')).join(', ') : '—';
  }

  createFromPreset(preset: MultihomingStudy): void {
    this.busy.set(true);
    this.notice.set(null);
    this.presetError.set(null);
    this.api.create(preset).subscribe({
      next: (created) => {
        this.busy.set(false);
        this.notice.set(`Study ${created.id} created from its preset: run it to measure the grid.`);
        this.reloads.poll();
        this.select(created.id);
      },
      error: (error: unknown) => {
        this.busy.set(false);
        this.presetError.set(error instanceof ApiError && error.status === 409 ? studyExists(preset.id) : messageOf(error));
      },
    });
  }

  start(id: string): void {
    this.act(this.api.start(id), (run) => {
      this.notice.set(`Run ${run.id} of ${id} queued: ${run.cellsTotal} cells.`);
      this.reloads.poll();
      this.navigate({ study: id, run: run.id });
    });
  }

  cancel(run: MultihomingRunSummary): void {
    this.act(this.api.cancel(run.id), (after) => {
      this.notice.set(after.state === 'CANCELLED' ? `Run ${run.id} cancelled.` : `Run ${run.id} stops after its current cell.`);
      this.reloads.poll();
      this.runReloads.poll();
    });
  }

  private navigate(queryParams: Record<string, string | number | null>): void {
    void this.router.navigate([], { queryParams, queryParamsHandling: 'merge' });
  }

  private act<T>(request: Observable<T>, done: (value: T) => void): void {
    this.busy.set(true);
    this.notice.set(null);
    this.actionError.set(null);
    request.subscribe({
      next: (value) => {
        this.busy.set(false);
        done(value);
      },
      error: (error: unknown) => {
        this.busy.set(false);
        this.actionError.set(messageOf(error));
      },
    });
  }
}
