// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import com.google.common.collect.ImmutableMap;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.MapEventListener;
import org.onosproject.store.service.Versioned;

import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A consistent map's entries, decoded once per change instead of once per read, for the views
 * that list a whole map (REST and CLI lists). Reading every value of a consistent map asks its
 * partition and decodes every value; a list asked a thousand times a second between two changes
 * would do that a thousand times.
 *
 * <p>Fresh as ONOS's relaxed read consistency is: a write of this instance is seen as soon as the
 * store says so ({@link #changed}, after the write returns), another instance's once its map
 * event arrives. Decisions that must see every instance's latest writes read the map itself.
 *
 * @param <K> key type
 * @param <V> value type
 */
public final class MapSnapshot<K, V> {

    private final ConsistentMap<K, V> map;
    private final AtomicLong changes = new AtomicLong();
    private final MapEventListener<K, V> listener = this::changed;
    private volatile Entries<K, V> entries;

    /**
     * Follows a map until {@link #close}.
     *
     * @param map the map
     */
    public MapSnapshot(ConsistentMap<K, V> map) {
        this.map = checkNotNull(map);
        // Without an executor: counting a change never waits, so it may run on the map's thread.
        map.addListener(listener);
    }

    /**
     * The map's entries as of the last change this instance heard of.
     *
     * @return the entries (immutable)
     */
    public Map<K, V> get() {
        long seen = changes.get();
        Entries<K, V> e = entries;
        if (e != null && e.changes == seen) {
            return e.values;
        }
        ImmutableMap.Builder<K, V> values = ImmutableMap.builder();
        for (Map.Entry<K, Versioned<V>> entry : map.entrySet()) {
            values.put(entry.getKey(), entry.getValue().value());
        }
        // Read after the count: a change meanwhile has raised it, so these entries serve nobody.
        e = new Entries<>(seen, values.build());
        entries = e;
        return e.values;
    }

    /** Tells that the map changed: this instance wrote to it (call after the write returns). */
    public void changed() {
        changes.incrementAndGet();
    }

    private void changed(MapEvent<K, V> event) {
        changed();
    }

    /** Stops following the map. */
    public void close() {
        map.removeListener(listener);
    }

    private static final class Entries<K, V> {
        final long changes;
        final Map<K, V> values;

        Entries(long changes, Map<K, V> values) {
            this.changes = changes;
            this.values = values;
        }
    }
}
