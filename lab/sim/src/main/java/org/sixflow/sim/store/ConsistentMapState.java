// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.store;

import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.Versioned;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.function.Consumer;

/**
 * One named consistent map, shared by every view built with its name: its entries as the
 * serializers' bytes, with versions and creation times, its listeners and its event thread.
 * Operations lock it (callers synchronize on it); events are queued in the order of the writes.
 */
final class ConsistentMapState {

    private final String name;
    private final EventLane events;
    private final Map<ByteKey, Versioned<byte[]>> entries = new LinkedHashMap<>();
    private final List<Registration> listeners = new CopyOnWriteArrayList<>();
    private long version;

    ConsistentMapState(String name, PendingWork pending) {
        this.name = name;
        this.events = new EventLane(name, pending);
    }

    /** The map's name. */
    String name() {
        return name;
    }

    /** The live entries; callers hold the lock. */
    Map<ByteKey, Versioned<byte[]>> entries() {
        return entries;
    }

    /**
     * Writes a value; callers hold the lock. As Atomix's map, a value equal (byte for byte) to the
     * current one changes nothing: no new version, no event.
     *
     * @param key   the key
     * @param value the serialized value
     * @return the entry now in the map
     */
    Versioned<byte[]> put(ByteKey key, byte[] value) {
        Versioned<byte[]> before = entries.get(key);
        if (before != null && Arrays.equals(before.value(), value)) {
            return before;
        }
        Versioned<byte[]> now = new Versioned<>(value, ++version, System.currentTimeMillis());
        entries.put(key, now);
        publish(before == null ? MapEvent.Type.INSERT : MapEvent.Type.UPDATE, key, now, before);
        return now;
    }

    /**
     * Removes a key; callers hold the lock.
     *
     * @param key the key
     * @return the entry removed, or null
     */
    Versioned<byte[]> remove(ByteKey key) {
        Versioned<byte[]> before = entries.remove(key);
        if (before != null) {
            publish(MapEvent.Type.REMOVE, key, null, before);
        }
        return before;
    }

    /**
     * Adds a listener.
     *
     * @param owner    what identifies it for removal (the view's listener)
     * @param listener what receives the serialized events
     * @param executor where it runs
     */
    void addListener(Object owner, Consumer<MapEvent<byte[], byte[]>> listener, Executor executor) {
        listeners.add(new Registration(owner, listener, executor));
    }

    /**
     * Removes a listener.
     *
     * @param owner what identified it
     */
    void removeListener(Object owner) {
        listeners.removeIf(r -> r.owner == owner);
    }

    /** Stops the event thread. */
    void close() {
        events.close();
    }

    private void publish(MapEvent.Type type, ByteKey key, Versioned<byte[]> now, Versioned<byte[]> before) {
        MapEvent<byte[], byte[]> event = new MapEvent<>(type, name, key.bytes(), now, before);
        for (Registration r : listeners) {
            events.deliver(() -> r.listener.accept(event), r.executor);
        }
    }

    private static final class Registration {
        final Object owner;
        final Consumer<MapEvent<byte[], byte[]>> listener;
        final Executor executor;

        Registration(Object owner, Consumer<MapEvent<byte[], byte[]>> listener, Executor executor) {
            this.owner = owner;
            this.listener = listener;
            this.executor = executor;
        }
    }
}
