// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry;

import com.google.common.collect.ImmutableList;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyComparison;
import org.sixflow.app.api.LatencyHistogram;
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.api.ReplicaLatency;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The SQL behind the latency queries. Grouping, bucketing and pairing run in PostgreSQL so that
 * only results cross the wire; only {@link #latencies} brings samples into memory, and at most
 * a given number of them.
 */
final class LatencyQueries {

    private static final String WINDOW = " device_id = ? AND lat_class = ? AND sampled_at >= ? AND sampled_at < ?";

    private static final String SAMPLE_SERIES = "SELECT date_bin(? * interval '1 millisecond', sampled_at, ?), "
            + "count(*), avg(delta_ns)::float8, min(delta_ns), max(delta_ns) FROM sixflow.latency_samples WHERE"
            + WINDOW + "%s GROUP BY 1 ORDER BY 1";
    // Aggregate rows hold deltas since the previous poll, so a step is a plain sum; min/max are the
    // registers' running extremes at poll time.
    private static final String AGGREGATE_SERIES = "SELECT date_bin(? * interval '1 millisecond', polled_at, ?), "
            + "sum(packets), sum(sum_ns)::float8 / sum(packets), min(min_ns), max(max_ns) "
            + "FROM sixflow.latency_aggregates WHERE device_id = ? AND lat_class = ? AND polled_at >= ? "
            + "AND polled_at < ? AND packets > 0%s GROUP BY 1 ORDER BY 1";
    private static final String HISTOGRAM = "WITH w AS (SELECT delta_ns FROM sixflow.latency_samples WHERE" + WINDOW
            + "), r AS (SELECT min(delta_ns) AS lo, max(delta_ns) AS hi FROM w) "
            + "SELECT r.lo, r.hi, CASE WHEN r.lo = r.hi THEN 1 "
            + "ELSE least(width_bucket(w.delta_ns::float8, r.lo::float8, r.hi::float8, ?), ?) END AS bucket, "
            + "count(*) FROM w, r GROUP BY r.lo, r.hi, bucket";
    // The same buckets, one pass over the window, with its smallest and largest latency known.
    private static final String HISTOGRAM_BETWEEN = "SELECT CASE WHEN ?::bigint = ?::bigint THEN 1 "
            + "ELSE least(width_bucket(delta_ns::float8, ?::bigint::float8, ?::bigint::float8, ?), ?) END, count(*) "
            + "FROM sixflow.latency_samples WHERE" + WINDOW + " GROUP BY 1";
    // First the window as stored, one row over the limit to tell whether it holds more; only
    // then a uniform random subset (ORDER BY random() LIMIT n), which costs a sort.
    private static final String LATENCIES = "SELECT delta_ns FROM sixflow.latency_samples WHERE" + WINDOW
            + " LIMIT ?";
    private static final String RANDOM_LATENCIES = "SELECT delta_ns FROM sixflow.latency_samples WHERE" + WINDOW
            + " ORDER BY random() LIMIT ?";
    // (T2 - T1) - (t2 - t1) with T = t + delta is delta2 - delta1.
    private static final String STABILITY = "SELECT count(*), avg(ratio), max(ratio) FROM ("
            + "SELECT abs(delta_ns - prev_delta)::float8 / (ingress_ts_ns - prev_ts) AS ratio FROM ("
            + "SELECT delta_ns, ingress_ts_ns, lag(delta_ns) OVER w AS prev_delta, lag(ingress_ts_ns) OVER w AS prev_ts "
            + "FROM sixflow.latency_samples WHERE" + WINDOW + " AND ingress_ts_ns IS NOT NULL "
            + "WINDOW w AS (PARTITION BY replica ORDER BY ingress_ts_ns, sequence)) pairs "
            + "WHERE ingress_ts_ns > prev_ts) ratios";
    private static final String SAMPLES = "SELECT sampled_at, device_id, lat_class, replica, ingress_port, "
            + "egress_port, sequence, delta_ns, ingress_ts_ns FROM sixflow.latency_samples WHERE device_id = ?%s "
            + "AND sampled_at >= ? AND sampled_at < ? ORDER BY sampled_at DESC, sequence DESC OFFSET ? LIMIT ?";
    private static final String REPLICAS = "SELECT replica, count(*), avg(delta_ns)::float8, "
            + "stddev_samp(delta_ns)::float8, min(delta_ns), max(delta_ns) FROM sixflow.latency_samples WHERE"
            + WINDOW + " GROUP BY replica ORDER BY replica";

    private final DataSource dataSource;

    LatencyQueries(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    List<LatencyPoint> series(String device, LatencyClass latencyClass, Optional<Integer> port, Instant from,
                              Instant to, Duration step, LatencySource source) throws SQLException {
        String sql = source == LatencySource.SAMPLES
                ? String.format(SAMPLE_SERIES, port.isPresent() ? " AND egress_port = ?" : "")
                : String.format(AGGREGATE_SERIES, port.isPresent() ? " AND port = ?" : "");
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            s.setLong(1, step.toMillis());
            s.setTimestamp(2, Timestamp.from(from));
            int next = window(s, 3, device, latencyClass, from, to);
            if (port.isPresent()) {
                s.setInt(next, port.get());
            }
            return points(s);
        }
    }

    List<LatencySample> samples(String device, Optional<LatencyClass> latencyClass, Instant from, Instant to,
                                int offset, int limit) throws SQLException {
        String sql = String.format(SAMPLES, latencyClass.isPresent() ? " AND lat_class = ?" : "");
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            int next = 1;
            s.setString(next++, device);
            if (latencyClass.isPresent()) {
                s.setShort(next++, (short) latencyClass.get().code());
            }
            s.setTimestamp(next++, Timestamp.from(from));
            s.setTimestamp(next++, Timestamp.from(to));
            s.setInt(next++, offset);
            s.setInt(next, limit);
            ImmutableList.Builder<LatencySample> samples = ImmutableList.builder();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    LatencySample sample = LatencySample.of(r.getTimestamp(1).toInstant(), r.getString(2),
                                                            r.getShort(3), r.getInt(4), r.getInt(5), r.getInt(6),
                                                            r.getLong(7), r.getLong(8));
                    long ingress = r.getLong(9);
                    samples.add(r.wasNull() ? sample : sample.withIngressTimestamp(ingress));
                }
            }
            return samples.build();
        }
    }

    LatencyHistogram histogram(String device, LatencyClass latencyClass, Instant from, Instant to, int buckets)
            throws SQLException {
        long[] counts = new long[buckets];
        double lo = 0;
        double hi = 0;
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(HISTOGRAM)) {
            int next = window(s, 1, device, latencyClass, from, to);
            s.setInt(next, buckets);
            s.setInt(next + 1, buckets);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    lo = r.getLong(1);
                    hi = r.getLong(2);
                    counts[r.getInt(3) - 1] += r.getLong(4);
                }
            }
        }
        return histogram(lo, hi, counts);
    }

    /**
     * The histogram of a window whose smallest and largest latency are known: the buckets and
     * counts of {@link #histogram(String, LatencyClass, Instant, Instant, int)}, in one pass.
     *
     * @param lo the window's smallest latency
     * @param hi its largest
     */
    LatencyHistogram histogram(String device, LatencyClass latencyClass, Instant from, Instant to, int buckets,
                               long lo, long hi) throws SQLException {
        long[] counts = new long[buckets];
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(HISTOGRAM_BETWEEN)) {
            s.setLong(1, lo);
            s.setLong(2, hi);
            s.setLong(3, lo);
            s.setLong(4, hi);
            s.setInt(5, buckets);
            s.setInt(6, buckets);
            window(s, 7, device, latencyClass, from, to);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    counts[r.getInt(1) - 1] += r.getLong(2);
                }
            }
        }
        return histogram(lo, hi, counts);
    }

    private static LatencyHistogram histogram(double lo, double hi, long[] counts) {
        int buckets = counts.length;
        double[] edges = new double[buckets + 1];
        for (int i = 0; i <= buckets; i++) {
            edges[i] = i == buckets ? hi : lo + (hi - lo) * i / buckets;
        }
        return LatencyHistogram.of(edges, counts);
    }

    /**
     * Reads a class's latencies in a window, a uniform random subset when there are more than the limit.
     */
    Latencies latencies(String device, LatencyClass latencyClass, Instant from, Instant to, int limit)
            throws SQLException {
        double[] all = deltas(LATENCIES, device, latencyClass, from, to, limit + 1);
        if (all.length <= limit) {
            return new Latencies(all, false);
        }
        return new Latencies(deltas(RANDOM_LATENCIES, device, latencyClass, from, to, limit), true);
    }

    private double[] deltas(String sql, String device, LatencyClass latencyClass, Instant from, Instant to,
                            int limit) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            int next = window(s, 1, device, latencyClass, from, to);
            s.setInt(next, limit);
            double[] values = new double[Math.min(limit, 4096)];
            int n = 0;
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    if (n == values.length) {
                        values = Arrays.copyOf(values, Math.min(limit, values.length * 2));
                    }
                    values[n++] = r.getLong(1);
                }
            }
            return Arrays.copyOf(values, n);
        }
    }

    Optional<LatencyComparison.Stability> stability(String device, LatencyClass latencyClass, Instant from,
                                                    Instant to) throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(STABILITY)) {
            window(s, 1, device, latencyClass, from, to);
            try (ResultSet r = s.executeQuery()) {
                r.next();
                long pairs = r.getLong(1);
                return pairs == 0 ? Optional.empty()
                        : Optional.of(LatencyComparison.Stability.of(pairs, r.getDouble(2), r.getDouble(3)));
            }
        }
    }

    List<ReplicaLatency> replicas(String device, LatencyClass latencyClass, Instant from, Instant to)
            throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(REPLICAS)) {
            window(s, 1, device, latencyClass, from, to);
            ImmutableList.Builder<ReplicaLatency> replicas = ImmutableList.builder();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    double stdev = r.getDouble(4);
                    if (r.wasNull()) {
                        stdev = Double.NaN;     // one sample has no sample deviation
                    }
                    replicas.add(ReplicaLatency.of(r.getInt(1), r.getLong(2), r.getDouble(3), stdev, r.getLong(5),
                                                   r.getLong(6)));
                }
            }
            return replicas.build();
        }
    }

    private static int window(PreparedStatement s, int first, String device, LatencyClass latencyClass,
                              Instant from, Instant to) throws SQLException {
        s.setString(first, device);
        s.setShort(first + 1, (short) latencyClass.code());
        s.setTimestamp(first + 2, Timestamp.from(from));
        s.setTimestamp(first + 3, Timestamp.from(to));
        return first + 4;
    }

    /** A class's latencies in a window: all of them, or a random subset when the window held more. */
    static final class Latencies {
        private final double[] values;
        private final boolean sampled;

        Latencies(double[] values, boolean sampled) {
            this.values = values;
            this.sampled = sampled;
        }

        double[] values() {
            return values;
        }

        boolean sampled() {
            return sampled;
        }
    }

    /**
     * Runs a series query and reads its rows: bucket start, count, mean, min, max.
     *
     * @param s the prepared query
     * @return the points in the query's order
     * @throws SQLException when the query fails
     */
    static List<LatencyPoint> points(PreparedStatement s) throws SQLException {
        ImmutableList.Builder<LatencyPoint> points = ImmutableList.builder();
        try (ResultSet r = s.executeQuery()) {
            while (r.next()) {
                points.add(LatencyPoint.of(r.getTimestamp(1).toInstant(), r.getLong(2), r.getDouble(3),
                                           r.getLong(4), r.getLong(5)));
            }
        }
        return points.build();
    }
}
