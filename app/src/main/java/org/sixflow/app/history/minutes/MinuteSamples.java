// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history.minutes;

import java.math.BigInteger;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * One minute of one class's samples on one device, in time order, as columns: what a window that
 * cuts the minute needs to add up its part of it ({@link #addTo}) without asking PostgreSQL again.
 */
public final class MinuteSamples {

    private static final String SELECT = "SELECT sampled_at, replica, sequence, delta_ns, ingress_ts_ns "
            + "FROM sixflow.latency_samples WHERE device_id = ? AND lat_class = ? AND sampled_at >= ? "
            + "AND sampled_at < ? ORDER BY sampled_at";
    private static final int INITIAL = 256;

    private final int size;
    private final long[] micros;
    private final int[] replicas;
    private final long[] sequences;
    private final long[] deltas;
    private final long[] ingress;
    private final boolean[] timestamped;

    private MinuteSamples(int size, long[] micros, int[] replicas, long[] sequences, long[] deltas, long[] ingress,
                          boolean[] timestamped) {
        this.size = size;
        this.micros = micros;
        this.replicas = replicas;
        this.sequences = sequences;
        this.deltas = deltas;
        this.ingress = ingress;
        this.timestamped = timestamped;
    }

    /**
     * Reads a minute's samples of one class.
     *
     * @param connection   the connection
     * @param deviceId     the device
     * @param latencyClass the class code
     * @param minute       the minute's start
     * @return its samples in time order
     * @throws SQLException when the read fails
     */
    public static MinuteSamples read(Connection connection, String deviceId, int latencyClass, Instant minute)
            throws SQLException {
        try (PreparedStatement s = connection.prepareStatement(SELECT)) {
            s.setString(1, deviceId);
            s.setShort(2, (short) latencyClass);
            s.setTimestamp(3, Timestamp.from(minute));
            s.setTimestamp(4, Timestamp.from(minute.plusSeconds(60)));
            int n = 0;
            long[] micros = new long[INITIAL];
            int[] replicas = new int[INITIAL];
            long[] sequences = new long[INITIAL];
            long[] deltas = new long[INITIAL];
            long[] ingress = new long[INITIAL];
            boolean[] timestamped = new boolean[INITIAL];
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    if (n == micros.length) {
                        int grown = n * 2;
                        micros = Arrays.copyOf(micros, grown);
                        replicas = Arrays.copyOf(replicas, grown);
                        sequences = Arrays.copyOf(sequences, grown);
                        deltas = Arrays.copyOf(deltas, grown);
                        ingress = Arrays.copyOf(ingress, grown);
                        timestamped = Arrays.copyOf(timestamped, grown);
                    }
                    micros[n] = micros(r.getTimestamp(1).toInstant());
                    replicas[n] = r.getInt(2);
                    sequences[n] = r.getLong(3);
                    deltas[n] = r.getLong(4);
                    ingress[n] = r.getLong(5);
                    timestamped[n] = !r.wasNull();
                    n++;
                }
            }
            return new MinuteSamples(n, micros, replicas, sequences, deltas, ingress, timestamped);
        }
    }

    /** How many samples the minute holds. */
    public int size() {
        return size;
    }

    /** Roughly the bytes this holds, for a cache's weight. */
    int bytes() {
        return 64 + micros.length * (8 + 4 + 8 + 8 + 8 + 1);
    }

    /**
     * Counts the samples of [from, to) into a builder, keyed by this minute and their replica.
     *
     * @param builder      the builder
     * @param deviceId     the device (for the keys)
     * @param latencyClass the class code (for the keys)
     * @param minute       this minute's start (for the keys)
     * @param from         first instant counted
     * @param to           end (exclusive)
     */
    public void addTo(LatencyMinutes.Builder builder, String deviceId, int latencyClass, Instant minute, Instant from,
                      Instant to) {
        int first = firstAtOrAfter(ceilMicros(from));
        int end = firstAtOrAfter(ceilMicros(to));
        Map<Integer, LatencyMinute.Key> keys = new HashMap<>();
        for (int i = first; i < end; i++) {
            LatencyMinute.Key key = keys.computeIfAbsent(
                    replicas[i], r -> new LatencyMinute.Key(minute, deviceId, latencyClass, r));
            if (timestamped[i]) {
                builder.add(key, deltas[i], sequences[i], ingress[i]);
            } else {
                builder.add(key, deltas[i]);
            }
        }
    }

    /**
     * The count, exact sum, smallest and largest latency of the samples of [from, to), every
     * replica.
     *
     * @param from first instant counted
     * @param to   end (exclusive)
     * @return the totals
     */
    public Totals totals(Instant from, Instant to) {
        int first = firstAtOrAfter(ceilMicros(from));
        int end = firstAtOrAfter(ceilMicros(to));
        BigInteger sum = BigInteger.ZERO;
        long pending = 0;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;
        for (int i = first; i < end; i++) {
            long delta = deltas[i];
            if (delta > 0 ? pending > Long.MAX_VALUE - delta : pending < Long.MIN_VALUE - delta) {
                sum = sum.add(BigInteger.valueOf(pending));
                pending = 0;
            }
            pending += delta;
            min = Math.min(min, delta);
            max = Math.max(max, delta);
        }
        return new Totals(Math.max(0, end - first), sum.add(BigInteger.valueOf(pending)), min, max);
    }

    /** Samples of a part of the minute added up. */
    public static final class Totals {
        /** How many samples. */
        public final long count;
        /** Their latencies' sum (ns). */
        public final BigInteger sum;
        /** The smallest latency; meaningless without samples. */
        public final long min;
        /** The largest latency; meaningless without samples. */
        public final long max;

        Totals(long count, BigInteger sum, long min, long max) {
            this.count = count;
            this.sum = sum;
            this.min = min;
            this.max = max;
        }
    }

    // The first sample at or after a time (size when none is).
    private int firstAtOrAfter(long t) {
        int lo = 0;
        int hi = size;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (micros[mid] < t) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    // PostgreSQL keeps microseconds: a sample at s is at or after t exactly when s >= t rounded up.
    static long ceilMicros(Instant t) {
        long micros = Math.multiplyExact(t.getEpochSecond(), 1_000_000L) + t.getNano() / 1_000;
        return t.getNano() % 1_000 == 0 ? micros : micros + 1;
    }

    private static long micros(Instant t) {
        return Math.multiplyExact(t.getEpochSecond(), 1_000_000L) + t.getNano() / 1_000;
    }
}
