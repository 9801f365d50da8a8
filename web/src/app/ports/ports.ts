// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DatePipe, DecimalPipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, computed, inject, input, signal } from '@angular/core';
import { takeUntilDestroyed, toObservable, toSignal } from '@angular/core/rxjs-interop';
import { Router } from '@angular/router';
import { of, switchMap } from 'rxjs';

import { PortCounters, PortHistory } from '../core/api-models';
import { Loadable, dataOf, errorOf, loadable } from '../core/loadable';
import { TelemetryStream } from '../core/telemetry-stream.service';
import { DEFAULT_RANGE, RANGES, stepFor, windowOf } from '../core/time-range';
import { ChartOption, EChart } from '../charts/echart';
import { PortsApi } from './ports-api';

/** Bits per second for people: "840 b/s", "12.5 Mb/s". */
export function formatBits(bps: number | null): string {
  if (bps === null || !Number.isFinite(bps)) return '—';
  const units = ['b/s', 'kb/s', 'Mb/s', 'Gb/s', 'Tb/s'];
  let value = bps;
  let unit = 0;
  while (Math.abs(value) >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return `${unit === 0 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/**
 * Ports: the latest gNMI counters of every port with packet and bit rates, for one device (?device=)
 * or all; rows are replaced live as the stream delivers newer counters.
 */
@Component({
  selector: 'app-ports',
  imports: [DecimalPipe, DatePipe, EChart],
  templateUrl: './ports.html',
  styleUrl: './ports.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class PortsView {
  private readonly api = inject(PortsApi);
  private readonly router = inject(Router);
  protected readonly stream = inject(TelemetryStream);
  protected readonly formatBits = formatBits;

  readonly device = input<string | undefined>();
  /** The port whose rates are drawn over time (?port=, with ?device=), and the window (?range=). */
  readonly port = input<string | undefined>();
  readonly range = input<string | undefined>();
  protected readonly ranges = RANGES;
  private readonly reloads = signal(0);

  readonly history = toSignal(
    toObservable(computed(() => ({ d: this.device(), p: this.port(), range: this.range(), r: this.reloads() }))).pipe(
      switchMap(({ d, p, range }) => {
        if (!d || !p) return of(null);
        const window = windowOf(range ?? DEFAULT_RANGE, undefined, undefined);
        this.historyWindow = window;
        return loadable(this.api.portHistory(d, p, window, stepFor(window)));
      })),
    { initialValue: null as Loadable<PortHistory> | null });
  /** The window of the last history query, which the chart's time axis spans. */
  private historyWindow: { from?: string; to?: string } = {};
  readonly historyData = computed(() => dataOf(this.history()));
  readonly historyError = computed(() => errorOf(this.history()));
  readonly historyOption = computed<ChartOption | null>(() => {
    const h = this.historyData();
    if (!h || h.points.length === 0) return null;
    // In and out often carry the same rate: distinct symbols and dash keep one from hiding the other,
    // and a lone reading still shows as a mark (a line needs two).
    const line = (name: string, style: { symbol: string; type: string; size: number },
      pick: (p: PortHistory['points'][number]) => number | null) => ({
      name, type: 'line', showSymbol: h.points.length < 30, symbol: style.symbol, symbolSize: style.size,
      lineStyle: { type: style.type, width: 2 }, data: h.points.map((p) => [p.time, pick(p)]),
    });
    return {
      tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid: { left: 70, right: 20, top: 30, bottom: 40 },
      xAxis: { type: 'time', min: this.historyWindow.from, max: this.historyWindow.to, axisLabel: { hideOverlap: true } },
      yAxis: { type: 'value', name: 'Mb/s' },
      series: [line('in', { symbol: 'circle', type: 'solid', size: 10 },
        (p) => (p.inBitsPerSecond === null ? null : p.inBitsPerSecond / 1e6)),
      line('out', { symbol: 'triangle', type: 'dashed', size: 7 },
        (p) => (p.outBitsPerSecond === null ? null : p.outBitsPerSecond / 1e6))],
    };
  });

  readonly loaded = toSignal(
    toObservable(computed(() => ({ d: this.device(), r: this.reloads() }))).pipe(
      switchMap(({ d }) => loadable(this.api.ports(d)))),
    { initialValue: { state: 'loading' } as Loadable<PortCounters[]> });
  private readonly live = signal<Map<string, PortCounters>>(new Map());
  readonly error = computed(() => errorOf(this.loaded()));

  readonly rows = computed(() => {
    const loaded = dataOf(this.loaded());
    if (!loaded) return null;
    const rows = new Map(loaded.map((p) => [`${p.device} ${p.port}`, p]));
    for (const [key, row] of this.live()) {
      const old = rows.get(key);
      if ((!this.device() || row.device === this.device()) && (!old || old.time <= row.time)) rows.set(key, row);
    }
    return [...rows.values()].sort((a, b) => `${a.device} ${a.port}`.localeCompare(`${b.device} ${b.port}`));
  });
  readonly devices = computed(() => [...new Set((dataOf(this.loaded()) ?? []).map((p) => p.device))].sort());

  constructor() {
    this.stream.events<PortCounters>('ports').pipe(takeUntilDestroyed())
      .subscribe((row) => this.live.update((m) => {
        const key = `${row.device} ${row.port}`;
        const seen = m.get(key);
        return seen && seen.time > row.time ? m : new Map(m).set(key, row); // events may arrive out of order
      }));
  }

  choose(device: string): void {
    this.live.set(new Map());
    void this.router.navigate([], { queryParams: { device: device || null, port: null }, queryParamsHandling: 'merge' });
  }

  /** Draws a port's rates over time, or stops when it is the one drawn. */
  show(row: PortCounters): void {
    const same = this.device() === row.device && this.port() === row.port;
    void this.router.navigate([], {
      queryParams: { device: row.device, port: same ? null : row.port }, queryParamsHandling: 'merge',
    });
  }

  chooseRange(range: string): void {
    void this.router.navigate([], { queryParams: { range }, queryParamsHandling: 'merge' });
  }

  refresh(): void {
    this.live.set(new Map());
    this.reloads.update((n) => n + 1);
  }
}
