// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

import org.onosproject.net.DeviceId;
import org.sixflow.app.msr6.tree.MulticastTree;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/**
 * A device's egress finishes the copies it makes (Segments Left, destination) and can only
 * read so many M-SIDs to do it (Tofino 1: 3; see EgressMsidLimits). Every node with children
 * makes copies, the ingress edge too (its copies leave by the tree's links); leaves decapsulate in
 * ingress. A tree longer than one of its copying devices can finish is
 * refused, naming them.
 */
final class EgressMsidCheck {

    private EgressMsidCheck() {
    }

    /**
     * Checks an encoded tree against the egress limits of its copying devices.
     *
     * @param tree    the tree
     * @param msids   how many M-SIDs its MRH carries
     * @param device  the device of each vertex
     * @param limitOf a device's egress M-SID limit, empty if unknown (no Sixflow pipeconf yet)
     * @throws IllegalArgumentException if a copying device cannot finish copies of this MRH
     */
    static void check(MulticastTree tree, int msids, Function<Integer, DeviceId> device,
                      Function<DeviceId, Optional<Integer>> limitOf) {
        int[] children = tree.childCounts();
        List<String> tooShort = new ArrayList<>();
        for (int v = 0; v < children.length; v++) {
            if (children[v] == 0) {
                continue;
            }
            DeviceId id = device.apply(v);
            Optional<Integer> limit = limitOf.apply(id);
            if (limit.isPresent() && msids > limit.get()) {
                tooShort.add(id + " (at most " + limit.get() + ")");
            }
        }
        if (!tooShort.isEmpty()) {
            throw new IllegalArgumentException("the tree needs " + msids + " M-SIDs, more than the egress of "
                    + String.join(", ", tooShort) + " reads to finish its copies; choose fewer receivers or "
                    + "a tree whose replication points are other devices");
        }
    }
}
