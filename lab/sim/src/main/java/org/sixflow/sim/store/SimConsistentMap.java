// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.store;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import com.google.common.collect.Maps;
import org.onosproject.core.ApplicationId;
import org.onosproject.store.primitives.ConsistentMapBackedJavaMap;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.Versioned;

import java.util.Arrays;
import java.util.Collection;
import java.util.Iterator;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Function;
import java.util.function.Predicate;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One view of a named in-memory consistent map, with its own serializer: every key and value is
 * encoded on the way in and decoded on the way out, so callers never share an object with the map
 * and a type the serializer does not know fails here as in ONOS (Kryo's "Class is not registered").
 * Values are versioned (versions increase with every write) and stamped with their creation time.
 * Every operation is atomic, the compute functions included (they run under the map's lock, so they
 * must not wait for another thread that uses the map; ONOS would run them optimistically and might
 * fail with ConcurrentModification under contention, which never happens here). As in Atomix, a
 * write of a value equal to the current one is no change: same version, no event. Events reach
 * listeners on the map's event thread, after the write returns.
 *
 * @param <K> key type
 * @param <V> value type
 */
final class SimConsistentMap<K, V> implements ConsistentMap<K, V> {

    private final ConsistentMapState state;
    private final Serializer serializer;
    private final boolean readOnly;
    private final ApplicationId applicationId;

    SimConsistentMap(ConsistentMapState state, Serializer serializer, boolean readOnly, ApplicationId appId) {
        this.state = state;
        this.serializer = checkNotNull(serializer, "serializer");
        this.readOnly = readOnly;
        this.applicationId = appId;
    }

    @Override
    public String name() {
        return state.name();
    }

    @Override
    public Type primitiveType() {
        return Type.CONSISTENT_MAP;
    }

    @Override
    public ApplicationId applicationId() {
        return applicationId;
    }

    @Override
    public int size() {
        synchronized (state) {
            return state.entries().size();
        }
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public boolean containsKey(K key) {
        ByteKey k = key(key);
        synchronized (state) {
            return state.entries().containsKey(k);
        }
    }

    @Override
    public boolean containsValue(V value) {
        byte[] v = value(value);
        synchronized (state) {
            return state.entries().values().stream().anyMatch(e -> Arrays.equals(e.value(), v));
        }
    }

    @Override
    public Versioned<V> get(K key) {
        ByteKey k = key(key);
        Versioned<byte[]> stored;
        synchronized (state) {
            stored = state.entries().get(k);
        }
        return decode(stored);
    }

    @Override
    public Versioned<V> getOrDefault(K key, V defaultValue) {
        Versioned<V> value = get(key);
        if (value != null) {
            return value;
        }
        // Atomix hands the default back through the serializer too, with version 0.
        return new Versioned<>(defaultValue == null ? null : serializer.decode(serializer.encode(defaultValue)), 0);
    }

    @Override
    public Versioned<V> computeIfAbsent(K key, Function<? super K, ? extends V> mappingFunction) {
        checkNotNull(mappingFunction, "Mapping function cannot be null");
        return computeIf(key, Objects::isNull, (k, v) -> mappingFunction.apply(k));
    }

    @Override
    public Versioned<V> compute(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        return computeIf(key, v -> true, remappingFunction);
    }

    @Override
    public Versioned<V> computeIfPresent(K key, BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        return computeIf(key, Objects::nonNull, remappingFunction);
    }

    @Override
    public Versioned<V> computeIf(K key, Predicate<? super V> condition,
                                  BiFunction<? super K, ? super V, ? extends V> remappingFunction) {
        checkNotNull(condition, "Condition cannot be null");
        checkNotNull(remappingFunction, "Remapping function cannot be null");
        ByteKey k = key(key);
        Versioned<byte[]> result;
        synchronized (state) {
            Versioned<byte[]> current = state.entries().get(k);
            V existing = current == null ? null : serializer.decode(current.value());
            if (!condition.test(existing)) {
                result = current;
            } else {
                V computed = remappingFunction.apply(key, existing);
                if (computed == null) {
                    if (current != null) {
                        writable();
                        state.remove(k);
                    }
                    result = null;
                } else {
                    byte[] value = value(computed);
                    writable();
                    result = state.put(k, value);
                }
            }
        }
        return decode(result);
    }

    @Override
    public Versioned<V> put(K key, V value) {
        ByteKey k = key(key);
        byte[] v = value(value);
        Versioned<byte[]> before;
        synchronized (state) {
            writable();
            before = state.entries().get(k);
            state.put(k, v);
        }
        return decode(before);
    }

    @Override
    public Versioned<V> putAndGet(K key, V value) {
        ByteKey k = key(key);
        byte[] v = value(value);
        Versioned<byte[]> now;
        synchronized (state) {
            writable();
            now = state.put(k, v);
        }
        return decode(now);
    }

    @Override
    public Versioned<V> remove(K key) {
        ByteKey k = key(key);
        Versioned<byte[]> before;
        synchronized (state) {
            writable();
            before = state.remove(k);
        }
        return decode(before);
    }

    @Override
    public void clear() {
        synchronized (state) {
            writable();
            for (ByteKey k : ImmutableList.copyOf(state.entries().keySet())) {
                state.remove(k);
            }
        }
    }

    @Override
    public Set<K> keySet() {
        ImmutableList<ByteKey> keys;
        synchronized (state) {
            keys = ImmutableList.copyOf(state.entries().keySet());
        }
        ImmutableSet.Builder<K> decoded = ImmutableSet.builder();
        keys.forEach(k -> decoded.add(serializer.<K>decode(k.bytes())));
        return decoded.build();
    }

    @Override
    public Collection<Versioned<V>> values() {
        ImmutableList<Versioned<byte[]>> values;
        synchronized (state) {
            values = ImmutableList.copyOf(state.entries().values());
        }
        ImmutableList.Builder<Versioned<V>> decoded = ImmutableList.builder();
        values.forEach(v -> decoded.add(decode(v)));
        return decoded.build();
    }

    @Override
    public Set<Map.Entry<K, Versioned<V>>> entrySet() {
        ImmutableList<Map.Entry<ByteKey, Versioned<byte[]>>> entries;
        synchronized (state) {
            entries = ImmutableList.copyOf(state.entries().entrySet().stream()
                                                   .map(e -> Maps.immutableEntry(e.getKey(), e.getValue()))
                                                   .iterator());
        }
        ImmutableSet.Builder<Map.Entry<K, Versioned<V>>> decoded = ImmutableSet.builder();
        entries.forEach(e -> decoded.add(Maps.immutableEntry(serializer.<K>decode(e.getKey().bytes()),
                                                             decode(e.getValue()))));
        return decoded.build();
    }

    @Override
    public Versioned<V> putIfAbsent(K key, V value) {
        ByteKey k = key(key);
        byte[] v = value(value);
        Versioned<byte[]> before;
        synchronized (state) {
            writable();
            before = state.entries().get(k);
            if (before == null) {
                state.put(k, v);
            }
        }
        return decode(before);
    }

    @Override
    public boolean remove(K key, V value) {
        ByteKey k = key(key);
        byte[] v = value(value);
        synchronized (state) {
            writable();
            Versioned<byte[]> current = state.entries().get(k);
            if (current == null || !Arrays.equals(current.value(), v)) {
                return false;
            }
            state.remove(k);
            return true;
        }
    }

    @Override
    public boolean remove(K key, long version) {
        ByteKey k = key(key);
        synchronized (state) {
            writable();
            Versioned<byte[]> current = state.entries().get(k);
            if (current == null || current.version() != version) {
                return false;
            }
            state.remove(k);
            return true;
        }
    }

    @Override
    public Versioned<V> replace(K key, V value) {
        ByteKey k = key(key);
        byte[] v = value(value);
        Versioned<byte[]> before;
        synchronized (state) {
            writable();
            before = state.entries().get(k);
            if (before != null) {
                state.put(k, v);
            }
        }
        return decode(before);
    }

    @Override
    public boolean replace(K key, V oldValue, V newValue) {
        ByteKey k = key(key);
        byte[] expected = value(oldValue);
        byte[] v = value(newValue);
        synchronized (state) {
            writable();
            Versioned<byte[]> current = state.entries().get(k);
            if (current == null || !Arrays.equals(current.value(), expected)) {
                return false;
            }
            state.put(k, v);
            return true;
        }
    }

    @Override
    public boolean replace(K key, long oldVersion, V newValue) {
        ByteKey k = key(key);
        byte[] v = value(newValue);
        synchronized (state) {
            writable();
            Versioned<byte[]> current = state.entries().get(k);
            if (current == null || current.version() != oldVersion) {
                return false;
            }
            state.put(k, v);
            return true;
        }
    }

    @Override
    public Iterator<Map.Entry<K, Versioned<V>>> iterator() {
        return entrySet().iterator();
    }

    @Override
    public void addListener(MapEventListener<K, V> listener, Executor executor) {
        checkNotNull(listener, "Listener cannot be null");
        checkNotNull(executor, "Executor cannot be null");
        state.addListener(listener, e -> listener.event(new MapEvent<>(
                e.type(), e.name(), serializer.decode(e.key()), decode(e.newValue()), decode(e.oldValue()))),
                          executor);
    }

    @Override
    public void removeListener(MapEventListener<K, V> listener) {
        checkNotNull(listener, "Listener cannot be null");
        state.removeListener(listener);
    }

    @Override
    public Map<K, V> asJavaMap() {
        return new ConsistentMapBackedJavaMap<>(this);
    }

    @Override
    public String toString() {
        return "ConsistentMap " + name();
    }

    private ByteKey key(K key) {
        return new ByteKey(serializer.encode(checkNotNull(key, "Key cannot be null")));
    }

    private byte[] value(V value) {
        return serializer.encode(checkNotNull(value, "Null values are not allowed"));
    }

    private Versioned<V> decode(Versioned<byte[]> stored) {
        if (stored == null) {
            return null;
        }
        V value = serializer.decode(stored.value());
        return new Versioned<>(value, stored.version(), stored.creationTime());
    }

    private void writable() {
        if (readOnly) {
            throw new UnsupportedOperationException("Map " + name() + " was built with updates disabled");
        }
    }
}
