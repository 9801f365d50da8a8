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

export type Msr6Mode = 'TE' | 'RLB';
export type TreeAlgorithm = 'SHORTEST_PATHS' | 'STEINER';
export type TreeMetric = 'HOPS' | 'LATENCY' | 'COST';

export interface TreeConstraints {
  /** null (or absent): no limit. The server reads 0 as no limit too, as older clients sent it. */
  maxHops: number | null;
  maxCost: number | null;
  minBandwidthMbps: number | null;
  metric: TreeMetric;
  excludedDevices: string[];
  excludedPorts: string[];
}

/** POST /trees body; receivers and source are ports ("device:beijing/3") or hosts ("host:…/None"). */
export interface TreeRequest {
  id: string;
  source: string;
  group: string;
  receivers: string[];
  mode: Msr6Mode;
  algorithm: TreeAlgorithm;
  sourceAddress?: string;
  constraints?: Partial<TreeConstraints>;
}

/** Where a tree is in its life; its owner ONOS instance moves it from REQUESTED on. */
export type TreeState = 'REQUESTED' | 'INSTALLED' | 'FAILED' | 'WITHDRAWN';

/** Why a tree is FAILED: the device that refused it (null when none did) and what went wrong. */
export interface TreeFailure {
  deviceId: string | null;
  reason: string;
}

/** An MSR6 tree as GET /trees/{id} returns it: the request, its state, and the tree last built for it. */
export interface Msr6Tree extends Omit<TreeRequest, 'constraints'> {
  state: TreeState;
  failure: TreeFailure | null;
  /** 0 until the tree is built. */
  number: number;
  replicationPoints: number;
  constraints: TreeConstraints;
  links: { src: string; dst: string }[];
  msids: string[];
  entries: Record<string, number>;
  deviceEntries: Record<string, string[]>;
}

export interface PortRange {
  low: number;
  high: number;
}

export interface PolicyMatch {
  source?: string;
  destination?: string;
  nextHeader?: number;
  sourcePorts?: PortRange;
  destinationPorts?: PortRange;
  ingressPorts?: string[];
}

export interface ApplicationAwareId {
  slaLevel: number;
  appId: number;
  userId: number;
  flowId: number;
}

/** Where a policy is in its lifecycle: stored, confirmed by every device, or refused by one. */
export type PolicyState = 'REQUESTED' | 'INSTALLED' | 'FAILED';

/** The device that refused one of a failed policy's entries, and why. */
export interface PolicyFailure {
  deviceId: string;
  reason: string;
}

/**
 * An APN6 SLA policy (POST/PUT body and list entry). Answers add state (and failure when FAILED);
 * GET /policies/{id} adds deviceEntries.
 */
export interface Apn6Policy {
  id: string;
  name?: string | null;
  priority: number;
  match: PolicyMatch;
  option: ApplicationAwareId;
  slaPriority?: number;
  stripAtEgress: boolean;
  state?: PolicyState;
  failure?: PolicyFailure;
  deviceEntries?: Record<string, string[]>;
}

/** POST /policies/validate, and the "validation" half of a create or replace. */
export interface PolicyValidation {
  valid: boolean;
  entries: number;
  problems: string[];
  conflicts: string[];
  warnings: string[];
}

export interface PolicyAnswer {
  policy: Apn6Policy;
  validation: PolicyValidation;
}

/** The outer UDP checksum of the downlink packets a GTP-U tunnel encapsulates. */
export type GtpuChecksumMode = 'ZERO' | 'FULL' | 'INCREMENTAL';

/** POST gtpu/tunnels (and gtpu/tunnels/validate) body: one UE session's uplink and downlink GTP-U tunnels. */
export interface GtpuTunnelRequest {
  id: string;
  uePrefixes: string[];
  n3Address: string;
  peerAddress: string;
  downlinkTeid: number;
  uplinkTeid: number;
  /** Absent: the encapsulated packets carry no PDU Session Container. */
  qfi?: number;
  checksumMode: GtpuChecksumMode;
  acceptZeroChecksum: boolean;
  decapDevice: string;
  /** Absent: the decap device alone. */
  encapDevices?: string[];
}

/** Where a tunnel is in its life: stored, confirmed by its devices, or refused by one. */
export type GtpuTunnelState = 'REQUESTED' | 'INSTALLED' | 'FAILED';

/** The device that refused a failed tunnel's entries, and why. */
export interface GtpuTunnelFailure {
  deviceId: string;
  reason: string;
}

/**
 * A tunnel's data-plane counters, read live: downlink summed over its encap devices, uplink on its
 * decap device. A device that could not be read is listed in unreadDevices and adds nothing.
 */
export interface GtpuTunnelCounters {
  downlinkPackets: number;
  downlinkBytes: number;
  uplinkPackets: number;
  uplinkBytes: number;
  unreadDevices: string[];
}

/** A tunnel as the server answers it; GET gtpu/tunnels/{id} adds deviceEntries. */
export interface GtpuTunnel extends Omit<GtpuTunnelRequest, 'encapDevices'> {
  encapDevices: string[];
  counterIndex: number;
  state: GtpuTunnelState;
  failure?: GtpuTunnelFailure;
  counters: GtpuTunnelCounters;
  deviceEntries?: Record<string, string[]>;
}

/** One page of GET gtpu/tunnels: next is the following page's offset, null on the last one. */
export interface GtpuTunnelPage {
  tunnels: GtpuTunnel[];
  total: number;
  next: number | null;
}

/**
 * POST gtpu/tunnels/validate: what would refuse the tunnel, without storing it: problems (a 400 on
 * create) and conflicts, each P4 table of a device too full for its entries (a 409).
 */
export interface GtpuTunnelValidation {
  valid: boolean;
  problems: string[];
  conflicts: string[];
}

/** LatencyClass labels, in code order (org.sixflow.app.api.LatencyClass). */
export const LATENCY_CLASSES = [
  'ipv6', 'apn6-insert', 'apn6-transit', 'msr6-te-encap', 'msr6-rlb-encap', 'msr6-replicate', 'msr6-decap',
  'gtpu-encap-zero', 'gtpu-encap-full', 'gtpu-encap-incremental', 'gtpu-decap',
] as const;
export type LatencyClassLabel = (typeof LATENCY_CLASSES)[number];

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

/** GET /experiments/compare?a=&b=: two runs class by class, with Welch's p-value of the difference. */
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
}

/** Where an NPTv6 mapping is in its lifecycle: stored, confirmed by its uplink's device, or refused by it. */
export type Nptv6MappingState = 'REQUESTED' | 'INSTALLED' | 'FAILED';

/**
 * An NPTv6 mapping of a site border router (POST nptv6/mappings body): the internal prefix is
 * translated to the external one on packets leaving by the uplink ("device/port"), and back.
 */
export interface Nptv6MappingRequest {
  id: string;
  internalPrefix: string;
  externalPrefix: string;
  uplink: string;
}

/** A mapping as GET nptv6/mappings lists it; GET nptv6/mappings/{id} adds its entries on the uplink's device. */
export interface Nptv6Mapping extends Nptv6MappingRequest {
  state: Nptv6MappingState;
  failure?: { deviceId: string; reason: string };
  entries?: string[];
}

/** One page of GET nptv6/mappings: next is the following page's offset, null on the last one. */
export interface Nptv6MappingPage {
  mappings: Nptv6Mapping[];
  total: number;
  next: number | null;
}

/** Where a PPPoE session is, as the BNG relay follows it (LINK → AUTHENTICATING → NETWORK → UP → ENDED). */
export type BngSessionState = 'LINK' | 'AUTHENTICATING' | 'NETWORK' | 'UP' | 'ENDED';

/** The session states in the order a session goes through them. */
export const BNG_SESSION_STATES: readonly BngSessionState[] = ['LINK', 'AUTHENTICATING', 'NETWORK', 'UP', 'ENDED'];

/**
 * A subscriber line as the relay has seen it (GET bng/lines): its access port ("device/port"),
 * S-tag and C-tag (0: none), the data plane's line id (0 until its line map has the line), the
 * control frames relayed from it and when the last came. Its name is "device/port/S-VID/C-VID".
 */
export interface BngLine {
  name: string;
  port: string;
  sTag: number;
  cTag: number;
  lineId: number;
  controlFrames: number;
  lastSeen: string;
  /** The line's configured meter (written while it has a session); both directions null: unmetered. */
  meter: BngLineMeter;
}

/** One direction of a line's RFC 2698 trTCM: rates in kbit/s, bursts in bytes. */
export interface BngMeterRate {
  cirKbps: number;
  cbsBytes: number;
  pirKbps: number;
  pbsBytes: number;
}

/** A line's meter, each direction null for unmetered. */
export interface BngLineMeter {
  upstream: BngMeterRate | null;
  downstream: BngMeterRate | null;
}

/** A line's own meter (BngConfig.lineMeters), by its VLAN ids. */
export interface BngLineMeterConfig extends Partial<BngLineMeter> {
  sTag?: number;
  cTag?: number;
}

/** GET bng/lines: the lines, and the frames the relay dropped, by reason. */
export interface BngLines {
  lines: BngLine[];
  dropped: Record<string, number>;
}

/** Packets and bytes of one of a line's counters (ONOS's BngCounterType names: UPSTREAM_TX, …). */
export interface BngCounter {
  packets: number;
  bytes: number;
}

/**
 * A PPPoE session (GET bng/sessions, bng/sessions/{id}): the controller's id, its line, PPPoE's
 * session id, the subscriber's and the server's MAC, its state, what PPP negotiated (user, IPv4,
 * IPv6 and its /64), why it ended, whether its entries are installed, and its line's counters
 * (only the types the device's pipeline has; none before its entries are installed).
 */
export interface BngSession {
  id: number;
  line: BngLine;
  sessionId: number;
  subscriberMac: string;
  serverMac: string;
  state: BngSessionState;
  user?: string;
  ipv4?: string;
  ipv6?: string;
  ipv6Prefix?: string;
  /** The prefix the BNG delegated to the subscriber by DHCPv6, while its client holds it. */
  delegatedPrefix?: string;
  endReason?: string;
  started: string;
  install: { state: 'REQUESTED' | 'INSTALLED' | 'FAILED'; failure?: { deviceId: string; reason: string } };
  counters: Record<string, BngCounter>;
}

/** A line's configured IPv6 /64 and, optionally, the prefix the BNG delegates to it by DHCPv6, by its VLAN ids (0: no tag). */
export interface BngLinePrefix {
  sTag: number;
  cTag: number;
  prefix: string;
  delegated?: string | null;
}

/**
 * The relay's configuration (GET/PUT bng/config; definitions/BngConfig.json): the PPPoE server's
 * port, the LCP echo timing that ends a vanished peer's session, and where subscribers' /64s come
 * from. GET answers every field (server and prefixPool null when unset); PUT requires server.
 */
export interface BngConfig {
  server: string | null;
  echoIntervalSeconds?: number;
  echoMisses?: number;
  linePrefixes?: BngLinePrefix[];
  prefixPool?: string | null;
  /** Where lines without a configured delegated prefix get one (DHCPv6-PD), and its prefixes' length. */
  delegatedPool?: string | null;
  delegatedLength?: number;
  /** The split BNG's forwarding device (bng-forward); null or absent: one device holds each line's whole BNG. */
  forwardDevice?: string | null;
  /** The meter of every line without one of its own; null or absent: unmetered. */
  defaultMeter?: Partial<BngLineMeter> | null;
  /** Lines' own meters, each replacing defaultMeter for its line. */
  lineMeters?: BngLineMeterConfig[];
}

/** Where an ILNP site is in its lifecycle: stored, confirmed by its border router, or refused by it. */
export type IlnpSiteState = 'REQUESTED' | 'INSTALLED' | 'FAILED';

/**
 * An uplink of an ILNP site (IlnpSiteCodec): its port on the border router, the provider's /64
 * locator the site's packets leave with, the MACs of the link, and the operator's weight (percent of
 * the site's flows; the weights of a site sum to 100).
 */
export interface IlnpUplink {
  port: number;
  locator: string;
  routerMac: string;
  nextHopMac: string;
  weight: number;
}

/**
 * An ILNP site as GET ilnp/sites lists it (RFC 6748's site-controlled deployment): its border router,
 * the internal locator its hosts use, its uplinks, and its install state; siteId and revision (one on
 * with each weight change) are the server's. GET ilnp/sites/{name} adds its entries.
 */
export interface IlnpSite {
  name: string;
  device: string;
  internalLocator: string;
  siteId: number;
  revision: number;
  uplinks: IlnpUplink[];
  state: IlnpSiteState;
  failure?: { deviceId: string; reason: string };
  entries?: string[];
}

/** One page of GET ilnp/sites: next is the following page's offset, null on the last one. */
export interface IlnpSitePage {
  sites: IlnpSite[];
  total: number;
  next: number | null;
}

/** An uplink's counters (ilnp_uplink_in/out: ILNP packets and octets rewritten by it since the pipeline was loaded). */
export interface IlnpUplinkCounters {
  port: number;
  weight: number;
  inPackets: number;
  inBytes: number;
  outPackets: number;
  outBytes: number;
}

/** GET ilnp/sites/{name}/counters, read from the border router (503 when it cannot be read now). */
export interface IlnpSiteCounters {
  site: string;
  uplinks: IlnpUplinkCounters[];
}

/** What the border router's controller did with a Locator Update (LocatorUpdateOutcome). */
export type LocatorUpdateOutcome = 'FORWARDED_INTO_SITE' | 'FORWARDED_OUT' | 'MALFORMED' | 'NOT_FOR_A_SITE'
  | 'FROM_OUTSIDE_THE_SITE' | 'NO_HOST' | 'HOP_LIMIT' | 'NOT_SIXFLOW_DEVICE';

/** A Locator Update (RFC 6743) the site's border router punted: when, by which port, its addresses, locators and fate. */
export interface ReceivedLocatorUpdate {
  received: string;
  receivedFrom: string;
  source: string;
  destination: string;
  operation: 'advertisement' | 'acknowledgement';
  outcome: LocatorUpdateOutcome;
  locators: { locator: string; preference: number; lifetime: number }[];
}

/** GET ilnp/sites/{name}/locator-updates: how many came, and the last ones, newest first. */
export interface IlnpLocatorUpdates {
  site: string;
  received: number;
  last: ReceivedLocatorUpdate[];
}

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
