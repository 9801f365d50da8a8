// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { Router } from '@angular/router';
import { switchMap } from 'rxjs';

import { ExperimentResults } from '../core/api-models';
import { Loadable, dataOf, errorOf, loadable } from '../core/loadable';
import { cellLabel, interval, num, pValue, percent, sci } from './experiment-format';
import { ExperimentsApi } from './experiments-api';
import { RunCharts } from './run-charts';
import { StudyTable } from './study-table';

/**
 * A finished run's results: per class the latency figures, loss and order, stability and the delay at
 * each place its packets were measured; each feature against the baseline (the studies' DIFF row,
 * overhead K and P(K ≤ x)); the charts (distribution, CDF, box plot, loss over time); the studies' tables as the server lays them
 * out; CSV and JSON exports. A run with several cells (frame size × load) shows the one in ?cell=.
 */
@Component({
  selector: 'app-run-results',
  imports: [RunCharts, StudyTable],
  templateUrl: './run-results.html',
  styleUrl: './run-results.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class RunResultsView {
  private readonly api = inject(ExperimentsApi);
  private readonly router = inject(Router);

  readonly experimentId = input.required<string>();
  readonly runId = input.required<number>();
  /** The URL's ?cell= (a cell index); the first cell when absent or unknown. */
  readonly cell = input<string | undefined>();

  protected readonly num = num;
  protected readonly percent = percent;
  protected readonly sci = sci;
  protected readonly pValue = pValue;
  protected readonly cellLabel = cellLabel;
  protected readonly interval = interval;

  readonly results = toSignal(toObservable(computed(() => ({ id: this.experimentId(), run: this.runId() }))).pipe(
    switchMap(({ id, run }) => loadable(this.api.results(id, run)))),
  { initialValue: { state: 'loading' } as Loadable<ExperimentResults> });
  readonly data = computed(() => dataOf(this.results()));
  readonly error = computed(() => errorOf(this.results()));

  readonly shown = computed(() => {
    const cells = this.data()?.cells ?? [];
    return cells.find((c) => String(c.cell.index) === this.cell()) ?? cells[0] ?? null;
  });
  readonly comparisons = computed(() => {
    const shown = this.shown();
    return shown ? (this.data()?.comparisons ?? []).filter((c) => c.cellIndex === shown.cell.index) : [];
  });
  /** The shown cell's classes measured while the switch queued (no comparison is drawn from them). */
  readonly queued = computed(() => (this.shown()?.classes ?? []).filter((c) => c.queueing !== null));
  readonly hasStages = computed(() => (this.shown()?.classes ?? []).some((c) => c.stages.length > 0));
  readonly hasStability = computed(() => (this.shown()?.classes ?? []).some((c) => c.stability !== null));
  readonly hasRepetitions = computed(() => (this.shown()?.classes ?? []).some((c) => c.repetitions.length > 1));

  exportUrl(format: 'csv' | 'json'): string {
    return this.api.exportUrl(this.experimentId(), this.runId(), format);
  }

  chooseCell(index: string): void {
    void this.router.navigate([], { queryParams: { cell: index }, queryParamsHandling: 'merge' });
  }
}
