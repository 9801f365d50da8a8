// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
import { GtpuChecksumMode, GtpuTunnelRequest } from './gtpu-models';
import { listOf } from '../../core/field-errors';
import { isIpv6Prefix, notGlobalUnicast, sameIpv6 } from '../../core/ipv6';

/** The tunnel form's values, one per input (text as typed). */
export interface TunnelFormValue {
  id: string;
  uePrefixes: string;
  n3Address: string;
  peerAddress: string;
  downlinkTeid: string;
  uplinkTeid: string;
  qfi: string;
  checksumMode: GtpuChecksumMode;
  acceptZeroChecksum: boolean;
  decapDevice: string;
  encapDevices: string;
}

export const EMPTY_TUNNEL_FORM: TunnelFormValue = {
  id: '', uePrefixes: '', n3Address: '', peerAddress: '', downlinkTeid: '', uplinkTeid: '', qfi: '',
  checksumMode: 'INCREMENTAL', acceptZeroChecksum: false, decapDevice: '', encapDevices: '',
};

/** The checksum modes, in the order the form offers them, with what each does. */
export const CHECKSUM_MODES: readonly { value: GtpuChecksumMode; label: string }[] = [
  { value: 'INCREMENTAL', label: 'Incremental (updated from the inner checksum)' },
  { value: 'FULL', label: 'Full (computed over the packet; not on Tofino)' },
  { value: 'ZERO', label: 'Zero (no checksum, RFC 6935)' },
];

/** The contract's limits (issue 17), mirrored so a mistyped value is caught before a round trip. */
export const TUNNEL_ID_PATTERN = /^[a-z0-9-]{1,32}$/;
export const MAX_UE_PREFIXES = 16;
export const MAX_TEID = 4294967295;
export const MAX_QFI = 63;

/** Request fields a server message can name; each is also the form input that shows it. */
export const TUNNEL_FIELDS = [
  'id', 'uePrefixes', 'n3Address', 'peerAddress', 'downlinkTeid', 'uplinkTeid', 'qfi', 'checksumMode',
  'acceptZeroChecksum', 'decapDevice', 'encapDevices',
] as const;

/** A whole number as a number; anything else as typed, so the server's message names the field. */
function number(text: string): number {
  const trimmed = text.trim();
  return /^\d+$/.test(trimmed) ? Number(trimmed) : (trimmed as unknown as number);
}

/** The request the form describes; an empty QFI and empty encap devices are left out for the server's defaults. */
export function tunnelOf(v: TunnelFormValue): GtpuTunnelRequest {
  const request: GtpuTunnelRequest = {
    id: v.id.trim(), uePrefixes: listOf(v.uePrefixes), n3Address: v.n3Address.trim(), peerAddress: v.peerAddress.trim(),
    downlinkTeid: number(v.downlinkTeid), uplinkTeid: number(v.uplinkTeid), checksumMode: v.checksumMode,
    acceptZeroChecksum: v.acceptZeroChecksum, decapDevice: v.decapDevice.trim(),
  };
  if (v.qfi.trim()) request.qfi = number(v.qfi);
  const encap = listOf(v.encapDevices);
  if (encap.length > 0) request.encapDevices = encap;
  return request;
}

/** What is wrong with a whole number that must lie in low..high, or null. */
function outOfRange(text: string, low: number, high: number): string | null {
  const trimmed = text.trim();
  if (!trimmed) return 'is required';
  if (!/^\d+$/.test(trimmed)) return `must be a whole number ${low}..${high}`;
  const value = Number(trimmed);
  return value < low || value > high ? `must be ${low}..${high}, not ${trimmed}` : null;
}

/**
 * The form's mistakes the contract lets the browser see, by input (empty when there are none).
 * What needs the network (locators, SIDs, hosts, other tunnels, Tofino devices) is the server's to say.
 */
export function tunnelProblems(v: TunnelFormValue): Record<string, string> {
  const problems: Record<string, string> = {};
  const id = v.id.trim();
  if (!TUNNEL_ID_PATTERN.test(id)) {
    problems['id'] = id ? `id "${id}" must be 1-32 lower-case letters, digits or dashes` : 'id is required';
  }
  const prefixes = listOf(v.uePrefixes);
  const badPrefix = prefixes.find((p) => !isIpv6Prefix(p));
  if (prefixes.length === 0) {
    problems['uePrefixes'] = 'uePrefixes needs at least one IPv6 prefix';
  } else if (badPrefix !== undefined) {
    problems['uePrefixes'] = `uePrefixes: "${badPrefix}" is not an IPv6 prefix like fd00:9:1::/64`;
  } else if (prefixes.length > MAX_UE_PREFIXES) {
    problems['uePrefixes'] = `uePrefixes holds at most ${MAX_UE_PREFIXES} prefixes, not ${prefixes.length}`;
  }
  const address = (field: 'n3Address' | 'peerAddress') => {
    const text = v[field].trim();
    if (!text) return `${field} is required`;
    const why = notGlobalUnicast(text);
    return why ? `${field} "${text}" ${why}` : null;
  };
  const n3 = address('n3Address');
  if (n3) problems['n3Address'] = n3;
  const peer = address('peerAddress');
  if (peer) {
    problems['peerAddress'] = peer;
  } else if (!n3 && sameIpv6(v.n3Address, v.peerAddress)) {
    problems['peerAddress'] = 'peerAddress must differ from n3Address';
  }
  for (const field of ['downlinkTeid', 'uplinkTeid'] as const) {
    const why = outOfRange(v[field], 1, MAX_TEID);
    if (why) problems[field] = `${field} ${why}`;
  }
  if (v.qfi.trim()) {
    const why = outOfRange(v.qfi, 0, MAX_QFI);
    if (why) problems['qfi'] = `qfi ${why}`;
  }
  if (!CHECKSUM_MODES.some((m) => m.value === v.checksumMode)) {
    problems['checksumMode'] = 'checksumMode must be ZERO, FULL or INCREMENTAL';
  }
  if (!v.decapDevice.trim()) problems['decapDevice'] = 'decapDevice is required';
  return problems;
}
