// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.compile;

import org.onosproject.net.PortNumber;
import org.onosproject.net.group.GroupBuckets;

import java.util.Collections;
import java.util.List;

/**
 * The replication id a copy of an ALL group gets on the device. ONOS 2.7 turns an ALL group into a
 * P4Runtime multicast group entry whose replicas it numbers itself, per port, 0, 1, ... in bucket
 * order (PiReplicationGroupTranslatorImpl); the target hands the number to egress as the copy's
 * replication id (bmv2 egress_rid, TNA eg_intr_md.egress_rid). The copy entries a group's egress
 * looks up are keyed by it, so the compiler numbers its buckets the same way, and two bucket lists
 * are the same group only in the same order: ONOS's GroupBuckets#equals compares them as sets, for
 * which [p2, p2, p3] is [p2, p3].
 */
public final class ReplicationIds {

    private ReplicationIds() {
    }

    /**
     * Returns the replication id of the next bucket to a port.
     *
     * @param before the ports of the group's buckets before it, in order
     * @param port   its port
     * @return how many buckets before it go to the same port
     */
    static int next(List<PortNumber> before, PortNumber port) {
        return Collections.frequency(before, port);
    }

    /**
     * Tells whether two groups' buckets make the same copies with the same replication ids.
     *
     * @param a buckets
     * @param b buckets
     * @return true if they are equal in order, repeated buckets included
     */
    public static boolean sameBuckets(GroupBuckets a, GroupBuckets b) {
        return a.buckets().equals(b.buckets());
    }
}
