// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onosproject.store.service.AsyncAtomicCounter;
import org.onosproject.store.service.AsyncConsistentMap;
import org.onosproject.store.service.AtomicCounterBuilder;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.TestStorageService;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Storage for tests that behaves the way ONOS's Atomix-backed primitives do where it matters to
 * a manager, so that tests can fail on what only shows in a real cluster:
 * <ul>
 *   <li>primitives are shared by name: two services made with {@link #instance()} are two ONOS
 *       instances of one cluster;</li>
 *   <li>every key and value goes through the map's serializer on the way in and out, so a type
 *       the serializer does not know fails here as it would in ONOS, and no caller shares a
 *       mutable object with the store;</li>
 *   <li>each map has one "Atomix" thread that runs every operation and delivers every event;
 *       listeners registered with the default direct executor run on it, so a listener that
 *       waits for a lock held by a thread inside {@code put} stalls that put until it times out
 *       ({@link org.onosproject.store.service.StorageException.Timeout}), as in ONOS.</li>
 * </ul>
 * Events arrive asynchronously; {@link #awaitEvents()} waits until every queued operation and
 * event of every map has run, so tests need no sleeps.
 */
public final class ClusterStorageService extends TestStorageService {

    /** ONOS's default operation timeout is 15 s; tests should not wait that long to fail. */
    public static final long DEFAULT_TIMEOUT_MILLIS = 3_000;

    private final Cluster cluster;

    /** A new cluster with one instance; {@link #instance()} adds more. */
    public ClusterStorageService() {
        this(new Cluster(DEFAULT_TIMEOUT_MILLIS));
    }

    /**
     * A new cluster whose operations time out after the given time.
     *
     * @param timeoutMillis how long an operation waits for the map's thread
     */
    public ClusterStorageService(long timeoutMillis) {
        this(new Cluster(timeoutMillis));
    }

    private ClusterStorageService(Cluster cluster) {
        this.cluster = cluster;
    }

    /**
     * Another instance of the same cluster: it sees the same maps and counters.
     *
     * @return the storage service of another instance
     */
    public ClusterStorageService instance() {
        return new ClusterStorageService(cluster);
    }

    /** Waits until every map's queued operations and events, and the work they queued, have run. */
    public void awaitEvents() {
        cluster.maps.values().forEach(ClusterMapState::await);
    }

    /** Stops every map's thread (the maps are unusable afterwards). */
    public void shutdown() {
        cluster.maps.values().forEach(ClusterMapState::shutdown);
    }

    @Override
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new ConsistentMapBuilder<K, V>() {
            @Override
            @SuppressWarnings("unchecked")
            public ConsistentMap<K, V> build() {
                ClusterMapState state = cluster.maps.computeIfAbsent(
                        name(), n -> new ClusterMapState(n, cluster.timeoutMillis));
                if (serializer() == null) {
                    throw new IllegalStateException("map " + name() + " has no serializer");
                }
                return new ClusterConsistentMap<>(state, serializer());
            }

            @Override
            public AsyncConsistentMap<K, V> buildAsyncMap() {
                throw new UnsupportedOperationException("tests use the synchronous map");
            }
        };
    }

    @Override
    public AtomicCounterBuilder atomicCounterBuilder() {
        ClusterStorageService storage = this;
        return new AtomicCounterBuilder() {
            @Override
            public AsyncAtomicCounter build() {
                return cluster.counters.computeIfAbsent(name(), storage::newCounter);
            }
        };
    }

    private AsyncAtomicCounter newCounter(String name) {
        return super.atomicCounterBuilder().withName(name).build();
    }

    private static final class Cluster {
        final long timeoutMillis;
        final Map<String, ClusterMapState> maps = new ConcurrentHashMap<>();
        final Map<String, AsyncAtomicCounter> counters = new ConcurrentHashMap<>();

        Cluster(long timeoutMillis) {
            this.timeoutMillis = timeoutMillis;
        }
    }
}
