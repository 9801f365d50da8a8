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

/** Probes read per class for the chart: enough for its shape, few enough for the browser. */
export const PROBES_PER_CLASS = 5000;
/** The most samples the server returns at once. */
const MAX_SAMPLES = 100_000;

/**
 * Reports to ask for to get a class's first PROBES_PER_CLASS probes: each probe is reported at every
 * place that measured it (the ingress and the stages after it, one report per copy).
 */
export function reportsFor(result: ExperimentClassResult): number {
  return Math.min(MAX_SAMPLES, PROBES_PER_CLASS * Math.max(1, result.stages.length));
}

/**
 * The latency distribution of a run's classes in one cell, from the run's raw samples (about the
 * first PROBES_PER_CLASS probes of each class), in shared buckets so the feature's shift shows.
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
    id: this.experimentId(), run: this.runId(), classes: this.classes().map((c) => ({ name: c.className, limit: reportsFor(c) })),
  }))).pipe(switchMap(({ id, run, classes }) => classes.length
    ? loadable(forkJoin(classes.map((c) => this.api.samples(id, run, c.name, c.limit)))) : of(null))),
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
    return `Measured probes per class (${counts}), at most the first ${num(PROBES_PER_CLASS, 0)} of each; `
      + `the last bar also holds the ${num(d.overflow, 0)} value(s) above the 99th percentile.`;
  });
}
