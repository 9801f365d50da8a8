// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { IlnpSiteCounters, IlnpUplinkCounters } from './ilnp-models';

/** A reading of a site's counters and when it arrived (ms since the epoch). */
export interface CounterSample {
  at: number;
  counters: IlnpSiteCounters;
}

/**
 * An uplink's counters with what happened since the previous reading: packets a second out and in,
 * and its share of the site's outbound packets. Null where there is no previous reading, where the
 * counters went back (the pipeline was loaded again), or, for the share, where nothing went out.
 */
export interface UplinkRate extends IlnpUplinkCounters {
  outPerSecond: number | null;
  inPerSecond: number | null;
  shareOut: number | null;
}

/** The rates between two readings of a site's counters, uplink by uplink, in the latest reading's order. */
export function uplinkRates(previous: CounterSample | null, latest: CounterSample): UplinkRate[] {
  const seconds = previous ? (latest.at - previous.at) / 1000 : 0;
  const before = new Map((previous?.counters.uplinks ?? []).map((u) => [u.port, u]));
  const deltas = latest.counters.uplinks.map((u) => {
    const old = seconds > 0 ? before.get(u.port) : undefined;
    const out = old ? u.outPackets - old.outPackets : null;
    const into = old ? u.inPackets - old.inPackets : null;
    return { uplink: u, out: out !== null && out >= 0 ? out : null, into: into !== null && into >= 0 ? into : null };
  });
  const totalOut = deltas.reduce((sum, d) => sum + (d.out ?? 0), 0);
  return deltas.map(({ uplink, out, into }) => ({
    ...uplink,
    outPerSecond: out === null ? null : out / seconds,
    inPerSecond: into === null ? null : into / seconds,
    shareOut: out === null || totalOut === 0 ? null : out / totalOut,
  }));
}
