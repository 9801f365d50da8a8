// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.config;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSortedMap;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.sixflow.pipeconf.CpuPorts;

import java.io.File;
import java.io.IOException;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The state file of a running lab network (lab-interface.md): each switch's device id, P4Runtime
 * device id and gRPC address, CPU port and its ports' interface names; each host's namespace and
 * attachment.
 */
public final class LabState {

    private final List<Switch> switches;
    private final List<Host> hosts;
    private final String topology;

    private LabState(List<Switch> switches, List<Host> hosts, String topology) {
        this.switches = switches;
        this.hosts = hosts;
        this.topology = topology;
    }

    /** A switch process. */
    public static final class Switch {
        private final String name;
        private final DeviceId deviceId;
        private final long p4rtDeviceId;
        private final String grpcHost;
        private final int grpcPort;
        private final int cpuPort;
        private final Map<PortNumber, String> ports;

        Switch(String name, DeviceId deviceId, long p4rtDeviceId, String grpcHost, int grpcPort, int cpuPort,
               Map<PortNumber, String> ports) {
            this.name = name;
            this.deviceId = deviceId;
            this.p4rtDeviceId = p4rtDeviceId;
            this.grpcHost = grpcHost;
            this.grpcPort = grpcPort;
            this.cpuPort = cpuPort;
            this.ports = ports;
        }

        /**
         * Describes a switch (for tests that start one themselves).
         *
         * @param name         its name
         * @param p4rtDeviceId its P4Runtime device id
         * @param grpcHost     gRPC host
         * @param grpcPort     gRPC port
         * @param cpuPort      its CPU port
         * @param ports        P4 port number to interface name
         * @return the switch
         */
        public static Switch of(String name, long p4rtDeviceId, String grpcHost, int grpcPort, int cpuPort,
                                Map<PortNumber, String> ports) {
            return new Switch(name, DeviceId.deviceId("device:" + name), p4rtDeviceId, grpcHost, grpcPort, cpuPort,
                              ImmutableSortedMap.copyOf(ports, (a, b) -> Long.compare(a.toLong(), b.toLong())));
        }

        /** Its name (the device is device:NAME). */
        public String name() {
            return name;
        }

        /** Its ONOS device id. */
        public DeviceId deviceId() {
            return deviceId;
        }

        /** Its P4Runtime device id. */
        public long p4rtDeviceId() {
            return p4rtDeviceId;
        }

        /** Host of its P4Runtime server. */
        public String grpcHost() {
            return grpcHost;
        }

        /** Port of its P4Runtime server. */
        public int grpcPort() {
            return grpcPort;
        }

        /** Its CPU port. */
        public int cpuPort() {
            return cpuPort;
        }

        /** P4 port number to the switch-side interface name, in port order. */
        public Map<PortNumber, String> ports() {
            return ports;
        }
    }

    /** A host namespace. */
    public static final class Host {
        private final String name;
        private final String netns;
        private final String mac;
        private final String ipv6;
        private final String gateway;
        private final String switchName;
        private final int port;

        Host(String name, String netns, String mac, String ipv6, String gateway, String switchName, int port) {
            this.name = name;
            this.netns = netns;
            this.mac = mac;
            this.ipv6 = ipv6;
            this.gateway = gateway;
            this.switchName = switchName;
            this.port = port;
        }

        /** Its name. */
        public String name() {
            return name;
        }

        /** Its network namespace. */
        public String netns() {
            return netns;
        }

        /** Its MAC address. */
        public String mac() {
            return mac;
        }

        /** Address with prefix length, e.g. fd00:1:1::10/64. */
        public String ipv6() {
            return ipv6;
        }

        /** Its default gateway. */
        public String gateway() {
            return gateway;
        }

        /** The switch it is attached to. */
        public String switchName() {
            return switchName;
        }

        /** The switch port it is attached to. */
        public int port() {
            return port;
        }
    }

    /**
     * Reads a state file.
     *
     * @param file the file
     * @return the state
     * @throws IOException if it cannot be read or lacks a required field (named)
     */
    public static LabState read(File file) throws IOException {
        JsonNode root = new ObjectMapper().readTree(file);
        ImmutableList.Builder<Switch> switches = ImmutableList.builder();
        for (JsonNode s : root.path("switches")) {
            String name = text(s, "name", file);
            String address = text(s, "grpcAddress", file);
            int colon = address.lastIndexOf(':');
            if (colon < 0) {
                throw new IOException(file + ": switch " + name + " grpcAddress " + address + " is not host:port");
            }
            ImmutableSortedMap.Builder<PortNumber, String> ports =
                    ImmutableSortedMap.orderedBy((a, b) -> Long.compare(a.toLong(), b.toLong()));
            Iterator<Map.Entry<String, JsonNode>> it = s.path("ports").fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> port = it.next();
                ports.put(PortNumber.portNumber(Long.parseLong(port.getKey())), port.getValue().asText());
            }
            String deviceId = s.has("deviceId") ? s.get("deviceId").asText() : "device:" + name;
            switches.add(new Switch(name, DeviceId.deviceId(deviceId), number(s, "p4rtDeviceId", file),
                                    address.substring(0, colon), Integer.parseInt(address.substring(colon + 1)),
                                    (int) (s.has("cpuPort") ? s.get("cpuPort").asLong() : CpuPorts.BMV2), ports.build()));
        }
        ImmutableList.Builder<Host> hosts = ImmutableList.builder();
        for (JsonNode h : root.path("hosts")) {
            hosts.add(new Host(text(h, "name", file), h.path("netns").asText(""), text(h, "mac", file),
                               h.path("ipv6").asText(""), h.path("gateway").asText(""), text(h, "switch", file),
                               (int) number(h, "port", file)));
        }
        return new LabState(switches.build(), hosts.build(), root.path("topology").asText(null));
    }

    /**
     * Builds a state (for tests and benchmarks that start switches themselves).
     *
     * @param switches the switches
     * @return the state
     */
    public static LabState of(List<Switch> switches) {
        return new LabState(ImmutableList.copyOf(switches), List.of(), null);
    }

    private static String text(JsonNode node, String field, File file) throws IOException {
        if (!node.hasNonNull(field)) {
            throw new IOException(file + ": an entry lacks \"" + field + "\": " + node);
        }
        return node.get(field).asText();
    }

    private static long number(JsonNode node, String field, File file) throws IOException {
        if (!node.hasNonNull(field) || !node.get(field).canConvertToLong()) {
            throw new IOException(file + ": an entry lacks the number \"" + field + "\": " + node);
        }
        return node.get(field).asLong();
    }

    /**
     * Returns the number of links the topology file the network was built from declares.
     *
     * @return the count of switch-to-switch links (each is discovered once per direction), if known
     */
    public Optional<Integer> topologyLinks() {
        if (topology == null) {
            return Optional.empty();
        }
        try {
            JsonNode links = new ObjectMapper().readTree(new File(topology)).path("links");
            return links.isArray() ? Optional.of(links.size()) : Optional.empty();
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /** The switches, in the file's order. */
    public List<Switch> switches() {
        return switches;
    }

    /** The hosts, in the file's order. */
    public List<Host> hosts() {
        return hosts;
    }

    /**
     * Returns the switch of a device.
     *
     * @param deviceId the device
     * @return its switch, if the lab runs one
     */
    public Optional<Switch> switchOf(DeviceId deviceId) {
        return switches.stream().filter(s -> s.deviceId().equals(deviceId)).findFirst();
    }
}
