// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors

/** JSON shapes of APN6 policies (definitions/Apn6Policy.json), as the REST API writes them. */

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
