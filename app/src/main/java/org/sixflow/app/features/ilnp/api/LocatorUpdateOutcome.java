// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

/**
 * What the border router's controller did with a Locator Update the data plane punted
 * (PUNT_ILNP_LOCATOR_UPDATE). docs/features/ilnp.md says why each.
 */
public enum LocatorUpdateOutcome {
    /** From a provider to a site host: destination locator made the internal one, sent to the host. */
    FORWARDED_INTO_SITE,
    /** From a site host out: source locator made the flow's uplink's, sent out of that uplink. */
    FORWARDED_OUT,
    /** Not an IPv6 packet carrying a whole, well-formed Locator Update: dropped. */
    MALFORMED,
    /** Neither to a provider locator nor from the internal locator of a site of the device: dropped. */
    NOT_FOR_A_SITE,
    /** Claims a site's internal locator as source but came in by one of its uplinks: dropped. */
    FROM_OUTSIDE_THE_SITE,
    /** For a site host ONOS does not know here and no route of this device reaches: dropped. */
    NO_HOST,
    /** Its hop limit would run out here: dropped, as routing would. */
    HOP_LIMIT,
    /** The device has no valid sixflow netcfg (no router MAC): dropped. */
    NOT_SIXFLOW_DEVICE
}
