// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.compile;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.sixflow.app.api.Msr6Mode;
import org.sixflow.app.api.Msr6TreeEntries;
import org.sixflow.app.msr6.encoding.EncodedTree;
import org.sixflow.app.msr6.encoding.MrhEncoder;
import org.sixflow.app.msr6.tree.Graph;
import org.sixflow.app.msr6.tree.MulticastTree;
import org.sixflow.app.msr6.tree.ShortestPathUnion;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.sixflow.app.impl.PacketTestEntries.checkOrWrite;
import static org.sixflow.app.impl.PacketTestEntries.entries;
import static org.sixflow.app.impl.PacketTestEntries.groups;

/**
 * The MSR6 packet tests fed by the compiler (pipeconf/ptf/tests/test_msr6_compiled.py) install
 * exactly what Msr6RuleCompiler makes of one TE and one RLB tree on a small network: a source
 * edge (vertex 0), one replicating node (1) and two leaves (2, 3) with receivers, as
 * test_msr6.py's cases assume. Every device's entries and groups are exported with the tree
 * (M-SID list, each node's SID, MAC and ports), from which the packet tests build the expected
 * frames; the committed msr6_entries.json must be this test's output. Regenerate it with
 * {@code -Dmsr6.writeEntries=true}.
 */
public class Msr6PacketTestEntriesTest {

    private static final String[] NAMES = {"source", "replicator", "leaf-a", "leaf-b"};
    /** Source - replicator, replicator - each leaf. */
    private static final Graph GRAPH = Graph.builder(4).link(0, 1, 1).link(1, 2, 1).link(1, 3, 1).build();
    /** The port of (from, to): the replicator's links are 1 (source), 2 and 3 (leaves); the others' link is 1. */
    private static final int[][] PORTS = {{0, 1, 0, 0}, {1, 0, 2, 3}, {0, 1, 0, 0}, {0, 1, 0, 0}};
    /** The leaves' receivers are on their port 3; the source's host on its port 3. */
    static final int RECEIVER_PORT = 3;

    static final TreeNetwork NETWORK = new TreeNetwork() {
        @Override
        public DeviceId device(int vertex) {
            return DeviceId.deviceId("device:" + NAMES[vertex]);
        }

        @Override
        public PortNumber port(int edge) {
            return PortNumber.portNumber(PORTS[GRAPH.source(edge)][GRAPH.target(edge)]);
        }

        @Override
        public MacAddress routerMac(int vertex) {
            return MacAddress.valueOf("00:aa:00:00:00:0" + (vertex + 1));
        }

        @Override
        public Ip6Prefix locator(int vertex) {
            return Ip6Prefix.valueOf("fd00:1:" + (vertex + 1) + "::/64");
        }

        @Override
        public Set<PortNumber> receiverPorts(int vertex) {
            return vertex >= 2 ? Set.of(PortNumber.portNumber(RECEIVER_PORT)) : Set.of();
        }
    };

    private static Map<String, Object> tree(Msr6Mode mode, int number, String group) {
        Set<Integer> receivers = Set.of(2, 3);
        MulticastTree tree = new ShortestPathUnion().compute(GRAPH, 0, receivers);
        EncodedTree encoded = new MrhEncoder(NETWORK::locator, e -> (int) NETWORK.port(e).toLong() - 1)
                .encode(GRAPH, tree, mode, number);
        Msr6TreeEntries compiled = new Msr6RuleCompiler(TestApplicationId.create("test"))
                .compile(number, Ip6Address.valueOf(group), null, GRAPH, tree, encoded, NETWORK);
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (int v = 0; v < GRAPH.vertexCount(); v++) {
            Map<String, Object> node = new LinkedHashMap<>();
            node.put("device", NETWORK.device(v).toString());
            node.put("mac", NETWORK.routerMac(v).toString().toLowerCase());
            Ip6Address sid = encoded.sids().get(v);
            node.put("sid", sid == null ? null : sid.toString());
            Map<String, Integer> ports = new LinkedHashMap<>();
            for (int e = 0; e < GRAPH.edgeCount(); e++) {
                if (GRAPH.source(e) == v) {
                    ports.put(NAMES[GRAPH.target(e)], (int) NETWORK.port(e).toLong());
                }
            }
            node.put("ports", ports);
            node.put("receiver_ports", NETWORK.receiverPorts(v).stream().map(PortNumber::toLong)
                    .collect(Collectors.toList()));
            nodes.add(node);
        }
        Map<String, Object> t = new LinkedHashMap<>();
        t.put("mode", mode.name());
        t.put("mrh_type", mode.mrhType());
        t.put("number", number);
        t.put("group", group);
        t.put("msids", encoded.msids().stream().map(Ip6Address::toString).collect(Collectors.toList()));
        t.put("nodes", nodes);
        t.put("entries", entries(compiled.allRules()));
        t.put("groups", groups(compiled.allGroups()));
        return t;
    }

    @Test
    public void committedEntriesAreTheCompilers() throws Exception {
        Map<String, Object> root = new LinkedHashMap<>();
        root.put("_comment", "Generated by app Msr6PacketTestEntriesTest (-Dmsr6.writeEntries=true): a TE and an"
                + " RLB tree from vertex source through replicator to leaf-a and leaf-b, and every entry and group"
                + " the app's Msr6RuleCompiler makes of them.");
        root.put("trees", List.of(tree(Msr6Mode.TE, 1, "ff3e::1"), tree(Msr6Mode.RLB, 2, "ff3e::2")));
        checkOrWrite("msr6_entries.json", "msr6.writeEntries", root);
    }
}
