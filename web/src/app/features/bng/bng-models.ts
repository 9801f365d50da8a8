// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors

/** JSON shapes of PPPoE subscribers (definitions/BngConfig.json), as the REST API writes them. */

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
