// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.demo.network;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.common.collect.ImmutableList;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A bmv2 lab topology file (lab/topologies/*.json, the file `make lab` starts): its switches,
 * the links between their ports and the hosts on them. Device ids are {@code device:<name>}, as
 * the lab names them (lab/net/names.py).
 */
public final class LabTopology {

    /** A switch of the topology. */
    public static final class Switch {
        private final String name;
        private final double latitude;
        private final double longitude;

        Switch(String name, double latitude, double longitude) {
            this.name = name;
            this.latitude = latitude;
            this.longitude = longitude;
        }

        /** @return its name */
        public String name() {
            return name;
        }

        /** @return its ONOS device id */
        public DeviceId deviceId() {
            return LabTopology.deviceId(name);
        }

        /** @return its latitude, for the topology map */
        public double latitude() {
            return latitude;
        }

        /** @return its longitude */
        public double longitude() {
            return longitude;
        }
    }

    /** A host on a switch port. */
    public static final class Host {
        private final String name;
        private final ConnectPoint location;
        private final MacAddress mac;
        private final List<IpAddress> addresses;

        Host(String name, ConnectPoint location, MacAddress mac, List<IpAddress> addresses) {
            this.name = name;
            this.location = location;
            this.mac = mac;
            this.addresses = ImmutableList.copyOf(addresses);
        }

        /** @return its name */
        public String name() {
            return name;
        }

        /** @return the switch port it is on */
        public ConnectPoint location() {
            return location;
        }

        /** @return its MAC */
        public MacAddress mac() {
            return mac;
        }

        /** @return its IPv6 address, and its IPv4 one where it has one */
        public List<IpAddress> addresses() {
            return addresses;
        }
    }

    private final String name;
    private final List<Switch> switches;
    private final List<List<ConnectPoint>> links;
    private final List<Host> hosts;

    private LabTopology(String name, List<Switch> switches, List<List<ConnectPoint>> links, List<Host> hosts) {
        this.name = name;
        this.switches = ImmutableList.copyOf(switches);
        this.links = ImmutableList.copyOf(links);
        this.hosts = ImmutableList.copyOf(hosts);
    }

    /**
     * Reads a topology file.
     *
     * @param file the file
     * @return the topology
     * @throws IOException when it cannot be read
     * @throws IllegalArgumentException when it is not a lab topology
     */
    public static LabTopology read(Path file) throws IOException {
        return parse(new ObjectMapper().readTree(file.toFile()), file.toString());
    }

    /**
     * Parses a topology document.
     *
     * @param doc   the document
     * @param where where it came from, for errors
     * @return the topology
     * @throws IllegalArgumentException when it is not a lab topology
     */
    static LabTopology parse(JsonNode doc, String where) {
        String name = text(doc, "name", where);
        List<Switch> switches = new ArrayList<>();
        for (JsonNode sw : array(doc, "switches", where)) {
            switches.add(new Switch(text(sw, "name", where), sw.path("latitude").asDouble(),
                                    sw.path("longitude").asDouble()));
        }
        List<List<ConnectPoint>> links = new ArrayList<>();
        for (JsonNode link : array(doc, "links", where)) {
            links.add(List.of(end(link.path("a"), where), end(link.path("b"), where)));
        }
        List<Host> hosts = new ArrayList<>();
        for (JsonNode host : array(doc, "hosts", where)) {
            List<IpAddress> addresses = new ArrayList<>();
            address(host, "ipv6").ifPresent(addresses::add);
            address(host, "ipv4").ifPresent(addresses::add);
            hosts.add(new Host(text(host, "name", where), end(host, where),
                               MacAddress.valueOf(text(host, "mac", where)), addresses));
        }
        return new LabTopology(name, switches, links, hosts);
    }

    /** @return the topology's name */
    public String name() {
        return name;
    }

    /** @return its switches */
    public List<Switch> switches() {
        return switches;
    }

    /** @return its links, each as its two ends */
    public List<List<ConnectPoint>> links() {
        return links;
    }

    /** @return its hosts */
    public List<Host> hosts() {
        return hosts;
    }

    /**
     * The ONOS device id of a switch.
     *
     * @param switchName the switch's name
     * @return device:name
     */
    public static DeviceId deviceId(String switchName) {
        return DeviceId.deviceId("device:" + switchName);
    }

    private static ConnectPoint end(JsonNode node, String where) {
        JsonNode port = node.path("port");
        if (!port.canConvertToInt() || port.asInt() < 1) {
            throw new IllegalArgumentException(where + ": " + node + " has no port number");
        }
        return new ConnectPoint(deviceId(text(node, "switch", where)), PortNumber.portNumber(port.asLong()));
    }

    private static Optional<IpAddress> address(JsonNode host, String field) {
        String cidr = host.path(field).asText("");
        return cidr.isEmpty() ? Optional.empty() : Optional.of(IpAddress.valueOf(cidr.split("/")[0]));
    }

    private static String text(JsonNode node, String field, String where) {
        String value = node.path(field).asText("");
        if (value.isEmpty()) {
            throw new IllegalArgumentException(where + ": " + node + " has no \"" + field + "\"");
        }
        return value;
    }

    private static Iterable<JsonNode> array(JsonNode doc, String field, String where) {
        JsonNode array = doc.path(field);
        if (!array.isArray()) {
            throw new IllegalArgumentException(where + ": no \"" + field + "\" list");
        }
        return array;
    }
}
