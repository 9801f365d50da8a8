// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.store;

import org.onosproject.store.service.AsyncAtomicCounter;
import org.onosproject.store.service.AsyncConsistentMultimap;
import org.onosproject.store.service.AsyncConsistentTreeMap;
import org.onosproject.store.service.AsyncDocumentTree;
import org.onosproject.store.service.AtomicCounterBuilder;
import org.onosproject.store.service.AtomicCounterMapBuilder;
import org.onosproject.store.service.AtomicIdGeneratorBuilder;
import org.onosproject.store.service.AtomicValueBuilder;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.ConsistentMultimapBuilder;
import org.onosproject.store.service.ConsistentTreeMapBuilder;
import org.onosproject.store.service.DistributedLockBuilder;
import org.onosproject.store.service.DistributedSetBuilder;
import org.onosproject.store.service.DocumentTreeBuilder;
import org.onosproject.store.service.EventuallyConsistentMapBuilder;
import org.onosproject.store.service.LeaderElectorBuilder;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageService;
import org.onosproject.store.service.Topic;
import org.onosproject.store.service.TopicBuilder;
import org.onosproject.store.service.TransactionContextBuilder;
import org.onosproject.store.service.WorkQueue;
import org.onosproject.store.service.WorkQueueBuilder;

import java.time.Duration;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * ONOS's storage service for one instance, in memory. Simulated: consistent maps (shared by name,
 * serialized, versioned, with asynchronous events: {@link SimConsistentMap}), eventually consistent
 * maps ({@link SimEventuallyConsistentMap}) and atomic counters (shared by name). Every other
 * primitive (sets, multimaps, tree maps, document trees, counter maps, id generators, values, locks,
 * leader electors, topics, work queues, transactions) throws UnsupportedOperationException naming
 * it: Sixflow uses none of them.
 */
public final class SimStorageService implements StorageService, AutoCloseable {

    private final PendingWork pending = new PendingWork();
    private final Map<String, ConsistentMapState> maps = new ConcurrentHashMap<>();
    private final Map<String, SimAtomicCounter> counters = new ConcurrentHashMap<>();

    @Override
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new SimConsistentMapBuilder<>(name -> maps.computeIfAbsent(name, n -> new ConsistentMapState(n,
                                                                                                          pending)));
    }

    @Override
    public <K, V> EventuallyConsistentMapBuilder<K, V> eventuallyConsistentMapBuilder() {
        return new SimEventuallyConsistentMapBuilder<>();
    }

    @Override
    public AtomicCounterBuilder atomicCounterBuilder() {
        return new AtomicCounterBuilder() {
            @Override
            public AsyncAtomicCounter build() {
                if (name() == null || name().isEmpty()) {
                    throw new IllegalStateException("An atomic counter needs a name (withName)");
                }
                return counters.computeIfAbsent(name(), SimAtomicCounter::new);
            }
        };
    }

    /**
     * Waits until every map event queued so far has reached its listeners (and the executors they
     * registered with have run it).
     *
     * @param timeout how long to wait
     * @return true if all were delivered, false on timeout
     * @throws InterruptedException if interrupted
     */
    public boolean awaitEvents(Duration timeout) throws InterruptedException {
        return pending.await(timeout);
    }

    /** Stops every map's event thread; events not yet delivered are dropped. */
    @Override
    public void close() {
        maps.values().forEach(ConsistentMapState::close);
        pending.reset();
    }

    @Override
    public <V> DocumentTreeBuilder<V> documentTreeBuilder() {
        throw notSimulated("Document tree");
    }

    @Override
    public <V> ConsistentTreeMapBuilder<V> consistentTreeMapBuilder() {
        throw notSimulated("Consistent tree map");
    }

    @Override
    public <K, V> ConsistentMultimapBuilder<K, V> consistentMultimapBuilder() {
        throw notSimulated("Consistent multimap");
    }

    @Override
    public <K> AtomicCounterMapBuilder<K> atomicCounterMapBuilder() {
        throw notSimulated("Atomic counter map");
    }

    @Override
    public <E> DistributedSetBuilder<E> setBuilder() {
        throw notSimulated("Distributed set");
    }

    @Override
    public AtomicIdGeneratorBuilder atomicIdGeneratorBuilder() {
        throw notSimulated("Atomic id generator");
    }

    @Override
    public <V> AtomicValueBuilder<V> atomicValueBuilder() {
        throw notSimulated("Atomic value");
    }

    @Override
    public DistributedLockBuilder lockBuilder() {
        throw notSimulated("Distributed lock");
    }

    @Override
    public LeaderElectorBuilder leaderElectorBuilder() {
        throw notSimulated("Leader elector");
    }

    @Override
    public <T> TopicBuilder<T> topicBuilder() {
        throw notSimulated("Topic");
    }

    @Override
    public <E> WorkQueueBuilder<E> workQueueBuilder() {
        throw notSimulated("Work queue");
    }

    @Override
    public TransactionContextBuilder transactionContextBuilder() {
        throw notSimulated("Transaction context");
    }

    @Override
    public <E> WorkQueue<E> getWorkQueue(String name, Serializer serializer) {
        throw notSimulated("Work queue");
    }

    @Override
    public <V> AsyncDocumentTree<V> getDocumentTree(String name, Serializer serializer) {
        throw notSimulated("Document tree");
    }

    @Override
    public <K, V> AsyncConsistentMultimap<K, V> getAsyncSetMultimap(String name, Serializer serializer) {
        throw notSimulated("Consistent multimap");
    }

    @Override
    public <V> AsyncConsistentTreeMap<V> getAsyncTreeMap(String name, Serializer serializer) {
        throw notSimulated("Consistent tree map");
    }

    @Override
    public <T> Topic<T> getTopic(String name, Serializer serializer) {
        throw notSimulated("Topic");
    }

    private static UnsupportedOperationException notSimulated(String primitive) {
        return new UnsupportedOperationException(primitive + " is not simulated");
    }
}
