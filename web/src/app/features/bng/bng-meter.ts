// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { BngLineMeter, BngMeterRate } from './bng-models';

const NUMBER = new Intl.NumberFormat('en-US');

/** One direction: committed/peak rate and committed/peak burst, or "unmetered". */
export function rateText(rate: BngMeterRate | null | undefined): string {
  if (!rate) return 'unmetered';
  return `${NUMBER.format(rate.cirKbps)}/${NUMBER.format(rate.pirKbps)} kbit/s, `
    + `bursts ${NUMBER.format(rate.cbsBytes)}/${NUMBER.format(rate.pbsBytes)} B`;
}

/**
 * A line's meter as the Subscribers page says it: "unmetered" when neither direction is (or the
 * server said nothing of it), else each direction, committed before peak.
 */
export function meterText(meter: BngLineMeter | null | undefined): string {
  if (!meter || (!meter.upstream && !meter.downstream)) return 'unmetered';
  return `up ${rateText(meter.upstream)} · down ${rateText(meter.downstream)}`;
}
