// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.onosproject.net.DeviceId;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Objects;

/**
 * What a study's trials are judged against: ONOS's route count and each switch's installed
 * routes, read together once (a study waits until it holds still, or comes back after a failover),
 * with the routes ONOS has not yet seen on their switch (not part of the comparison: a state with
 * some is one ONOS's view has not caught up with).
 */
final class RoutingState {
    private final int routes;
    private final Map<DeviceId, Integer> entries;
    private final int unconfirmed;

    private RoutingState(int routes, Map<DeviceId, Integer> entries, int unconfirmed) {
        this.routes = routes;
        this.entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
        this.unconfirmed = unconfirmed;
    }

    /** The network's routing state now. */
    static RoutingState of(StudyNetwork network) {
        return new RoutingState(network.routes(), network.entries(), network.unconfirmedRoutes());
    }

    /** Whether ONOS has seen every route it wrote on its switch (none REQUESTED). */
    boolean confirmed() {
        return unconfirmed == 0;
    }

    /** ONOS's route count. */
    int routes() {
        return routes;
    }

    /** Each switch's installed routes. */
    Map<DeviceId, Integer> entries() {
        return entries;
    }

    @Override
    public boolean equals(Object other) {
        if (this == other) {
            return true;
        }
        if (!(other instanceof RoutingState)) {
            return false;
        }
        RoutingState that = (RoutingState) other;
        return routes == that.routes && entries.equals(that.entries);
    }

    @Override
    public int hashCode() {
        return Objects.hash(routes, entries);
    }

    @Override
    public String toString() {
        return routes + " routes, entries " + entries + (unconfirmed == 0 ? "" : ", " + unconfirmed + " unconfirmed");
    }
}
