// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history.minutes;

import org.sixflow.app.api.LatencySample;

import java.math.BigDecimal;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Reads and writes sixflow.latency_minutes. The writer merges a batch's minutes into the table
 * inside the transaction that copies the batch's samples, so the table always adds up exactly
 * what latency_samples holds: it locks the batch's rows (creating empty ones), merges in Java
 * with the same code readers use, and writes them back.
 */
public final class LatencyMinuteRows {

    static final String COLUMNS = "minute, device_id, lat_class, replica, packets, sum_ns, sum_sq_ns, min_ns, "
            + "max_ns, histogram_first, histogram, pairs, ratio_sum, ratio_max, first_ts, first_seq, first_delta, "
            + "last_ts, last_seq, last_delta, pairs_exact";
    // A no-op update of an existing row locks it and returns it; a new key gets an empty row.
    private static final String LOCK = "INSERT INTO sixflow.latency_minutes AS m (minute, device_id, lat_class, "
            + "replica) SELECT * FROM unnest(?::timestamptz[], ?::text[], ?::smallint[], ?::integer[]) "
            + "ON CONFLICT (device_id, lat_class, minute, replica) DO UPDATE SET packets = m.packets "
            + "RETURNING " + COLUMNS;
    private static final String UPDATE = "UPDATE sixflow.latency_minutes SET packets = ?, sum_ns = ?, sum_sq_ns = ?, "
            + "min_ns = ?, max_ns = ?, histogram_first = ?, histogram = ?, pairs = ?, ratio_sum = ?, ratio_max = ?, "
            + "first_ts = ?, first_seq = ?, first_delta = ?, last_ts = ?, last_seq = ?, last_delta = ?, "
            + "pairs_exact = ? WHERE device_id = ? AND lat_class = ? AND minute = ? AND replica = ?";

    private LatencyMinuteRows() {
    }

    /**
     * Merges samples into the table, in the caller's transaction.
     *
     * @param connection a connection inside the transaction that stores the samples
     * @param samples    the samples
     * @throws SQLException when PostgreSQL refuses; the caller rolls back
     */
    public static void merge(Connection connection, List<LatencySample> samples) throws SQLException {
        TreeMap<LatencyMinute.Key, LatencyMinute> batch = LatencyMinutes.of(samples);
        if (batch.isEmpty()) {
            return;
        }
        int n = batch.size();
        Timestamp[] minutes = new Timestamp[n];
        String[] devices = new String[n];
        Short[] classes = new Short[n];
        Integer[] replicas = new Integer[n];
        int i = 0;
        for (LatencyMinute.Key k : batch.keySet()) {
            minutes[i] = Timestamp.from(k.minute());
            devices[i] = k.deviceId();
            classes[i] = (short) k.latencyClass();
            replicas[i++] = k.replica();
        }
        Map<LatencyMinute.Key, LatencyMinute> stored = new TreeMap<>();
        try (PreparedStatement lock = connection.prepareStatement(LOCK)) {
            lock.setArray(1, connection.createArrayOf("timestamptz", minutes));
            lock.setArray(2, connection.createArrayOf("text", devices));
            lock.setArray(3, connection.createArrayOf("int2", classes));
            lock.setArray(4, connection.createArrayOf("int4", replicas));
            try (ResultSet r = lock.executeQuery()) {
                while (r.next()) {
                    LatencyMinute m = read(r);
                    stored.put(m.key(), m);
                }
            }
        }
        try (PreparedStatement update = connection.prepareStatement(UPDATE)) {
            for (LatencyMinute added : batch.values()) {
                LatencyMinute m = stored.get(added.key());
                if (m == null) {
                    throw new SQLException("latency_minutes returned no row for " + added.key());
                }
                m.merge(added);
                bind(connection, update, m);
                update.addBatch();
            }
            update.executeBatch();
        }
    }

    /**
     * Class codes as a PostgreSQL smallint[] parameter.
     *
     * @param connection     the connection
     * @param latencyClasses the class codes
     * @return the array
     * @throws SQLException when the driver refuses
     */
    public static Array classArray(Connection connection, List<Integer> latencyClasses) throws SQLException {
        Short[] codes = new Short[latencyClasses.size()];
        for (int i = 0; i < codes.length; i++) {
            codes[i] = latencyClasses.get(i).shortValue();
        }
        return connection.createArrayOf("int2", codes);
    }

    // One row of COLUMNS, from the first column on.
    static LatencyMinute read(ResultSet r) throws SQLException {
        LatencyMinute.Key key = new LatencyMinute.Key(r.getTimestamp(1).toInstant(), r.getString(2), r.getShort(3),
                                                      r.getInt(4));
        long[] counts = longs(r.getArray(11));
        StabilityRun.Point first = point(r, 15);
        StabilityRun.Point last = point(r, 18);
        return LatencyMinute.of(key, r.getLong(5), r.getBigDecimal(6).toBigIntegerExact(),
                                r.getBigDecimal(7).toBigIntegerExact(), r.getLong(8), r.getLong(9),
                                LogHistogram.of(r.getInt(10), counts),
                                StabilityRun.of(r.getLong(12), r.getDouble(13), r.getDouble(14), first, last,
                                                r.getBoolean(21)));
    }

    private static StabilityRun.Point point(ResultSet r, int column) throws SQLException {
        long ts = r.getLong(column);
        if (r.wasNull()) {
            return null;
        }
        return new StabilityRun.Point(ts, r.getLong(column + 1), r.getLong(column + 2));
    }

    private static long[] longs(Array array) throws SQLException {
        Object[] values = (Object[]) array.getArray();
        long[] counts = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            counts[i] = ((Number) values[i]).longValue();
        }
        return counts;
    }

    private static void bind(Connection connection, PreparedStatement s, LatencyMinute m) throws SQLException {
        s.setLong(1, m.packets());
        s.setBigDecimal(2, new BigDecimal(m.sum()));
        s.setBigDecimal(3, new BigDecimal(m.sumSquares()));
        s.setLong(4, m.min());
        s.setLong(5, m.max());
        s.setInt(6, m.histogram().first());
        long[] counts = m.histogram().counts();
        Long[] boxed = new Long[counts.length];
        for (int i = 0; i < counts.length; i++) {
            boxed[i] = counts[i];
        }
        s.setArray(7, connection.createArrayOf("int8", boxed));
        StabilityRun run = m.stability();
        s.setLong(8, run.pairs());
        s.setDouble(9, run.ratioSum());
        s.setDouble(10, run.ratioMax());
        bindPoint(s, 11, run.first());
        bindPoint(s, 14, run.last());
        s.setBoolean(17, run.exact());
        s.setString(18, m.key().deviceId());
        s.setShort(19, (short) m.key().latencyClass());
        s.setTimestamp(20, Timestamp.from(m.key().minute()));
        s.setInt(21, m.key().replica());
    }

    private static void bindPoint(PreparedStatement s, int first, StabilityRun.Point p) throws SQLException {
        if (p == null) {
            for (int i = 0; i < 3; i++) {
                s.setNull(first + i, Types.BIGINT);
            }
        } else {
            s.setLong(first, p.timestamp());
            s.setLong(first + 1, p.sequence());
            s.setLong(first + 2, p.delta());
        }
    }
}
