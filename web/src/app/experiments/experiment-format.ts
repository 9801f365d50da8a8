// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ExperimentCell, ExperimentRun, ExperimentRunState } from '../core/api-models';

const FORMATS = new Map<number, Intl.NumberFormat>();

/**
 * A figure for people: thousands grouped, at most `digits` decimals (the studies print latencies in
 * ns with two); a figure the server could not compute (null) shows as a dash.
 */
export function num(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  let format = FORMATS.get(digits);
  if (!format) {
    format = new Intl.NumberFormat('en-US', { maximumFractionDigits: digits });
    FORMATS.set(digits, format);
  }
  return format.format(value);
}

/** A small ratio in scientific notation: 5.3e-6 → "5.30e-6" (the stability figures). */
export function sci(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return '—';
  return value === 0 ? '0' : value.toExponential(2).replace('e+', 'e');
}

/** A ratio as a percentage: 0.0185 → "1.85%". */
export function percent(ratio: number | null | undefined, digits = 2): string {
  return ratio === null || ratio === undefined || !Number.isFinite(ratio) ? '—' : `${num(ratio * 100, digits)}%`;
}

/** A p-value: four decimals, or "< 0.0001" when smaller. */
export function pValue(p: number | null | undefined): string {
  if (p === null || p === undefined || !Number.isFinite(p)) return '—';
  return p < 0.0001 ? '< 0.0001' : p.toFixed(4);
}

/** A cell of one of the studies' tables: numbers with up to four decimals (K thresholds are 0.0180…). */
export function tableCell(value: string | number | null): string {
  return typeof value === 'number' ? num(value, 4) : value ?? '—';
}

/** Whether a run may still change: queued or running. */
export function isActive(run: ExperimentRun | null | undefined): boolean {
  return run?.state === 'QUEUED' || run?.state === 'RUNNING';
}

const STATE_LABELS: Record<ExperimentRunState, string> = {
  QUEUED: 'Queued', RUNNING: 'Running', DONE: 'Done', CANCELLED: 'Cancelled', FAILED: 'Failed',
};

/** A run's state in words. */
export function stateLabel(state: ExperimentRunState | null | undefined): string {
  return state ? STATE_LABELS[state] ?? state : 'never run';
}

/** A time between packets: "1 ms", "100 µs", "850 ns". */
export function interval(nanos: number): string {
  if (nanos >= 1e6) return `${num(nanos / 1e6, 3)} ms`;
  if (nanos >= 1e3) return `${num(nanos / 1e3, 3)} µs`;
  return `${num(nanos, 0)} ns`;
}

/** What a cell is: its frame size and its load or interval. */
export function cellLabel(cell: ExperimentCell): string {
  const rate = cell.loadMbps !== null ? `${num(cell.loadMbps)} Mbps` : `one every ${interval(cell.intervalNanos)}`;
  return `${cell.frameSize}-byte frames, ${rate}`;
}
