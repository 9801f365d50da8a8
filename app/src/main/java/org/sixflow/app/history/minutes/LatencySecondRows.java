// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history.minutes;

import org.sixflow.app.api.LatencySample;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Writes sixflow.latency_seconds: a batch's samples counted per device, class and second, added
 * to the table's rows inside the transaction that copies the batch (every column adds up, so
 * PostgreSQL merges them itself). Rows go in key order, so writers lock them in one order.
 */
public final class LatencySecondRows {

    private static final String MERGE = "INSERT INTO sixflow.latency_seconds AS s (second, device_id, lat_class, "
            + "packets, sum_ns, min_ns, max_ns) SELECT * FROM unnest(?::timestamptz[], ?::text[], ?::smallint[], "
            + "?::bigint[], ?::numeric[], ?::bigint[], ?::bigint[]) "
            + "ON CONFLICT (device_id, lat_class, second) DO UPDATE SET packets = s.packets + excluded.packets, "
            + "sum_ns = s.sum_ns + excluded.sum_ns, min_ns = least(s.min_ns, excluded.min_ns), "
            + "max_ns = greatest(s.max_ns, excluded.max_ns)";

    private LatencySecondRows() {
    }

    /**
     * Adds samples to the table, in the caller's transaction.
     *
     * @param connection a connection inside the transaction that stores the samples
     * @param samples    the samples
     * @throws SQLException when PostgreSQL refuses; the caller rolls back
     */
    public static void merge(Connection connection, List<LatencySample> samples) throws SQLException {
        TreeMap<Key, Second> batch = new TreeMap<>();
        for (LatencySample s : samples) {
            batch.computeIfAbsent(new Key(s.time().truncatedTo(ChronoUnit.SECONDS), s.deviceId(), s.latencyClass()),
                                  k -> new Second()).add(s.deltaNanos());
        }
        if (batch.isEmpty()) {
            return;
        }
        int n = batch.size();
        Timestamp[] seconds = new Timestamp[n];
        String[] devices = new String[n];
        Short[] classes = new Short[n];
        Long[] packets = new Long[n];
        BigDecimal[] sums = new BigDecimal[n];
        Long[] mins = new Long[n];
        Long[] maxes = new Long[n];
        int i = 0;
        for (Map.Entry<Key, Second> e : batch.entrySet()) {
            seconds[i] = Timestamp.from(e.getKey().second);
            devices[i] = e.getKey().deviceId;
            classes[i] = (short) e.getKey().latencyClass;
            packets[i] = e.getValue().packets;
            sums[i] = new BigDecimal(e.getValue().sum());
            mins[i] = e.getValue().min;
            maxes[i++] = e.getValue().max;
        }
        try (PreparedStatement merge = connection.prepareStatement(MERGE)) {
            merge.setArray(1, connection.createArrayOf("timestamptz", seconds));
            merge.setArray(2, connection.createArrayOf("text", devices));
            merge.setArray(3, connection.createArrayOf("int2", classes));
            merge.setArray(4, connection.createArrayOf("int8", packets));
            merge.setArray(5, connection.createArrayOf("numeric", sums));
            merge.setArray(6, connection.createArrayOf("int8", mins));
            merge.setArray(7, connection.createArrayOf("int8", maxes));
            merge.executeUpdate();
        }
    }

    /** One second of a class's samples: count, exact sum, min and max. */
    private static final class Second {
        long packets;
        long sum;
        BigInteger overflow = BigInteger.ZERO;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;

        void add(long delta) {
            packets++;
            if (sum > Long.MAX_VALUE - delta) {     // latencies are never negative
                overflow = overflow.add(BigInteger.valueOf(sum));
                sum = 0;
            }
            sum += delta;
            min = Math.min(min, delta);
            max = Math.max(max, delta);
        }

        BigInteger sum() {
            return overflow.add(BigInteger.valueOf(sum));
        }
    }

    /** Device, class and second, in the table's key order. */
    private static final class Key implements Comparable<Key> {
        final Instant second;
        final String deviceId;
        final int latencyClass;

        Key(Instant second, String deviceId, int latencyClass) {
            this.second = second;
            this.deviceId = deviceId;
            this.latencyClass = latencyClass;
        }

        @Override
        public int compareTo(Key o) {
            int c = deviceId.compareTo(o.deviceId);
            if (c == 0) {
                c = Integer.compare(latencyClass, o.latencyClass);
            }
            return c != 0 ? c : second.compareTo(o.second);
        }

        @Override
        public boolean equals(Object o) {
            return o instanceof Key && compareTo((Key) o) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(second, deviceId, latencyClass);
        }
    }
}
