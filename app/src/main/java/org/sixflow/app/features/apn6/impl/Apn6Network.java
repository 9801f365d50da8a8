// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

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
import org.sixflow.app.net.HostPorts;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What policies compile against, read once: every device with a valid Sixflow netcfg (transit
 * SLA handling goes on each) and the EDGE devices with their host-facing ports. A device whose
 * netcfg is missing (or whose config class is not registered yet) is not part of it.
 */
final class Apn6Network {

    private final List<DeviceId> devices;
    private final Map<DeviceId, Set<ConnectPoint>> edges;
    private final HostPorts hostPorts;

    private Apn6Network(List<DeviceId> devices, Map<DeviceId, Set<ConnectPoint>> edges, HostPorts hostPorts) {
        this.devices = devices;
        this.edges = edges;
        this.hostPorts = hostPorts;
    }

    /**
     * Reads the network now.
     *
     * @param deviceService devices
     * @param configService their netcfg
     * @param edgePorts     edge ports
     * @param hostPorts     the check of a host-facing port (over the same edge ports)
     * @return the network
     */
    static Apn6Network read(DeviceService deviceService, NetworkConfigService configService,
                            EdgePortService edgePorts, HostPorts hostPorts) {
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
        return new Apn6Network(devices.build(), edges.build(), hostPorts);
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

    /**
     * Says why a port cannot be a policy's ingress port: it is no host-facing port (the check
     * trees use too), or its device is no EDGE device with a valid sixflow netcfg.
     *
     * @param port the port
     * @return the problem, naming the port, or empty
     */
    Optional<String> ingressPortProblem(ConnectPoint port) {
        if (isEdgePort(port)) {
            return Optional.empty();
        }
        Optional<String> notHostPort = hostPorts.problem(port);
        if (notHostPort.isPresent()) {
            return notHostPort;
        }
        return Optional.of(port + " is on " + port.deviceId() + ", which is no EDGE device with a valid sixflow "
                                   + "netcfg: only edge devices classify traffic");
    }
}
