// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.PortStatistics;
import org.onosproject.net.device.PortStatisticsDiscovery;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.driver.DriverService;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The uplinks' port counters read from their devices now (packets out, packets in): the
 * thesis's link counters, for every protocol alike. Read through the device's driver rather than
 * from ONOS's store, which its provider refreshes only every few seconds: a trial's counts must
 * start and end with the trial. A device whose driver counts no ports (or cannot be read now)
 * gives none.
 */
final class UplinkPortCounters {

    private final Function<DeviceId, Collection<PortStatistics>> read;

    /**
     * Reads through ONOS's drivers.
     *
     * @param drivers the driver service
     */
    UplinkPortCounters(DriverService drivers) {
        this(device -> {
            DriverHandler handler = drivers.createHandler(device);
            return handler.hasBehaviour(PortStatisticsDiscovery.class)
                    ? handler.behaviour(PortStatisticsDiscovery.class).discoverPortStatistics() : null;
        });
    }

    /**
     * Reads with a given function, for tests.
     *
     * @param read a device's port statistics, or null when it counts none
     */
    UplinkPortCounters(Function<DeviceId, Collection<PortStatistics>> read) {
        this.read = read;
    }

    /**
     * The counts of the uplinks whose devices count ports.
     *
     * @param uplinks the uplinks
     * @return out and in packets by uplink, for those read
     */
    Map<ConnectPoint, long[]> read(Set<ConnectPoint> uplinks) {
        Map<ConnectPoint, long[]> counts = new LinkedHashMap<>();
        Map<DeviceId, Set<ConnectPoint>> byDevice = uplinks.stream().collect(
                Collectors.groupingBy(ConnectPoint::deviceId, LinkedHashMap::new, Collectors.toSet()));
        byDevice.forEach((device, points) -> {
            Collection<PortStatistics> statistics;
            try {
                statistics = read.apply(device);
            } catch (RuntimeException e) {
                return; // not readable now: no counts for its uplinks
            }
            if (statistics == null) {
                return;
            }
            for (PortStatistics s : statistics) {
                ConnectPoint point = new ConnectPoint(device, s.portNumber());
                if (points.contains(point)) {
                    counts.put(point, new long[]{s.packetsSent(), s.packetsReceived()});
                }
            }
        });
        return counts;
    }
}
