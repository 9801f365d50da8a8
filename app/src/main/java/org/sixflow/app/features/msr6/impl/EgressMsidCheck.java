// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.DeviceId;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * A replicating node with receivers of its own (the ingress edge too) decapsulates their copies
 * in egress, which must then have parsed the whole M-SID list, and some targets' egress parses only
 * a few (Tofino 1: 3; see EgressMsidLimits). Every other copy is finished from its msr6_copy entry
 * without reading the list, and leaves decapsulate in ingress, so only these nodes limit a tree.
 * Such a node below the ingress edge is split on those targets instead, whatever the list's
 * length (TreeBuilder, MrhEncoder: its parent sends it a second copy, to a leaf SID of its own);
 * what cannot be split (the ingress edge, an RLB node's child) makes a longer tree refused, naming
 * the devices.
 */
final class EgressMsidCheck {

    private EgressMsidCheck() {
    }

    /**
     * Returns the vertices whose device's egress parses fewer M-SIDs than a list has, with that
     * limit (each device's asked once: in ONOS it is a read of the pipeconf bindings).
     *
     * @param vertices the vertices that would decapsulate copies in egress
     * @param msids    how many M-SIDs the tree's MRH carries
     * @param device   the device of each vertex
     * @param limitOf  a device's egress M-SID limit, empty if unknown (no Sixflow pipeconf yet)
     * @return those of them it is too long for, in vertex order, to their device's limit
     */
    static Map<Integer, Integer> overLimit(Set<Integer> vertices, int msids, Function<Integer, DeviceId> device,
                                           Function<DeviceId, Optional<Integer>> limitOf) {
        Map<Integer, Integer> over = new TreeMap<>();
        for (int v : vertices) {
            limitOf.apply(device.apply(v)).filter(limit -> msids > limit).ifPresent(limit -> over.put(v, limit));
        }
        return over;
    }

    /**
     * Checks an encoded tree against the egress limits of the devices that decapsulate in egress.
     *
     * @param localDelivery the vertices that decapsulate copies for receivers of their own in egress
     *                      (the ingress edge among them when it has receivers)
     * @param msids         how many M-SIDs the tree's MRH carries
     * @param device        the device of each vertex
     * @param limitOf       a device's egress M-SID limit, empty if unknown (no Sixflow pipeconf yet)
     * @throws IllegalArgumentException if such a device cannot decapsulate copies of this MRH
     */
    static void check(Set<Integer> localDelivery, int msids, Function<Integer, DeviceId> device,
                      Function<DeviceId, Optional<Integer>> limitOf) {
        List<String> tooShort = new ArrayList<>();
        overLimit(localDelivery, msids, device, limitOf).forEach(
                (v, limit) -> tooShort.add(device.apply(v) + " (at most " + limit + ")"));
        if (!tooShort.isEmpty()) {
            tooShort.sort(null);
            throw new IllegalArgumentException("the tree needs " + msids + " M-SIDs, more than the egress of "
                    + String.join(", ", tooShort) + " reads to decapsulate the copies for its own receivers, "
                    + "and such a node cannot be split there (the source's device, or in RLB mode a node "
                    + "below another replicating node); choose fewer receivers, move the receivers off the "
                    + "source's device, or use TE mode");
        }
    }
}
