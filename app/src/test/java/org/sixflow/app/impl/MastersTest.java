// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.junit.Test;
import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipServiceAdapter;
import org.onosproject.net.DeviceId;
import org.onosproject.net.intent.WorkPartitionServiceAdapter;

import java.util.Map;
import java.util.Set;
import java.util.function.Function;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * One reader per device: its master, or the owner of its work partition when it has none.
 */
public class MastersTest {

    private static final NodeId HERE = NodeId.nodeId("here");
    private static final DeviceId MINE = DeviceId.deviceId("device:mine");
    private static final DeviceId THEIRS = DeviceId.deviceId("device:theirs");
    private static final DeviceId ORPHAN_HERE = DeviceId.deviceId("device:orphan-here");
    private static final DeviceId ORPHAN_ELSEWHERE = DeviceId.deviceId("device:orphan-elsewhere");

    private final MastershipServiceAdapter mastership = new MastershipServiceAdapter() {
        private final Map<DeviceId, NodeId> masters = Map.of(MINE, HERE, THEIRS, NodeId.nodeId("there"));

        @Override
        public NodeId getMasterFor(DeviceId deviceId) {
            return masters.get(deviceId);
        }

        @Override
        public boolean isLocalMaster(DeviceId deviceId) {
            return HERE.equals(masters.get(deviceId));
        }
    };

    // This instance's partitions hold THEIRS and ORPHAN_HERE.
    private final WorkPartitionServiceAdapter partitions = new WorkPartitionServiceAdapter() {
        @Override
        public <K> boolean isMine(K id, Function<K, Long> hasher) {
            return Set.of(THEIRS, ORPHAN_HERE).contains(id);
        }
    };

    @Test
    public void theMasterReadsWhateverThePartitionsSay() {
        assertTrue(Masters.readsHere(mastership, partitions, MINE));
        assertFalse(Masters.readsHere(mastership, partitions, THEIRS));
    }

    @Test
    public void aDeviceWithoutMasterIsReadByItsPartitionsOwnerOnly() {
        assertTrue(Masters.readsHere(mastership, partitions, ORPHAN_HERE));
        assertFalse(Masters.readsHere(mastership, partitions, ORPHAN_ELSEWHERE));
    }

    @Test
    public void thePartitionHashIsTheSameOnEveryInstance() {
        // String.hashCode is specified, so every JVM puts a device in the same partition.
        assertEquals(Long.valueOf("device:orphan-here".hashCode()), Masters.partitionHash(ORPHAN_HERE));
    }
}
