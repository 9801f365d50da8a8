// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.store;

import org.onlab.util.KryoNamespace;
import org.onosproject.cluster.NodeId;
import org.onosproject.store.Timestamp;
import org.onosproject.store.service.EventuallyConsistentMap;
import org.onosproject.store.service.EventuallyConsistentMapBuilder;

import java.util.Collection;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Builds an eventually consistent map. As ONOS's builder, it needs a name, a serializer and a
 * timestamp provider; the options about peers, anti-entropy, executors and persistence are accepted
 * and have nothing to act on in a single simulated instance.
 *
 * @param <K> key type
 * @param <V> value type
 */
final class SimEventuallyConsistentMapBuilder<K, V> implements EventuallyConsistentMapBuilder<K, V> {

    private String name;
    private KryoNamespace serializer;
    private KryoNamespace.Builder serializerBuilder;
    private BiFunction<K, V, Timestamp> timestampProvider;
    private boolean tombstonesDisabled;

    @Override
    public EventuallyConsistentMapBuilder<K, V> withName(String name) {
        this.name = checkNotNull(name);
        return this;
    }

    @Override
    public EventuallyConsistentMapBuilder<K, V> withSerializer(KryoNamespace.Builder builder) {
        this.serializerBuilder = checkNotNull(builder);
        return this;
    }

    @Override
    public EventuallyConsistentMapBuilder<K, V> withSerializer(KryoNamespace namespace) {
        this.serializer = checkNotNull(namespace);
        return this;
    }

    @Override
    public EventuallyConsistentMapBuilder<K, V> withTimestampProvider(BiFunction<K, V, Timestamp> provider) {
        this.timestampProvider = checkNotNull(provider);
        return this;
    }

    @Override
    public EventuallyConsistentMapBuilder<K, V> withEventExecutor(ExecutorService executor) {
        return this;
    }

    @Override
    public EventuallyConsistentMapBuilder<K, V> withCommunicationExecutor(ExecutorService executor) {
        return this;
    }

    @Override
    public EventuallyConsistentMapBuilder<K, V> withBackgroundExecutor(ScheduledExecutorService executor) {
        return this;
    }

    @Override
    public EventuallyConsistentMapBuilder<K, V> withPeerUpdateFunction(
            BiFunction<K, V, Collection<NodeId>> peerUpdateFunction) {
        return this;
    }

    @Override
    public EventuallyConsistentMapBuilder<K, V> withTombstonesDisabled() {
        this.tombstonesDisabled = true;
        return this;
    }

    @Override
    public EventuallyConsistentMapBuilder<K, V> withAntiEntropyPeriod(long period, TimeUnit unit) {
        return this;
    }

    @Override
    public EventuallyConsistentMapBuilder<K, V> withFasterConvergence() {
        return this;
    }

    @Override
    public EventuallyConsistentMapBuilder<K, V> withPersistence() {
        return this;
    }

    @Override
    public EventuallyConsistentMap<K, V> build() {
        checkNotNull(name, "name is a mandatory parameter");
        checkNotNull(timestampProvider, "timestampProvider is a mandatory parameter");
        KryoNamespace namespace = serializer != null ? serializer
                : serializerBuilder != null ? serializerBuilder.build(name) : null;
        checkNotNull(namespace, "serializer is a mandatory parameter");
        return new SimEventuallyConsistentMap<>(name, namespace, timestampProvider, !tombstonesDisabled);
    }
}
