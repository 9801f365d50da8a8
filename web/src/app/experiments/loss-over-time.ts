// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { ChartOption } from '../charts/echart';
import { ExperimentClassResult, ExperimentSample } from '../core/api-models';

/** A class's measured probes in one cell: how many were sent, which arrived, how far the samples reach. */
export interface ClassProbes {
  name: string;
  /** Measured probes sent in the cell (every repetition). */
  sent: number;
  /** The probes the ingress device reported, by their position in the cell's sending order (0-based). */
  received: ReadonlySet<number>;
  /** How many of the first probes the samples read tell about: `sent` unless they were cut short. */
  covered: number;
}

/** Lost probes per stretch of the cell's sending order, the same stretches for every class. */
export interface LossOverTime {
  /** Probes of the class that sent most. */
  probes: number;
  probesPerBin: number;
  bins: number;
  /** Per class and stretch the probes lost; null where the samples read do not reach. */
  classes: { name: string; lost: (number | null)[] }[];
}

/**
 * A class's measured probes of one cell from its samples. A class's sequence numbers count up over
 * the run: repetition r of cell c holds (W + N) numbers from ((c · R) + r) · (W + N), the W warm-up
 * ones first. N (per repetition) and W come from the results, so the position of a measured probe
 * in the cell is r · N + its offset. `complete` says whether the samples are all the class's; when
 * they were cut short the probes after the last one seen are unknown, not lost.
 */
export function classProbes(samples: readonly ExperimentSample[], result: ExperimentClassResult, cellIndex: number,
                            complete: boolean): ClassProbes {
  const repetitions = Math.max(1, result.repetitions.length);
  const measured = result.repetitions.map((r) => r.sent);
  const warmup = Math.round(result.warmupSent / repetitions);
  const sent = measured.reduce((a, b) => a + b, 0);
  const received = new Set<number>();
  for (const s of samples) {
    if (s.warmup || s.cellIndex !== cellIndex || s.device !== result.device || s.latencyClass !== result.latencyClass) {
      continue;
    }
    const n = measured[s.repetition];
    if (n === undefined) continue;
    const offset = s.sequence - ((cellIndex * repetitions + s.repetition) * (warmup + n) + warmup);
    if (offset >= 0 && offset < n) received.add(measured.slice(0, s.repetition).reduce((a, b) => a + b, 0) + offset);
  }
  const covered = complete ? sent : Math.min(sent, received.size ? Math.max(...received) + 1 : 0);
  return { name: result.className, sent, received, covered };
}

/**
 * The classes' lost probes in at most `maxBins` equal stretches of their sending order (the classes
 * take turns, so a stretch is about the same time for each); null when no class sent any.
 */
export function lossOverTime(classes: readonly ClassProbes[], maxBins = 40): LossOverTime | null {
  const longest = Math.max(0, ...classes.map((c) => c.sent));
  if (longest === 0) return null;
  const probesPerBin = Math.ceil(longest / maxBins);
  const bins = Math.ceil(longest / probesPerBin);
  return {
    probes: longest, probesPerBin, bins,
    classes: classes.map((c) => ({
      name: c.name,
      lost: Array.from({ length: bins }, (_, b) => {
        const from = b * probesPerBin;
        const to = Math.min(c.sent, from + probesPerBin);
        if (from >= c.sent) return null;
        if (to > c.covered) return null;
        let lost = 0;
        for (let i = from; i < to; i++) if (!c.received.has(i)) lost++;
        return lost;
      }),
    })),
  };
}

/** A stretch's probes, 1-based as people count them: "1–50". */
export function binLabel(loss: LossOverTime, bin: number): string {
  return `${bin * loss.probesPerBin + 1}–${Math.min(loss.probes, (bin + 1) * loss.probesPerBin)}`;
}

/** The lost probes as bars per class over the stretches of the cell. */
export function lossOption(loss: LossOverTime): ChartOption {
  return {
    tooltip: { trigger: 'axis' }, legend: { top: 0 }, grid: { left: 60, right: 20, top: 30, bottom: 80 },
    xAxis: { type: 'category', name: 'probes', data: Array.from({ length: loss.bins }, (_, b) => binLabel(loss, b)),
      axisLabel: { rotate: 40 } },
    yAxis: { type: 'value', name: 'lost probes', minInterval: 1 },
    series: loss.classes.map((c) => ({ name: c.name, type: 'bar', data: c.lost, barGap: '0%' })),
  };
}
