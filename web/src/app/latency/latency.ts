// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DecimalPipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, computed, inject, input, signal } from '@angular/core';
import { takeUntilDestroyed, toObservable, toSignal } from '@angular/core/rxjs-interop';
import { Router } from '@angular/router';
import { Observable, catchError, filter, forkJoin, map, of, startWith, switchMap, throttleTime } from 'rxjs';

import { TimeWindow } from '../core/api-http';

import { Device, LatencyBatch, LatencyHistogram, LatencySeries, LatencyStatistics, ReplicaLatencies } from '../core/api-models';
import { LATENCY_CLASSES } from '../core/latency-classes';
import { Loadable, dataOf, errorOf, loadable } from '../core/loadable';
import { SixflowApi } from '../core/sixflow-api.service';
import { TelemetryStream } from '../core/telemetry-stream.service';
import { DEFAULT_RANGE, RANGES, bucketLabels, formatNs, stepFor, windowOf } from '../core/time-range';
import { ChartOption, EChart } from '../charts/echart';
import { LatencyApi } from './latency-api';

/** The view shown without a class in the URL: found by asking for samples, still being asked, or none anywhere. */
type DefaultChoice = { device: string; cls: string } | 'pending' | 'none';

/**
 * Latency: the mean/min/max series of one class on one device, its histogram, and the feature-vs-
 * baseline statistics of the latency studies (mean, stdev, min, max, range, KS normality, overhead
 * probabilities, stability). Everything chosen is in the URL; new batches on the stream reload it.
 */
@Component({
  selector: 'app-latency',
  imports: [EChart, DecimalPipe],
  templateUrl: './latency.html',
  styleUrl: './latency.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class LatencyView {
  private readonly api = inject(LatencyApi);
  private readonly inventory = inject(SixflowApi);
  private readonly router = inject(Router);
  protected readonly stream = inject(TelemetryStream);

  readonly device = input<string | undefined>();
  readonly class = input<string | undefined>();
  readonly baseline = input<string | undefined>();
  readonly range = input<string | undefined>();
  readonly from = input<string | undefined>();
  readonly to = input<string | undefined>();

  protected readonly classes = LATENCY_CLASSES;
  protected readonly ranges = RANGES;
  protected readonly formatNs = formatNs;
  private readonly reloads = signal(0);

  readonly devices = toSignal(loadable(this.inventory.devices()), { initialValue: { state: 'loading' } as Loadable<Device[]> });
  readonly deviceList = computed(() => dataOf(this.devices()) ?? []);
  readonly devicesError = computed(() => errorOf(this.devices()));

  readonly chosenBaseline = computed(() => this.baseline() ?? 'ipv6');
  readonly chosenRange = computed(() => this.range() ?? DEFAULT_RANGE);

  /**
   * Without a class in the URL, what to show is asked of the API: the first device (the URL's, else in
   * ONOS's order) whose samples in the window hold the baseline and another class, else any class
   * with samples, so the default view has data and no statistics are asked of an empty class (a 400).
   * 'pending' while asking; 'none' when no device has samples.
   */
  readonly defaultChoice = toSignal(toObservable(computed(() => {
    if (this.class()) return null;
    const devices = this.device() ? [this.device()!] : this.deviceList().map((d) => d.id);
    return devices.length ? { devices, baseline: this.chosenBaseline(), window: windowOf(this.chosenRange(), this.from(), this.to()) } : null;
  })).pipe(switchMap((ask) => ask ? this.firstSampled(ask.devices, ask.baseline, ask.window).pipe(startWith('pending' as const))
    : of(null))), { initialValue: null as DefaultChoice | null });

  /** The device shown: the URL's, else the one with samples, else the first one ONOS knows. */
  readonly chosenDevice = computed(() => {
    const found = this.defaultChoice();
    return this.device() ?? (typeof found === 'object' && found ? found.device : this.deviceList().at(0)?.id ?? null);
  });
  readonly chosenClass = computed(() => {
    const found = this.defaultChoice();
    return this.class() ?? (typeof found === 'object' && found ? found.cls : this.chosenBaseline());
  });
  /** No class was chosen and no device has samples in the window: nothing to ask statistics of. */
  readonly nothingSampled = computed(() => this.defaultChoice() === 'none');

  private readonly query = computed(() => {
    const device = this.chosenDevice();
    this.reloads();
    if (this.defaultChoice() === 'pending') return null;
    return device ? {
      device, cls: this.chosenClass(), baseline: this.chosenBaseline(),
      window: windowOf(this.chosenRange(), this.from(), this.to()),
    } : null;
  });

  readonly series = toSignal(toObservable(this.query).pipe(switchMap((q) => q
    ? loadable(this.api.latency(q.device, q.cls, q.window, stepFor(q.window))) : of(null))),
  { initialValue: null as Loadable<LatencySeries> | null });
  readonly histogram = toSignal(toObservable(this.query).pipe(switchMap((q) => q
    ? loadable(this.api.histogram(q.device, q.cls, q.window)) : of(null))),
  { initialValue: null as Loadable<LatencyHistogram> | null });
  readonly statistics = toSignal(toObservable(this.query).pipe(switchMap((q) => q && !this.nothingSampled()
    ? loadable(this.api.statistics(q.device, q.cls, q.baseline, q.window)) : of(null))),
  { initialValue: null as Loadable<LatencyStatistics> | null });

  /** Per-replica latency, for the classes that replicate. */
  readonly replicas = toSignal(toObservable(this.query).pipe(switchMap((q) => q && q.cls === 'msr6-replicate'
    ? loadable(this.api.replicas(q.device, q.cls, q.window)) : of(null))),
  { initialValue: null as Loadable<ReplicaLatencies> | null });
  readonly replicaData = computed(() => dataOf(this.replicas()));
  readonly replicaError = computed(() => errorOf(this.replicas()));

  readonly seriesData = computed(() => dataOf(this.series()));
  readonly seriesError = computed(() => errorOf(this.series()));
  readonly histogramData = computed(() => dataOf(this.histogram()));
  readonly histogramError = computed(() => errorOf(this.histogram()));
  readonly stats = computed(() => dataOf(this.statistics()));
  readonly statsError = computed(() => errorOf(this.statistics()));

  readonly seriesOption = computed<ChartOption | null>(() => {
    const s = this.seriesData();
    if (!s || s.points.length === 0) return null;
    const us = (ns: number) => ns / 1000;
    const line = (name: string, pick: (p: LatencySeries['points'][number]) => number) => ({
      name, type: 'line', showSymbol: false, data: s.points.map((p) => [p.time, us(pick(p))]),
    });
    return {
      tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid: { left: 60, right: 20, top: 30, bottom: 60 },
      xAxis: { type: 'time', min: s.from, max: s.to, axisLabel: { hideOverlap: true } }, yAxis: { type: 'value', name: 'µs' }, dataZoom: [{ type: 'inside' }, { type: 'slider' }],
      series: [line('mean', (p) => p.meanNs), line('min', (p) => p.minNs), line('max', (p) => p.maxNs)],
    };
  });

  readonly histogramOption = computed<ChartOption | null>(() => {
    const h = this.histogramData();
    if (!h || h.count === 0) return null;
    const { unit, labels } = bucketLabels(h.edgesNs);
    return {
      tooltip: { trigger: 'axis' }, grid: { left: 60, right: 20, top: 20, bottom: 80 },
      xAxis: { type: 'category', name: unit, data: labels, axisLabel: { rotate: 40 } },
      yAxis: { type: 'value', name: 'samples' },
      series: [{ type: 'bar', data: h.counts, barCategoryGap: '5%' }],
    };
  });

  constructor() {
    // A batch of this device and class arrived: reload, at most every 5 s.
    this.stream.events<LatencyBatch>('latency').pipe(
      filter((b) => b.device === this.chosenDevice() && b.class === this.chosenClass() && !this.to()),
      throttleTime(5000, undefined, { leading: true, trailing: true }),
      takeUntilDestroyed(),
    ).subscribe(() => this.reloads.update((n) => n + 1));
  }

  /** The first of the devices whose samples hold the baseline and another class (else any class), or 'none'. */
  private firstSampled(devices: string[], baseline: string, window: TimeWindow): Observable<DefaultChoice> {
    return forkJoin(devices.map((device) => this.api.sampledClasses(device, window).pipe(
      catchError(() => of([] as string[])), map((classes) => ({ device, classes }))))).pipe(map((found) => {
      const both = found.find((f) => f.classes.includes(baseline) && f.classes.some((c) => c !== baseline));
      if (both) return { device: both.device, cls: both.classes.find((c) => c !== baseline)! };
      const any = found.find((f) => f.classes.length > 0);
      return any ? { device: any.device, cls: any.classes[0] } : 'none';
    }));
  }

  choose(change: Record<string, string | null>): void {
    void this.router.navigate([], { queryParams: change, queryParamsHandling: 'merge' });
  }

  refresh(): void {
    this.reloads.update((n) => n + 1);
  }
}
