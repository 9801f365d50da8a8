// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors

/** JSON shapes of GTP-U tunnels (definitions/GtpuTunnel.json), as the REST API writes them. */

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

/** What the controller's Echo Requests say of a GTP-U path (TS 29.281 7.2.1). */
export type GtpuPathState = 'UNKNOWN' | 'UP' | 'DOWN';

/** A path in use: a decap device's N3 address to a tunnel's peer (definitions of GET gtpu/paths). */
export interface GtpuPath {
  device: string;
  n3Address: string;
  peerAddress: string;
  state: GtpuPathState;
  requestsSent: number;
  responses: number;
  /** Requests unanswered since the last answer. */
  missed: number;
  /** ISO-8601, null: never. */
  lastRequest: string | null;
  lastResponse: string | null;
  /** Why the last round sent the path no request (no installed route to the peer, ...); null when it sent one. */
  notEchoed: string | null;
  /** When its device's master is next due to send it a request, ISO-8601, as that master wrote it; null: not planned yet. */
  nextRequest: string | null;
}

/** GET gtpu/paths: how the echoes run, and every path in use (each echoed by its device's master). */
export interface GtpuPaths {
  echoIntervalSeconds: number;
  echoMisses: number;
  /** The answering instance's next round, ISO-8601; null while supervision is not running. */
  nextRound: string | null;
  paths: GtpuPath[];
}
