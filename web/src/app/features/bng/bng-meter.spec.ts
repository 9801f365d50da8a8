// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { meterText, rateText } from './bng-meter';

describe('a line meter as shown', () => {
  const rate = { cirKbps: 10000, cbsBytes: 15000, pirKbps: 20000, pbsBytes: 30000 };

  it('says unmetered for no meter, both directions null, or nothing from the server', () => {
    expect(meterText({ upstream: null, downstream: null })).toBe('unmetered');
    expect(meterText(undefined)).toBe('unmetered');
    expect(rateText(null)).toBe('unmetered');
  });

  it('gives each direction committed before peak, rates in kbit/s and bursts in bytes', () => {
    expect(meterText({ upstream: rate, downstream: null }))
      .toBe('up 10,000/20,000 kbit/s, bursts 15,000/30,000 B · down unmetered');
    expect(meterText({ upstream: null, downstream: rate }))
      .toBe('up unmetered · down 10,000/20,000 kbit/s, bursts 15,000/30,000 B');
  });
});
