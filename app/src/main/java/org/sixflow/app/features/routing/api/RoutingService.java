// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.api;

import org.onosproject.event.ListenerService;
import org.onosproject.net.DeviceId;

import java.util.List;

/**
 * IPv6 unicast routing: the {@code routing_v6} entries Sixflow keeps on every device running a
 * Sixflow pipeconf, for host subnets, hosts and locators, along shortest paths. Routes follow
 * the network on their own; there is nothing to create or remove.
 */
public interface RoutingService extends ListenerService<RoutingEvent, RoutingListener> {

    /**
     * Returns every device's routes, by device id then prefix, each with the state of its entry.
     *
     * @return routes
     */
    List<Ipv6Route> routes();

    /**
     * Returns one device's routes, by prefix, each with the state of its entry.
     *
     * @param deviceId the device
     * @return routes; empty for a device that has none
     * @throws IllegalArgumentException if ONOS does not know the device
     */
    List<Ipv6Route> routes(DeviceId deviceId);
}
