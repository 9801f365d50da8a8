// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.encoding;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableMap;
import com.google.common.collect.ImmutableSet;
import org.onlab.packet.Ip6Address;
import org.sixflow.app.api.Msr6Mode;

import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * A tree as the data plane carries it: the MRH's M-SID list, and what each node needs
 * installed — its SID, and its children in copy order (copy i goes to the i-th child).
 */
public final class EncodedTree {

    private final Msr6Mode mode;
    private final List<Ip6Address> msids;
    private final List<Integer> rootChildren;
    private final Map<Integer, Ip6Address> sids;
    private final Map<Integer, List<Integer>> children;
    private final Set<Integer> localDelivery;

    EncodedTree(Msr6Mode mode, List<Ip6Address> msids, List<Integer> rootChildren, Map<Integer, Ip6Address> sids,
                Map<Integer, List<Integer>> children, Set<Integer> localDelivery) {
        this.mode = mode;
        this.msids = ImmutableList.copyOf(msids);
        this.rootChildren = ImmutableList.copyOf(rootChildren);
        this.sids = ImmutableMap.copyOf(sids);
        this.children = ImmutableMap.copyOf(children);
        this.localDelivery = ImmutableSet.copyOf(localDelivery);
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

    /** Each replicating node's children in copy order. */
    public Map<Integer, List<Integer>> children() {
        return children;
    }

    /** Replicating nodes that also deliver to receivers of their own. */
    public Set<Integer> localDelivery() {
        return localDelivery;
    }
}
