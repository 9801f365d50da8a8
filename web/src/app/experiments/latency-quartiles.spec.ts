// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { boxFromResults, boxOf, boxValues, boxplotOption, quantile } from './latency-quartiles';
import { RESULTS } from './fixtures.spec';

describe('latency quartiles', () => {
  it('interpolates between the nearest ranks (type 7)', () => {
    // h = (n − 1) · p: 0.75 → 1 + 0.75 · (2 − 1); 1.5 → 2.5; 2.25 → 3.25.
    expect(quantile([1, 2, 3, 4], 0.25)).toBe(1.75);
    expect(quantile([1, 2, 3, 4], 0.5)).toBe(2.5);
    expect(quantile([1, 2, 3, 4], 0.75)).toBe(3.25);
    expect(quantile([1, 2, 3, 4], 0)).toBe(1);
    expect(quantile([1, 2, 3, 4], 1)).toBe(4);
    expect(quantile([7], 0.9)).toBe(7);
    expect(quantile([], 0.5)).toBeNaN();
    // p99 of 0..100: h = 99, the value itself.
    expect(quantile(Array.from({ length: 101 }, (_, i) => i), 0.99)).toBe(99);
  });

  it('boxes the samples with whiskers at the furthest samples within 1.5 IQR', () => {
    // Sorted 1 2 3 4 100: Q1 = 2, median 3, Q3 = 4, IQR 2, fences −1 and 7: 100 lies outside.
    const box = boxOf([100, 3, 1, 4, 2])!;
    expect(box).toEqual(jasmine.objectContaining({ count: 5, min: 1, q1: 2, median: 3, q3: 4, max: 100,
      lowerWhisker: 1, upperWhisker: 4, outside: 1 }));
    expect(boxValues(box)).toEqual([1, 2, 3, 4, 4]);
    // Nothing outside: the whiskers are min and max.
    const even = boxOf([10, 20, 30, 40])!;
    expect([even.lowerWhisker, even.q1, even.median, even.q3, even.upperWhisker]).toEqual([10, 17.5, 25, 32.5, 40]);
    expect(even.outside).toBe(0);
    expect(boxOf([])).toBeNull();
  });

  it('falls back on the results\' figures: box p50 to p90, whiskers min and max', () => {
    const latency = RESULTS.cells[0].classes[0].latency!;   // mean 364: min 304, p50 364, p90 404, max 454
    expect(boxFromResults(latency)).toEqual([304, 364, 364, 404, 454]);
    expect(boxFromResults(null)).toBeNull();
    expect(boxFromResults({ ...latency, p90: null })).toBeNull();
  });

  it('draws one box per class in a readable unit', () => {
    const option = boxplotOption([{ name: 'ipv6', box: [150_000, 160_000, 170_000, 180_000, 200_000] },
      { name: 'apn6', box: null }, { name: 'te', box: [1, 2, 3, 4, 5] }]) as {
      xAxis: { data: string[] }; yAxis: { name: string }; legend: { data: { name: string }[] };
      series: { name: string; type: string; data: { value: number[]; itemStyle: { borderColor: string } }[];
        itemStyle?: { color: string } }[] };
    expect(option.xAxis.data).toEqual(['ipv6', 'apn6', 'te']);
    expect(option.yAxis.name).toBe('µs');
    const boxes = option.series[0].data;
    expect(boxes.map((b) => b.value)).toEqual([[150, 160, 170, 180, 200], [], [0.001, 0.002, 0.003, 0.004, 0.005]]);
    // Every class its own colour, and the legend names each in that colour.
    const colours = boxes.map((b) => b.itemStyle.borderColor);
    expect(new Set(colours).size).toBe(3);
    expect(option.legend.data.map((d) => d.name)).toEqual(['ipv6', 'apn6', 'te']);
    expect(option.series.slice(1).map((s) => [s.name, s.itemStyle?.color])).toEqual(
      [['ipv6', colours[0]], ['apn6', colours[1]], ['te', colours[2]]]);
  });
});
