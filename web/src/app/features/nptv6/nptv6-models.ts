// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors

/** JSON shapes of NPTv6 mappings (definitions/Nptv6Mapping.json), as the REST API writes them. */

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
