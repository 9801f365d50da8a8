// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.Versioned;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.UnaryOperator;

/**
 * One compare-and-set change of a consistent map's value, for every store whose objects users
 * change concurrently (REST requests on any instance). The change is computed from the version
 * read and written only if that version is still there; otherwise it is computed again on the
 * newer one. A change that applies only to some values ({@code applies}, e.g. "not being
 * withdrawn") therefore goes through for exactly one of several callers racing to make it: the
 * others find the value it wrote, to which it no longer applies.
 *
 * @param <V> the values
 */
public final class MapUpdate<V> {

    private final V before;
    private final V after;
    private final long version;

    private MapUpdate(V before, V after, long version) {
        this.before = before;
        this.after = after;
        this.version = version;
    }

    /** The value the change was computed from. */
    public V before() {
        return before;
    }

    /** The value afterwards (the same object as {@link #before} when the change left it as it was). */
    public V after() {
        return after;
    }

    /**
     * The map's version of {@link #before}: a new value was written after it (the map does not
     * say at which version), for a local copy that must not go back to an older value.
     */
    public long version() {
        return version;
    }

    /** Whether this call wrote a new value. */
    public boolean changed() {
        return before != after;
    }

    /**
     * Changes a key's value if there is one and the change applies to it.
     *
     * @param map     the map
     * @param key     the key
     * @param applies whether the change applies to the current value; checked on every version tried
     * @param change  from the current value to the new one (may run more than once: it must only
     *                compute; returning an equal value writes nothing)
     * @param <K>     the keys
     * @param <V>     the values
     * @return the update; empty when the key has no value or the change does not apply to it
     */
    public static <K, V> Optional<MapUpdate<V>> apply(ConsistentMap<K, V> map, K key, Predicate<V> applies,
                                                     UnaryOperator<V> change) {
        while (true) {
            Versioned<V> current = map.get(key);
            if (current == null || !applies.test(current.value())) {
                return Optional.empty();
            }
            V next = change.apply(current.value());
            if (Objects.equals(next, current.value())) {
                return Optional.of(new MapUpdate<>(current.value(), current.value(), current.version()));
            }
            if (map.replace(key, current.version(), next)) {
                return Optional.of(new MapUpdate<>(current.value(), next, current.version()));
            }
            // Another caller (or instance) changed it meanwhile: compute again on its version.
        }
    }
}
