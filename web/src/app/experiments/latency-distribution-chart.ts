// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { forkJoin, of, switchMap } from 'rxjs';

import { EChart } from '../charts/echart';
import { ExperimentClassResult, ExperimentSample } from '../core/api-models';
import { Loadable, dataOf, errorOf, loadable } from '../core/loadable';
import { num } from './experiment-format';
import { ExperimentsApi } from './experiments-api';
import { distributionOf, distributionOption, measuredLatencies } from './latency-distribution';

/** Reports read per class for the chart: enough for its shape, few enough for the browser. */
export const SAMPLES_PER_CLASS = 5000;

/**
 * The latency distribution of a run's classes in one cell, from the run's raw samples (the first
 * SAMPLES_PER_CLASS reports of each class), in shared buckets so the feature's shift shows.
 */
@Component({
  selector: 'app-latency-distribution',
  imports: [EChart],
  template: `
    @switch (samples()?.state) {
      @case ('loading') { <p class="status loading" role="status">Loading the run's samples…</p> }
      @case ('error') { <p class="status error" role="alert">The samples could not be loaded: {{ samplesError() }}</p> }
    }
    @if (samples()?.state === 'ready') {
      @if (option(); as o) {
        <app-echart [option]="o" [label]="label()" />
        <p class="hint">{{ hint() }}</p>
      } @else {
        <p class="status empty">No measured samples of this cell are stored for this run.</p>
      }
    }`,
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class LatencyDistributionChart {
  private readonly api = inject(ExperimentsApi);

  readonly experimentId = input.required<string>();
  readonly runId = input.required<number>();
  readonly cellIndex = input.required<number>();
  /** The cell's class results: which samples count (device, latency class) and the order of the bars. */
  readonly classes = input.required<ExperimentClassResult[]>();

  readonly samples = toSignal(toObservable(computed(() => ({
    id: this.experimentId(), run: this.runId(), names: this.classes().map((c) => c.className),
  }))).pipe(switchMap(({ id, run, names }) => names.length
    ? loadable(forkJoin(names.map((name) => this.api.samples(id, run, name, SAMPLES_PER_CLASS)))) : of(null))),
  { initialValue: null as Loadable<ExperimentSample[][]> | null });
  readonly samplesError = computed(() => errorOf(this.samples()));

  readonly distribution = computed(() => {
    const perClass = dataOf(this.samples());
    if (!perClass) return null;
    return distributionOf(this.classes().map((c, i) => ({
      name: c.className, values: measuredLatencies(perClass[i] ?? [], c, this.cellIndex()),
    })));
  });
  readonly option = computed(() => {
    const d = this.distribution();
    return d ? distributionOption(d) : null;
  });
  readonly label = computed(() => `Latency distribution of run ${this.runId()}: `
    + (this.distribution()?.classes ?? []).map((c) => `${c.name} ${num(c.count, 0)} samples`).join(', '));
  readonly hint = computed(() => {
    const d = this.distribution();
    if (!d) return '';
    const counts = d.classes.map((c) => `${c.name} ${num(c.count, 0)}`).join(', ');
    return `Measured probes per class (${counts}) from the first ${num(SAMPLES_PER_CLASS, 0)} reports of each; `
      + `the last bar also holds the ${num(d.overflow, 0)} value(s) above the 99th percentile.`;
  });
}
