// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.cluster;

import org.onosproject.cluster.ClusterService;
import org.onosproject.cluster.NodeId;
import org.onosproject.event.ListenerRegistry;
import org.onosproject.net.intent.WorkPartitionEvent;
import org.onosproject.net.intent.WorkPartitionEventListener;
import org.onosproject.net.intent.WorkPartitionService;

import java.util.function.Function;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's work partitions in a one-instance cluster: every partition, so every id, is the local
 * node's. Listeners are accepted; partitions never move.
 */
public final class SimWorkPartitionService implements WorkPartitionService {

    private final NodeId localNode;
    private final ListenerRegistry<WorkPartitionEvent, WorkPartitionEventListener> listeners =
            new ListenerRegistry<>();

    /**
     * Creates the service.
     *
     * @param cluster the cluster, for the local node
     */
    public SimWorkPartitionService(ClusterService cluster) {
        this.localNode = checkNotNull(cluster, "cluster").getLocalNode().id();
    }

    @Override
    public <K> boolean isMine(K id, Function<K, Long> hasher) {
        checkNotNull(id, "Id cannot be null");
        checkNotNull(hasher, "Hasher cannot be null");
        return true;
    }

    @Override
    public <K> NodeId getLeader(K id, Function<K, Long> hasher) {
        checkNotNull(id, "Id cannot be null");
        checkNotNull(hasher, "Hasher cannot be null");
        return localNode;
    }

    @Override
    public void addListener(WorkPartitionEventListener listener) {
        listeners.addListener(listener);
    }

    @Override
    public void removeListener(WorkPartitionEventListener listener) {
        listeners.removeListener(listener);
    }
}
