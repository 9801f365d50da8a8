// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { Experiment, ExperimentClass, ExperimentClassRole, ExperimentTraffic, GtpuProbe, ProbePacket } from '../core/api-models';
import { listOf } from '../core/field-errors';

/** One class's inputs, as text (numbers as typed, so the server names what is not one). */
export interface ClassFormValue {
  name: string;
  role: ExperimentClassRole;
  latencyClass: string;
  source: string;
  destination: string;
  sourcePort: string;
  destinationPort: string;
  hopLimit: string;
  tree: string;
  policy: string;
  tunnel: string;
  /** The PPPoE session (subscriber's user name or line's name) an ipv6 class exercises. */
  session: string;
  /** The G-PDU of an uplink GTP-U probe (gtpu-decap); all empty: a plain IPv6/UDP probe. */
  gtpuPeerAddress: string;
  gtpuN3Address: string;
  gtpuTeid: string;
  gtpuSourcePort: string;
}

/** The inputs of a class's G-PDU, each with the field of packet.gtpu it sets. */
export const GTPU_INPUTS = {
  gtpuPeerAddress: 'peerAddress', gtpuN3Address: 'n3Address', gtpuTeid: 'teid', gtpuSourcePort: 'sourcePort',
} as const;
type GtpuInput = keyof typeof GTPU_INPUTS;
const GTPU_KEYS = Object.keys(GTPU_INPUTS) as GtpuInput[];

/** Whether any of a class's G-PDU inputs holds something. */
export function hasGtpu(v: Pick<ClassFormValue, GtpuInput>): boolean {
  return GTPU_KEYS.some((key) => v[key].trim() !== '');
}

/** The experiment form's inputs; empty optional inputs leave the field out so the server's default holds. */
export interface ExperimentFormValue {
  id: string;
  name: string;
  description: string;
  ingress: string;
  traffic: ExperimentTraffic;
  packetsPerClass: string;
  intervalMicros: string;
  loadsMbps: string;
  frameSizes: string;
  repetitions: string;
  warmup: string;
  blockSize: string;
  seed: string;
  windowFrom: string;
  windowTo: string;
  thresholds: string;
  meanThresholds: string;
  meanOf: string;
  stages: boolean;
}

export const EMPTY_CLASS: ClassFormValue = {
  name: '', role: 'FEATURE', latencyClass: 'ipv6', source: '', destination: '', sourcePort: '', destinationPort: '',
  hopLimit: '', tree: '', policy: '', tunnel: '', session: '', gtpuPeerAddress: '', gtpuN3Address: '', gtpuTeid: '',
  gtpuSourcePort: '',
};

export const EMPTY_EXPERIMENT_FORM: ExperimentFormValue = {
  id: '', name: '', description: '', ingress: '', traffic: 'PROBES', packetsPerClass: '1000', intervalMicros: '1000',
  loadsMbps: '', frameSizes: '', repetitions: '', warmup: '', blockSize: '', seed: '', windowFrom: '', windowTo: '',
  thresholds: '', meanThresholds: '', meanOf: '', stages: true,
};

/** A number as a number; anything else as typed, so the server's message names the field. */
function number(text: string): number {
  const trimmed = text.trim();
  return trimmed !== '' && Number.isFinite(Number(trimmed)) ? Number(trimmed) : (trimmed as unknown as number);
}

function numbers(text: string): number[] {
  return listOf(text).map(number);
}

/** The G-PDU the inputs describe; an empty TEID or port is left out, so the server says it is required or takes 2152. */
function gtpuOf(v: ClassFormValue): GtpuProbe {
  const gtpu = { peerAddress: v.gtpuPeerAddress.trim(), n3Address: v.gtpuN3Address.trim() } as GtpuProbe;
  if (v.gtpuTeid.trim()) gtpu.teid = number(v.gtpuTeid);
  if (v.gtpuSourcePort.trim()) gtpu.sourcePort = number(v.gtpuSourcePort);
  return gtpu;
}

/** A class's packet when any of its inputs (the G-PDU's included) holds something; what is typed is never dropped. */
function packetOf(v: ClassFormValue): ProbePacket | null {
  const typed = [v.source, v.destination, v.sourcePort, v.destinationPort, v.hopLimit].some((t) => t.trim() !== '');
  if (!typed && !hasGtpu(v)) return null;
  const packet: ProbePacket = { source: v.source.trim(), destination: v.destination.trim() };
  if (v.sourcePort.trim()) packet.sourcePort = number(v.sourcePort);
  if (v.destinationPort.trim()) packet.destinationPort = number(v.destinationPort);
  if (v.hopLimit.trim()) packet.hopLimit = number(v.hopLimit);
  if (hasGtpu(v)) packet.gtpu = gtpuOf(v);
  return packet;
}

function classOf(v: ClassFormValue): ExperimentClass {
  const c: ExperimentClass = { name: v.name.trim(), role: v.role, latencyClass: v.latencyClass };
  const packet = packetOf(v);
  if (packet) c.packet = packet;
  if (v.tree.trim()) c.tree = v.tree.trim();
  if (v.policy.trim()) c.policy = v.policy.trim();
  if (v.tunnel.trim()) c.tunnel = v.tunnel.trim();
  if (v.session.trim()) c.session = v.session.trim();
  return c;
}

/** The experiment JSON the form describes. */
export function experimentOf(v: ExperimentFormValue, classes: ClassFormValue[]): Experiment {
  const e: Experiment = { id: v.id.trim(), ingress: v.ingress.trim() || null, traffic: v.traffic, classes: classes.map(classOf) };
  if (v.name.trim()) e.name = v.name.trim();
  if (v.description.trim()) e.description = v.description.trim();
  const optional = ['packetsPerClass', 'intervalMicros', 'repetitions', 'warmup', 'blockSize', 'seed', 'meanOf'] as const;
  for (const key of optional) {
    if (v[key].trim()) e[key] = number(v[key]);
  }
  const lists = ['loadsMbps', 'frameSizes', 'thresholds', 'meanThresholds'] as const;
  for (const key of lists) {
    if (v[key].trim()) e[key] = numbers(v[key]);
  }
  if (v.windowFrom.trim() || v.windowTo.trim()) e.window = { from: v.windowFrom.trim(), to: v.windowTo.trim() };
  e.stages = v.stages;
  return e;
}

const text = (value: number | null | undefined) => (value === null || value === undefined ? '' : String(value));
const list = (values: number[] | undefined) => (values ?? []).join(', ');

/** The inputs showing an experiment (a preset to start from). */
export function formOf(e: Experiment): { value: ExperimentFormValue; classes: ClassFormValue[] } {
  return {
    value: {
      id: e.id, name: e.name ?? '', description: e.description ?? '', ingress: e.ingress ?? '', traffic: e.traffic ?? 'PROBES',
      packetsPerClass: text(e.packetsPerClass), intervalMicros: text(e.intervalMicros), loadsMbps: list(e.loadsMbps),
      frameSizes: list(e.frameSizes), repetitions: text(e.repetitions), warmup: text(e.warmup), blockSize: text(e.blockSize),
      seed: text(e.seed), windowFrom: e.window?.from ?? '', windowTo: e.window?.to ?? '', thresholds: list(e.thresholds),
      meanThresholds: list(e.meanThresholds), meanOf: text(e.meanOf), stages: e.stages ?? true,
    },
    classes: e.classes.map((c) => ({
      name: c.name, role: c.role ?? 'FEATURE', latencyClass: c.latencyClass, source: c.packet?.source ?? '',
      destination: c.packet?.destination ?? '', sourcePort: text(c.packet?.sourcePort),
      destinationPort: text(c.packet?.destinationPort), hopLimit: text(c.packet?.hopLimit), tree: c.tree ?? '',
      policy: c.policy ?? '', tunnel: c.tunnel ?? '', session: c.session ?? '',
      gtpuPeerAddress: c.packet?.gtpu?.peerAddress ?? '', gtpuN3Address: c.packet?.gtpu?.n3Address ?? '',
      gtpuTeid: text(c.packet?.gtpu?.teid), gtpuSourcePort: text(c.packet?.gtpu?.sourcePort),
    })),
  };
}

/** Top-level fields with an input of the same name. */
const INPUTS = new Set(['id', 'name', 'description', 'ingress', 'traffic', 'packetsPerClass', 'intervalMicros',
  'loadsMbps', 'frameSizes', 'repetitions', 'warmup', 'blockSize', 'seed', 'thresholds', 'meanThresholds', 'meanOf',
  'stages', 'classes']);
/** Fields the server names otherwise than the input that sets them. */
const RENAMED: Record<string, string> = { interval: 'intervalMicros', window: 'windowFrom', 'window.from': 'windowFrom',
  'window.to': 'windowTo' };

/** A class's fields named otherwise than their input: the G-PDU's, and the G-PDU as a whole ("gtpu"). */
const CLASS_RENAMED: Record<string, string> = {
  'packet.gtpu': 'gtpu',
  ...Object.fromEntries(GTPU_KEYS.map((key) => [`packet.gtpu.${GTPU_INPUTS[key]}`, key])),
};
/** A class's inputs, and the messages about its packet and G-PDU as a whole. */
const CLASS_INPUTS = new Set([...Object.keys(EMPTY_CLASS), 'packet', 'gtpu']);

/**
 * The input that shows a server field's message: "classes[1].packet.destination" → "classes.1.destination",
 * "classes[1].packet" → "classes.1.packet", "classes[4].packet.gtpu.teid" → "classes.4.gtpuTeid",
 * "classes[4].tunnel" → "classes.4.tunnel", "classes[0].session" → "classes.0.session",
 * "frameSizes[2]" → "frameSizes", "interval" → "intervalMicros"; a field no input sets belongs to the whole form ("").
 */
export function inputOf(path: string): string {
  const inClass = /^classes\[(\d+)\](?:\.([\w.]+))?$/.exec(path);
  if (inClass) {
    if (!inClass[2]) return `classes.${inClass[1]}`;
    const field = CLASS_RENAMED[inClass[2]] ?? inClass[2].replace(/^packet\./, '');
    return CLASS_INPUTS.has(field) ? `classes.${inClass[1]}.${field}` : '';
  }
  const item = /^(\w+)\[\d+\]$/.exec(path);
  const field = item ? item[1] : path;
  return RENAMED[field] ?? (INPUTS.has(field) ? field : '');
}

/**
 * Each server message beside its input; messages for one input are joined. A list item's message says
 * which value it is about, and one for no input names its field.
 */
export function placed(fields: Readonly<Record<string, string>>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const input = inputOf(path);
    const item = /^\w+\[(\d+)\]$/.exec(path);
    const text = !input ? `${path}: ${message}` : item ? `value ${Number(item[1]) + 1}: ${message}` : message;
    out[input] = out[input] ? `${out[input]}; ${text}` : text;
  }
  return out;
}
