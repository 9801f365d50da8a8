// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { cellLabel, interval, isActive, num, pValue, percent, sci, stateLabel, tableCell } from './experiment-format';
import { run } from './fixtures.spec';

describe('experiment formats', () => {
  it('prints figures with grouped thousands and a dash for what does not exist', () => {
    expect(num(73000)).toBe('73,000');
    expect(num(6.5612)).toBe('6.56');
    expect(num(6.5612, 0)).toBe('7');
    expect(num(null)).toBe('—');
    expect(num(undefined)).toBe('—');
    expect(num(Number.NaN)).toBe('—');
  });

  it('prints ratios, p-values and table cells', () => {
    expect(percent(0.0185)).toBe('1.85%');
    expect(percent(null)).toBe('—');
    expect(sci(0.0000053)).toBe('5.30e-6');
    expect(sci(0)).toBe('0');
    expect(sci(12)).toBe('1.20e1');
    expect(sci(null)).toBe('—');
    expect(pValue(0.0016)).toBe('0.0016');
    expect(pValue(1e-9)).toBe('< 0.0001');
    expect(pValue(null)).toBe('—');
    expect(tableCell(0.0181)).toBe('0.0181');
    expect(tableCell('DIFF')).toBe('DIFF');
    expect(tableCell(null)).toBe('—');
  });

  it('says which runs are still going and what their state means', () => {
    expect(isActive(run(1, 'QUEUED'))).toBeTrue();
    expect(isActive(run(1, 'RUNNING'))).toBeTrue();
    expect(isActive(run(1, 'DONE'))).toBeFalse();
    expect(isActive(null)).toBeFalse();
    expect(stateLabel('CANCELLED')).toBe('Cancelled');
    expect(stateLabel(null)).toBe('never run');
  });

  it('describes a cell by frame size and interval or load', () => {
    expect(interval(1_000_000)).toBe('1 ms');
    expect(interval(100_000)).toBe('100 µs');
    expect(interval(850)).toBe('850 ns');
    expect(cellLabel({ index: 0, frameSize: 128, intervalNanos: 1_000_000, loadMbps: null })).toBe('128-byte frames, one every 1 ms');
    expect(cellLabel({ index: 1, frameSize: 1514, intervalNanos: 2_422_400, loadMbps: 5 })).toBe('1514-byte frames, 5 Mbps');
  });
});
