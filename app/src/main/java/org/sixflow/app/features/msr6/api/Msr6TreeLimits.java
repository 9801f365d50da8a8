// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableSortedMap;
import org.onosproject.net.DeviceId;

import java.util.Comparator;
import java.util.Map;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * How long a tree's M-SID list may be on the network as it is: at most {@link #maxMsids()} (what
 * an MRH carries and every target's ingress parses), and on devices whose egress parses fewer
 * M-SIDs, at most {@link #localDeliveryMaxMsids()} for a tree whose source is there with receivers
 * there too (their copies are decapsulated in egress). A replicating node there with receivers of
 * its own is split rather than limiting the tree (one M-SID more), except in RLB mode below
 * another replicating node, whose Local Bitstring sends each link one copy.
 */
public final class Msr6TreeLimits {

    private final int maxMsids;
    private final Map<DeviceId, Integer> localDeliveryMaxMsids;

    private Msr6TreeLimits(int maxMsids, Map<DeviceId, Integer> localDeliveryMaxMsids) {
        checkArgument(maxMsids > 0, "maxMsids must be positive");
        this.maxMsids = maxMsids;
        this.localDeliveryMaxMsids = ImmutableSortedMap.copyOf(localDeliveryMaxMsids,
                                                               Comparator.comparing(DeviceId::toString));
    }

    /**
     * Creates the limits.
     *
     * @param maxMsids              M-SIDs an MRH may carry
     * @param localDeliveryMaxMsids per device whose egress parses fewer, what it parses
     * @return the limits
     */
    public static Msr6TreeLimits of(int maxMsids, Map<DeviceId, Integer> localDeliveryMaxMsids) {
        return new Msr6TreeLimits(maxMsids, localDeliveryMaxMsids);
    }

    /** M-SIDs an MRH may carry, on every device. */
    public int maxMsids() {
        return maxMsids;
    }

    /**
     * Devices that limit a tree whose source is there with receivers there too, by device id.
     *
     * @return device to the M-SIDs its egress parses (fewer than maxMsids)
     */
    public Map<DeviceId, Integer> localDeliveryMaxMsids() {
        return localDeliveryMaxMsids;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof Msr6TreeLimits)) {
            return false;
        }
        Msr6TreeLimits that = (Msr6TreeLimits) o;
        return maxMsids == that.maxMsids && localDeliveryMaxMsids.equals(that.localDeliveryMaxMsids);
    }

    @Override
    public int hashCode() {
        return Objects.hash(maxMsids, localDeliveryMaxMsids);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("maxMsids", maxMsids)
                .add("localDeliveryMaxMsids", localDeliveryMaxMsids).toString();
    }
}
