// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChartOption } from '../charts/echart';

/**
 * The empirical distribution function of some latencies: for each distinct value, ascending, the
 * share of the values at or below it, as [ns, share] points. With more distinct values than
 * `maxPoints`, every k-th is kept (the last always), which a chart cannot tell from all of them.
 */
export function cdfPoints(values: readonly number[], maxPoints = 400): [number, number][] {
  const sorted = [...values].sort((a, b) => a - b);
  const points: [number, number][] = [];
  for (let i = 0; i < sorted.length; i++) {
    if (i + 1 < sorted.length && sorted[i + 1] === sorted[i]) continue;   // the share after the last equal value
    points.push([sorted[i], (i + 1) / sorted.length]);
  }
  if (points.length <= maxPoints) return points;
  const step = points.length / maxPoints;
  return Array.from({ length: maxPoints }, (_, i) => points[Math.min(points.length - 1, Math.round((i + 1) * step) - 1)]);
}

/** The unit latencies read best in, by the largest of them: ns, µs or ms, and its size in ns. */
export function latencyUnit(largestNs: number): { unit: string; scale: number } {
  if (largestNs >= 1e6) return { unit: 'ms', scale: 1e6 };
  if (largestNs >= 1e4) return { unit: 'µs', scale: 1e3 };
  return { unit: 'ns', scale: 1 };
}

/** The classes' distribution functions overlaid: latency across, share of the class's probes up. */
export function cdfOption(classes: readonly { name: string; points: [number, number][] }[]): ChartOption {
  const { unit, scale } = latencyUnit(Math.max(0, ...classes.flatMap((c) => c.points.map(([ns]) => ns))));
  return {
    tooltip: { trigger: 'axis', valueFormatter: (v: unknown) => Number(v).toFixed(3) },
    legend: { top: 0 }, grid: { left: 60, right: 30, top: 30, bottom: 50 },
    xAxis: { type: 'value', name: unit, scale: true, nameLocation: 'middle', nameGap: 28 },
    yAxis: { type: 'value', name: 'share ≤ x', min: 0, max: 1 },
    series: classes.map((c) => ({
      name: c.name, type: 'line', step: 'end', showSymbol: false,
      data: c.points.map(([ns, share]) => [Number((ns / scale).toFixed(3)), share]),
    })),
  };
}
