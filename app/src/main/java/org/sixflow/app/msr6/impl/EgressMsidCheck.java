// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

import org.onosproject.net.DeviceId;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

/**
 * A replicating node with receivers of its own (the ingress edge too) decapsulates their copies
 * in egress, which must then have parsed the whole M-SID list, and some targets' egress parses only a few (Tofino 1: 3;
 * see EgressMsidLimits). Every other copy is finished from its msr6_copy entry without reading
 * the list, and leaves decapsulate in ingress, so only these nodes limit a tree. A tree longer
 * than one of them can decapsulate is refused, naming them.
 */
final class EgressMsidCheck {

    private EgressMsidCheck() {
    }

    /**
     * Checks an encoded tree against the egress limits of the devices that decapsulate in egress.
     *
     * @param localDelivery the replicating vertices (the ingress among them) that deliver to receivers
     *                      of their own
     * @param msids         how many M-SIDs the tree's MRH carries
     * @param device        the device of each vertex
     * @param limitOf       a device's egress M-SID limit, empty if unknown (no Sixflow pipeconf yet)
     * @throws IllegalArgumentException if such a device cannot decapsulate copies of this MRH
     */
    static void check(Set<Integer> localDelivery, int msids, Function<Integer, DeviceId> device,
                      Function<DeviceId, Optional<Integer>> limitOf) {
        List<String> tooShort = new ArrayList<>();
        for (int v : localDelivery) {
            DeviceId id = device.apply(v);
            Optional<Integer> limit = limitOf.apply(id);
            if (limit.isPresent() && msids > limit.get()) {
                tooShort.add(id + " (at most " + limit.get() + ")");
            }
        }
        if (!tooShort.isEmpty()) {
            tooShort.sort(null);
            throw new IllegalArgumentException("the tree needs " + msids + " M-SIDs, more than the egress of "
                    + String.join(", ", tooShort) + " reads to decapsulate the copies for its own receivers; "
                    + "choose fewer receivers, or make those devices leaves (receivers behind them only)");
        }
    }
}
