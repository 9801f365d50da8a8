// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors

/** JSON shapes of MSR6 trees (definitions/Msr6TreeRequest.json), as the REST API writes them. */

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
