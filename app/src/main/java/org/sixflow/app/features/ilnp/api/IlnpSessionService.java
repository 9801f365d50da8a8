// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import java.util.List;

/**
 * The sessions of each site's hosts that this instance's border routers showed it in their
 * telemetry reports, and the Locator Updates it sends their correspondents on the hosts' behalf
 * when the uplinks a site serves change (RFC 6748's site-controlled deployment:
 * docs/features/ilnp.md#sbr-locator-updates). What one instance learned; others keep their own.
 */
public interface IlnpSessionService {

    /**
     * Returns a site's sessions seen lately, most recently seen first.
     *
     * @param site site name
     * @return the sessions (empty for an unknown site)
     */
    List<IlnpSession> sessions(String site);

    /**
     * Returns how many Locator Updates this instance sent for a site's hosts (copies included).
     *
     * @param site site name
     * @return the count
     */
    long updatesSent(String site);
}
