// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors

/** JSON shapes of the multihoming study (definitions/MultihomingStudy.json), as the REST API writes them. */

/** The ways of multihoming a site the study compares. */
export type MultihomingProtocol = 'IPV6' | 'NPTV6' | 'ILNP';

/** How a study sets a protocol up: where the site host sends to, and NPTv6's mappings or ILNP's site. */
export interface MultihomingProtocolSetup {
  protocol: MultihomingProtocol;
  destination: string;
  mappings?: { internalPrefix: string; externalPrefix: string; uplink: string }[];
  site?: {
    device: string;
    internalLocator: string;
    uplinks: { port: number; locator: string; routerMac: string; nextHopMac: string }[];
  };
}

/**
 * A multihoming study (POST multihoming/studies body; the thesis's grid): protocols × frame sizes ×
 * loads (per frame size, Mbit/s) × load sharing (ILNP only, percent per uplink) × repetitions, UDP
 * and optionally TCP, and an uplink failure to measure failover with.
 */
export interface MultihomingStudy {
  id: string;
  name: string;
  description: string;
  siteHost: string;
  correspondentHost: string;
  protocols: MultihomingProtocolSetup[];
  frameSizes: number[];
  loadsMbps: Record<string, number[]>;
  sharing: number[][];
  tcp: boolean;
  repetitions: number;
  trialSeconds: number;
  failover: { uplink: string; afterSeconds: number; seconds: number } | null;
  createdAt?: string;
}

export type MultihomingRunState = 'QUEUED' | 'RUNNING' | 'DONE' | 'FAILED' | 'CANCELLED';

/** A run of a study as its list shows it; poll GET multihoming/runs/{id} to follow it. */
export interface MultihomingRunSummary {
  id: number;
  studyId: string;
  state: MultihomingRunState;
  reason: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  cellsTotal: number;
  cellsDone: number;
}

/** Why a cell's rate was not reached: the sender's limit, or more than the lab can carry. */
export type MultihomingLimit = 'SENDER' | 'LAB_CAPACITY';

/** One trial of the grid, as measured (one repetition). */
export interface MultihomingCell {
  protocol: MultihomingProtocol;
  transport: 'UDP' | 'TCP';
  frameSize: number;
  loadMbps: number | null;
  sharing: string | null;
  repetition: number;
  startedAt: string;
  sentMbps: number | null;
  goodputMbps: number | null;
  packetsSent: number | null;
  packetsLost: number | null;
  lossPercent: number | null;
  bytesSent: number | null;
  bytesReceived: number | null;
  byteLossPercent: number | null;
  jitterMs: number | null;
  reordered: number | null;
  retransmits: number | null;
  rtt: { sent: number; received: number; minMs: number; meanMs: number; maxMs: number; mdevMs: number } | null;
  uplinks: { uplink: string; packetsOut: number; packetsIn: number; shareOut: number | null }[];
  switchLatency: { device: string; packets: number; meanNs: number | null }[];
  routesBefore: number | null;
  routesAfter: number | null;
  entriesBefore: Record<string, number>;
  entriesAfter: Record<string, number>;
  limit: MultihomingLimit | null;
  limitReason: string | null;
}

/** A cell of the grid, averaged over its repetitions (goodputCi95: the 95% confidence interval's half width). */
export interface MultihomingGridRow {
  protocol: MultihomingProtocol;
  sharing: string | null;
  transport: 'UDP' | 'TCP';
  frameSize: number;
  loadMbps: number | null;
  repetitions: number;
  goodputMbps: number | null;
  goodputCi95: number | null;
  lossPercent: number | null;
  byteLossPercent: number | null;
  jitterMs: number | null;
  reordered: number | null;
  rttMeanMs: number | null;
  uplinkShares: Record<string, number>;
  limit: MultihomingLimit | null;
}

/** How a protocol came through an uplink's failure: the time without traffic (null: it never came back). */
export interface MultihomingFailover {
  protocol: MultihomingProtocol;
  uplink: string;
  afterSeconds: number;
  repairMs: number | null;
  probesSent: number;
  probesAnswered: number;
  note: string | null;
}

/** The routing state a protocol leaves: the site's address as the correspondent saw it, and the routes it needed. */
export interface MultihomingSiteRoutes {
  protocol: MultihomingProtocol;
  address: string;
  routes: { device: string; prefix: string; kind: string; siteSpecific: boolean }[];
  siteSpecificOutsideSite: number;
}

/** GET multihoming/runs/{id}: the run with its cells, its grid, its failovers and its routing state. */
export interface MultihomingRun extends MultihomingRunSummary {
  cells: MultihomingCell[];
  grid: MultihomingGridRow[];
  failovers: MultihomingFailover[];
  siteRoutes: MultihomingSiteRoutes[];
}
