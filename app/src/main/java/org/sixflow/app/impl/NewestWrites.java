// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongSupplier;

/**
 * Which write of a consistent map's key a local copy has applied last, so that a copy fed from
 * two sides (the map's events, and this instance's own writes at once) never goes back to an
 * older value. Writes are ordered by the map's version of each key, which only grows: a value
 * written at version v is {@link #written}; a write known only to come after version v (this
 * instance's compare-and-set on v, whose new version it is not told; the removal of v) is
 * {@link #after}.
 *
 * <p>A removed key's order stays for {@link #TOMBSTONE_MILLIS}, so that an older event or an
 * own write applied late does not bring the key back; events of one key arrive in order, and an
 * own write is applied right after it returns, so a minute is plenty. Not thread-safe: the copy
 * guards it.
 *
 * @param <K> key type
 */
public final class NewestWrites<K> {

    /** How long a removed key's order is kept. */
    public static final long TOMBSTONE_MILLIS = 60_000;

    private final Map<K, Long> orders = new HashMap<>();
    private final Deque<Tombstone<K>> tombstones = new ArrayDeque<>();
    private final LongSupplier millis;

    /** Orders kept by the system clock. */
    public NewestWrites() {
        this(System::currentTimeMillis);
    }

    /**
     * Orders kept by a clock.
     *
     * @param millis the clock, in milliseconds
     */
    public NewestWrites(LongSupplier millis) {
        this.millis = millis;
    }

    /**
     * The order of a value written at a version (a map event's new value, or a value read).
     *
     * @param version the map's version of the value
     * @return its order
     */
    public static long written(long version) {
        return 2 * version;
    }

    /**
     * The order of a write that comes after a version: a compare-and-set that replaced it, or
     * the removal of that value. Newer than the value, older than any value written later.
     *
     * @param version the version replaced or removed
     * @return the write's order
     */
    public static long after(long version) {
        return 2 * version + 1;
    }

    /**
     * Whether a write is newer than every write of its key applied so far; if so, it becomes the
     * newest and the caller applies it.
     *
     * @param key     the key
     * @param order   the write's order
     * @param removal whether the write removes the key
     * @return true to apply it, false when it is older than (or the same as) one applied
     */
    public boolean accept(K key, long order, boolean removal) {
        forgetOldTombstones();
        Long seen = orders.get(key);
        if (seen != null && seen >= order) {
            return false;
        }
        orders.put(key, order);
        if (removal) {
            tombstones.addLast(new Tombstone<>(key, order, millis.getAsLong()));
        }
        return true;
    }

    /**
     * How many keys have an order: present ones and those removed within the last minute.
     *
     * @return the count
     */
    public int size() {
        return orders.size();
    }

    private void forgetOldTombstones() {
        long now = millis.getAsLong();
        while (!tombstones.isEmpty() && now - tombstones.peekFirst().millis >= TOMBSTONE_MILLIS) {
            Tombstone<K> old = tombstones.pollFirst();
            // Unless the key was written again since.
            orders.remove(old.key, old.order);
        }
    }

    private static final class Tombstone<K> {
        final K key;
        final long order;
        final long millis;

        Tombstone(K key, long order, long millis) {
            this.key = key;
            this.order = order;
            this.millis = millis;
        }
    }
}
