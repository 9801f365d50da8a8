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
import java.util.function.Predicate;

/**
 * One instance's view of the work partitions: which ids are its own, settable by the test, and a
 * LEADER_CHANGED event when they move, as ONOS posts when an instance joins or leaves.
 */
public final class PredicatePartitions implements WorkPartitionService {

    private final List<WorkPartitionEventListener> listeners = new CopyOnWriteArrayList<>();
    private volatile Predicate<String> mine;

    /**
     * Creates the view.
     *
     * @param mine which ids this instance owns
     */
    public PredicatePartitions(Predicate<String> mine) {
        this.mine = mine;
    }

    /** Every id is this instance's: a cluster of one. */
    public static PredicatePartitions alone() {
        return new PredicatePartitions(id -> true);
    }

    /**
     * Moves partitions: from now on this instance owns what the predicate accepts.
     *
     * @param owned which ids this instance owns now
     */
    public void move(Predicate<String> owned) {
        this.mine = owned;
        WorkPartitionEvent event = new WorkPartitionEvent(WorkPartitionEvent.Type.LEADER_CHANGED, "work-partition-0");
        listeners.forEach(l -> l.event(event));
    }

    @Override
    public <K> boolean isMine(K id, Function<K, Long> hasher) {
        if (hasher.apply(id) == null) {     // ONOS hashes the id to pick its partition
            throw new AssertionError("no hash for " + id);
        }
        return mine.test(id.toString());
    }

    @Override
    public <K> NodeId getLeader(K id, Function<K, Long> hasher) {
        return null;
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
