// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history.minutes;

import org.sixflow.app.api.LatencySample;

import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Adds samples up per minute, device, class and replica: what the writer merges into
 * sixflow.latency_minutes, and what readers compute for the part-minutes at a window's edges.
 */
public final class LatencyMinutes {

    private LatencyMinutes() {
    }

    /**
     * Adds up samples.
     *
     * @param samples samples in any order
     * @return one minute per key, in key order
     */
    public static TreeMap<LatencyMinute.Key, LatencyMinute> of(Iterable<LatencySample> samples) {
        Builder minutes = new Builder();
        for (LatencySample s : samples) {
            LatencyMinute.Key key = new LatencyMinute.Key(s.time().truncatedTo(ChronoUnit.MINUTES), s.deviceId(),
                                                          s.latencyClass(), s.replica());
            if (s.ingressTimestampNanos().isPresent()) {
                minutes.add(key, s.deltaNanos(), s.sequence(), s.ingressTimestampNanos().getAsLong());
            } else {
                minutes.add(key, s.deltaNanos());
            }
        }
        return minutes.build();
    }

    /**
     * Adds samples up one at a time, as a reader gets them from the database: the same sums as
     * {@link #of}, without a {@link LatencySample} per row.
     */
    public static final class Builder {
        private final Map<LatencyMinute.Key, Entry> entries = new HashMap<>();
        private LatencyMinute.Key lastKey;
        private Entry last;

        /**
         * Counts a sample without an ingress timestamp (it has no part in the stability).
         *
         * @param key   its minute, device, class and replica
         * @param delta its latency (ns)
         */
        public void add(LatencyMinute.Key key, long delta) {
            entry(key).minute.add(delta);
        }

        /**
         * Counts a timestamped sample.
         *
         * @param key       its minute, device, class and replica
         * @param delta     its latency (ns)
         * @param sequence  its report's sequence
         * @param timestamp its ingress timestamp (ns, the device's clock)
         */
        public void add(LatencyMinute.Key key, long delta, long sequence, long timestamp) {
            Entry e = entry(key);
            e.minute.add(delta);
            e.points.add(new StabilityRun.Point(timestamp, sequence, delta));
        }

        // Rows come grouped by key more often than not: the last one is kept at hand.
        private Entry entry(LatencyMinute.Key key) {
            if (key != lastKey) {
                last = entries.computeIfAbsent(key, Entry::new);
                lastKey = key;
            }
            return last;
        }

        /**
         * The minutes counted so far, each with the stability run of its timestamped samples.
         *
         * @return one minute per key, in key order
         */
        public TreeMap<LatencyMinute.Key, LatencyMinute> build() {
            TreeMap<LatencyMinute.Key, LatencyMinute> minutes = new TreeMap<>();
            for (Entry e : entries.values()) {
                if (!e.points.isEmpty()) {
                    e.points.sort(null);
                    e.minute.mergeStability(StabilityRun.ofSorted(e.points));
                    e.points.clear();
                }
                minutes.put(e.minute.key(), e.minute);
            }
            return minutes;
        }

        private static final class Entry {
            final LatencyMinute minute;
            final List<StabilityRun.Point> points = new ArrayList<>();

            Entry(LatencyMinute.Key key) {
                minute = LatencyMinute.empty(key);
            }
        }
    }
}
