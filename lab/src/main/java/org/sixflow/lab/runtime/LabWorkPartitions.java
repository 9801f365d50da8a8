// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.runtime;

import org.onosproject.cluster.NodeId;
import org.onosproject.net.intent.WorkPartitionEventListener;
import org.onosproject.net.intent.WorkPartitionService;

import java.util.function.Function;

/**
 * Work partitions in a one-node lab: every partition, so every object, is the lab's.
 */
public final class LabWorkPartitions implements WorkPartitionService {

    @Override
    public <K> boolean isMine(K id, Function<K, Long> hasher) {
        return true;
    }

    @Override
    public <K> NodeId getLeader(K id, Function<K, Long> hasher) {
        return LabCluster.NODE_ID;
    }

    @Override
    public void addListener(WorkPartitionEventListener listener) {
        // Partitions never move here.
    }

    @Override
    public void removeListener(WorkPartitionEventListener listener) {
        // See addListener.
    }
}
