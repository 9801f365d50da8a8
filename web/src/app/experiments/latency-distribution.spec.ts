// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { distributionOf, distributionOption, measuredLatencies } from './latency-distribution';
import { RESULTS, sample } from './fixtures.spec';

describe('latency distribution', () => {
  const apn6 = RESULTS.cells[0].classes[1];

  it('takes the measured probes of the class where its results were taken, each once', () => {
    const samples = [
      sample(1, 0, 370), sample(1, 0, 999),                                   // the same probe's second report
      sample(1, 1, 371, { warmup: true }),                                    // warm-up
      sample(1, 2, 372, { device: 'device:wuhan', latencyClass: 'apn6-transit' }), // a later stage
      sample(1, 3, 373, { cellIndex: 1 }),                                    // another cell
      sample(1, 4, 374), sample(1, 4, 375, { repetition: 1 }),               // one sequence in two repetitions
    ];
    expect(measuredLatencies(samples, apn6, 0)).toEqual([370, 374, 375]);
  });

  it('buckets the classes together up to the 99th percentile, as shares of each class', () => {
    const baseline = Array.from({ length: 100 }, (_, i) => 300 + i);         // 300..399
    const feature = [...Array.from({ length: 99 }, (_, i) => 350 + i), 5000];  // one stray packet
    const d = distributionOf([{ name: 'ipv6', values: baseline }, { name: 'apn6', values: feature }], 10)!;
    expect(d.edgesNs[0]).toBe(300);
    expect(d.edgesNs.length).toBe(11);
    expect(d.edgesNs[10]).toBeLessThan(5000);
    expect(d.overflow).toBeGreaterThan(0);
    const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
    expect(sum(d.classes[0].percent)).toBeCloseTo(100, 6);
    expect(sum(d.classes[1].percent)).toBeCloseTo(100, 6);
    expect(d.classes[1].count).toBe(100);
    expect(d.classes[1].percent[9]).toBeGreaterThan(0);                        // the stray packet is in the last bucket
  });

  it('has nothing to draw without samples, and copes with one value', () => {
    expect(distributionOf([{ name: 'ipv6', values: [] }])).toBeNull();
    const one = distributionOf([{ name: 'ipv6', values: [364] }], 4)!;
    expect(one.classes[0].percent).toEqual([100, 0, 0, 0]);
  });

  it('draws one bar series per class over labelled buckets', () => {
    const option = distributionOption(distributionOf([{ name: 'ipv6', values: [300, 310] },
      { name: 'apn6', values: [305, 320] }], 2)!) as { series: { name: string }[]; xAxis: { data: string[]; name: string } };
    expect(option.series.map((s) => s.name)).toEqual(['ipv6', 'apn6']);
    expect(option.xAxis.name).toBe('ns');
    expect(option.xAxis.data).toEqual(['300–310', '310–320']);
  });
});
