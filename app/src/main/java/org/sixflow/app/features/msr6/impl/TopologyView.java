// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Link;
import org.onosproject.net.PortNumber;
import org.onosproject.net.config.NetworkConfigService;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.link.LinkService;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.features.msr6.api.TreeConstraints;
import org.sixflow.app.features.msr6.impl.compile.TreeNetwork;
import org.sixflow.app.features.msr6.impl.tree.Graph;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * A snapshot of the network as a graph: available devices with a valid Sixflow netcfg and not
 * excluded are the vertices (sorted by id, so the same network gives the same numbering); active
 * links between them that the constraints allow are the edges, weighted by the chosen metric.
 */
final class TopologyView implements TreeNetwork {

    private final List<DeviceId> devices = new ArrayList<>();
    private final Map<DeviceId, Integer> vertexOf = new HashMap<>();
    private final Map<DeviceId, SixflowDeviceConfig> configs = new HashMap<>();
    private final List<Link> edges = new ArrayList<>();
    private final Map<Integer, Set<PortNumber>> receiverPorts = new HashMap<>();
    private final Graph graph;

    TopologyView(DeviceService deviceService, LinkService linkService, NetworkConfigService configService,
                 TreeConstraints constraints) {
        Map<DeviceId, SixflowDeviceConfig> usable = new TreeMap<>((a, b) -> a.toString().compareTo(b.toString()));
        for (Device device : deviceService.getAvailableDevices()) {
            SixflowDeviceConfig config = configService.getConfig(device.id(), SixflowDeviceConfig.class);
            if (config != null && valid(config) && !constraints.excludedDevices().contains(device.id())) {
                usable.put(device.id(), config);
            }
        }
        usable.forEach((id, config) -> {
            vertexOf.put(id, devices.size());
            devices.add(id);
            configs.put(id, config);
        });
        List<Link> links = new ArrayList<>();
        for (Link link : linkService.getActiveLinks()) {
            if (vertexOf.containsKey(link.src().deviceId()) && vertexOf.containsKey(link.dst().deviceId())
                    && !constraints.excludedPorts().contains(link.src())
                    && !constraints.excludedPorts().contains(link.dst())
                    && (constraints.minBandwidthMbps() == 0
                    || annotation(link, AnnotationKeys.BANDWIDTH, 0) >= constraints.minBandwidthMbps())) {
                links.add(link);
            }
        }
        links.sort((a, b) -> (a.src().toString() + a.dst()).compareTo(b.src().toString() + b.dst()));
        Graph.Builder builder = Graph.builder(Math.max(1, devices.size()));
        // Graph.build() orders edges by tail, keeping insertion order: mirror that for edges.
        List<List<Link>> byTail = new ArrayList<>();
        devices.forEach(d -> byTail.add(new ArrayList<>()));
        links.forEach(link -> byTail.get(vertexOf.get(link.src().deviceId())).add(link));
        for (List<Link> out : byTail) {
            for (Link link : out) {
                builder.edge(vertexOf.get(link.src().deviceId()), vertexOf.get(link.dst().deviceId()),
                             weight(link, constraints.metric()));
                edges.add(link);
            }
        }
        graph = builder.build();
    }

    /** What a link costs in a metric (a tree's cost is its links'; TreeCost). */
    static double weight(Link link, TreeConstraints.Metric metric) {
        switch (metric) {
            case LATENCY:
                return annotation(link, AnnotationKeys.LATENCY, 1);
            case COST:
                return annotation(link, AnnotationKeys.METRIC, 1);
            default:
                return 1;
        }
    }

    private static double annotation(Link link, String key, double absent) {
        String value = link.annotations().value(key);
        if (value == null) {
            return absent;
        }
        try {
            double parsed = Double.parseDouble(value);
            return parsed >= 0 ? parsed : absent;
        } catch (NumberFormatException e) {
            return absent;
        }
    }

    private static boolean valid(SixflowDeviceConfig config) {
        try {
            return config.isValid();
        } catch (RuntimeException e) {
            return false;
        }
    }

    Graph graph() {
        return graph;
    }

    Optional<Integer> vertex(DeviceId device) {
        return Optional.ofNullable(vertexOf.get(device));
    }

    Link link(int edge) {
        return edges.get(edge);
    }

    /** Registers the receiver ports of a tree (per request). */
    void receivers(Set<ConnectPoint> ports) {
        receiverPorts.clear();
        for (ConnectPoint port : ports) {
            receiverPorts.computeIfAbsent(vertexOf.get(port.deviceId()), v -> new java.util.TreeSet<>(
                    (a, b) -> Long.compare(a.toLong(), b.toLong()))).add(port.port());
        }
    }

    /** The RLB bit of an edge at its tail (netcfg rlbBits of the link's source port), or -1. */
    int rlbBit(int edge) {
        Link link = edges.get(edge);
        Integer bit = configs.get(link.src().deviceId()).rlbBits().get(link.src().port());
        return bit == null ? -1 : bit;
    }

    long endRlFunction(int vertex) {
        return configs.get(devices.get(vertex)).endRlFunction();
    }

    long endRlbXFunction(int vertex) {
        return configs.get(devices.get(vertex)).endRlbXFunction();
    }

    @Override
    public DeviceId device(int vertex) {
        return devices.get(vertex);
    }

    @Override
    public PortNumber port(int edge) {
        return edges.get(edge).src().port();
    }

    @Override
    public MacAddress routerMac(int vertex) {
        return configs.get(devices.get(vertex)).myStationMac();
    }

    @Override
    public Ip6Prefix locator(int vertex) {
        return configs.get(devices.get(vertex)).locator().getIp6Prefix();
    }

    @Override
    public Set<PortNumber> receiverPorts(int vertex) {
        return ImmutableSet.copyOf(receiverPorts.getOrDefault(vertex, Set.of()));
    }
}
