// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.encoding;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ip6Address;
import org.sixflow.app.features.msr6.api.Msr6Mode;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A tree as the data plane carries it: the MRH's M-SID list, and what each node needs
 * installed — its SID, and its children in copy order (copy i goes to the i-th child, by the
 * i-th copy edge).
 */
public final class EncodedTree {

    private final Msr6Mode mode;
    private final List<Ip6Address> msids;
    private final List<Integer> rootChildren;
    private final Map<Integer, Ip6Address> sids;
    private final Map<Integer, Ip6Address> splitLeafSids;
    private final Map<Integer, List<Integer>> children;
    private final Set<Integer> localDelivery;
    private final Map<Integer, List<Integer>> copyEdges;
    private final Set<Integer> routed;

    EncodedTree(Msr6Mode mode, List<Ip6Address> msids, List<Integer> rootChildren, Map<Integer, Ip6Address> sids,
                Map<Integer, Ip6Address> splitLeafSids, Map<Integer, List<Integer>> children, Set<Integer> localDelivery,
                Map<Integer, List<Integer>> copyEdges, Set<Integer> routed) {
        this.mode = mode;
        this.msids = ImmutableList.copyOf(msids);
        this.rootChildren = ImmutableList.copyOf(rootChildren);
        this.sids = ImmutableMap.copyOf(sids);
        this.splitLeafSids = ImmutableMap.copyOf(splitLeafSids);
        this.children = ImmutableMap.copyOf(children);
        this.localDelivery = ImmutableSet.copyOf(localDelivery);
        ImmutableMap.Builder<Integer, List<Integer>> edges = ImmutableMap.builder();
        copyEdges.forEach((v, list) -> edges.put(v, ImmutableList.copyOf(list)));
        this.copyEdges = edges.build();
        this.routed = ImmutableSet.copyOf(routed);
    }

    public Msr6Mode mode() {
        return mode;
    }

    /** The MRH's M-SID list; the outer destination starts as M-SID[0]. */
    public List<Ip6Address> msids() {
        return msids;
    }

    /** The ingress edge's children in copy order; more than one means it replicates itself. */
    public List<Integer> rootChildren() {
        return rootChildren;
    }

    /** Each non-root tree node's SID (End.RL, End.RLB.X, or an End.RL leaf SID). */
    public Map<Integer, Ip6Address> sids() {
        return sids;
    }

    /**
     * Each split node's leaf SID (End.RL, Replication Number 0, Pointer 0), beside its replicating
     * SID in {@link #sids()}: the copy its parent sends it for its own receivers, decapsulated in
     * ingress (MrhEncoder#encode with nodes to split).
     */
    public Map<Integer, Ip6Address> splitLeafSids() {
        return splitLeafSids;
    }

    /**
     * Each replicating node's children in copy order: the nodes its copies are addressed to
     * (beyond the links' heads where those are routed through, see {@link #routed()}). A split
     * node is there twice in a row: its replicating SID's copy, then its leaf SID's.
     */
    public Map<Integer, List<Integer>> children() {
        return children;
    }

    /**
     * The edges each replicating node's copies leave by, in copy order (the ingress edge's too):
     * copy i leaves by edge i and is addressed to child i (a split node's two copies by one edge).
     */
    public Map<Integer, List<Integer>> copyEdges() {
        return copyEdges;
    }

    /**
     * Single-child transit nodes the tree passes through without an M-SID: unicast routing
     * forwards its packets along the tree there, and they hold none of its state.
     */
    public Set<Integer> routed() {
        return routed;
    }

    /**
     * Replicating nodes that also deliver to receivers of their own, decapsulating their copies in
     * egress (split nodes deliver by their leaf SID instead).
     */
    public Set<Integer> localDelivery() {
        return localDelivery;
    }
}
