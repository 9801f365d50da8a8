// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.api;

import org.onosproject.event.AbstractEvent;

/**
 * A device's route appeared, changed its next hop or went away, after the network changed.
 */
public class RoutingEvent extends AbstractEvent<RoutingEvent.Type, Ipv6Route> {

    /** What happened. */
    public enum Type {
        /** A device has a route for a prefix it had none for. */
        ROUTE_ADDED,
        /** A device's route for a prefix leaves by another port or towards another MAC. */
        ROUTE_UPDATED,
        /** A device no longer routes a prefix. */
        ROUTE_REMOVED
    }

    /**
     * Creates an event.
     *
     * @param type  what happened
     * @param route the route (for removals, as it was)
     */
    public RoutingEvent(Type type, Ipv6Route route) {
        super(type, route);
    }
}
