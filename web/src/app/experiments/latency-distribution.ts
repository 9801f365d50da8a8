// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChartOption } from '../charts/echart';
import { ExperimentClassResult, ExperimentSample } from '../core/api-models';
import { bucketLabels } from '../core/time-range';

/** The latencies of one class, each probe counted once. */
export interface ClassLatencies {
  name: string;
  values: number[];
}

/** Latencies of several classes in shared buckets; each class's counts as shares of its own samples. */
export interface Distribution {
  edgesNs: number[];
  classes: { name: string; count: number; percent: number[] }[];
  /** Values above the last edge (past the 99th percentile) that the last bucket holds too. */
  overflow: number;
}

/**
 * What the results measure for a class, from its raw samples: the class's measured (not warm-up)
 * probes of one cell where its results were taken (the ingress device, as that latency class), each
 * probe's first report only.
 */
export function measuredLatencies(samples: readonly ExperimentSample[], result: ExperimentClassResult,
                                  cellIndex: number): number[] {
  const seen = new Set<string>();
  const values: number[] = [];
  for (const s of samples) {
    if (s.warmup || s.cellIndex !== cellIndex || s.device !== result.device || s.latencyClass !== result.latencyClass) {
      continue;
    }
    const probe = `${s.repetition}/${s.sequence}`;
    if (!seen.has(probe)) {
      seen.add(probe);
      values.push(s.deltaNanos);
    }
  }
  return values;
}

/**
 * Buckets the classes' latencies together, from the smallest value to the 99th percentile of all of
 * them (so one stray packet does not squeeze the rest into a bar); null when there is nothing.
 */
export function distributionOf(classes: readonly ClassLatencies[], buckets = 30): Distribution | null {
  const all = classes.flatMap((c) => c.values).sort((a, b) => a - b);
  if (all.length === 0) return null;
  const low = all[0];
  const top = all[Math.min(all.length - 1, Math.floor(all.length * 0.99))];
  const high = top > low ? top : low + 1;
  const width = (high - low) / buckets;
  const edgesNs = Array.from({ length: buckets + 1 }, (_, i) => low + i * width);
  return {
    edgesNs,
    overflow: all.filter((v) => v > high).length,
    classes: classes.map((c) => {
      const counts = new Array<number>(buckets).fill(0);
      for (const v of c.values) counts[Math.min(buckets - 1, Math.floor((v - low) / width))]++;
      return { name: c.name, count: c.values.length,
        percent: counts.map((n) => (c.values.length ? (100 * n) / c.values.length : 0)) };
    }),
  };
}

/** The distribution as bars per class, in the shared buckets. */
export function distributionOption(d: Distribution): ChartOption {
  const { unit, labels } = bucketLabels(d.edgesNs);
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => `${Number(v).toFixed(1)}%` },
    legend: { top: 0 }, grid: { left: 60, right: 20, top: 30, bottom: 80 },
    xAxis: { type: 'category', name: unit, data: labels, axisLabel: { rotate: 40 } },
    yAxis: { type: 'value', name: '% of the class' },
    series: d.classes.map((c) => ({ name: c.name, type: 'bar', data: c.percent.map((p) => Number(p.toFixed(2))),
      barGap: '0%', barCategoryGap: '10%' })),
  };
}
