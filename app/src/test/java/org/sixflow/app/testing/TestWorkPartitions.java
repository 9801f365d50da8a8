// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onosproject.cluster.NodeId;
import org.onosproject.net.intent.WorkPartitionEvent;
import org.onosproject.net.intent.WorkPartitionEventListener;
import org.onosproject.net.intent.WorkPartitionService;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Function;

/**
 * Work partitions of a test cluster: which instance owns which object is a function the test
 * sets (by the object's id, not its hash), and changing it tells every instance's listeners, as
 * ONOS does when partitions move.
 */
public final class TestWorkPartitions {

    private volatile Function<Object, String> owner;
    private final List<Instance> instances = new CopyOnWriteArrayList<>();

    /**
     * A cluster whose objects all belong to one instance.
     *
     * @param node the owning instance's name
     */
    public TestWorkPartitions(String node) {
        this.owner = id -> node;
    }

    /**
     * The partition service of one instance.
     *
     * @param node the instance's name
     * @return its service
     */
    public WorkPartitionService instance(String node) {
        Instance instance = new Instance(NodeId.nodeId(node));
        instances.add(instance);
        return instance;
    }

    /**
     * Moves partitions: from now on objects belong to the instance the function names, and every
     * instance hears LEADER_CHANGED.
     *
     * @param newOwner object id to instance name
     */
    public void assign(Function<Object, String> newOwner) {
        owner = newOwner;
        WorkPartitionEvent event = new WorkPartitionEvent(WorkPartitionEvent.Type.LEADER_CHANGED, "work-partition-0");
        instances.forEach(i -> i.listeners.forEach(l -> l.event(event)));
    }

    private final class Instance implements WorkPartitionService {
        private final NodeId node;
        private final List<WorkPartitionEventListener> listeners = new CopyOnWriteArrayList<>();

        Instance(NodeId node) {
            this.node = node;
        }

        @Override
        public <K> boolean isMine(K id, Function<K, Long> hasher) {
            return node.equals(getLeader(id, hasher));
        }

        @Override
        public <K> NodeId getLeader(K id, Function<K, Long> hasher) {
            return NodeId.nodeId(owner.apply(id));
        }

        @Override
        public void addListener(WorkPartitionEventListener listener) {
            listeners.add(listener);
        }

        @Override
        public void removeListener(WorkPartitionEventListener listener) {
            listeners.remove(listener);
        }
    }
}
