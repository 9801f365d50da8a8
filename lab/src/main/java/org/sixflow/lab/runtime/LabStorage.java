// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.runtime;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapBuilder;
import org.onosproject.store.service.TestConsistentMap;
import org.onosproject.store.service.TestStorageService;

/**
 * ONOS's in-memory test storage for the one-node lab, except that a map listener registered
 * with an executor hears its events on that executor, as in ONOS (the test map ignores listeners
 * registered that way, and calls the others on the writer's thread).
 */
public final class LabStorage extends TestStorageService {

    @Override
    public <K, V> ConsistentMapBuilder<K, V> consistentMapBuilder() {
        return new TestConsistentMap.Builder<K, V>() {
            @Override
            public ConsistentMap<K, V> build() {
                return new ExecutorListenedMap<>(super.build());
            }
        };
    }
}
