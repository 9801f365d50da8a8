// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChangeDetectionStrategy, Component, computed, inject, input } from '@angular/core';
import { toObservable, toSignal } from '@angular/core/rxjs-interop';
import { forkJoin, of, switchMap } from 'rxjs';

import { EChart } from '../charts/echart';
import { ExperimentClassResult, ExperimentSample } from '../core/api-models';
import { Loadable, dataOf, errorOf, loadable } from '../core/loadable';
import { interval, num } from './experiment-format';
import { ExperimentsApi } from './experiments-api';
import { cdfOption, cdfPoints, latencyUnit } from './latency-cdf';
import { distributionOf, distributionOption, measuredLatencies } from './latency-distribution';
import { LatencyBox, boxFromResults, boxOf, boxValues, boxplotOption } from './latency-quartiles';
import { binLabel, classProbes, lossOption, lossOverTime } from './loss-over-time';

/** Probes read per class for the charts: enough for their shape, few enough for the browser. */
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

/** A class's samples as the charts use them. */
interface ClassSamples {
  result: ExperimentClassResult;
  samples: ExperimentSample[];
  /** Whether these are all the class's reports (fewer came than were asked for). */
  complete: boolean;
}

/**
 * A run's charts in one cell, from its raw samples (about the first PROBES_PER_CLASS probes of each
 * class, read once): the latency distribution in shared buckets, the classes' distribution
 * functions overlaid, a box per class, and the probes lost along the run; each with its figures in a
 * table. A server stores a run's samples when the run ends, so the charts are of finished runs.
 */
@Component({
  selector: 'app-run-charts',
  imports: [EChart],
  templateUrl: './run-charts.html',
  styleUrl: './run-charts.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class RunCharts {
  private readonly api = inject(ExperimentsApi);

  readonly experimentId = input.required<string>();
  readonly runId = input.required<number>();
  readonly cellIndex = input.required<number>();
  /** The cell's class results: which samples count (device, latency class) and the order of the classes. */
  readonly classes = input.required<ExperimentClassResult[]>();
  /** The cell's interval between packets, for the time a stretch of probes took. */
  readonly intervalNanos = input<number | null>(null);

  protected readonly num = num;

  readonly samples = toSignal(toObservable(computed(() => ({
    id: this.experimentId(), run: this.runId(), classes: this.classes().map((c) => ({ name: c.className, limit: reportsFor(c) })),
  }))).pipe(switchMap(({ id, run, classes }) => classes.length
    ? loadable(forkJoin(classes.map((c) => this.api.samples(id, run, c.name, c.limit)))) : of(null))),
  { initialValue: null as Loadable<ExperimentSample[][]> | null });
  readonly samplesError = computed(() => errorOf(this.samples()));

  private readonly perClass = computed<ClassSamples[] | null>(() => {
    const read = dataOf(this.samples());
    if (!read) return null;
    return this.classes().map((result, i) => {
      const samples = read[i] ?? [];
      return { result, samples, complete: samples.length < reportsFor(result) };
    });
  });
  private readonly latencies = computed(() => (this.perClass() ?? []).map((c) => ({
    name: c.result.className, values: measuredLatencies(c.samples, c.result, this.cellIndex()),
  })));

  // The histogram.
  readonly distribution = computed(() => (this.perClass() ? distributionOf(this.latencies()) : null));
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

  // The boxes: of the samples' quartiles, or of the results' figures for a class without samples.
  readonly boxes = computed(() => this.latencies().map((c, i) => ({
    name: c.name, box: boxOf(c.values), fromResults: boxFromResults(this.classes()[i]?.latency ?? null),
  })));
  readonly boxesFromResults = computed(() => this.boxes().some((b) => !b.box && b.fromResults));
  readonly boxOption = computed(() => {
    const boxes = this.boxes();
    if (!boxes.some((b) => b.box || b.fromResults)) return null;
    return boxplotOption(boxes.map((b) => ({ name: b.name, box: b.box ? boxValues(b.box) : b.fromResults })));
  });
  readonly unit = computed(() => latencyUnit(Math.max(0, ...this.boxes().map((b) => b.box?.max ?? 0))));
  readonly boxLabel = computed(() => `Box plot of the latency per class of run ${this.runId()}: `
    + this.boxes().map((b) => b.box
      ? `${b.name} median ${this.inUnit(b.box.median)}, quartiles ${this.inUnit(b.box.q1)} to ${this.inUnit(b.box.q3)}`
      : `${b.name} no samples`).join('; '));

  // The distribution functions.
  readonly cdfOption = computed(() => {
    const classes = this.latencies().filter((c) => c.values.length > 0);
    return classes.length ? cdfOption(classes.map((c) => ({ name: c.name, points: cdfPoints(c.values) }))) : null;
  });
  readonly cdfLabel = computed(() => `Latency CDF of run ${this.runId()}: `
    + this.boxes().filter((b) => b.box).map((b) => `${b.name} half of the probes within ${this.inUnit(b.box!.median)}, `
      + `99% within ${this.inUnit(b.box!.p99)}`).join('; '));

  // The loss along the run.
  readonly probes = computed(() => (this.perClass() ?? [])
    .filter((c) => c.result.lossBasis === 'PROBES')
    .map((c) => classProbes(c.samples, c.result, this.cellIndex(), c.complete)));
  readonly loss = computed(() => lossOverTime(this.probes()));
  readonly lossChart = computed(() => {
    const loss = this.loss();
    return loss ? lossOption(loss) : null;
  });
  readonly lossRows = computed(() => {
    const loss = this.loss();
    if (!loss) return [];
    return Array.from({ length: loss.bins }, (_, b) => ({ label: binLabel(loss, b), lost: loss.classes.map((c) => c.lost[b]) }));
  });
  readonly lossLabel = computed(() => `Lost probes along run ${this.runId()}: `
    + this.probes().map((p) => p.covered < p.sent
      // Cut short: the probes after the last sample read are unknown, not lost.
      ? `${p.name} ${num(p.covered - p.received.size, 0)} of the first ${num(p.covered, 0)} of ${num(p.sent, 0)} lost`
        + ` (only they were read)`
      : `${p.name} ${num(p.sent - p.received.size, 0)} of ${num(p.sent, 0)} lost`).join(', '));
  readonly lossHint = computed(() => {
    const loss = this.loss();
    if (!loss) return '';
    const nanos = this.intervalNanos();
    const took = nanos ? `, about ${interval(loss.probesPerBin * loss.classes.length * nanos)} at one packet every `
      + `${interval(nanos)} with the classes taking turns` : '';
    const cut = this.probes().filter((p) => p.covered < p.sent);
    return `Each bar is ${num(loss.probesPerBin, 0)} probes of a class in sending order${took}. `
      + (cut.length ? `Only the first samples of ${cut.map((p) => p.name).join(', ')} are read: `
        + 'the stretches past them are left empty (unknown), not lost.' : 'Every measured probe is accounted for.');
  });

  inUnit(ns: number): string {
    const { unit, scale } = this.unit();
    return `${num(ns / scale, unit === 'ns' ? 0 : 2)} ${unit}`;
  }

  /** A box's figures, for the table. */
  boxRow(box: LatencyBox): number[] {
    return [box.min, box.q1, box.median, box.q3, box.p90, box.p99, box.max, box.lowerWhisker, box.upperWhisker];
  }
}
