// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { TimeWindow } from './sixflow-api.service';

/** The relative ranges the views offer, as ISO-8601 durations (the URL's ?range=). */
export const RANGES = [
  { value: 'PT15M', label: 'last 15 minutes', seconds: 900 },
  { value: 'PT1H', label: 'last hour', seconds: 3600 },
  { value: 'PT6H', label: 'last 6 hours', seconds: 21600 },
  { value: 'P1D', label: 'last day', seconds: 86400 },
  { value: 'P7D', label: 'last week', seconds: 604800 },
] as const;

export const DEFAULT_RANGE = 'PT1H';

/**
 * The query window: explicit ?from=&to= instants win; otherwise the relative range ending now.
 * Unknown ranges fall back to the last hour. Ranges of an hour or more start on a whole minute
 * (up to 59 s earlier), so that their whole-minute series come from the server's per-minute
 * aggregates.
 */
export function windowOf(range: string | undefined, from: string | undefined, to: string | undefined,
                         now: Date = new Date()): TimeWindow {
  if (from || to) {
    return { from, to };
  }
  const seconds = RANGES.find((r) => r.value === range)?.seconds ?? 3600;
  let start = now.getTime() - seconds * 1000;
  if (seconds >= 3600) {
    start = Math.floor(start / 60_000) * 60_000;
  }
  return { from: new Date(start).toISOString(), to: now.toISOString() };
}

/**
 * A step that keeps a series near 120 points: whole seconds, at least 1; from 30 s on, whole
 * minutes (so an hour has 60 points), which the server reads from its per-minute aggregates.
 */
export function stepFor(window: TimeWindow): string {
  const from = window.from ? Date.parse(window.from) : NaN;
  const to = window.to ? Date.parse(window.to) : Date.now();
  const span = Number.isFinite(from) && Number.isFinite(to) ? (to - from) / 1000 : 3600;
  const step = Math.max(1, Math.round(span / 120));
  return String(step >= 30 ? Math.ceil(step / 60) * 60 : step);
}

/** Nanoseconds for people: "850 ns", "1.76 µs", "12.4 µs", "3.10 ms". */
export function formatNs(ns: number | null | undefined): string {
  if (ns === null || ns === undefined || !Number.isFinite(ns)) return '—';
  const abs = Math.abs(ns);
  if (abs >= 1e6) return `${(ns / 1e6).toFixed(2)} ms`;
  if (abs >= 1e4) return `${(ns / 1e3).toFixed(1)} µs`;
  if (abs >= 1e3) return `${(ns / 1e3).toFixed(2)} µs`;
  return `${Math.round(ns)} ns`;
}

/** Histogram bucket labels in one unit for all buckets (ns, µs or ms by the largest edge). */
export function bucketLabels(edgesNs: number[]): { unit: string; labels: string[] } {
  const top = Math.max(...edgesNs.map(Math.abs));
  const [unit, scale] = top >= 1e6 ? ['ms', 1e6] : top >= 1e4 ? ['µs', 1e3] : ['ns', 1];
  const digits = unit === 'ns' ? 0 : 2;
  const labels = edgesNs.slice(0, -1).map((edge, i) =>
    `${(edge / scale).toFixed(digits)}–${(edgesNs[i + 1] / scale).toFixed(digits)}`);
  return { unit, labels };
}
