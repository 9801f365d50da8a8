// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.tree;

import org.junit.Test;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Both tree algorithms on hand-checked graphs and on generated ones.
 */
public class TreeAlgorithmTest {

    private static final TreeAlgorithm SPT = new ShortestPathUnion();
    private static final TreeAlgorithm STEINER = new TakahashiMatsuyama();

    /** Every receiver is on the tree and every tree vertex leads back to the root. */
    private static void assertValidTree(Graph graph, MulticastTree tree, Set<Integer> receivers) {
        for (int r : receivers) {
            assertTrue("receiver " + r + " on tree", tree.contains(r));
            assertTrue(tree.depth(r) < graph.vertexCount());
        }
        for (int e : tree.edges()) {
            assertTrue(tree.contains(graph.source(e)));
        }
    }

    /**
     * The study's network: Beijing(0) feeds Wuhan(1) and Nanjing(2); Wuhan reaches Guangzhou(4),
     * Nanjing reaches Shanghai(3); Shanghai-Guangzhou and Wuhan-Nanjing close the mesh.
     */
    private static Graph studyNetwork() {
        return Graph.builder(5).link(0, 1, 1).link(0, 2, 1).link(1, 2, 1).link(1, 4, 1).link(2, 3, 1)
                .link(3, 4, 1).build();
    }

    @Test
    public void studyNetworkShortestPathsReplicateAtBeijingAndNanjing() {
        Graph graph = studyNetwork();
        Set<Integer> receivers = Set.of(2, 3, 4);
        MulticastTree tree = SPT.compute(graph, 0, receivers);
        assertValidTree(graph, tree, receivers);
        assertEquals(4, tree.linkCount());
        assertEquals(1, graph.source(tree.parentEdge(4)));   // Guangzhou via Wuhan
        assertEquals(2, graph.source(tree.parentEdge(3)));   // Shanghai via Nanjing
        assertEquals(0, graph.source(tree.parentEdge(2)));
        assertEquals(2, tree.replicationPoints());           // Beijing, and Nanjing (receiver + child)
    }

    @Test
    public void studyNetworkSteinerTreeChainsThroughTheReceivers() {
        Graph graph = studyNetwork();
        Set<Integer> receivers = Set.of(2, 3, 4);
        MulticastTree tree = STEINER.compute(graph, 0, receivers);
        assertValidTree(graph, tree, receivers);
        assertEquals(3, tree.linkCount());                   // one link fewer than the shortest paths
        assertEquals(3, graph.source(tree.parentEdge(4)));   // Guangzhou via Shanghai
        assertEquals(2, graph.source(tree.parentEdge(3)));
        assertEquals(2, tree.replicationPoints());           // Nanjing and Shanghai deliver and forward
    }

    @Test
    public void steinerSharesAHubTheShortestPathsAvoid() {
        // Source 0; receivers 1..4 each 3.5 away directly, or 3 to hub 5 then 1 each.
        Graph.Builder b = Graph.builder(6).link(0, 5, 3);
        for (int r = 1; r <= 4; r++) {
            b.link(0, r, 3.5).link(5, r, 1);
        }
        Graph graph = b.build();
        Set<Integer> receivers = Set.of(1, 2, 3, 4);
        MulticastTree spt = SPT.compute(graph, 0, receivers);
        MulticastTree steiner = STEINER.compute(graph, 0, receivers);
        assertEquals(14.0, spt.cost(), 1e-9);
        // Receiver 1 directly (3.5), then 1 -> hub -> 2 (2), then hub -> 3 and hub -> 4 (1 each).
        assertEquals(7.5, steiner.cost(), 1e-9);
        assertEquals(5, steiner.linkCount());
        assertValidTree(graph, steiner, receivers);
    }

    @Test
    public void ringGoesBothWays() {
        Graph ring = TopologyGenerators.ring(8);
        MulticastTree tree = STEINER.compute(ring, 0, Set.of(2, 6));
        assertEquals(4, tree.linkCount());
        assertEquals(2, tree.depth(2));
        assertEquals(2, tree.depth(6));
    }

    @Test
    public void fatTreeReachesEveryEdgeSwitch() {
        Graph graph = TopologyGenerators.fatTree(4);
        List<Integer> edges = TopologyGenerators.fatTreeEdges(4);
        Set<Integer> receivers = new TreeSet<>(edges.subList(1, edges.size()));
        for (TreeAlgorithm algorithm : List.of(SPT, STEINER)) {
            MulticastTree tree = algorithm.compute(graph, edges.get(0), receivers);
            assertValidTree(graph, tree, receivers);
            assertTrue(tree.depth(edges.get(edges.size() - 1)) <= 4);
        }
    }

    @Test
    public void steinerIsNeverCostlierThanTwiceAndUsuallyCheaperOnIspGraphs() {
        int cheaper = 0;
        for (long seed = 1; seed <= 20; seed++) {
            Graph graph = TopologyGenerators.isp(200, 2, seed);
            Set<Integer> receivers = TopologyGenerators.receivers(200, 20, seed);
            MulticastTree spt = SPT.compute(graph, 0, receivers);
            MulticastTree steiner = STEINER.compute(graph, 0, receivers);
            assertValidTree(graph, steiner, receivers);
            assertTrue(steiner.cost() <= 2 * spt.cost());
            if (steiner.cost() < spt.cost()) {
                cheaper++;
            }
        }
        assertTrue("Steiner cheaper in " + cheaper + " of 20", cheaper >= 15);
    }

    @Test
    public void sameInputSameTree() {
        Graph graph = TopologyGenerators.isp(300, 3, 7);
        Set<Integer> receivers = TopologyGenerators.receivers(300, 40, 7);
        assertEquals(STEINER.compute(graph, 0, receivers).edges(), STEINER.compute(graph, 0, receivers).edges());
        assertEquals(SPT.compute(graph, 0, receivers).edges(), SPT.compute(graph, 0, receivers).edges());
    }

    @Test
    public void unreachableReceiversAreNamed() {
        Graph graph = Graph.builder(5).link(0, 1, 1).link(3, 4, 1).build();
        for (TreeAlgorithm algorithm : List.of(SPT, STEINER)) {
            try {
                algorithm.compute(graph, 0, Set.of(1, 3, 4));
                fail("reached the unreachable");
            } catch (UnreachableReceiversException e) {
                assertEquals(new TreeSet<>(Set.of(3, 4)), e.unreachable());
                assertTrue(e.getMessage().contains("[3, 4]"));
            }
        }
    }
}
