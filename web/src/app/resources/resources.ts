// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { DatePipe, DecimalPipe, PercentPipe } from '@angular/common';
import { ChangeDetectionStrategy, Component, computed, inject, input, signal } from '@angular/core';
import { takeUntilDestroyed, toObservable, toSignal } from '@angular/core/rxjs-interop';
import { Router } from '@angular/router';
import { switchMap } from 'rxjs';

import { MauReport, TableOccupancy } from '../core/api-models';
import { Loadable, dataOf, errorOf, loadable } from '../core/loadable';
import { TelemetryStream } from '../core/telemetry-stream.service';
import { ChartOption, EChart } from '../charts/echart';
import { ResourcesApi } from './resources-api';

/** Share of a capacity in use, 0 when there is no capacity. */
export function share(used: number, capacity: number): number {
  return capacity > 0 ? used / capacity : 0;
}

/**
 * Resources: the Tofino compiler's MAU use per stage (heatmap of used/capacity and a table) for a
 * pipeconf (?pipeconf=), and the latest table occupancy per device (?device=), updated live.
 */
@Component({
  selector: 'app-resources',
  imports: [EChart, DecimalPipe, PercentPipe, DatePipe],
  templateUrl: './resources.html',
  styleUrl: './resources.css',
  changeDetection: ChangeDetectionStrategy.OnPush,
})
export class ResourcesView {
  private readonly api = inject(ResourcesApi);
  private readonly router = inject(Router);

  readonly pipeconf = input<string | undefined>();
  readonly device = input<string | undefined>();
  /** Only occupancy rows whose device or table contains this text (?table=). */
  readonly table = input<string | undefined>();
  /** "show" to list tables without entries too (?empty=show); hidden by default: most of them are. */
  readonly empty = input<string | undefined>();
  private readonly reloads = signal(0);
  protected readonly share = share;

  readonly mau = toSignal(
    toObservable(computed(() => ({ p: this.pipeconf(), r: this.reloads() }))).pipe(
      switchMap(({ p }) => loadable(this.api.mau(p)))),
    { initialValue: { state: 'loading' } as Loadable<MauReport> });
  readonly report = computed(() => dataOf(this.mau()));
  readonly mauError = computed(() => errorOf(this.mau()));

  readonly tables = toSignal(
    toObservable(computed(() => ({ d: this.device(), r: this.reloads() }))).pipe(
      switchMap(({ d }) => loadable(this.api.tables(d)))),
    { initialValue: { state: 'loading' } as Loadable<TableOccupancy[]> });
  /** Rows from the last load, replaced by newer ones from the stream. */
  private readonly live = signal<Map<string, TableOccupancy>>(new Map());
  readonly occupancy = computed(() => {
    const loaded = dataOf(this.tables());
    if (!loaded) return null;
    const rows = new Map(loaded.map((t) => [`${t.device} ${t.table}`, t]));
    for (const [key, row] of this.live()) {
      const old = rows.get(key);
      if ((!this.device() || row.device === this.device()) && (!old || old.time <= row.time)) rows.set(key, row);
    }
    return [...rows.values()].sort((a, b) => `${a.device} ${a.table}`.localeCompare(`${b.device} ${b.table}`));
  });
  readonly tablesError = computed(() => errorOf(this.tables()));

  /** The occupancy rows the filter lets through, and how many empty ones it hid. */
  readonly shownOccupancy = computed(() => {
    const rows = this.occupancy();
    if (!rows) return null;
    const text = (this.table() ?? '').trim().toLowerCase();
    const matching = text ? rows.filter((t) => `${t.device} ${t.table}`.toLowerCase().includes(text)) : rows;
    const showEmpty = this.empty() === 'show';
    const shown = showEmpty ? matching : matching.filter((t) => t.entries > 0);
    return { rows: shown, hiddenEmpty: matching.length - shown.length, total: rows.length };
  });

  /** Resource names in the report's order, for the heatmap's rows. */
  readonly resourceNames = computed(() => this.report()?.totals.map((t) => t.name) ?? []);

  readonly heatmap = computed<ChartOption | null>(() => {
    const r = this.report();
    if (!r || r.stages.length === 0) return null;
    const names = this.resourceNames();
    const cells: [number, number, number][] = [];
    for (const stage of r.stages) {
      for (const res of stage.resources) {
        cells.push([stage.stage, names.indexOf(res.name), Math.round(share(res.used, res.capacity) * 1000) / 10]);
      }
    }
    return {
      tooltip: { position: 'top', formatter: (p: { value: [number, number, number] }) =>
        `stage ${p.value[0]}, ${names[p.value[1]]}: ${p.value[2]}%` },
      grid: { left: 170, right: 20, top: 10, bottom: 100 },  // room for the axis and the colour scale's handles
      xAxis: { type: 'category', name: 'stage', data: r.stages.map((s) => String(s.stage)), splitArea: { show: true } },
      yAxis: { type: 'category', data: names, splitArea: { show: true } },
      visualMap: { min: 0, max: 100, calculable: true, orient: 'horizontal', left: 'center', bottom: 0,
        text: ['100%', '0%'] },
      series: [{ type: 'heatmap', data: cells, label: { show: r.stages.length <= 12, formatter:
        (p: { value: [number, number, number] }) => (p.value[2] ? String(Math.round(p.value[2])) : '') } }],
    };
  });

  constructor() {
    inject(TelemetryStream).events<TableOccupancy>('occupancy').pipe(takeUntilDestroyed())
      .subscribe((row) => this.live.update((m) => {
        const key = `${row.device} ${row.table}`;
        const seen = m.get(key);
        return seen && seen.time > row.time ? m : new Map(m).set(key, row); // events may arrive out of order
      }));
  }

  /** The used/capacity of a resource in one stage. */
  cell(stage: MauReport['stages'][number], name: string): { used: number; capacity: number } | null {
    return stage.resources.find((r) => r.name === name) ?? null;
  }

  choose(change: Record<string, string | null>): void {
    void this.router.navigate([], { queryParams: change, queryParamsHandling: 'merge' });
  }

  refresh(): void {
    this.live.set(new Map());
    this.reloads.update((n) => n + 1);
  }
}
