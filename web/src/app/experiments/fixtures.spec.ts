// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
// Answers of the experiments API as its codecs write them, shared by the experiments specs.
import { Experiment, ExperimentClassResult, ExperimentDetail, ExperimentResults, ExperimentRun, ExperimentSample, ExperimentSummary, ExperimentTable } from '../core/api-models';

export const BASE = '/onos/sixflow/v1';

export const APN6: ExperimentDetail = {
  id: 'apn6-vs-ipv6', name: 'APN6 vs IPv6', description: 'insertion against forwarding', ingress: 'device:beijing/1',
  traffic: 'PROBES',
  classes: [
    { name: 'ipv6', role: 'BASELINE', latencyClass: 'ipv6', tree: null, policy: null,
      packet: { source: 'fd00:1:1::10', destination: 'fd00:1:3::10', sourcePort: 40000, destinationPort: 5004, hopLimit: 64 } },
    { name: 'apn6', role: 'FEATURE', latencyClass: 'apn6-insert', tree: null, policy: 'apn6-ietf109',
      packet: { source: 'fd00:1:1::10', destination: 'fd00:1:3::10', sourcePort: 40000, destinationPort: 6100, hopLimit: 64 } },
  ],
  packetsPerClass: 2000, intervalMicros: 1000, loadsMbps: [], frameSizes: [128], repetitions: 1, warmup: 0, blockSize: 100,
  seed: 1, thresholds: [0.018, 0.02], meanThresholds: [], meanOf: 10000, stages: true,
  cells: [{ index: 0, frameSize: 128, intervalNanos: 1_000_000, loadMbps: null }], packetsInRun: 4000, runs: [],
};

const probe = (source: string, destination: string) =>
  ({ source, destination, sourcePort: 40000, destinationPort: 5004, hopLimit: 64 });

/**
 * The GTP-U preset as a request: classes naming tunnels, the uplink class's probe a G-PDU (what the
 * form must send back unchanged after showing it).
 */
export const GTPU_MURAKAMI_REQUEST: Experiment = {
  id: 'gtpu-murakami', name: 'GTP-U checksum as in draft-murakami',
  description: 'IPv6 forwarding against GTP-U encapsulation and uplink decapsulation', ingress: 'device:beijing/1',
  traffic: 'PROBES',
  classes: [
    { name: 'ipv6', role: 'BASELINE', latencyClass: 'ipv6', packet: probe('fd00:1:1::10', 'fd00:1:3::10') },
    { name: 'gtpu-zero', role: 'FEATURE', latencyClass: 'gtpu-encap-zero', packet: probe('fd00:1:1::10', 'fd00:99:1::10'),
      tunnel: 'murakami-zero' },
    { name: 'gtpu-full', role: 'FEATURE', latencyClass: 'gtpu-encap-full', packet: probe('fd00:1:1::10', 'fd00:99:2::10'),
      tunnel: 'murakami-full' },
    { name: 'gtpu-incremental', role: 'FEATURE', latencyClass: 'gtpu-encap-incremental',
      packet: probe('fd00:1:1::10', 'fd00:99:3::10'), tunnel: 'murakami-incremental' },
    { name: 'gtpu-decap', role: 'FEATURE', latencyClass: 'gtpu-decap',
      packet: { ...probe('fd00:99:1::10', 'fd00:1:3::10'),
        gtpu: { peerAddress: 'fd00:1:3::10', n3Address: 'fd00:1:1::2152', teid: 4097, sourcePort: 2152 } },
      tunnel: 'murakami-zero' },
  ],
  packetsPerClass: 1000, loadsMbps: [1.1936, 5.968], frameSizes: [1492], repetitions: 1, warmup: 100, blockSize: 100,
  seed: 1, meanOf: 10000, stages: true,
};

/** The GTP-U preset as the codec writes it (GET experiments/presets): every field, nulls and read-only ones included. */
export const GTPU_MURAKAMI: Experiment = {
  ...GTPU_MURAKAMI_REQUEST,
  classes: GTPU_MURAKAMI_REQUEST.classes.map((c) => ({
    tree: null, policy: null, tunnel: null, ...c, packet: { gtpu: null, ...c.packet! } })),
  intervalMicros: null, thresholds: [], meanThresholds: [],
  cells: [{ index: 0, frameSize: 1492, intervalNanos: 10_000_000, loadMbps: 1.1936 },
    { index: 1, frameSize: 1492, intervalNanos: 2_000_000, loadMbps: 5.968 }],
  packetsInRun: 11000,
};

/**
 * A PPPoE preset as a request (pppoe-single, pppoe-split): one ipv6 class naming the subscriber's
 * session, its probes from the subscriber's /64 upstream, HOSTS traffic from the line's port.
 */
function pppoeRequest(id: string, name: string, ingress: string, network: string): Experiment {
  return {
    id, name, description: `119,476 packets of subscriber sub1@sixflow upstream, sent in its PPPoE session's framing from the host on its line's port ${ingress}`,
    ingress, traffic: 'HOSTS',
    classes: [{ name: 'upstream', role: 'BASELINE', latencyClass: 'ipv6', packet: probe('fd33:0:0:1::10:1', network),
      session: 'sub1@sixflow' }],
    packetsPerClass: 119_476, intervalMicros: 1000, frameSizes: [128], repetitions: 1, warmup: 100, blockSize: 100, seed: 1,
    meanOf: 10000, stages: true,
  };
}

/** A PPPoE preset as the codec writes it: every field, nulls and read-only ones included. */
function pppoePreset(request: Experiment): Experiment {
  return {
    ...request,
    classes: request.classes.map((c) => ({ tree: null, policy: null, tunnel: null, session: null, ...c,
      packet: { gtpu: null, ...c.packet! } })),
    loadsMbps: [], thresholds: [], meanThresholds: [],
    cells: [{ index: 0, frameSize: 128, intervalNanos: 1_000_000, loadMbps: null }], packetsInRun: 119_576,
  };
}

export const PPPOE_SINGLE_REQUEST = pppoeRequest('pppoe-single', 'PPPoE single data plane as in the ISP study',
  'device:bng/1', 'fd00:b:1::13');
export const PPPOE_SINGLE = pppoePreset(PPPOE_SINGLE_REQUEST);
export const PPPOE_SPLIT_REQUEST = pppoeRequest('pppoe-split', 'PPPoE split data plane as in the ISP study',
  'device:bng-access/1', 'fd00:b:2::13');
export const PPPOE_SPLIT = pppoePreset(PPPOE_SPLIT_REQUEST);

/** A PPPoE run's table by number of packets (results.tables), the split data plane's two switches. */
export const PPPOE_PACKETS_TABLE: ExperimentTable = {
  id: 'packets-upstream',
  title: 'By number of packets (the PPPoE study\'s layout): upstream, the first N probes every switch on the path '
    + 'reported (119476 of 119476), in-switch time per switch and along the path',
  columns: ['Number of packets', 'device:bng-access mean (ns)', 'device:bng-forward mean (ns)', 'Path mean (ns)',
    'Path total (ns)'],
  rows: [[30, 1210.5, 980.2, 2190.7, 65721], [119_476, 1190.12346, 975.5, 2165.62346, 258_738_026]],
};

/**
 * GET experiments/compare's tables for a pppoe-single run (7) against a pppoe-split run (8); one
 * improvement is null, as the codec writes a figure it could not compute.
 */
export const PPPOE_COMPARISON_TABLES: ExperimentTable[] = [
  { id: 'packets-processing-upstream',
    title: 'Processing time per packet along the path, upstream: run 7 against run 8 (the PPPoE study\'s first table)',
    columns: ['Number of packets', 'Run 7 (ns)', 'Run 8 (ns)', '% improvement of run 8'],
    rows: [[30, 2400.5, 2190.7, 8.739845865444699], [119_476, 2380, 2165.62346, null]] },
  { id: 'packets-total-upstream',
    title: 'In-switch time of all N packets along the path, upstream: run 7 against run 8 (the PPPoE study\'s second table)',
    columns: ['Number of packets', 'Run 7 (ns)', 'Run 8 (ns)'],
    rows: [[30, 72015, 65721], [119_476, 284_352_880, 258_738_026]] },
];

export function run(id: number, state: ExperimentRun['state'], sent = 0, extra: Partial<ExperimentRun> = {}): ExperimentRun {
  return {
    id, experimentId: APN6.id, state, reason: null, node: state === 'QUEUED' ? null : 'n1',
    createdAt: '2026-11-24T10:00:00Z', startedAt: state === 'QUEUED' ? null : '2026-11-24T10:00:01Z',
    finishedAt: ['DONE', 'CANCELLED', 'FAILED'].includes(state) ? '2026-11-24T10:00:05Z' : null,
    sent, total: 4000, progress: sent / 4000, cancelRequested: false, pacing: null, resultsMillis: null, ...extra,
  };
}

export function summary(lastRun: ExperimentRun | null): ExperimentSummary {
  const { runs: _runs, ...experiment } = APN6;
  return { ...experiment, lastRun };
}

function classResult(name: string, role: 'BASELINE' | 'FEATURE', latencyClass: string, mean: number): ExperimentClassResult {
  return {
    className: name, role, latencyClass, device: 'device:beijing', sent: 2000, warmupSent: 0, received: 1999, lost: 1,
    lossRatio: 0.0005, lossBasis: 'PROBES', duplicates: 0, reordered: 2,
    latency: { count: 1999, mean, stdev: 30, variance: 900, min: mean - 60, max: mean + 90, range: 150, p50: mean,
      p90: mean + 40, p99: mean + 80, ksStatistic: 0.02, ksPValue: null },
    jitterNanos: 12.5, offeredMbps: 1.02, goodputMbps: 1.01,
    stability: { count: 1998, mean: 0.0012, p50: 0.001, p90: 0.002, p99: 0.004, max: 0.01,
      bins: [{ from: 0, to: 0.001, count: 1000 }, { from: 0.001, to: null, count: 998 }] },
    stages: role === 'FEATURE' ? [
      { device: 'device:beijing', latencyClass, replica: 0, egressPort: 2, count: 1999, mean, variance: 900, min: mean - 60, max: mean + 90 },
      { device: 'device:wuhan', latencyClass: 'apn6-transit', replica: 0, egressPort: 3, count: 1990, mean: 300, variance: 400, min: 250, max: 420 },
    ] : [],
    repetitions: [{ repetition: 0, sent: 2000, received: 1999, mean }],
    confidence: null,
    queueing: null,
  };
}

export const RESULTS: ExperimentResults = {
  runId: 7, experimentId: APN6.id,
  pacing: { requestedIntervalNanos: 1_000_000, packets: 4000, meanErrorNanos: 5, p99ErrorNanos: 20, maxErrorNanos: 90,
    meanLatenessNanos: 2, achievedPacketsPerSecond: 1000 },
  cells: [{ cell: APN6.cells![0], classes: [classResult('ipv6', 'BASELINE', 'ipv6', 364), classResult('apn6', 'FEATURE', 'apn6-insert', 370.56)] }],
  comparisons: [{
    cellIndex: 0, feature: 'apn6', baseline: 'ipv6', diff: { mean: 6.56, stdev: 0, max: 0, min: 0 }, meanRatio: 1.018,
    kMean: 0.018, kStdev: 0.11,
    onePacket: [{ threshold: 0.018, valueNanos: 6.552, probability: 0.5 }, { threshold: 0.02, valueNanos: 7.28, probability: 0.507 }],
    meanOf: 10000, meanOfPackets: [{ threshold: 0.018, valueNanos: 6.552, probability: 0.4 }],
  }],
  tables: [
    { id: 'latency', title: 'Latency (ns)', columns: ['Experiment', 'Mean', 'STDEV', 'MAX', 'MIN', 'Range'],
      rows: [['1 (ipv6)', 364, 30, 454, 304, 150], ['2 (apn6)', 370.56, 30, 460.56, 310.56, 150],
        ['DIFF (apn6 − ipv6)', 6.56, 0, 0, 0, null]] },
    { id: 'overhead-one-packet', title: 'P(K ≤ x), one packet', columns: ['K ≤', 'Value (ns)', 'Probability'],
      rows: [[0.018, 6.552, 0.5]] },
  ],
};

export function sample(classIndex: number, sequence: number, deltaNanos: number, extra: Partial<ExperimentSample> = {}): ExperimentSample {
  return {
    runId: 7, classIndex, sequence, cellIndex: 0, repetition: 0, warmup: false, device: 'device:beijing',
    latencyClass: classIndex === 0 ? 'ipv6' : 'apn6-insert', replica: 0, ingressPort: 1, egressPort: 2,
    ingressTimestampNanos: sequence * 1_000_000, deltaNanos, arrival: sequence, ...extra,
  };
}
