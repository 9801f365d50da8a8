// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ExperimentClassResult } from '../core/api-models';
import { binLabel, classProbes, lossOption, lossOverTime } from './loss-over-time';
import { RESULTS, sample } from './fixtures.spec';

describe('loss over time', () => {
  const ipv6 = RESULTS.cells[0].classes[0];
  /** A class of N probes per repetition and W warm-up, R repetitions. */
  const shaped = (n: number, w: number, r: number): ExperimentClassResult => ({
    ...ipv6, sent: n * r, warmupSent: w * r,
    repetitions: Array.from({ length: r }, (_, i) => ({ repetition: i, sent: n, received: n, mean: 364 })),
  });

  it('places each measured probe in the cell\'s sending order by its sequence number', () => {
    // N = 3, W = 2, R = 2, cell 1: repetition 0 measures 12..14 (after 10, 11), repetition 1 measures 17..19.
    const result = shaped(3, 2, 2);
    const at = (seq: number, repetition: number, extra = {}) => sample(0, seq, 360, { cellIndex: 1, repetition, ...extra });
    const probes = classProbes([
      at(12, 0), at(14, 0), at(19, 1), at(17, 1), at(17, 1),   // a duplicate
      at(11, 0, { warmup: true }), at(15, 1),                    // warm-up; 15 is the next repetition's warm-up
      at(13, 0, { cellIndex: 0 }), at(18, 1, { device: 'device:wuhan' }), at(18, 1, { latencyClass: 'apn6-insert' }),
    ], result, 1, true);
    expect(probes.sent).toBe(6);
    expect([...probes.received].sort()).toEqual([0, 2, 3, 5]);
    expect(probes.covered).toBe(6);
  });

  it('stops at the last probe seen when the samples read were cut short', () => {
    const probes = classProbes([sample(0, 0, 1), sample(0, 1, 1), sample(0, 4, 1)], shaped(10, 0, 1), 0, false);
    expect(probes.covered).toBe(5);
    expect(classProbes([], shaped(10, 0, 1), 0, false).covered).toBe(0);
    expect(classProbes([], shaped(10, 0, 1), 0, true).covered).toBe(10);
  });

  it('counts the lost probes per stretch, unknown past what the samples cover', () => {
    // 10 probes in 5 stretches of 2: probes 3 and 6 (0-based) lost.
    const full = { name: 'ipv6', sent: 10, received: new Set([0, 1, 2, 4, 5, 7, 8, 9]), covered: 10 };
    const cut = { name: 'apn6', sent: 10, received: new Set([0, 1, 2, 3, 4, 5]), covered: 6 };
    const loss = lossOverTime([full, cut], 5)!;
    expect(loss.probesPerBin).toBe(2);
    expect(loss.bins).toBe(5);
    expect(loss.classes[0].lost).toEqual([0, 1, 0, 1, 0]);
    expect(loss.classes[1].lost).toEqual([0, 0, 0, null, null]);
    expect([0, 4].map((b) => binLabel(loss, b))).toEqual(['1–2', '9–10']);
  });

  it('rounds the stretch up and labels the last one short', () => {
    // 300 probes in at most 40 stretches: 8 per stretch, 38 stretches, the last 297–300.
    const loss = lossOverTime([{ name: 'ipv6', sent: 300, received: new Set(), covered: 300 }])!;
    expect([loss.probesPerBin, loss.bins]).toEqual([8, 38]);
    expect(loss.classes[0].lost[37]).toBe(4);
    expect(binLabel(loss, 37)).toBe('297–300');
    expect(lossOverTime([{ name: 'ipv6', sent: 0, received: new Set(), covered: 0 }])).toBeNull();
  });

  it('draws bars of lost probes per class over the stretches', () => {
    const loss = lossOverTime([{ name: 'ipv6', sent: 4, received: new Set([0, 1, 3]), covered: 4 }], 2)!;
    const option = lossOption(loss) as { xAxis: { data: string[] }; series: { name: string; data: number[] }[] };
    expect(option.xAxis.data).toEqual(['1–2', '3–4']);
    expect(option.series).toEqual([jasmine.objectContaining({ name: 'ipv6', data: [0, 1] })]);
  });
});
