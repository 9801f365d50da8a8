// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors

/** JSON shapes of the Sixflow REST API at /onos/sixflow/v1 (camelCase, as the codecs write them). */

export type PipeconfTarget = 'bmv2' | 'tofino' | 'other';

export interface PipeconfSummary {
  id: string;
  target: PipeconfTarget;
  architecture: string | null;
  tables: number;
  actions: number;
  counters: number;
  registers: number;
  extensions: string[];
  devices: string[];
}

export interface MatchField {
  id: string;
  bitWidth: number;
  matchType: string;
}

export interface TableModel {
  id: string;
  maxSize: number;
  matchFields: MatchField[];
  actions: string[];
}

export interface CounterModel {
  id: string;
  size: number;
  unit: string;
}

export interface RegisterModel {
  id: string;
  size: number;
}

/** GET /pipeconfs/{id}: the summary's counts replaced by the full lists. */
export interface PipeconfDetail {
  id: string;
  target: PipeconfTarget;
  architecture: string | null;
  extensions: string[];
  devices: string[];
  tables: TableModel[];
  counters: CounterModel[];
  registers: RegisterModel[];
}

export type DeviceRole = 'EDGE' | 'TRANSIT';

export interface Device {
  id: string;
  available: boolean;
  role: DeviceRole | null;
  pipeconf: string | null;
  driver: string | null;
  manufacturer: string | null;
  swVersion: string | null;
  locator: string | null;
}

export type DatabaseStatus = 'UP' | 'DOWN' | 'DISABLED';

/** What the last day-partition maintenance did (counts since the database connected). */
export interface RetentionStatus {
  retentionDays: number;
  lastRun: string;
  partitions: number;
  partitionsCreated: number;
  partitionsDropped: number;
  rowsMoved: number;
  rowsExpired: number;
  error: string | null;
}

/** Rows PostgreSQL refused, set aside in sixflow.quarantined_rows instead of being retried forever. */
export interface QuarantineStatus {
  rows: number;
  /** When this instance last set a row aside; null if it has not. */
  lastQuarantined: string | null;
  /** What PostgreSQL said then, after the destination table; null if nothing was set aside. */
  lastReason: string | null;
}

export interface DatabaseHealth {
  status: DatabaseStatus;
  url: string | null;
  schemaVersion: string | null;
  message: string | null;
  /** Absent from older apps; null before the first maintenance run. */
  retention?: RetentionStatus | null;
  /** Absent from older apps; null while no database is open. */
  quarantine?: QuarantineStatus | null;
}

export interface Health {
  database: DatabaseHealth;
  pipeconfs: number;
  devices: number;
  /** Only where Sixflow runs over a stand-in core (the demo harness): what is simulated and how to get the real lab. */
  environment?: EnvironmentInfo;
}

export interface EnvironmentInfo {
  kind: 'simulated' | string;
  note: string;
}

export interface HistoryEvent {
  time: string;
  kind: string;
  subject: string;
  detail: string;
}

/** GET /topology: every device and every link (one entry per direction). */
export interface TopologyLink {
  src: string;
  dst: string;
  state: 'ACTIVE' | 'INACTIVE';
}

export interface Topology {
  devices: Device[];
  links: TopologyLink[];
}


export interface LatencyPoint {
  time: string;
  count: number;
  meanNs: number;
  minNs: number;
  maxNs: number;
}

export interface LatencySeries {
  device: string;
  class: string;
  port: number | null;
  from: string;
  to: string;
  stepSeconds: number;
  source: 'samples' | 'aggregates';
  /** What minNs/maxNs cover: each step's samples, or (aggregates) the registers' running extremes since the pipeline started. */
  extremes?: 'per-step' | 'since-registers-started';
  points: LatencyPoint[];
}

export interface LatencyHistogram {
  device: string;
  class: string;
  count: number;
  edgesNs: number[];
  counts: number[];
}

export interface ClassStatistics {
  class: string;
  count: number;
  meanNs: number;
  stdevNs: number;
  minNs: number;
  maxNs: number;
  rangeNs: number;
  p50Ns: number;
  p90Ns: number;
  p99Ns: number;
  ks: { statistic: number; pValue: number; normal: boolean };
}

/** GET /telemetry/statistics: a feature class against a baseline, as in the latency studies. */
export interface LatencyStatistics {
  device: string;
  from: string;
  to: string;
  feature: ClassStatistics;
  baseline: ClassStatistics;
  overhead: {
    meanRatio: number;
    kMean: number;
    kStdev: number;
    probabilities: { threshold: number; probability: number }[];
  };
  stability: { pairs: number; mean: number; max: number } | null;
}

export interface PortCounters {
  device: string;
  port: string;
  time: string;
  inPackets: number | null;
  outPackets: number | null;
  inOctets: number | null;
  outOctets: number | null;
  inDiscards: number | null;
  outDiscards: number | null;
  inErrors: number | null;
  outErrors: number | null;
  inPacketsPerSecond: number | null;
  outPacketsPerSecond: number | null;
  inBitsPerSecond: number | null;
  outBitsPerSecond: number | null;
}

export interface TableOccupancy {
  device: string;
  table: string;
  entries: number;
  size: number;
  time: string;
}

export interface MauResource {
  name: string;
  used: number;
  capacity: number;
}

/** GET /resources/mau: the Tofino compiler's per-stage resource use. */
export interface MauReport {
  pipeconf: string;
  compiler: string;
  stageCount: number;
  stages: { stage: number; resources: MauResource[] }[];
  totals: MauResource[];
}

/** A `latency` event of the SSE stream. */
export interface LatencyBatch {
  device: string;
  class: string;
  count: number;
  meanNs: number;
  time: string;
}

/** GET /telemetry/replicas: latency per replica of a replicating class (MSR6). */
export interface ReplicaLatencies {
  device: string;
  class: string;
  replicas: { replica: number; count: number; meanNs: number; stdevNs: number | null; minNs: number; maxNs: number }[];
}

/** GET /telemetry/ports/history: a port's rates over time. */
export interface PortHistory {
  device: string;
  port: string;
  points: {
    time: string;
    inPacketsPerSecond: number | null;
    outPacketsPerSecond: number | null;
    inBitsPerSecond: number | null;
    outBitsPerSecond: number | null;
  }[];
}

/** Where an experiment's packets come from (org.sixflow.app.api.ExperimentTraffic). */
export const EXPERIMENT_TRAFFIC = ['PROBES', 'HOSTS', 'EXTERNAL'] as const;
export type ExperimentTraffic = (typeof EXPERIMENT_TRAFFIC)[number];
export type ExperimentClassRole = 'BASELINE' | 'FEATURE';

/**
 * The G-PDU around an uplink GTP-U probe (gtpu-decap): from the tunnel's peer to its N3 address with
 * its uplink TEID, carrying the packet it belongs to as the inner packet.
 */
export interface GtpuProbe {
  peerAddress: string;
  n3Address: string;
  teid: number;
  sourcePort?: number;
}

/** How a class's probe packets look. */
export interface ProbePacket {
  source: string;
  destination: string;
  sourcePort?: number;
  destinationPort?: number;
  hopLimit?: number;
  /** Absent or null: a plain IPv6/UDP probe. */
  gtpu?: GtpuProbe | null;
}

/** One class of an experiment: the baseline or a feature under test. */
export interface ExperimentClass {
  name: string;
  role?: ExperimentClassRole;
  latencyClass: string;
  packet?: ProbePacket | null;
  tree?: string | null;
  policy?: string | null;
  /** The GTP-U tunnel a gtpu-encap-* or gtpu-decap class exercises. */
  tunnel?: string | null;
  /** The PPPoE session an ipv6 class exercises: its subscriber's user name or its line's name (device/port/S-VID/C-VID). */
  session?: string | null;
}

/** One cell of an experiment: a frame size at an interval or a load rate. */
export interface ExperimentCell {
  index: number;
  frameSize: number;
  intervalNanos: number;
  loadMbps: number | null;
}

/**
 * An experiment (definitions/Experiment.json). Requests may leave optional fields out (the server's
 * defaults hold); answers carry every field, the read-only cells and packetsInRun included.
 */
export interface Experiment {
  id: string;
  name?: string;
  description?: string;
  ingress: string | null;
  traffic?: ExperimentTraffic;
  classes: ExperimentClass[];
  packetsPerClass?: number;
  intervalMicros?: number | null;
  loadsMbps?: number[];
  frameSizes?: number[];
  repetitions?: number;
  warmup?: number;
  blockSize?: number;
  seed?: number;
  window?: { from: string; to: string } | null;
  thresholds?: number[];
  meanThresholds?: number[];
  meanOf?: number;
  stages?: boolean;
  cells?: ExperimentCell[];
  packetsInRun?: number;
}

export type ExperimentRunState = 'QUEUED' | 'RUNNING' | 'DONE' | 'CANCELLED' | 'FAILED';

/** How well the sender kept the interval asked for. */
export interface PacingSummary {
  requestedIntervalNanos: number;
  packets: number;
  meanErrorNanos: number | null;
  p99ErrorNanos: number | null;
  maxErrorNanos: number | null;
  meanLatenessNanos: number | null;
  achievedPacketsPerSecond: number | null;
}

/** A run of an experiment (definitions/ExperimentRun.json); poll it to follow it. */
export interface ExperimentRun {
  id: number;
  experimentId: string;
  state: ExperimentRunState;
  reason: string | null;
  node: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  sent: number;
  total: number;
  progress: number;
  cancelRequested: boolean;
  pacing: PacingSummary | null;
  resultsMillis: number | null;
}

/** GET /experiments: each experiment with its newest run. */
export interface ExperimentSummary extends Experiment {
  lastRun: ExperimentRun | null;
}

/** GET /experiments/{id}: the experiment with its runs, newest first. */
export interface ExperimentDetail extends Experiment {
  runs: ExperimentRun[];
}

/** POST /experiments/validate: problems by the JSON path of the field they concern. */
export interface ExperimentValidation {
  valid: boolean;
  fields: Record<string, string>;
}

/** A class's latency in one cell, in nanoseconds; figures that do not exist are null. */
export interface ExperimentLatency {
  count: number;
  mean: number | null;
  stdev: number | null;
  variance: number | null;
  min: number | null;
  max: number | null;
  range: number | null;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  ksStatistic: number | null;
  ksPValue: number | null;
}

/** |(T2 − T1) − (t2 − t1)| / (t2 − t1) of consecutive packets, in decade bins. */
export interface ExperimentStability {
  count: number;
  mean: number | null;
  p50: number | null;
  p90: number | null;
  p99: number | null;
  max: number | null;
  bins: { from: number; to: number | null; count: number }[];
}

/** A place where a device measured a class's packets (a copy of an MSR6 replication, an APN6 transit…). */
export interface ExperimentStage {
  device: string;
  latencyClass: string;
  replica: number;
  egressPort: number;
  count: number;
  mean: number | null;
  variance: number | null;
  min: number | null;
  max: number | null;
}

/** One class's results in one cell. */
export interface ExperimentClassResult {
  className: string;
  role: ExperimentClassRole;
  latencyClass: string;
  device: string;
  sent: number;
  warmupSent: number;
  received: number;
  lost: number;
  lossRatio: number;
  lossBasis: 'PROBES' | 'REPORT_SEQUENCE';
  duplicates: number;
  reordered: number;
  latency: ExperimentLatency | null;
  jitterNanos: number | null;
  offeredMbps: number | null;
  goodputMbps: number | null;
  stability: ExperimentStability | null;
  stages: ExperimentStage[];
  repetitions: { repetition: number; sent: number; received: number; mean: number | null }[];
  confidence: { level: number; n: number; mean: number | null; halfWidth: number | null; low: number | null;
    high: number | null } | null;
  /** The evidence that the switch queued while this class was measured (then no comparison is drawn); null when it kept up. */
  queueing: string | null;
}

/** P(K ≤ threshold): the probability that the overhead stays within the threshold. */
export interface OverheadProbability {
  threshold: number | null;
  valueNanos: number | null;
  probability: number | null;
}

/** A feature against the baseline in one cell, as the studies compare them. */
export interface FeatureComparison {
  cellIndex: number;
  feature: string;
  baseline: string;
  diff: { mean: number | null; stdev: number | null; max: number | null; min: number | null };
  meanRatio: number | null;
  kMean: number | null;
  kStdev: number | null;
  onePacket: OverheadProbability[];
  meanOf: number;
  meanOfPackets: OverheadProbability[];
}

/** One of the studies' tables, laid out as they print it. */
export interface ExperimentTable {
  id: string;
  title: string;
  columns: string[];
  rows: (string | number | null)[][];
}

/** GET /experiments/{id}/runs/{run}/results (definitions/ExperimentResults.json). */
export interface ExperimentResults {
  runId: number;
  experimentId: string;
  pacing: PacingSummary | null;
  cells: { cell: ExperimentCell; classes: ExperimentClassResult[] }[];
  comparisons: FeatureComparison[];
  tables: ExperimentTable[];
}

/** One telemetry report of a run's probe. */
export interface ExperimentSample {
  runId: number;
  classIndex: number;
  sequence: number;
  cellIndex: number;
  repetition: number;
  warmup: boolean;
  device: string;
  latencyClass: string;
  replica: number;
  ingressPort: number;
  egressPort: number;
  ingressTimestampNanos: number;
  deltaNanos: number;
  arrival: number;
}

/**
 * GET /experiments/compare?a=&b=: two runs class by class, with Welch's p-value of the difference, and
 * the tables a study lays two runs out in (the PPPoE study's, for two PPPoE runs; an older server sends none).
 */
export interface RunComparison {
  runA: number;
  runB: number;
  rows: {
    cellIndex: number;
    className: string;
    countA: number;
    countB: number;
    meanA: number | null;
    meanB: number | null;
    difference: number | null;
    ratio: number | null;
    pValue: number | null;
  }[];
  tables: ExperimentTable[];
}
