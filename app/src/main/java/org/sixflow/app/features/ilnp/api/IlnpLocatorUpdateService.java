// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.api;

import java.util.List;
import java.util.Map;

/**
 * The Locator Updates (RFC 6743) this instance's border routers punted to it: counted per site,
 * the last ones kept, and each forwarded on as the data plane would have (docs/features/ilnp.md).
 * What one instance heard; other instances keep their own.
 */
public interface IlnpLocatorUpdateService {

    /** How many Locator Updates a site keeps. */
    int KEPT = 16;

    /**
     * Returns how many Locator Updates a site's border router punted for it, this instance.
     *
     * @param site site name
     * @return the count (0 for a site that had none)
     */
    long received(String site);

    /**
     * Returns the last Locator Updates of a site, newest first.
     *
     * @param site site name
     * @return at most {@link #KEPT}
     */
    List<ReceivedLocatorUpdate> lastReceived(String site);

    /**
     * Returns every punted Locator Update by what became of it, malformed ones included.
     *
     * @return counts, every outcome present
     */
    Map<LocatorUpdateOutcome, Long> outcomes();
}
