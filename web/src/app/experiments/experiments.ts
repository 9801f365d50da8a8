// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DatePipe } from '@angular/common';
import {
  ChangeDetectionStrategy, Component, Injector, afterNextRender, computed, inject, input, signal,
} from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { Router } from '@angular/router';
import { Observable, of, switchMap } from 'rxjs';

import { Experiment, ExperimentDetail, ExperimentRun, ExperimentSummary } from '../core/api-models';
import { Loadable, dataOf, errorOf, loadable, messageOf } from '../core/loadable';
import { reloadWhile } from '../core/reload-while';
import { RunEndWatch } from '../core/run-end';
import { Reloads } from '../core/reloads';
import { ExperimentForm } from './experiment-form';
import { isActive, num, percent, stateLabel } from './experiment-format';
import { ExperimentsApi } from './experiments-api';
import { RunComparisonView } from './run-comparison';
import { RunResultsView } from './run-results';

/** How often the list asks again while a run it shows is queued or running elsewhere. */
export const LIST_POLL_MS = 2000;

/**
 * Experiments: what each IPv6 extension costs against plain IPv6. The list with each experiment's
 * last run; an experiment with its runs (?experiment=id); a run (?run=N, else the newest) followed
 * live while it is queued or running, cancellable; a finished run's results (?cell=) and its
 * comparison with another run (?compare=M); a form to define experiments from presets.
 */
@Component({
  selector: 'app-experiments',
  imports: [DatePipe, ExperimentForm, RunResultsView, RunComparisonView],
  templateUrl: './experiments.html',
  styleUrl: './experiments.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class ExperimentsView {
  private readonly api = inject(ExperimentsApi);
  private readonly router = inject(Router);
  private readonly injector = inject(Injector);

  readonly experiment = input<string | undefined>();
  readonly run = input<string | undefined>();
  readonly compare = input<string | undefined>();
  readonly cell = input<string | undefined>();

  protected readonly num = num;
  protected readonly percent = percent;
  protected readonly stateLabel = stateLabel;
  protected readonly isActive = isActive;

  /** The list and the experiment's reloads. */
  private readonly reloads = new Reloads();
  /** The shown run's reloads (its polls are quiet). */
  private readonly runReloads = new Reloads();

  readonly list = toSignal(toObservable(this.reloads.current).pipe(switchMap(({ quiet }) => loadable(this.api.experiments(), quiet))),
    { initialValue: { state: 'loading' } as Loadable<ExperimentSummary[]> });
  readonly experiments = computed(() => dataOf(this.list()));
  readonly listError = computed(() => errorOf(this.list()));

  readonly detail = toSignal(
    toObservable(computed(() => ({ id: this.experiment(), reload: this.reloads.current() }))).pipe(
      switchMap(({ id, reload }) => (id ? loadable(this.api.experiment(id), reload.quiet) : of(null))),
    ),
    { initialValue: null as Loadable<ExperimentDetail> | null },
  );
  readonly selected = computed(() => dataOf(this.detail()));
  readonly detailError = computed(() => errorOf(this.detail()));

  /** The run shown: the URL's, else the experiment's newest. */
  readonly runId = computed(() => {
    const asked = Number(this.run());
    return this.run() && Number.isInteger(asked) ? asked : this.selected()?.runs[0]?.id ?? null;
  });
  readonly runLoad = toSignal(
    toObservable(computed(() => ({ id: this.experiment(), runId: this.runId(), reload: this.runReloads.current() }))).pipe(
      switchMap(({ id, runId, reload }) => (id && runId !== null ? loadable(this.api.run(id, runId), reload.quiet) : of(null))),
    ),
    { initialValue: null as Loadable<ExperimentRun> | null },
  );
  readonly shownRun = computed(() => dataOf(this.runLoad()));
  readonly runError = computed(() => errorOf(this.runLoad()));

  /** The experiment's runs, the shown one as last polled. */
  readonly runs = computed(() => {
    const shown = this.shownRun();
    return (this.selected()?.runs ?? []).map((r) => (shown && r.id === shown.id ? shown : r));
  });
  /** Finished runs the shown one can be compared with. */
  readonly comparable = computed(() => this.runs().filter((r) => r.state === 'DONE' && r.id !== this.runId()));
  readonly compareWith = computed(() => {
    const other = Number(this.compare());
    return this.compare() && Number.isInteger(other) ? other : null;
  });
  readonly compareChoice = signal('');

  readonly notice = signal<string | null>(null);
  readonly actionError = signal<string | null>(null);
  readonly busy = signal(false);
  readonly confirmingDelete = signal(false);

  /** The shown run's end reloads the rest (a full refresh reloads it all anyway). */
  private readonly runEnd = new RunEndWatch(() => this.shownRun(), isActive, () => this.reloads.poll());

  constructor() {
    // A queued or running run is asked about every second, quietly, until it ends.
    reloadWhile(() => isActive(this.shownRun()), () => this.runReloads.poll());
    // Runs queued or running elsewhere keep the list's and the experiment's states current.
    reloadWhile(() => !isActive(this.shownRun()) && ((this.experiments() ?? []).some((e) => isActive(e.lastRun))
      || this.runs().some(isActive)), () => this.reloads.poll(), LIST_POLL_MS);
  }

  refresh(): void {
    this.runEnd.reset();
    this.reloads.refresh();
    this.runReloads.refresh();
  }

  /** Shows an experiment (null: none); its newest run comes with it. */
  select(id: string | null): void {
    this.confirmingDelete.set(false);
    this.actionError.set(null);
    this.navigate({ experiment: id, run: null, compare: null, cell: null });
  }

  selectRun(id: number): void {
    this.navigate({ run: id, compare: null, cell: null });
  }

  compareTo(choice: string): void {
    if (choice) this.navigate({ compare: choice });
  }

  stopComparing(): void {
    this.compareChoice.set('');
    this.navigate({ compare: null });
  }

  private navigate(queryParams: Record<string, string | number | null>): void {
    void this.router.navigate([], { queryParams, queryParamsHandling: 'merge' });
  }

  /** Asks before deleting, with the focus on the confirming button so a keyboard user can go on. */
  askToDelete(): void {
    this.confirmingDelete.set(true);
    afterNextRender(() => document.getElementById('confirm-delete')?.focus(), { injector: this.injector });
  }

  created(experiment: Experiment): void {
    this.notice.set(`Experiment ${experiment.id} created: ${num(experiment.packetsInRun ?? 0, 0)} packets a run.`);
    this.refresh();
    this.select(experiment.id);
  }

  start(id: string): void {
    this.act(this.api.start(id), (run) => {
      this.notice.set(`Run ${run.id} of ${id} queued: it starts once no other run measures at its ingress device.`);
      this.refresh();
      this.navigate({ experiment: id, run: run.id, compare: null, cell: null });
    });
  }

  cancel(run: ExperimentRun): void {
    this.act(this.api.cancel(run.experimentId, run.id), (after) => {
      this.notice.set(after.state === 'CANCELLED' ? `Run ${run.id} cancelled.`
        : `Run ${run.id} stops before its next packet.`);
      this.refresh();
    });
  }

  remove(id: string): void {
    this.act(this.api.remove(id), () => {
      this.notice.set(`Experiment ${id} removed, with its runs and their results.`);
      this.select(null);
      this.refresh();
    });
  }

  private act<T>(request: Observable<T>, done: (value: T) => void): void {
    this.busy.set(true);
    this.notice.set(null);
    this.actionError.set(null);
    request.subscribe({
      next: (value) => {
        this.busy.set(false);
        this.confirmingDelete.set(false);
        done(value);
      },
      error: (error: unknown) => {
        this.busy.set(false);
        this.confirmingDelete.set(false);
        this.actionError.set(messageOf(error));
      },
    });
  }
}
