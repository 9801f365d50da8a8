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
import org.onosproject.net.pi.service.PiPipeconfService;
import org.sixflow.app.api.DeviceRole;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.impl.ProfileFeatures;
import org.sixflow.app.net.HostPorts;
import org.sixflow.pipeconf.Feature;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What policies compile against, read once: the APN6 domain, every device with a valid Sixflow
 * netcfg whose profile has APN6 (transit SLA handling goes on each), and its EDGE devices with
 * their host-facing ports. A device whose netcfg is missing (or whose config class is not
 * registered yet) is not part of it; nor is one whose profile has no APN6 (a BNG, an NPTv6 site
 * border, a plain IPv6 router of a mixed network): a network-wide policy gets no entries there,
 * and a policy that names one of its ports is refused, naming the device and its profile.
 */
final class Apn6Network {

    private final List<DeviceId> devices;
    private final Map<DeviceId, Set<ConnectPoint>> edges;
    private final Map<DeviceId, String> outside;
    private final HostPorts hostPorts;

    private Apn6Network(List<DeviceId> devices, Map<DeviceId, Set<ConnectPoint>> edges,
                        Map<DeviceId, String> outside, HostPorts hostPorts) {
        this.devices = devices;
        this.edges = edges;
        this.outside = outside;
        this.hostPorts = hostPorts;
    }

    /**
     * Reads the network now.
     *
     * @param deviceService devices
     * @param configService their netcfg
     * @param pipeconfs     the pipeconf each device runs, whose profile says whether it has APN6
     * @param edgePorts     edge ports
     * @param hostPorts     the check of a host-facing port (over the same edge ports)
     * @return the network
     */
    static Apn6Network read(DeviceService deviceService, NetworkConfigService configService,
                            PiPipeconfService pipeconfs, EdgePortService edgePorts, HostPorts hostPorts) {
        ImmutableList.Builder<DeviceId> devices = ImmutableList.builder();
        ImmutableMap.Builder<DeviceId, Set<ConnectPoint>> edges = ImmutableMap.builder();
        ImmutableMap.Builder<DeviceId, String> outside = ImmutableMap.builder();
        for (Device device : deviceService.getDevices()) {
            SixflowDeviceConfig config = SixflowDeviceConfig.validOf(configService, device.id()).orElse(null);
            if (config == null) {
                continue;
            }
            Optional<String> noApn6 = ProfileFeatures.refusal(device.id(), pipeconfs.ofDevice(device.id()),
                                                              Feature.APN6);
            if (noApn6.isPresent()) {
                outside.put(device.id(), noApn6.get());
                continue;
            }
            devices.add(device.id());
            if (config.deviceRole() == DeviceRole.EDGE) {
                edges.put(device.id(), ImmutableSet.copyOf(edgePorts.getEdgePoints(device.id())));
            }
        }
        return new Apn6Network(devices.build(), edges.build(), outside.build(), hostPorts);
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
     * Says why a port cannot be a policy's ingress port: its device's profile has no APN6, it is
     * no host-facing port (the check trees use too), or its device is no EDGE device with a valid
     * sixflow netcfg.
     *
     * @param port the port
     * @return the problem, naming the port or its device, or empty
     */
    Optional<String> ingressPortProblem(ConnectPoint port) {
        if (isEdgePort(port)) {
            return Optional.empty();
        }
        if (outside.containsKey(port.deviceId())) {
            return Optional.of(outside.get(port.deviceId()));
        }
        Optional<String> notHostPort = hostPorts.problem(port);
        if (notHostPort.isPresent()) {
            return notHostPort;
        }
        return Optional.of(port + " is on " + port.deviceId() + ", which is no EDGE device with a valid sixflow "
                                   + "netcfg: only edge devices classify traffic");
    }
}
