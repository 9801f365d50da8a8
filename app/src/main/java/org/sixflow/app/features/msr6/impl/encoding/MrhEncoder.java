// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.encoding;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.impl.tree.Graph;
import org.sixflow.app.features.msr6.impl.tree.MulticastTree;
import org.sixflow.app.packet.msr6.Msid;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.IntFunction;
import java.util.function.IntToLongFunction;
import java.util.function.IntUnaryOperator;

/**
 * Writes a tree into an M-SID list (docs/features/msr6.md#m-sids). The list is laid out breadth
 * first from the ingress edge's children, so that every node's children are contiguous: a node
 * at position p whose children start at position q gets Pointer q, and copy i of it goes to
 * M-SID[q + i] with Segments Left q + i. In TE mode a node's argument is its Replication Number
 * (children − 1) and children keep vertex order; in RLB mode it is the Local Bitstring of the
 * links to its children, and children follow their bits' order. Leaves get End.RL SIDs with
 * Replication Number 0 and Pointer 0, which the data plane decapsulates. Every SID's Function is
 * its node's behaviour code and the tree number (Msid#function), so SIDs are unique per tree.
 * Given the network's unicast routes, single-child transit nodes that routing passes along the
 * tree get no M-SID at all (see {@link #encode(Graph, MulticastTree, Msr6Mode, int, UnicastRoutes)}).
 * A split node (a replicating node with receivers of its own whose egress cannot decapsulate
 * every list, see {@link #encode(Graph, MulticastTree, Msr6Mode, int, UnicastRoutes, Set)}) gets a leaf
 * SID beside its replicating one, right after it among its parent's children.
 */
public final class MrhEncoder {

    /** Most M-SIDs the data plane parses (p4src/common/define.p4 MAX_MSIDS). */
    public static final int MAX_MSIDS = 8;
    /** Default behaviour codes of End.RL and End.RLB.X (netcfg may change them). */
    public static final long END_RL_FUNCTION = 0x100;
    public static final long END_RLB_X_FUNCTION = 0x200;

    private final IntFunction<Ip6Prefix> locators;
    private final IntUnaryOperator rlbBit;
    private final IntToLongFunction endRl;
    private final IntToLongFunction endRlbX;

    /**
     * Creates an encoder with the default behaviour codes on every node.
     *
     * @param locators each vertex's /64 locator
     * @param rlbBit   each edge's Local Bitstring bit at its tail (0..15), or -1 if it has none
     */
    public MrhEncoder(IntFunction<Ip6Prefix> locators, IntUnaryOperator rlbBit) {
        this(locators, rlbBit, v -> END_RL_FUNCTION, v -> END_RLB_X_FUNCTION);
    }

    /**
     * Creates an encoder.
     *
     * @param locators each vertex's /64 locator
     * @param rlbBit   each edge's Local Bitstring bit at its tail (0..15), or -1 if it has none
     * @param endRl    each vertex's End.RL behaviour code (16 bits)
     * @param endRlbX  each vertex's End.RLB.X behaviour code (16 bits)
     */
    public MrhEncoder(IntFunction<Ip6Prefix> locators, IntUnaryOperator rlbBit, IntToLongFunction endRl,
                      IntToLongFunction endRlbX) {
        this.locators = locators;
        this.rlbBit = rlbBit;
        this.endRl = endRl;
        this.endRlbX = endRlbX;
    }

    /**
     * Encodes a tree, giving every node of it an M-SID.
     *
     * @param graph the graph the tree was computed on
     * @param tree  the tree
     * @param mode  TE or RLB
     * @param treeNumber the tree's number, carried in every SID's Function
     * @return the encoded tree
     * @throws IllegalArgumentException if the tree needs more than MAX_MSIDS M-SIDs, or in RLB
     *                                  mode a link has no bit or two links of a node share one
     */
    public EncodedTree encode(Graph graph, MulticastTree tree, Msr6Mode mode, int treeNumber) {
        return encode(graph, tree, mode, treeNumber, UnicastRoutes.NONE);
    }

    /**
     * Encodes a tree, leaving out the M-SIDs of the single-child transit nodes the network's
     * unicast routes already take along the tree. Such a node (not the ingress edge, one child,
     * no receivers of its own) needs no SID: its parent's copy goes by the link towards it with
     * the next encoded node's SID as destination, and the node routes it on by that SID's locator,
     * which it does by the tree's link when {@code routes} says so for it (and for every skipped
     * node after it, towards the same SID). The node then holds no state for the tree; it forwards
     * the MRH it does not terminate (RFC 8200 section 4.4).
     *
     * @param graph      the graph the tree was computed on
     * @param tree       the tree
     * @param mode       TE or RLB
     * @param treeNumber the tree's number, carried in every SID's Function
     * @param routes     where unicast routing sends a node's traffic for another node's locator
     * @return the encoded tree
     * @throws IllegalArgumentException if the tree needs more than MAX_MSIDS M-SIDs, or in RLB
     *                                  mode a link has no bit or two links of a node share one
     */
    public EncodedTree encode(Graph graph, MulticastTree tree, Msr6Mode mode, int treeNumber,
                              UnicastRoutes routes) {
        return encode(graph, tree, mode, treeNumber, routes, Set.of());
    }

    /**
     * Encodes a tree as {@link #encode(Graph, MulticastTree, Msr6Mode, int, UnicastRoutes)} does,
     * splitting the given nodes. A split node replicates and has receivers of its own, on a
     * target whose egress cannot decapsulate their copies of every list (Tofino 1: past 3
     * M-SIDs, or behind an extension header). Its parent sends it two copies by the same link: one to its
     * replicating SID, whose copies go to its children, and one to a leaf SID of its own (End.RL,
     * Replication Number 0, Pointer 0), which it decapsulates in ingress, as every leaf does, for
     * its receivers. The leaf SID takes the M-SID right after the replicating one, so the parent's
     * Replication Number counts it. In RLB mode only the ingress edge can send a node two copies (a
     * Local Bitstring has one bit per link): a node to split below another stays whole, among the
     * nodes that decapsulate in egress ({@link EncodedTree#localDelivery()}).
     *
     * @param graph      the graph the tree was computed on
     * @param tree       the tree
     * @param mode       TE or RLB
     * @param treeNumber the tree's number, carried in every SID's Function
     * @param routes     where unicast routing sends a node's traffic for another node's locator
     * @param split      the nodes to split: each a replicating node, not the ingress edge, with
     *                   receivers of its own
     * @return the encoded tree
     * @throws IllegalArgumentException if the tree needs more than MAX_MSIDS M-SIDs, in RLB mode a
     *                                  link has no bit or two links of a node share one, or a node
     *                                  to split is not a replicating node with receivers of its own
     */
    public EncodedTree encode(Graph graph, MulticastTree tree, Msr6Mode mode, int treeNumber,
                              UnicastRoutes routes, Set<Integer> split) {
        Map<Integer, List<Integer>> edgesOut = new HashMap<>();
        for (int edge : tree.edges()) {
            edgesOut.computeIfAbsent(graph.source(edge), v -> new ArrayList<>()).add(edge);
        }
        // Which node each copy is addressed to: the child the copy's link leads to, or further
        // down when routing carries the copy past single-child transit nodes (which then need no
        // SID, nor an RLB bit on their link).
        // Top down from the ingress edge, so that a node is left out only as its parent sees it.
        Set<Integer> routed = new HashSet<>();
        Map<Integer, Integer> addressees = new HashMap<>();
        Deque<Integer> pending = new ArrayDeque<>(List.of(tree.root()));
        while (!pending.isEmpty()) {
            for (int edge : edgesOut.getOrDefault(pending.poll(), List.of())) {
                int target = addressee(graph, tree, edgesOut, edge, routes, routed);
                addressees.put(edge, target);
                pending.add(target);
            }
        }
        Map<Integer, List<Integer>> copyEdges = new HashMap<>();
        Map<Integer, Integer> bitstrings = new HashMap<>();
        for (Map.Entry<Integer, List<Integer>> e : edgesOut.entrySet()) {
            if (routed.contains(e.getKey())) {
                continue;
            }
            List<Integer> out = e.getValue();
            if (mode == Msr6Mode.RLB && e.getKey() != tree.root()) {
                out.sort(Comparator.comparingInt(edge -> bitOf(graph, edge)));
                int bits = 0;
                for (int edge : out) {
                    int bit = 1 << bitOf(graph, edge);
                    if ((bits & bit) != 0) {
                        throw new IllegalArgumentException("two links of vertex " + e.getKey()
                                                                   + " share RLB bit " + bitOf(graph, edge));
                    }
                    bits |= bit;
                }
                bitstrings.put(e.getKey(), bits);
            } else {
                out.sort(Comparator.comparingInt(graph::target));
            }
            copyEdges.put(e.getKey(), out);
        }
        for (int v : split) {
            if (v == tree.root() || !copyEdges.containsKey(v) || !tree.receivers().contains(v)) {
                throw new IllegalArgumentException("vertex " + v + " cannot be split: only a replicating node "
                                                           + "other than the ingress edge, with receivers of its own");
            }
        }
        Map<Integer, List<Integer>> children = new HashMap<>();
        Set<Integer> splitDone = new HashSet<>();
        for (Map.Entry<Integer, List<Integer>> e : copyEdges.entrySet()) {
            // A split child twice in a row, by the same edge: its replicating SID, then its leaf SID.
            int v = e.getKey();
            List<Integer> edges = new ArrayList<>();
            List<Integer> targets = new ArrayList<>();
            for (int edge : e.getValue()) {
                int target = addressees.get(edge);
                // An RLB node's Local Bitstring gives each link one copy: its children stay whole.
                int copies = split.contains(target) && (mode == Msr6Mode.TE || v == tree.root()) ? 2 : 1;
                if (copies == 2) {
                    splitDone.add(target);
                }
                for (int c = 0; c < copies; c++) {
                    edges.add(edge);
                    targets.add(target);
                }
            }
            e.setValue(edges);
            children.put(v, targets);
        }

        // Positions in the list; a split node's second one is its leaf SID's (and has no children).
        List<Integer> order = new ArrayList<>(children.getOrDefault(tree.root(), List.of()));
        Set<Integer> leafPositions = new HashSet<>();
        markLeafPositions(order, 0, leafPositions);
        Map<Integer, Integer> pointer = new HashMap<>();
        for (int p = 0; p < order.size(); p++) {
            List<Integer> kids = leafPositions.contains(p) ? null : children.get(order.get(p));
            if (kids != null) {
                pointer.put(order.get(p), order.size());
                markLeafPositions(kids, order.size(), leafPositions);
                order.addAll(kids);
            }
        }
        if (order.size() > MAX_MSIDS) {
            throw new IllegalArgumentException("the tree needs " + order.size() + " M-SIDs, more than the "
                                                       + MAX_MSIDS + " an MRH may carry; split it or drop receivers");
        }

        Map<Integer, Ip6Address> sids = new HashMap<>();
        Map<Integer, Ip6Address> splitLeafSids = new HashMap<>();
        List<Ip6Address> msids = new ArrayList<>();
        Set<Integer> localDelivery = new HashSet<>();
        for (int p = 0; p < order.size(); p++) {
            int v = order.get(p);
            Ip6Prefix locator = locators.apply(v);
            if (leafPositions.contains(p)) {
                Ip6Address leaf = Msid.of(locator, Msid.function(endRl.applyAsLong(v), treeNumber), 0, 0);
                splitLeafSids.put(v, leaf);
                msids.add(leaf);
                continue;
            }
            Ip6Address sid;
            List<Integer> kids = children.get(v);
            if (kids == null) {
                sid = Msid.of(locator, Msid.function(endRl.applyAsLong(v), treeNumber), 0, 0);
            } else if (mode == Msr6Mode.TE) {
                sid = Msid.of(locator, Msid.function(endRl.applyAsLong(v), treeNumber), kids.size() - 1,
                              pointer.get(v));
            } else {
                sid = Msid.of(locator, Msid.function(endRlbX.applyAsLong(v), treeNumber), bitstrings.get(v),
                              pointer.get(v));
            }
            if (kids != null && tree.receivers().contains(v) && !splitDone.contains(v)) {
                localDelivery.add(v);
            }
            sids.put(v, sid);
            msids.add(sid);
        }
        return new EncodedTree(mode, msids, children.getOrDefault(tree.root(), List.of()), sids, splitLeafSids,
                               children, localDelivery, copyEdges, routed);
    }

    /** Marks the positions of the second of two equal neighbours (a split node's leaf SID). */
    private static void markLeafPositions(List<Integer> kids, int first, Set<Integer> leafPositions) {
        for (int i = 1; i < kids.size(); i++) {
            if (kids.get(i).equals(kids.get(i - 1))) {
                leafPositions.add(first + i);
            }
        }
    }

    /**
     * The node a copy leaving by an edge is addressed to: the edge's head, unless it is a
     * single-child transit node that routing passes along the tree, and so on down.
     */
    private static int addressee(Graph graph, MulticastTree tree, Map<Integer, List<Integer>> edgesOut, int edge,
                                 UnicastRoutes routes, Set<Integer> routed) {
        // The chain of single-child transit nodes below the edge, and the edges between them.
        List<Integer> chain = new ArrayList<>();
        List<Integer> links = new ArrayList<>();
        int at = graph.target(edge);
        while (at != tree.root() && !tree.receivers().contains(at) && edgesOut.getOrDefault(at, List.of()).size() == 1) {
            int next = edgesOut.get(at).get(0);
            chain.add(at);
            links.add(next);
            at = graph.target(next);
        }
        // The deepest node every transit node before it routes to along the tree.
        for (int end = chain.size(); end > 0; end--) {
            int target = end < chain.size() ? chain.get(end) : at;
            boolean along = true;
            for (int i = 0; i < end && along; i++) {
                along = routes.takes(links.get(i), target);
            }
            if (along) {
                routed.addAll(chain.subList(0, end));
                return target;
            }
        }
        return graph.target(edge);
    }

    private int bitOf(Graph graph, int edge) {
        int bit = rlbBit.applyAsInt(edge);
        if (bit < 0 || bit >= Msid.ARGUMENT_BITS) {
            throw new IllegalArgumentException("link " + graph.source(edge) + "->" + graph.target(edge)
                                                       + " has no RLB bit 0.." + (Msid.ARGUMENT_BITS - 1)
                                                       + " (netcfg rlbBits of its port)");
        }
        return bit;
    }
}
