// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.compile;

import org.junit.Test;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.group.DefaultGroupBucket;
import org.onosproject.net.group.GroupBucket;
import org.onosproject.net.group.GroupBuckets;

import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Replication ids as ONOS 2.7 numbers a group's replicas, and bucket lists compared with their
 * repeats and order.
 */
public class ReplicationIdsTest {

    private static final PortNumber P2 = PortNumber.portNumber(2);
    private static final PortNumber P3 = PortNumber.portNumber(3);

    private static GroupBuckets buckets(PortNumber... ports) {
        List<GroupBucket> list = new ArrayList<>();
        for (PortNumber port : ports) {
            list.add(DefaultGroupBucket.createAllGroupBucket(DefaultTrafficTreatment.builder().setOutput(port).build()));
        }
        return new GroupBuckets(list);
    }

    @Test
    public void eachPortCountsItsOwnCopiesFromZeroInBucketOrder() {
        assertEquals(0, ReplicationIds.next(List.of(), P2));
        assertEquals(0, ReplicationIds.next(List.of(P2), P3));
        assertEquals(1, ReplicationIds.next(List.of(P2, P3), P2));
        assertEquals(2, ReplicationIds.next(List.of(P2, P3, P2), P2));
    }

    @Test
    public void bucketsWithARepeatedPortAreNotTheSetOfTheirPorts() {
        // ONOS's own equality: [p2, p2, p3] and [p2, p3] are the same set of buckets.
        assertEquals(buckets(P2, P2, P3), buckets(P2, P3));
        assertFalse(ReplicationIds.sameBuckets(buckets(P2, P2, P3), buckets(P2, P3)));
        assertFalse(ReplicationIds.sameBuckets(buckets(P2, P3, P2), buckets(P2, P2, P3)));
        assertTrue(ReplicationIds.sameBuckets(buckets(P2, P2, P3), buckets(P2, P2, P3)));
    }
}
