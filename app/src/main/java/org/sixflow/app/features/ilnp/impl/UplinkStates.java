// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Link;
import org.onosproject.net.Port;
import org.onosproject.net.device.DeviceService;

import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Which uplink ports are down, as this instance sees them: a port ONOS reports disabled, or one
 * whose link ONOS had discovered and then lost. An uplink to a router ONOS does not manage has no
 * link at all: it counts as up while its port is.
 */
final class UplinkStates {

    private final DeviceService devices;
    /** Ports that have had a link since this instance started. */
    private final Set<ConnectPoint> linked = ConcurrentHashMap.newKeySet();
    /** Of those, the ones whose link is gone. */
    private final Set<ConnectPoint> lost = ConcurrentHashMap.newKeySet();

    UplinkStates(DeviceService devices, Iterable<Link> links) {
        this.devices = devices;
        links.forEach(link -> {
            linked.add(link.src());
            linked.add(link.dst());
        });
    }

    /**
     * A link came: its ends are up.
     *
     * @param link the link
     * @return whether an end was down before
     */
    boolean added(Link link) {
        linked.add(link.src());
        linked.add(link.dst());
        return lost.remove(link.src()) | lost.remove(link.dst());
    }

    /**
     * A link went: its ends are down.
     *
     * @param link the link
     * @return whether an end was up before
     */
    boolean removed(Link link) {
        boolean changed = false;
        for (ConnectPoint end : new ConnectPoint[]{link.src(), link.dst()}) {
            if (linked.contains(end)) {
                changed |= lost.add(end);
            }
        }
        return changed;
    }

    /**
     * Returns whether an uplink port is down.
     *
     * @param port the device's port
     * @return true when its link was lost or ONOS reports the port disabled
     */
    boolean isDown(ConnectPoint port) {
        if (lost.contains(port)) {
            return true;
        }
        Port state = devices.getPort(port);
        return state != null && !state.isEnabled();
    }
}
