// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Answers of the ILNP and multihoming APIs as their codecs (and the study's contract) write them,
// shared by the multihoming specs.
import { IlnpSite, IlnpSiteCounters } from './ilnp-models';
import { MultihomingCell, MultihomingGridRow, MultihomingRun, MultihomingRunSummary, MultihomingStudy } from './multihoming-models';

export const BASE = '/onos/sixflow/v1';
export const SITES = `${BASE}/ilnp/sites?limit=1000`;

export const SITE_A: IlnpSite = {
  name: 'site-a', device: 'device:sbr', internalLocator: 'fd00:5:1:1::/64', siteId: 1, revision: 3, state: 'INSTALLED',
  uplinks: [
    { port: 2, locator: '2001:db8:a01:1::/64', routerMac: '00:aa:00:00:02:01', nextHopMac: '00:aa:00:00:0a:01', weight: 80 },
    { port: 3, locator: '2001:db8:b01:1::/64', routerMac: '00:aa:00:00:03:01', nextHopMac: '00:aa:00:00:0b:01', weight: 20 },
  ],
};

/** A reading of site-a's counters: per uplink [out packets, in packets] (bytes 1,000 a packet). */
export function counters(byPort: Record<number, [number, number]>, site = 'site-a'): IlnpSiteCounters {
  return { site, uplinks: Object.entries(byPort).map(([port, [out, into]]) => ({
    port: Number(port), weight: Number(port) === 2 ? 80 : 20, outPackets: out, outBytes: out * 1000,
    inPackets: into, inBytes: into * 1000,
  })) };
}

export const THESIS: MultihomingStudy = {
  id: 'thesis', name: 'ILNP thesis grid', description: 'IPv6, NPTv6 and ILNP on the multihomed lab',
  siteHost: 'h_site', correspondentHost: 'h_cn',
  protocols: [
    { protocol: 'IPV6', destination: 'fd00:5:c::10' },
    { protocol: 'NPTV6', destination: 'fd00:5:c::10', mappings: [
      { internalPrefix: 'fd00:5:1::/48', externalPrefix: '2001:db8:a01::/48', uplink: 'device:sbr/2' },
      { internalPrefix: 'fd00:5:1::/48', externalPrefix: '2001:db8:b01::/48', uplink: 'device:sbr/3' }] },
    { protocol: 'ILNP', destination: 'fd49:4c4e::b', site: { device: 'device:sbr', internalLocator: 'fd00:5:1::/64', uplinks: [
      { port: 2, locator: '2001:db8:a01:1::/64', routerMac: '00:aa:00:00:02:01', nextHopMac: '00:aa:00:00:0a:01' },
      { port: 3, locator: '2001:db8:b01:1::/64', routerMac: '00:aa:00:00:03:01', nextHopMac: '00:aa:00:00:0b:01' }] } },
  ],
  frameSizes: [128, 1514], loadsMbps: { '128': [1, 10, 100], '1514': [10, 100, 1000] },
  sharing: [[100, 0], [50, 50], [80, 20]], tcp: true, repetitions: 3, trialSeconds: 5,
  failover: { uplink: 'device:sbr/2', afterSeconds: 2, seconds: 15 }, createdAt: '2026-11-30T01:00:00Z',
};

export function summary(id: number, state: MultihomingRunSummary['state'], extra: Partial<MultihomingRunSummary> = {}): MultihomingRunSummary {
  return { id, studyId: 'thesis', state, reason: null, createdAt: '2026-11-30T01:05:00Z',
    startedAt: state === 'QUEUED' ? null : '2026-11-30T01:05:01Z',
    finishedAt: state === 'QUEUED' || state === 'RUNNING' ? null : '2026-11-30T02:00:00Z',
    cellsTotal: 60, cellsDone: state === 'DONE' ? 60 : 12, ...extra };
}

type RowKey = Pick<MultihomingGridRow, 'protocol' | 'transport' | 'frameSize' | 'loadMbps'>;

/** A grid cell that reached its rate with nothing lost, but for what is given. */
export function gridRow(row: RowKey & Partial<MultihomingGridRow>): MultihomingGridRow {
  return { sharing: null, repetitions: 3, goodputMbps: row.loadMbps ?? 500, goodputCi95: null, lossPercent: 0,
    byteLossPercent: 0, jitterMs: 0.012, reordered: 0, rttMeanMs: 0.41, uplinkShares: { 'device:sbr/2': 1 }, limit: null, ...row };
}

/** A trial (one repetition) of a cell. */
export function cell(row: RowKey & Partial<MultihomingCell>): MultihomingCell {
  return { sharing: null, repetition: 1, startedAt: '2026-11-30T01:10:00Z', sentMbps: row.loadMbps, goodputMbps: row.loadMbps,
    packetsSent: 1000, packetsLost: 0, lossPercent: 0, bytesSent: 1_000_000, bytesReceived: 1_000_000, byteLossPercent: 0,
    jitterMs: 0.01, reordered: 0, retransmits: null, rtt: null, uplinks: [], switchLatency: [], routesBefore: 10,
    routesAfter: 12, entriesBefore: {}, entriesAfter: {}, limit: null, limitReason: null, ...row };
}

/**
 * A finished run: IPv6 (no sharing) and ILNP at 80/20, listed ILNP first as a server may. IPv6 at
 * 128 bytes and 10 Mbit/s has a confidence interval; at 128 bytes and 100 Mbit/s the sender could not
 * keep up; ILNP's 1514-byte 1,000 Mbit/s is beyond the lab.
 */
export const RUN: MultihomingRun = {
  ...summary(7, 'DONE'),
  cells: [
    cell({ protocol: 'ILNP', sharing: '80/20', transport: 'UDP', frameSize: 1514, loadMbps: 1000, goodputMbps: 938,
      limit: 'LAB_CAPACITY', limitReason: 'the lab\'s links carry 940 Mbit/s at most' }),
    cell({ protocol: 'IPV6', transport: 'UDP', frameSize: 128, loadMbps: 100, goodputMbps: 61, limit: 'SENDER', limitReason: null }),
  ],
  grid: [
    gridRow({ protocol: 'ILNP', sharing: '80/20', transport: 'UDP', frameSize: 128, loadMbps: 10, goodputMbps: 9.97,
      uplinkShares: { 'device:sbr/3': 0.21, 'device:sbr/2': 0.79 } }),
    gridRow({ protocol: 'ILNP', sharing: '80/20', transport: 'UDP', frameSize: 1514, loadMbps: 1000, goodputMbps: 938.2,
      lossPercent: 6.2, limit: 'LAB_CAPACITY' }),
    gridRow({ protocol: 'ILNP', sharing: '80/20', transport: 'TCP', frameSize: 1514, loadMbps: null, goodputMbps: 911.5, rttMeanMs: null }),
    gridRow({ protocol: 'IPV6', transport: 'UDP', frameSize: 128, loadMbps: 10, goodputMbps: 9.98, goodputCi95: 0.12,
      lossPercent: 0.02, byteLossPercent: 0.03, jitterMs: 0.0123, reordered: 4, rttMeanMs: 0.412 }),
    gridRow({ protocol: 'IPV6', transport: 'UDP', frameSize: 128, loadMbps: 100, goodputMbps: 61.3, limit: 'SENDER' }),
    gridRow({ protocol: 'IPV6', transport: 'UDP', frameSize: 1514, loadMbps: 100 }),
    gridRow({ protocol: 'IPV6', transport: 'UDP', frameSize: 1514, loadMbps: 1000, goodputMbps: 941 }),
    gridRow({ protocol: 'IPV6', transport: 'TCP', frameSize: 128, loadMbps: null, goodputMbps: 400 }),
    gridRow({ protocol: 'IPV6', transport: 'TCP', frameSize: 1514, loadMbps: null, goodputMbps: 930 }),
  ],
  failovers: [
    { protocol: 'ILNP', uplink: 'device:sbr/2', afterSeconds: 2, repairMs: 120.4, probesSent: 750, probesAnswered: 744,
      note: 'the border router moved the flows to uplink 3' },
    { protocol: 'IPV6', uplink: 'device:sbr/2', afterSeconds: 2, repairMs: 3380, probesSent: 750, probesAnswered: 580,
      note: 'the host took the other provider\'s address' },
    { protocol: 'NPTV6', uplink: 'device:sbr/2', afterSeconds: 2, repairMs: null, probesSent: 750, probesAnswered: 100, note: null },
  ],
  siteRoutes: [
    { protocol: 'ILNP', address: '2001:db8:a01:1::10', siteSpecificOutsideSite: 0,
      routes: [{ device: 'device:pa', prefix: '2001:db8:a00::/40', kind: 'aggregate', siteSpecific: false }] },
    { protocol: 'IPV6', address: '2001:db8:a01::10', siteSpecificOutsideSite: 2, routes: [
      { device: 'device:pb', prefix: '2001:db8:a01::/48', kind: 'static', siteSpecific: true },
      { device: 'device:pa', prefix: '2001:db8:a00::/40', kind: 'aggregate', siteSpecific: false },
      { device: 'device:pa', prefix: '2001:db8:a01::/48', kind: 'delegated', siteSpecific: true },
    ] },
    { protocol: 'NPTV6', address: '2001:db8:b01::10', siteSpecificOutsideSite: 1,
      routes: [{ device: 'device:cn', prefix: '2001:db8:b01::/48', kind: 'static', siteSpecific: true }] },
  ],
};
