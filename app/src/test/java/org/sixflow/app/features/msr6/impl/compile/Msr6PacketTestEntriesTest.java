// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.compile;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.impl.encoding.EncodedTree;
import org.sixflow.app.features.msr6.impl.encoding.MrhEncoder;
import org.sixflow.app.features.msr6.impl.encoding.UnicastRoutes;
import org.sixflow.app.features.msr6.impl.tree.Graph;
import org.sixflow.app.features.msr6.impl.tree.MulticastTree;
import org.sixflow.app.features.msr6.impl.tree.ShortestPathUnion;

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
 * frames; the committed msr6_entries.json must be this test's output. A third tree splits the
 * replicator, given receivers of its own (split_tree: test_msr6_split.py). Regenerate it with
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

    /** The split tree's replicator has receivers of its own, on its port 4. */
    static final int SPLIT_RECEIVER_PORT = 4;

    static final TreeNetwork NETWORK = network(Set.of());
    /** The network with receivers on the replicator too. */
    static final TreeNetwork SPLIT_NETWORK = network(Set.of(1));

    private static TreeNetwork network(Set<Integer> replicatorReceivers) {
        return new TreeNetwork() {
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
                if (replicatorReceivers.contains(vertex)) {
                    return Set.of(PortNumber.portNumber(SPLIT_RECEIVER_PORT));
                }
                return vertex >= 2 ? Set.of(PortNumber.portNumber(RECEIVER_PORT)) : Set.of();
            }
        };
    }

    private static Map<String, Object> tree(Msr6Mode mode, int number, String group) {
        return tree(mode, number, group, NETWORK, Set.of(2, 3), Set.of());
    }

    private static Map<String, Object> tree(Msr6Mode mode, int number, String group, TreeNetwork network,
                                            Set<Integer> receivers, Set<Integer> split) {
        MulticastTree tree = new ShortestPathUnion().compute(GRAPH, 0, receivers);
        EncodedTree encoded = new MrhEncoder(network::locator, e -> (int) network.port(e).toLong() - 1)
                .encode(GRAPH, tree, mode, number, UnicastRoutes.NONE, split);
        Msr6TreeEntries compiled = new Msr6RuleCompiler(TestApplicationId.create("test"))
                .compile(number, Ip6Address.valueOf(group), null, GRAPH, tree, encoded, network);
        List<Map<String, Object>> nodes = new ArrayList<>();
        for (int v = 0; v < GRAPH.vertexCount(); v++) {
            Map<String, Object> node = new LinkedHashMap<>();
            node.put("device", network.device(v).toString());
            node.put("mac", network.routerMac(v).toString().toLowerCase());
            Ip6Address sid = encoded.sids().get(v);
            node.put("sid", sid == null ? null : sid.toString());
            Ip6Address leafSid = encoded.splitLeafSids().get(v);
            if (leafSid != null) {
                node.put("leaf_sid", leafSid.toString());
            }
            Map<String, Integer> ports = new LinkedHashMap<>();
            for (int e = 0; e < GRAPH.edgeCount(); e++) {
                if (GRAPH.source(e) == v) {
                    ports.put(NAMES[GRAPH.target(e)], (int) network.port(e).toLong());
                }
            }
            node.put("ports", ports);
            node.put("receiver_ports", network.receiverPorts(v).stream().map(PortNumber::toLong)
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
        // The replicator with receivers of its own, split as on a Tofino whose egress cannot
        // decapsulate the list: the source sends it two copies by one link (replication ids 0
        // and 1), one to its replicating SID, one to its leaf SID for its receivers.
        root.put("split_tree", tree(Msr6Mode.TE, 3, "ff3e::3", SPLIT_NETWORK, Set.of(1, 2, 3), Set.of(1)));
        checkOrWrite("msr6_entries.json", "msr6.writeEntries", root);
    }
}
