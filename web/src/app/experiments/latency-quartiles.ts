// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChartOption } from '../charts/echart';
import { ExperimentLatency } from '../core/api-models';
import { latencyUnit } from './latency-cdf';

/**
 * The value at share p (0..1) of sorted values, linearly interpolated between the two nearest ranks
 * (Hyndman and Fan's type 7, as NumPy and R compute it by default); NaN when there are none.
 */
export function quantile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  const h = (sorted.length - 1) * p;
  const below = Math.floor(h);
  const above = Math.min(sorted.length - 1, below + 1);
  return sorted[below] + (h - below) * (sorted[above] - sorted[below]);
}

/** A class's box: quartiles of its samples, whiskers at the furthest samples within 1.5 IQR (Tukey). */
export interface LatencyBox {
  count: number;
  min: number;
  q1: number;
  median: number;
  q3: number;
  max: number;
  p90: number;
  p99: number;
  lowerWhisker: number;
  upperWhisker: number;
  /** Samples beyond the whiskers (not drawn; counted in the table). */
  outside: number;
}

/** The box of some latencies; null when there are none. */
export function boxOf(values: readonly number[]): LatencyBox | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const q1 = quantile(sorted, 0.25);
  const q3 = quantile(sorted, 0.75);
  const low = q1 - 1.5 * (q3 - q1);
  const high = q3 + 1.5 * (q3 - q1);
  const inside = sorted.filter((v) => v >= low && v <= high);
  return {
    count: sorted.length, min: sorted[0], q1, median: quantile(sorted, 0.5), q3, max: sorted[sorted.length - 1],
    p90: quantile(sorted, 0.9), p99: quantile(sorted, 0.99),
    // The quartiles lie inside the fences, so some sample always does.
    lowerWhisker: inside[0], upperWhisker: inside[inside.length - 1], outside: sorted.length - inside.length,
  };
}

/**
 * A box from a class's results when its samples are absent: they carry no quartiles, so the box
 * spans p50 to p90 (the median line at p50) and the whiskers reach min and max. Null without figures.
 */
export function boxFromResults(latency: ExperimentLatency | null): [number, number, number, number, number] | null {
  if (!latency) return null;
  const { min, p50, p90, max } = latency;
  if (min === null || p50 === null || p90 === null || max === null) return null;
  return [min, p50, p50, p90, max];
}

/** The five values a box plot draws: lower whisker, Q1, median, Q3, upper whisker. */
export function boxValues(box: LatencyBox): [number, number, number, number, number] {
  return [box.lowerWhisker, box.q1, box.median, box.q3, box.upperWhisker];
}

/** Okabe–Ito's colour-blind-safe palette: each class of a run its own colour, in the classes' order. */
export const CLASS_COLOURS = ['#0072B2', '#E69F00', '#009E73', '#CC79A7', '#56B4E9', '#D55E00', '#F0E442', '#000000'];

/** A class's colour by its place among the run's classes. */
export function classColour(index: number): string {
  return CLASS_COLOURS[index % CLASS_COLOURS.length];
}

/**
 * One box per class: [lower whisker, Q1, median, Q3, upper whisker] in ns; a class without figures is
 * left empty. Each class has its own colour and a legend entry (empty line series carry the legend, so
 * the boxes keep one series and stay centred on their class).
 */
export function boxplotOption(classes: readonly { name: string; box: [number, number, number, number, number] | null }[]): ChartOption {
  const { unit, scale } = latencyUnit(Math.max(0, ...classes.flatMap((c) => c.box ?? [])));
  return {
    tooltip: { trigger: 'item' }, grid: { left: 60, right: 20, top: 30, bottom: 40 },
    legend: { top: 0, selectedMode: false, data: classes.map((c) => ({ name: c.name, icon: 'roundRect' })) },
    xAxis: { type: 'category', data: classes.map((c) => c.name) },
    yAxis: { type: 'value', name: unit, scale: true },
    series: [{
      name: 'latency', type: 'boxplot',
      data: classes.map((c, i) => ({
        name: c.name, value: c.box ? c.box.map((v) => Number((v / scale).toFixed(3))) : [],
        itemStyle: { color: `${classColour(i)}33`, borderColor: classColour(i), borderWidth: 2 },
      })),
    }, ...classes.map((c, i) => ({ name: c.name, type: 'line', data: [], itemStyle: { color: classColour(i) } }))],
  };
}
