// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { bucketLabels, formatNs, stepFor, windowOf } from './time-range';

describe('time range', () => {
  const now = new Date('2026-11-22T15:00:00Z');

  it('ends a relative range now', () => {
    expect(windowOf('PT15M', undefined, undefined, now))
      .toEqual({ from: '2026-11-22T14:45:00.000Z', to: '2026-11-22T15:00:00.000Z' });
    expect(windowOf('banana', undefined, undefined, now).from).toBe('2026-11-22T14:00:00.000Z');
  });

  it('starts ranges of an hour or more on a whole minute', () => {
    const later = new Date('2026-11-22T15:00:42.500Z');
    expect(windowOf('PT1H', undefined, undefined, later))
      .toEqual({ from: '2026-11-22T14:00:00.000Z', to: '2026-11-22T15:00:42.500Z' });
    expect(windowOf('PT15M', undefined, undefined, later).from).toBe('2026-11-22T14:45:42.500Z');
  });

  it('lets explicit instants win', () => {
    expect(windowOf('PT15M', '2026-11-22T10:00:00Z', undefined, now)).toEqual({ from: '2026-11-22T10:00:00Z', to: undefined });
  });

  it('keeps about 120 points per series, in whole minutes from 30 s on', () => {
    expect(stepFor({ from: '2026-11-22T14:00:00Z', to: '2026-11-22T15:00:00Z' })).toBe('60');
    expect(stepFor({ from: '2026-11-22T14:45:00Z', to: '2026-11-22T15:00:00Z' })).toBe('8');
    expect(stepFor({ from: '2026-11-22T09:00:00Z', to: '2026-11-22T15:00:00Z' })).toBe('180');
    expect(stepFor({ from: '2026-11-22T14:59:00Z', to: '2026-11-22T15:00:00Z' })).toBe('1');
  });

  it('formats nanoseconds', () => {
    expect(formatNs(850)).toBe('850 ns');
    expect(formatNs(1_757.4)).toBe('1.76 µs');
    expect(formatNs(12_400)).toBe('12.4 µs');
    expect(formatNs(3_100_000)).toBe('3.10 ms');
    expect(formatNs(null)).toBe('—');
  });

  it('labels histogram buckets in one unit', () => {
    expect(bucketLabels([1400, 1500, 1600])).toEqual({ unit: 'ns', labels: ['1400–1500', '1500–1600'] });
    expect(bucketLabels([0, 15_000, 30_000])).toEqual({ unit: 'µs', labels: ['0.00–15.00', '15.00–30.00'] });
  });
});
