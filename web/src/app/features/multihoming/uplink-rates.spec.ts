// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { counters } from './fixtures.spec';
import { uplinkRates } from './uplink-rates';

describe('uplink rates', () => {
  it('has no rate or share from a single reading', () => {
    const rows = uplinkRates(null, { at: 0, counters: counters({ 2: [100, 50], 3: [20, 10] }) });
    expect(rows.map((r) => [r.port, r.outPackets, r.outPerSecond, r.inPerSecond, r.shareOut]))
      .toEqual([[2, 100, null, null, null], [3, 20, null, null, null]]);
  });

  it('divides what each uplink counted between two readings by the time between them, and shares the outbound packets', () => {
    const rows = uplinkRates({ at: 10_000, counters: counters({ 2: [1000, 500], 3: [1000, 100] }) },
      { at: 12_000, counters: counters({ 2: [2600, 900], 3: [1400, 100] }) });
    expect(rows.map((r) => [r.port, r.outPerSecond, r.inPerSecond, r.shareOut]))
      .toEqual([[2, 800, 200, 0.8], [3, 200, 0, 0.2]]);
  });

  it('gives no rate for counters that went back (the pipeline loaded again), a new uplink, or no time', () => {
    const previous = { at: 0, counters: counters({ 2: [1000, 500] }) };
    const rows = uplinkRates(previous, { at: 1000, counters: counters({ 2: [10, 600], 3: [40, 40] }) });
    expect(rows.map((r) => [r.port, r.outPerSecond, r.inPerSecond, r.shareOut])).toEqual([[2, null, 100, null], [3, null, null, null]]);
    expect(uplinkRates(previous, { at: 0, counters: counters({ 2: [2000, 500] }) })[0].outPerSecond).toBeNull();
  });

  it('has no share when nothing went out', () => {
    const same = counters({ 2: [5, 5], 3: [5, 5] });
    expect(uplinkRates({ at: 0, counters: same }, { at: 2000, counters: same }).map((r) => [r.outPerSecond, r.shareOut]))
      .toEqual([[0, null], [0, null]]);
  });
});
