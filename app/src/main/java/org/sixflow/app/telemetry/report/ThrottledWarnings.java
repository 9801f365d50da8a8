// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;
import java.util.function.LongSupplier;

/**
 * Decides which warnings of a packet path reach the log: at most one per key (a rejection
 * reason) per interval, with how many were held back since the last one. A switch that sends
 * malformed reports at line rate would otherwise write a WARN per packet. Thread-safe.
 *
 * @param <K> what warnings are told apart by
 */
final class ThrottledWarnings<K> {

    private final long intervalNanos;
    private final LongSupplier nanoTime;
    /** Per key: when it was last logged, and how many were held back since. */
    private final Map<K, long[]> state = new HashMap<>();

    /**
     * Creates the throttle.
     *
     * @param interval least time between two warnings of one key
     * @param nanoTime a monotonic clock in nanoseconds
     */
    ThrottledWarnings(Duration interval, LongSupplier nanoTime) {
        this.intervalNanos = interval.toNanos();
        this.nanoTime = nanoTime;
    }

    /**
     * Tells whether a warning of a key may be logged now.
     *
     * @param key the warning's kind
     * @return the number held back since this key's last logged warning, when this one may be
     *         logged; empty when it is to be held back (and is counted)
     */
    synchronized OptionalLong admit(K key) {
        long now = nanoTime.getAsLong();
        long[] last = state.get(key);
        if (last == null || now - last[0] >= intervalNanos) {
            long heldBack = last == null ? 0 : last[1];
            state.put(key, new long[]{now, 0});
            return OptionalLong.of(heldBack);
        }
        last[1]++;
        return OptionalLong.empty();
    }
}
