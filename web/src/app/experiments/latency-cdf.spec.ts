// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { cdfOption, cdfPoints, latencyUnit } from './latency-cdf';

describe('latency CDF', () => {
  it('gives each distinct value the share at or below it', () => {
    expect(cdfPoints([3, 1, 2, 2])).toEqual([[1, 0.25], [2, 0.75], [3, 1]]);
    expect(cdfPoints([5])).toEqual([[5, 1]]);
    expect(cdfPoints([])).toEqual([]);
  });

  it('thins many distinct values evenly, keeping the last', () => {
    const points = cdfPoints(Array.from({ length: 1000 }, (_, i) => i + 1), 4);
    // 1000 points, every 250th: shares 0.25, 0.5, 0.75, 1.
    expect(points).toEqual([[250, 0.25], [500, 0.5], [750, 0.75], [1000, 1]]);
  });

  it('picks the unit by the largest latency', () => {
    expect(latencyUnit(900)).toEqual({ unit: 'ns', scale: 1 });
    expect(latencyUnit(150_000)).toEqual({ unit: 'µs', scale: 1e3 });
    expect(latencyUnit(2e6)).toEqual({ unit: 'ms', scale: 1e6 });
  });

  it('overlays one step line per class, shares from 0 to 1', () => {
    const option = cdfOption([{ name: 'ipv6', points: [[150_000, 0.5], [151_000, 1]] },
      { name: 'apn6', points: [[160_000, 1]] }]) as {
      xAxis: { name: string }; yAxis: { min: number; max: number }; series: { name: string; step: string; data: number[][] }[] };
    expect(option.xAxis.name).toBe('µs');
    expect([option.yAxis.min, option.yAxis.max]).toEqual([0, 1]);
    expect(option.series.map((s) => s.name)).toEqual(['ipv6', 'apn6']);
    expect(option.series[0].step).toBe('end');
    expect(option.series[0].data).toEqual([[150, 0.5], [151, 1]]);
  });
});
