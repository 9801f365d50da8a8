// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.encoding;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.impl.tree.Graph;
import org.sixflow.app.features.msr6.impl.tree.MulticastTree;
import org.sixflow.app.features.msr6.impl.tree.ShortestPathUnion;
import org.sixflow.app.features.msr6.impl.tree.TakahashiMatsuyama;
import org.sixflow.app.features.msr6.impl.tree.TopologyGenerators;
import org.sixflow.app.packet.msr6.Msid;

import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * M-SID lists for TE and RLB, checked by hand on the study's network and by round trip.
 */
public class MrhEncoderTest {

    private static Ip6Prefix locator(int v) {
        return Ip6Prefix.valueOf("fd00:0:" + Integer.toHexString(v + 1) + "::/64");
    }

    /** Beijing 0, Wuhan 1, Nanjing 2, Shanghai 3, Guangzhou 4. */
    private static Graph study() {
        return Graph.builder(5).link(0, 1, 1).link(0, 2, 1).link(1, 2, 1).link(1, 4, 1).link(2, 3, 1)
                .link(3, 4, 1).build();
    }

    private static Map<Integer, Integer> treeParents(Graph graph, MulticastTree tree) {
        Map<Integer, Integer> parents = new HashMap<>();
        for (int e : tree.edges()) {
            int parent = graph.source(e);
            parents.put(graph.target(e), parent == tree.root() ? -1 : parent);
        }
        return parents;
    }

    private static Map<Ip6Prefix, Integer> locators(int n) {
        Map<Ip6Prefix, Integer> map = new HashMap<>();
        for (int v = 0; v < n; v++) {
            map.put(locator(v), v);
        }
        return map;
    }

    @Test
    public void studyTreeInTeMode() {
        Graph graph = study();
        MulticastTree tree = new ShortestPathUnion().compute(graph, 0, Set.of(2, 3, 4));
        EncodedTree encoded = new MrhEncoder(MrhEncoderTest::locator, e -> -1).encode(graph, tree, Msr6Mode.TE, 7);
        // Beijing copies to Wuhan (M-SID 0) and Nanjing (1); Wuhan's child Guangzhou is at 2,
        // Nanjing's child Shanghai at 3. Every Function is End.RL's code and tree number 7.
        long function = Msid.function(MrhEncoder.END_RL_FUNCTION, 7);
        assertEquals(List.of(1, 2), encoded.rootChildren());
        assertEquals(List.of(
                Msid.of(locator(1), function, 0, 2),
                Msid.of(locator(2), function, 0, 3),
                Msid.of(locator(4), function, 0, 0),
                Msid.of(locator(3), function, 0, 0)), encoded.msids());
        assertEquals(Set.of(2), encoded.localDelivery());  // Nanjing forwards and receives
        assertEquals(Ip6Address.valueOf("fd00:0:2:0:100:7:0:2"), encoded.msids().get(0));
        assertEquals(7, Msid.treeNumber(encoded.msids().get(0)));
        assertEquals(treeParents(graph, tree), MrhDecoder.parents(encoded.msids(), 2, locators(5)));
    }

    /** Routing on the study's network: every router reaches a neighbour by their link. */
    private static UnicastRoutes direct(Graph graph) {
        return (edge, towards) -> graph.target(edge) == towards;
    }

    @Test
    public void aSingleChildTransitNodeRoutingAlongTheTreeNeedsNoMsid() {
        Graph graph = study();
        MulticastTree tree = new ShortestPathUnion().compute(graph, 0, Set.of(2, 3, 4));
        EncodedTree encoded = new MrhEncoder(MrhEncoderTest::locator, e -> -1)
                .encode(graph, tree, Msr6Mode.TE, 7, direct(graph));
        // Wuhan (1) only passes the tree on to Guangzhou (4), which its route to Guangzhou's
        // locator does anyway: Beijing's first copy goes by the link to Wuhan, addressed to
        // Guangzhou. Nanjing (2) has receivers of its own and keeps its SID. 3 M-SIDs, not 4.
        long function = Msid.function(MrhEncoder.END_RL_FUNCTION, 7);
        assertEquals(Set.of(1), encoded.routed());
        assertEquals(List.of(4, 2), encoded.rootChildren());
        assertEquals(List.of(tree.parentEdge(1), tree.parentEdge(2)), encoded.copyEdges().get(0));
        assertEquals(List.of(
                Msid.of(locator(4), function, 0, 0),
                Msid.of(locator(2), function, 0, 2),
                Msid.of(locator(3), function, 0, 0)), encoded.msids());
        assertFalse(encoded.sids().containsKey(1));
        assertFalse(encoded.children().containsKey(1));
    }

    @Test
    public void aTransitNodeWhoseRouteLeavesTheTreeKeepsItsMsid() {
        Graph graph = study();
        MulticastTree tree = new ShortestPathUnion().compute(graph, 0, Set.of(2, 3, 4));
        // Wuhan would send Guangzhou's traffic elsewhere: it must be addressed itself.
        EncodedTree encoded = new MrhEncoder(MrhEncoderTest::locator, e -> -1)
                .encode(graph, tree, Msr6Mode.TE, 7, (edge, towards) -> graph.source(edge) != 1);
        assertEquals(Set.of(), encoded.routed());
        assertEquals(4, encoded.msids().size());
        // Without routes, nothing is left out.
        assertEquals(4, new MrhEncoder(MrhEncoderTest::locator, e -> -1).encode(graph, tree, Msr6Mode.TE, 7)
                .msids().size());
    }

    @Test
    public void aChainOfTransitNodesIsPassedToItsEndOrAsFarAsRoutingAgrees() {
        // 0 - 1 - 2 - 3 - 4, receiver 4: every inner node only passes the tree on.
        Graph line = Graph.builder(5).link(0, 1, 1).link(1, 2, 1).link(2, 3, 1).link(3, 4, 1).build();
        MulticastTree tree = new ShortestPathUnion().compute(line, 0, Set.of(4));
        EncodedTree all = new MrhEncoder(MrhEncoderTest::locator, e -> -1)
                .encode(line, tree, Msr6Mode.RLB, 3, (edge, towards) -> true);
        assertEquals(Set.of(1, 2, 3), all.routed());
        assertEquals(List.of(4), all.rootChildren());
        assertEquals(1, all.msids().size());
        // Node 1 routes only node 2's locator along the line: the copy is addressed to node 2,
        // which passes it on addressed to 4 (node 3 routes along). RLB needs no bits on the links
        // of nodes left out.
        EncodedTree partly = new MrhEncoder(MrhEncoderTest::locator, e -> line.source(e) == 2 ? 5 : -1)
                .encode(line, tree, Msr6Mode.RLB, 3, (edge, towards) -> line.source(edge) != 1 || towards == 2);
        assertEquals(Set.of(1, 3), partly.routed());
        assertEquals(List.of(2), partly.rootChildren());
        assertEquals(List.of(4), partly.children().get(2));
        assertEquals(2, partly.msids().size());
    }

    @Test
    public void rlbModeOrdersChildrenByBitAndCarriesTheBitstring() {
        // Vertex 1 has three children; its links' bits are 5, 1 and 3.
        Graph graph = Graph.builder(5).link(0, 1, 1).link(1, 2, 1).link(1, 3, 1).link(1, 4, 1).build();
        MulticastTree tree = new TakahashiMatsuyama().compute(graph, 0, Set.of(2, 3, 4));
        Map<Integer, Integer> bitOfTarget = Map.of(2, 5, 3, 1, 4, 3);
        EncodedTree encoded = new MrhEncoder(MrhEncoderTest::locator,
                                             e -> graph.source(e) == 1 ? bitOfTarget.get(graph.target(e)) : 0)
                .encode(graph, tree, Msr6Mode.RLB, 1);
        Ip6Address first = encoded.msids().get(0);
        assertEquals(MrhEncoder.END_RLB_X_FUNCTION << 16 | 1, Msid.function(first));
        assertEquals((1 << 1) | (1 << 3) | (1 << 5), Msid.argument(first));
        assertEquals(1, Msid.pointer(first));
        assertEquals(List.of(3, 4, 2), encoded.children().get(1));  // bits 1, 3, 5
        assertEquals(locator(3), Msid.locator(encoded.msids().get(1)));
        assertEquals(treeParents(graph, tree), MrhDecoder.parents(encoded.msids(), 1, locators(5)));
    }

    @Test
    public void aSplitNodeGetsALeafSidRightAfterItsReplicatingOneByTheSameLink() {
        Graph graph = study();
        MulticastTree tree = new ShortestPathUnion().compute(graph, 0, Set.of(2, 3, 4));
        EncodedTree encoded = new MrhEncoder(MrhEncoderTest::locator, e -> -1)
                .encode(graph, tree, Msr6Mode.TE, 7, UnicastRoutes.NONE, Set.of(2));
        // Beijing copies to Wuhan (0), Nanjing's replicating SID (1) and Nanjing's leaf SID (2),
        // the last two by the same link; Wuhan's child Guangzhou at 3, Nanjing's Shanghai at 4.
        long function = Msid.function(MrhEncoder.END_RL_FUNCTION, 7);
        Ip6Address leaf = Msid.of(locator(2), function, 0, 0);
        assertEquals(List.of(
                Msid.of(locator(1), function, 0, 3),
                Msid.of(locator(2), function, 0, 4),
                leaf,
                Msid.of(locator(4), function, 0, 0),
                Msid.of(locator(3), function, 0, 0)), encoded.msids());
        assertEquals(List.of(1, 2, 2), encoded.rootChildren());
        assertEquals(List.of(tree.parentEdge(1), tree.parentEdge(2), tree.parentEdge(2)), encoded.copyEdges().get(0));
        assertEquals(Map.of(2, leaf), encoded.splitLeafSids());
        assertEquals(Msid.of(locator(2), function, 0, 4), encoded.sids().get(2));
        // Its receivers take the leaf SID's copy: it no longer decapsulates in egress.
        assertEquals(Set.of(), encoded.localDelivery());
    }

    @Test
    public void inRlbModeOnlyTheIngressEdgesChildrenAreSplit() {
        // 0 - 1 - 2 - 3 and 2 - 4; receivers 1 (below the ingress edge), 2 (below 1), 3, 4.
        Graph graph = Graph.builder(5).link(0, 1, 1).link(1, 2, 1).link(2, 3, 1).link(2, 4, 1).build();
        MulticastTree tree = new ShortestPathUnion().compute(graph, 0, Set.of(1, 2, 3, 4));
        EncodedTree encoded = new MrhEncoder(MrhEncoderTest::locator, e -> graph.target(e) % 16)
                .encode(graph, tree, Msr6Mode.RLB, 2, UnicastRoutes.NONE, Set.of(1, 2));
        // 1's Local Bitstring has one bit for its link to 2: 2 stays whole and decapsulates in egress.
        assertEquals(List.of(1, 1), encoded.rootChildren());
        assertEquals(Set.of(1), encoded.splitLeafSids().keySet());
        assertEquals(Set.of(2), encoded.localDelivery());
        assertEquals(List.of(2), encoded.children().get(1));
    }

    @Test
    public void onlyAReplicatingNodeWithReceiversBelowTheIngressEdgeIsSplit() {
        Graph graph = study();
        MulticastTree tree = new ShortestPathUnion().compute(graph, 0, Set.of(2, 3, 4));
        MrhEncoder encoder = new MrhEncoder(MrhEncoderTest::locator, e -> -1);
        // The ingress edge; a leaf (Shanghai); Wuhan, which replicates for no receiver of its own.
        for (int v : List.of(0, 3, 1)) {
            try {
                encoder.encode(graph, tree, Msr6Mode.TE, 7, UnicastRoutes.NONE, Set.of(v));
                fail("split " + v);
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage(), e.getMessage().contains("cannot be split"));
            }
        }
    }

    @Test
    public void twoTreesOverTheSameNodesNeverShareASid() {
        Graph graph = study();
        MulticastTree tree = new ShortestPathUnion().compute(graph, 0, Set.of(2, 3, 4));
        MrhEncoder encoder = new MrhEncoder(MrhEncoderTest::locator, e -> -1);
        Set<Ip6Address> first = Set.copyOf(encoder.encode(graph, tree, Msr6Mode.TE, 1).msids());
        Set<Ip6Address> second = Set.copyOf(encoder.encode(graph, tree, Msr6Mode.TE, 2).msids());
        // Nor their /96 local-SID prefixes: the tree number is inside the Function.
        Set<Ip6Prefix> firstPrefixes = new HashSet<>();
        first.forEach(sid -> firstPrefixes.add(Ip6Prefix.valueOf(sid, 96)));
        for (Ip6Address sid : second) {
            assertFalse(sid.toString(), first.contains(sid));
            assertFalse(sid.toString(), firstPrefixes.contains(Ip6Prefix.valueOf(sid, 96)));
        }
    }

    @Test
    public void roundTripsOnFatTrees() {
        Graph graph = TopologyGenerators.fatTree(4);
        List<Integer> edges = TopologyGenerators.fatTreeEdges(4);
        MulticastTree tree = new TakahashiMatsuyama().compute(graph, edges.get(0), Set.of(edges.get(3), edges.get(7)));
        EncodedTree encoded = new MrhEncoder(MrhEncoderTest::locator, e -> -1).encode(graph, tree, Msr6Mode.TE, 1);
        assertTrue(encoded.msids().size() <= MrhEncoder.MAX_MSIDS);
        assertEquals(treeParents(graph, tree),
                     MrhDecoder.parents(encoded.msids(), encoded.rootChildren().size(), locators(graph.vertexCount())));
    }

    @Test
    public void refusesTreesLargerThanTheHeaderAndLinksWithoutBits() {
        Graph.Builder star = Graph.builder(10);
        for (int v = 1; v < 10; v++) {
            star.link(0, v, 1);
        }
        Graph graph = star.build();
        MulticastTree big = new ShortestPathUnion().compute(graph, 0, Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9));
        try {
            new MrhEncoder(MrhEncoderTest::locator, e -> -1).encode(graph, big, Msr6Mode.TE, 1);
            fail("9 M-SIDs accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("needs 9 M-SIDs"));
        }
        Graph chain = Graph.builder(4).link(0, 1, 1).link(1, 2, 1).link(1, 3, 1).build();
        MulticastTree tree = new ShortestPathUnion().compute(chain, 0, Set.of(2, 3));
        try {
            new MrhEncoder(MrhEncoderTest::locator, e -> -1).encode(chain, tree, Msr6Mode.RLB, 1);
            fail("no bits accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("has no RLB bit"));
        }
        try {
            // The Local Bitstring is the SID's 16-bit Argument: bit 16 has no place in it.
            new MrhEncoder(MrhEncoderTest::locator, e -> 16).encode(chain, tree, Msr6Mode.RLB, 1);
            fail("bit 16 accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("has no RLB bit"));
        }
        try {
            new MrhEncoder(MrhEncoderTest::locator, e -> 4).encode(chain, tree, Msr6Mode.RLB, 1);
            fail("shared bit accepted");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("share RLB bit 4"));
        }
    }
}
