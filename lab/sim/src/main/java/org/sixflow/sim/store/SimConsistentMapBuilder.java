// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.store;

import org.onosproject.store.service.AsyncConsistentMap;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapBuilder;

import java.util.function.Function;

/**
 * Builds views of the storage service's named consistent maps: maps built with the same name share
 * their entries and listeners, each view with its own serializer.
 *
 * @param <K> key type
 * @param <V> value type
 */
final class SimConsistentMapBuilder<K, V> extends ConsistentMapBuilder<K, V> {

    private final Function<String, ConsistentMapState> states;

    SimConsistentMapBuilder(Function<String, ConsistentMapState> states) {
        this.states = states;
    }

    @Override
    public ConsistentMap<K, V> build() {
        if (name() == null || name().isEmpty()) {
            throw new IllegalStateException("A consistent map needs a name (withName)");
        }
        if (serializer() == null) {
            throw new IllegalStateException("Consistent map " + name() + " needs a serializer (withSerializer)");
        }
        return new SimConsistentMap<>(states.apply(name()), serializer(), readOnly(), applicationId());
    }

    @Override
    public AsyncConsistentMap<K, V> buildAsyncMap() {
        return new SimAsyncConsistentMap<>((SimConsistentMap<K, V>) build());
    }
}
