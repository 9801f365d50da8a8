// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onosproject.store.service.AsyncAtomicCounter;
import org.onosproject.store.service.AtomicCounterBuilder;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.EventuallyConsistentMap;
import org.onosproject.store.service.EventuallyConsistentMapBuilder;
import org.onosproject.store.service.TestConsistentMap;
import org.onosproject.store.service.TestEventuallyConsistentMap;
import org.onosproject.store.service.TestStorageService;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A test storage service whose maps (consistent and eventually consistent) and counters are
 * shared by name, as a cluster's are, so that two managers built on it behave like two ONOS
 * instances.
 */
public class SharedStorageService extends TestStorageService {

    private final Map<String, ConsistentMap<?, ?>> maps = new ConcurrentHashMap<>();
    private final Map<String, AsyncAtomicCounter> counters = new ConcurrentHashMap<>();
    private final Map<String, EventuallyConsistentMap<?, ?>> eventualMaps = new ConcurrentHashMap<>();

    @Override
    @SuppressWarnings("unchecked")
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new TestConsistentMap.Builder<K, V>() {
            @Override
            public ConsistentMap<K, V> build() {
                return (ConsistentMap<K, V>) maps.computeIfAbsent(name(), n -> newMap());
            }

            private ConsistentMap<K, V> newMap() {
                return super.build();
            }
        };
    }

    @Override
    @SuppressWarnings("unchecked")
    public <K, V> EventuallyConsistentMapBuilder<K, V> eventuallyConsistentMapBuilder() {
        return new TestEventuallyConsistentMap.Builder<K, V>() {
            private String mapName;

            @Override
            public EventuallyConsistentMapBuilder<K, V> withName(String name) {
                mapName = name;
                return super.withName(name);
            }

            @Override
            public EventuallyConsistentMap<K, V> build() {
                return (EventuallyConsistentMap<K, V>) eventualMaps.computeIfAbsent(mapName, n -> newMap());
            }

            private EventuallyConsistentMap<K, V> newMap() {
                return super.build();
            }
        };
    }

    @Override
    public AtomicCounterBuilder atomicCounterBuilder() {
        SharedStorageService storage = this;
        return new AtomicCounterBuilder() {
            @Override
            public AsyncAtomicCounter build() {
                return counters.computeIfAbsent(name(), n -> storage.newCounter(n));
            }
        };
    }

    private AsyncAtomicCounter newCounter(String name) {
        return super.atomicCounterBuilder().withName(name).build();
    }
}
