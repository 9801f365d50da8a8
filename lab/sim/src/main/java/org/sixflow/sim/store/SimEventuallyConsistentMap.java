// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.store;

import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import com.google.common.collect.Maps;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.Timestamp;
import org.onosproject.store.service.EventuallyConsistentMap;
import org.onosproject.store.service.EventuallyConsistentMapEvent;
import org.onosproject.store.service.EventuallyConsistentMapListener;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Arrays;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.BiFunction;

import static com.google.common.base.Preconditions.checkNotNull;
import static com.google.common.base.Preconditions.checkState;
import static org.onosproject.store.service.EventuallyConsistentMapEvent.Type.PUT;
import static org.onosproject.store.service.EventuallyConsistentMapEvent.Type.REMOVE;

/**
 * One instance's eventually consistent map, with ONOS's semantics (EventuallyConsistentMapImpl):
 * every write is stamped by the timestamp provider and loses to a newer entry (removals leave
 * tombstones unless disabled), and listeners are told of local writes on the writer's thread, after
 * the write, as ONOS's map tells them. Values (and keys) are copied through the map's Kryo
 * serializer on the way in and out: ONOS keeps the local object and serializes it for its peers,
 * which there are none of here, so the copy is what makes a type the serializer does not know fail.
 *
 * @param <K> key type
 * @param <V> value type
 */
final class SimEventuallyConsistentMap<K, V> implements EventuallyConsistentMap<K, V> {

    private static final Logger log = LoggerFactory.getLogger(SimEventuallyConsistentMap.class);

    private final String name;
    private final KryoNamespace serializer;
    private final BiFunction<K, V, Timestamp> timestamps;
    private final boolean tombstones;
    private final Map<ByteKey, Entry> items = new LinkedHashMap<>();
    private final List<EventuallyConsistentMapListener<K, V>> listeners = new CopyOnWriteArrayList<>();
    private volatile boolean destroyed;

    SimEventuallyConsistentMap(String name, KryoNamespace serializer, BiFunction<K, V, Timestamp> timestamps,
                               boolean tombstones) {
        this.name = name;
        this.serializer = serializer;
        this.timestamps = timestamps;
        this.tombstones = tombstones;
    }

    @Override
    public String name() {
        return name;
    }

    @Override
    public int size() {
        alive();
        synchronized (items) {
            return (int) items.values().stream().filter(Entry::isAlive).count();
        }
    }

    @Override
    public boolean isEmpty() {
        return size() == 0;
    }

    @Override
    public boolean containsKey(K key) {
        ByteKey k = key(key);
        synchronized (items) {
            Entry e = items.get(k);
            return e != null && e.isAlive();
        }
    }

    @Override
    public boolean containsValue(V value) {
        byte[] v = serializer.serialize(checkNotNull(value, "Null values are not allowed"));
        synchronized (items) {
            return items.values().stream().anyMatch(e -> e.isAlive() && Arrays.equals(e.value, v));
        }
    }

    @Override
    public V get(K key) {
        ByteKey k = key(key);
        byte[] value;
        synchronized (items) {
            Entry e = items.get(k);
            value = e == null ? null : e.value;
        }
        return value == null ? null : serializer.deserialize(value);
    }

    @Override
    public void put(K key, V value) {
        ByteKey k = key(key);
        checkNotNull(value, "Null values are not allowed");
        Entry entry = new Entry(serializer.serialize(value), timestamps.apply(key, value));
        boolean updated;
        synchronized (items) {
            Entry existing = items.get(k);
            updated = existing == null || entry.isNewerThan(existing);
            if (updated) {
                items.put(k, entry);
            }
        }
        if (updated) {
            V copy = serializer.deserialize(entry.value);
            notifyListeners(new EventuallyConsistentMapEvent<>(name, PUT, copy(key), copy));
        }
    }

    @Override
    public V remove(K key) {
        return removeAndNotify(key, null);
    }

    @Override
    public void remove(K key, V value) {
        removeAndNotify(key, checkNotNull(value, "Null values are not allowed"));
    }

    @Override
    public V compute(K key, BiFunction<K, V, V> recomputeFunction) {
        ByteKey k = key(key);
        checkNotNull(recomputeFunction, "Recompute function cannot be null");
        Entry before;
        Entry after;
        synchronized (items) {
            before = items.get(k);
            V current = before == null || !before.isAlive() ? null : serializer.deserialize(before.value);
            V computed = recomputeFunction.apply(key, current);
            if (before != null && before.isAlive() && Objects.equals(computed, current)) {
                return current;
            }
            Entry candidate = new Entry(computed == null ? null : serializer.serialize(computed),
                                        timestamps.apply(key, computed));
            if (before != null && !candidate.isNewerThan(before)) {
                return current;
            }
            items.put(k, candidate);
            after = candidate;
        }
        V value = after.isAlive() ? serializer.deserialize(after.value)
                : before == null || !before.isAlive() ? null : serializer.deserialize(before.value);
        if (value != null) {
            notifyListeners(new EventuallyConsistentMapEvent<>(name, after.isAlive() ? PUT : REMOVE, copy(key), value));
        }
        return after.isAlive() ? serializer.deserialize(after.value) : null;
    }

    @Override
    public void putAll(Map<? extends K, ? extends V> m) {
        alive();
        m.forEach(this::put);
    }

    @Override
    public void clear() {
        alive();
        keySet().forEach(this::remove);
    }

    @Override
    public Set<K> keySet() {
        alive();
        ImmutableSet.Builder<K> keys = ImmutableSet.builder();
        synchronized (items) {
            items.forEach((k, e) -> {
                if (e.isAlive()) {
                    keys.add(serializer.<K>deserialize(k.bytes()));
                }
            });
        }
        return keys.build();
    }

    @Override
    public Collection<V> values() {
        alive();
        ImmutableList.Builder<V> values = ImmutableList.builder();
        synchronized (items) {
            items.values().stream().filter(Entry::isAlive)
                    .forEach(e -> values.add(serializer.<V>deserialize(e.value)));
        }
        return values.build();
    }

    @Override
    public Set<Map.Entry<K, V>> entrySet() {
        alive();
        ImmutableSet.Builder<Map.Entry<K, V>> entries = ImmutableSet.builder();
        synchronized (items) {
            items.forEach((k, e) -> {
                if (e.isAlive()) {
                    entries.add(Maps.immutableEntry(serializer.<K>deserialize(k.bytes()),
                                                    serializer.<V>deserialize(e.value)));
                }
            });
        }
        return entries.build();
    }

    @Override
    public void addListener(EventuallyConsistentMapListener<K, V> listener) {
        alive();
        listeners.add(checkNotNull(listener, "Listener cannot be null"));
    }

    @Override
    public void removeListener(EventuallyConsistentMapListener<K, V> listener) {
        alive();
        listeners.remove(checkNotNull(listener, "Listener cannot be null"));
    }

    @Override
    public CompletableFuture<Void> destroy() {
        destroyed = true;
        listeners.clear();
        synchronized (items) {
            items.clear();
        }
        return CompletableFuture.completedFuture(null);
    }

    @Override
    public String toString() {
        return "EventuallyConsistentMap " + name;
    }

    private V removeAndNotify(K key, V value) {
        ByteKey k = key(key);
        Timestamp timestamp = timestamps.apply(key, value);
        Entry tombstone = tombstones && timestamp != null ? new Entry(null, timestamp) : null;
        byte[] expected = value == null ? null : serializer.serialize(value);
        Entry before;
        synchronized (items) {
            before = items.get(k);
            if (before == null) {
                if (tombstone != null) {
                    items.put(k, tombstone);
                }
                return null;
            }
            if (expected != null && before.isAlive() && !Arrays.equals(before.value, expected)) {
                return null;
            }
            if (tombstone != null && !tombstone.isNewerThan(before)) {
                return null;
            }
            if (tombstone == null) {
                items.remove(k);
            } else {
                items.put(k, tombstone);
            }
        }
        if (!before.isAlive()) {
            return null;
        }
        V removed = serializer.deserialize(before.value);
        notifyListeners(new EventuallyConsistentMapEvent<>(name, REMOVE, copy(key), removed));
        return serializer.deserialize(before.value);
    }

    private void notifyListeners(EventuallyConsistentMapEvent<K, V> event) {
        for (EventuallyConsistentMapListener<K, V> listener : listeners) {
            try {
                listener.event(event);
            } catch (RuntimeException e) {
                log.warn("A listener of {} failed", name, e);
            }
        }
    }

    private ByteKey key(K key) {
        alive();
        return new ByteKey(serializer.serialize(checkNotNull(key, "Key cannot be null")));
    }

    private K copy(K key) {
        return serializer.deserialize(serializer.serialize(key));
    }

    private void alive() {
        checkState(!destroyed, "%s map is already destroyed", name);
    }

    /** A value (null for a tombstone) and the time it was written. */
    private static final class Entry {
        final byte[] value;
        final Timestamp timestamp;

        Entry(byte[] value, Timestamp timestamp) {
            this.value = value;
            this.timestamp = checkNotNull(timestamp, "The timestamp provider gave no timestamp");
        }

        boolean isAlive() {
            return value != null;
        }

        boolean isNewerThan(Entry other) {
            return timestamp.isNewerThan(other.timestamp);
        }
    }
}
