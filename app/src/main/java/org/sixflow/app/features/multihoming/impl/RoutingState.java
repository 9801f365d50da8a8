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
 * routes, read together once (a study waits until it holds still, or comes back after a failover).
 */
final class RoutingState {
    private final int routes;
    private final Map<DeviceId, Integer> entries;

    private RoutingState(int routes, Map<DeviceId, Integer> entries) {
        this.routes = routes;
        this.entries = Collections.unmodifiableMap(new LinkedHashMap<>(entries));
    }

    /** The network's routing state now. */
    static RoutingState of(StudyNetwork network) {
        return new RoutingState(network.routes(), network.entries());
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
        return routes + " routes, entries " + entries;
    }
}
