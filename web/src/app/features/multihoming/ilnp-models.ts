// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors

/** JSON shapes of ILNP sites (definitions/IlnpSite.json), as the REST API writes them. */

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

/** A locator as a Locator Update gives it: the /64, its preference (lower is preferred) and lifetime in seconds. */
export interface AdvertisedLocator {
  locator: string;
  preference: number;
  lifetime: number;
}

/**
 * A session of a site host with a correspondent, as the border router's reports showed it: its Nonce's
 * length (never the Nonce), when it was seen, the Locator Updates the router sent for the host, and
 * the correspondent's locators as its own last update gave them.
 */
export interface IlnpSession {
  host: string;
  correspondent: string;
  nonceOctets: number;
  firstSeen: string;
  lastSeen: string;
  updatesSent: number;
  lastUpdate: string | null;
  lastAdvertised: AdvertisedLocator[];
  correspondentLocators: AdvertisedLocator[];
}

/** GET ilnp/sites/{name}/sessions: the sessions seen lately, most recently seen first, and the updates sent in all. */
export interface IlnpSessions {
  site: string;
  updatesSent: number;
  sessions: IlnpSession[];
}
