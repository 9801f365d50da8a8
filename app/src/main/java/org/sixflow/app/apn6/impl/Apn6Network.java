// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.apn6.impl;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.edge.EdgePortService;
import org.sixflow.app.api.DeviceRole;
import org.sixflow.app.config.SixflowDeviceConfig;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * What policies compile against, read once: every device with a valid Sixflow netcfg (transit
 * SLA handling goes on each) and the EDGE devices with their host-facing ports. A device whose
 * netcfg is missing (or whose config class is not registered yet) is not part of it.
 */
final class Apn6Network {

    private final List<DeviceId> devices;
    private final Map<DeviceId, Set<ConnectPoint>> edges;

    private Apn6Network(List<DeviceId> devices, Map<DeviceId, Set<ConnectPoint>> edges) {
        this.devices = devices;
        this.edges = edges;
    }

    /**
     * Reads the network now.
     *
     * @param deviceService devices
     * @param configService their netcfg
     * @param edgePorts     edge ports
     * @return the network
     */
    static Apn6Network read(DeviceService deviceService, NetworkConfigService configService,
                            EdgePortService edgePorts) {
        ImmutableList.Builder<DeviceId> devices = ImmutableList.builder();
        ImmutableMap.Builder<DeviceId, Set<ConnectPoint>> edges = ImmutableMap.builder();
        for (Device device : deviceService.getDevices()) {
            SixflowDeviceConfig config = SixflowDeviceConfig.validOf(configService, device.id()).orElse(null);
            if (config == null) {
                continue;
            }
            devices.add(device.id());
            if (config.deviceRole() == DeviceRole.EDGE) {
                edges.put(device.id(), ImmutableSet.copyOf(edgePorts.getEdgePoints(device.id())));
            }
        }
        return new Apn6Network(devices.build(), edges.build());
    }

    /** Every Sixflow device. */
    List<DeviceId> devices() {
        return devices;
    }

    /** EDGE devices with their host-facing ports. */
    Map<DeviceId, Set<ConnectPoint>> edges() {
        return edges;
    }

    boolean isEdgePort(ConnectPoint port) {
        return edges.getOrDefault(port.deviceId(), Set.of()).contains(port);
    }
}
