// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.PortNumber;
import org.sixflow.app.features.ilnp.api.IlnpSite;
import org.sixflow.app.features.ilnp.api.IlnpUplink;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * The weights a site's uplinks serve while some are down: a down uplink gets none, the others
 * share 100 in proportion to their weights (equally when all of theirs are 0: 100/0 with the
 * first uplink down sends everything by the second). With none down, or all, the site's own.
 */
final class ServingWeights {

    private static final int TOTAL = 100;

    private ServingWeights() {
    }

    /**
     * Returns the site to install.
     *
     * @param site the stored site
     * @param down the connect points of uplinks that are down
     * @return the site itself, or the same revision with the weights the live uplinks serve
     */
    static IlnpSite of(IlnpSite site, Set<ConnectPoint> down) {
        List<IlnpUplink> live = new ArrayList<>();
        for (IlnpUplink uplink : site.uplinks()) {
            if (!down.contains(new ConnectPoint(site.device(), uplink.port()))) {
                live.add(uplink);
            }
        }
        if (live.size() == site.uplinks().size() || live.isEmpty()) {
            return site;
        }
        int sum = live.stream().mapToInt(IlnpUplink::weight).sum();
        Map<PortNumber, Integer> weights = new LinkedHashMap<>();
        site.uplinks().forEach(u -> weights.put(u.port(), 0));
        int given = 0;
        for (IlnpUplink uplink : live) {
            int share = sum == 0 ? TOTAL / live.size() : uplink.weight() * TOTAL / sum;
            weights.put(uplink.port(), share);
            given += share;
        }
        // What rounding left goes to the live uplink with the largest share (the first of equals).
        IlnpUplink largest = live.get(0);
        for (IlnpUplink uplink : live) {
            if (weights.get(uplink.port()) > weights.get(largest.port())) {
                largest = uplink;
            }
        }
        weights.put(largest.port(), weights.get(largest.port()) + TOTAL - given);
        return site.servingWeights(weights);
    }
}
