// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.history.SampleWriter;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.List;

/**
 * Known telemetry in a test database: latency samples through the real {@link SampleWriter},
 * aggregates and port counters as their collectors store them.
 *
 * <p>On device:leaf1 from {@link #T0}, one sample per second for {@link #SECONDS} s of each of
 * IPV6 (latency {@link #ipv6Latency}), APN6_INSERT ({@link #apn6Latency}, with data-plane ingress
 * timestamps), and MSR6_REPLICATE (replicas 0..2, {@link #replicaLatency}); a little IPV6 traffic
 * on device:leaf2 that leaf1's queries must not see.
 */
public final class TelemetryFixture {

    public static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
    public static final int SECONDS = 600;
    public static final String LEAF1 = "device:leaf1";
    public static final String LEAF2 = "device:leaf2";

    private TelemetryFixture() {
    }

    public static long ipv6Latency(int second) {
        return 1_000 + (second % 10) * 10L;
    }

    public static long apn6Latency(int second) {
        return 1_100 + (second % 7) * 13L + (second % 3) * 5L;
    }

    public static long replicaLatency(int second, int replica) {
        return 2_000 + replica * 100L + second % 5;
    }

    /** APN6 packet i entered the pipeline at i ms plus a little jitter (device clock, ns). */
    public static long apn6IngressNanos(int second) {
        return second * 1_000_000L + (second % 4) * 1_000L;
    }

    /** Egress port of APN6 packets: even seconds leave on 2, odd ones on 3. */
    public static int apn6EgressPort(int second) {
        return second % 2 == 0 ? 2 : 3;
    }

    /**
     * Writes the latency samples.
     *
     * @param db the database
     * @throws SQLException when a write fails
     */
    public static void writeSamples(HistoryDatabase db) throws SQLException {
        SampleWriter writer = new SampleWriter(db, 10 * SECONDS);
        for (int i = 0; i < SECONDS; i++) {
            Instant t = T0.plusSeconds(i);
            writer.offer(LatencySample.of(t, LEAF1, LatencyClass.IPV6.code(), 0, 1, 2, i, ipv6Latency(i)));
            writer.offer(LatencySample.of(t, LEAF1, LatencyClass.APN6_INSERT.code(), 0, 1, apn6EgressPort(i), i,
                                          apn6Latency(i)).withIngressTimestamp(apn6IngressNanos(i)));
            for (int replica = 0; replica < 3; replica++) {
                writer.offer(LatencySample.of(t, LEAF1, LatencyClass.MSR6_REPLICATE.code(), replica, 1, 4 + replica,
                                              i, replicaLatency(i, replica)));
            }
            if (i % 60 == 0) {
                writer.offer(LatencySample.of(t, LEAF2, LatencyClass.IPV6.code(), 0, 1, 2, i, 99_999));
            }
        }
        while (writer.flush(5_000) > 0) {
            // drain
        }
    }

    /**
     * Writes one aggregate row as the aggregate poller does.
     *
     * @param db        the database
     * @param time      poll time
     * @param device    device id
     * @param cls       class
     * @param port      egress port
     * @param packets   packets since the previous poll
     * @param sumNanos  latency sum since the previous poll
     * @param minNanos  register minimum
     * @param maxNanos  register maximum
     * @throws SQLException when the write fails
     */
    public static void writeAggregate(HistoryDatabase db, Instant time, String device, LatencyClass cls, int port,
                                      long packets, long sumNanos, long minNanos, long maxNanos)
            throws SQLException {
        try (Connection c = db.dataSource().getConnection();
             PreparedStatement insert = c.prepareStatement(
                     "INSERT INTO sixflow.latency_aggregates (polled_at, device_id, lat_class, port, packets, sum_ns, "
                             + "min_ns, max_ns, histogram) VALUES (?, ?, ?, ?, ?, ?, ?, ?, '{}')")) {
            insert.setTimestamp(1, Timestamp.from(time));
            insert.setString(2, device);
            insert.setShort(3, (short) cls.code());
            insert.setInt(4, port);
            insert.setLong(5, packets);
            insert.setLong(6, sumNanos);
            insert.setLong(7, minNanos);
            insert.setLong(8, maxNanos);
            insert.executeUpdate();
        }
    }

    /**
     * Writes one port counter reading; null counters were not reported.
     *
     * @param db       the database
     * @param time     reading time
     * @param device   device id
     * @param port     interface name
     * @param counters in/out packets, in/out octets, in/out discards, in/out errors
     * @throws SQLException when the write fails
     */
    public static void writePortCounters(HistoryDatabase db, Instant time, String device, String port,
                                         Long... counters) throws SQLException {
        try (Connection c = db.dataSource().getConnection();
             PreparedStatement insert = c.prepareStatement(
                     "INSERT INTO sixflow.port_counters (sampled_at, device_id, port_name, in_packets, out_packets, "
                             + "in_octets, out_octets, in_discards, out_discards, in_errors, out_errors) "
                             + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)")) {
            insert.setTimestamp(1, Timestamp.from(time));
            insert.setString(2, device);
            insert.setString(3, port);
            for (int i = 0; i < 8; i++) {
                Long value = i < counters.length ? counters[i] : null;
                if (value == null) {
                    insert.setNull(4 + i, Types.BIGINT);
                } else {
                    insert.setLong(4 + i, value);
                }
            }
            insert.executeUpdate();
        }
    }

    /**
     * Empties the telemetry tables.
     *
     * @param db the database
     * @throws SQLException when it fails
     */
    public static void clear(HistoryDatabase db) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
            for (String table : List.of("latency_samples", "latency_minutes", "latency_seconds", "latency_aggregates",
                                         "port_counters", "table_occupancy")) {
                s.execute("TRUNCATE sixflow." + table);
            }
        }
    }
}
