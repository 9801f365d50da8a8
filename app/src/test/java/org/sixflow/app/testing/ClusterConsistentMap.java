// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import com.google.common.collect.Maps;
import org.onosproject.store.primitives.ConsistentMapBackedJavaMap;
import org.onosproject.store.service.ConsistentMapAdapter;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.Versioned;
import org.sixflow.app.testing.ClusterMapState.Bytes;

import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * One instance's view of a {@link ClusterStorageService} map: every call runs on the map's
 * thread and every key and value crosses the serializer.
 *
 * @param <K> key type
 * @param <V> value type
 */
final class ClusterConsistentMap<K, V> extends ConsistentMapAdapter<K, V> {

    private final ClusterMapState state;
    private final Serializer serializer;

    ClusterConsistentMap(ClusterMapState state, Serializer serializer) {
        this.state = state;
        this.serializer = serializer;
    }

    @Override
    public String name() {
        return state.name();
    }

    private Bytes key(K key) {
        return new Bytes(serializer.encode(Objects.requireNonNull(key, "null key")));
    }

    private K key(Bytes key) {
        return serializer.decode(key.value);
    }

    private Versioned<V> value(Versioned<byte[]> stored) {
        return stored == null ? null : stored.map(serializer::decode);
    }

    private Versioned<byte[]> stored(V value) {
        return new Versioned<>(serializer.encode(Objects.requireNonNull(value, "null value")),
                               state.versions.incrementAndGet(), System.currentTimeMillis());
    }

    /** Writes (or removes, for null) one entry and publishes what changed; on the map's thread. */
    private Versioned<byte[]> write(Bytes key, V value) {
        Versioned<byte[]> before = state.entries.get(key);
        Versioned<byte[]> now = value == null ? null : stored(value);
        if (now == null) {
            state.entries.remove(key);
        } else {
            state.entries.put(key, now);
        }
        if (before != null || now != null) {
            MapEvent.Type type = now == null ? MapEvent.Type.REMOVE
                    : before == null ? MapEvent.Type.INSERT : MapEvent.Type.UPDATE;
            state.publish(type, key.value, now, before);
        }
        return now;
    }

    @Override
    public int size() {
        return state.call(state.entries::size);
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public boolean containsKey(K key) {
        Bytes k = key(key);
        return state.call(() -> state.entries.containsKey(k));
    }

    @Override
    public boolean containsValue(V value) {
        return values().stream().anyMatch(v -> Objects.equals(v.value(), value));
    }

    @Override
    public Versioned<V> get(K key) {
        Bytes k = key(key);
        return value(state.call(() -> state.entries.get(k)));
    }

    @Override
    public Versioned<V> getOrDefault(K key, V defaultValue) {
        Versioned<V> value = get(key);
        return value != null ? value : new Versioned<>(defaultValue, 0);
    }

    @Override
    public Versioned<V> computeIf(K key, Predicate<? super V> condition,
                                  BiFunction<? super K, ? super V, ? extends V> function) {
        Bytes k = key(key);
        return value(state.call(() -> {
            Versioned<V> current = value(state.entries.get(k));
            V old = current == null ? null : current.value();
            if (!condition.test(old)) {
                return state.entries.get(k);
            }
            V computed = function.apply(key, old);
            return write(k, computed);
        }));
    }

    @Override
    public Versioned<V> computeIfAbsent(K key, Function<? super K, ? extends V> function) {
        return computeIf(key, Objects::isNull, (k, v) -> function.apply(k));
    }

    @Override
    public Versioned<V> compute(K key, BiFunction<? super K, ? super V, ? extends V> function) {
        return computeIf(key, v -> true, function);
    }

    @Override
    public Versioned<V> computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> function) {
        return computeIf(key, Objects::nonNull, function);
    }

    @Override
    public Versioned<V> put(K key, V value) {
        Bytes k = key(key);
        return value(state.call(() -> {
            Versioned<byte[]> before = state.entries.get(k);
            write(k, value);
            return before;
        }));
    }

    @Override
    public Versioned<V> putAndGet(K key, V value) {
        Bytes k = key(key);
        return value(state.call(() -> write(k, value)));
    }

    @Override
    public Versioned<V> remove(K key) {
        Bytes k = key(key);
        return value(state.call(() -> {
            Versioned<byte[]> before = state.entries.get(k);
            write(k, null);
            return before;
        }));
    }

    @Override
    public void clear() {
        state.call(() -> {
            ImmutableList.copyOf(state.entries.keySet()).forEach(k -> write(k, null));
            return null;
        });
    }

    @Override
    public Set<K> keySet() {
        return state.call(() -> state.entries.keySet().stream().map(this::key)
                .collect(ImmutableSet.toImmutableSet()));
    }

    @Override
    public Collection<Versioned<V>> values() {
        return state.call(() -> state.entries.values().stream().map(this::value)
                .collect(ImmutableList.toImmutableList()));
    }

    @Override
    public Set<Map.Entry<K, Versioned<V>>> entrySet() {
        return state.call(() -> state.entries.entrySet().stream()
                .map(e -> Maps.immutableEntry(key(e.getKey()), value(e.getValue())))
                .collect(ImmutableSet.toImmutableSet()));
    }

    @Override
    public Versioned<V> putIfAbsent(K key, V value) {
        Bytes k = key(key);
        return value(state.call(() -> {
            Versioned<byte[]> before = state.entries.get(k);
            if (before == null) {
                write(k, value);
            }
            return before;
        }));
    }

    @Override
    public boolean remove(K key, V value) {
        Bytes k = key(key);
        return state.call(() -> {
            Versioned<V> current = value(state.entries.get(k));
            if (current == null || !Objects.equals(current.value(), value)) {
                return false;
            }
            write(k, null);
            return true;
        });
    }

    @Override
    public boolean remove(K key, long version) {
        Bytes k = key(key);
        return state.call(() -> {
            Versioned<byte[]> current = state.entries.get(k);
            if (current == null || current.version() != version) {
                return false;
            }
            write(k, null);
            return true;
        });
    }

    @Override
    public Versioned<V> replace(K key, V value) {
        Bytes k = key(key);
        return value(state.call(() -> {
            Versioned<byte[]> before = state.entries.get(k);
            if (before != null) {
                write(k, value);
            }
            return before;
        }));
    }

    @Override
    public boolean replace(K key, V oldValue, V newValue) {
        Bytes k = key(key);
        return state.call(() -> {
            Versioned<V> current = value(state.entries.get(k));
            if (current == null || !Objects.equals(current.value(), oldValue)) {
                return false;
            }
            write(k, newValue);
            return true;
        });
    }

    @Override
    public boolean replace(K key, long oldVersion, V newValue) {
        Bytes k = key(key);
        return state.call(() -> {
            Versioned<byte[]> current = state.entries.get(k);
            if (current == null || current.version() != oldVersion) {
                return false;
            }
            write(k, newValue);
            return true;
        });
    }

    @Override
    public void addListener(MapEventListener<K, V> listener, Executor executor) {
        state.addListener(listener, e -> listener.event(new MapEvent<>(
                e.type(), e.name(), serializer.decode(e.key()), value(e.newValue()), value(e.oldValue()))),
                          executor);
    }

    @Override
    public void removeListener(MapEventListener<K, V> listener) {
        state.removeListener(listener);
    }

    @Override
    public Map<K, V> asJavaMap() {
        return new ConsistentMapBackedJavaMap<>(this);
    }
}
