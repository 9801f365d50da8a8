// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry;

import com.google.common.collect.ImmutableList;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.history.minutes.LatencyMinute;
import org.sixflow.app.history.minutes.LatencyMinuteRows;
import org.sixflow.app.history.minutes.LatencyMinutes;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Hour-long latency queries from sixflow.latency_minutes: the whole minutes of a window from the
 * aggregates, the part-minutes at its edges from the samples (added up by the same code the
 * writer uses), so answers are those of the samples themselves. Used only for windows the
 * aggregates cover ({@link #covers}).
 */
final class MinuteQueries {

    private static final Duration MINUTE = Duration.ofMinutes(1);
    private static final String EDGE = "SELECT sampled_at, replica, ingress_port, egress_port, sequence, delta_ns, "
            + "ingress_ts_ns FROM sixflow.latency_samples WHERE device_id = ? AND lat_class = ? "
            + "AND sampled_at >= ? AND sampled_at < ?";
    // Whole minutes from the aggregates and the last part-minute from the samples, binned alike.
    private static final String SERIES = "SELECT bin, sum(n), (sum(s) / sum(n))::float8, min(lo), max(hi) FROM ("
            + "SELECT date_bin(? * interval '1 millisecond', minute, ?) AS bin, sum(packets) AS n, sum(sum_ns) AS s, "
            + "min(min_ns) AS lo, max(max_ns) AS hi FROM sixflow.latency_minutes WHERE device_id = ? AND lat_class = ? "
            + "AND minute >= ? AND minute < ? AND packets > 0 GROUP BY 1 "
            + "UNION ALL SELECT date_bin(? * interval '1 millisecond', sampled_at, ?), count(*), sum(delta_ns), "
            + "min(delta_ns), max(delta_ns) FROM sixflow.latency_samples WHERE device_id = ? AND lat_class = ? "
            + "AND sampled_at >= ? AND sampled_at < ? GROUP BY 1) parts GROUP BY bin ORDER BY bin";

    private final DataSource dataSource;
    private final Instant completeFrom;

    /**
     * Queries over one database.
     *
     * @param dataSource   the database
     * @param completeFrom from when on the aggregates add up every sample
     */
    MinuteQueries(DataSource dataSource, Instant completeFrom) {
        this.dataSource = dataSource;
        this.completeFrom = completeFrom;
    }

    /** Whether the aggregates hold every sample of windows that start at from. */
    boolean covers(Instant from) {
        return !from.isBefore(completeFrom);
    }

    /**
     * Whether a series can be binned from whole minutes: its bins start on minute boundaries.
     *
     * @param from the series' start (the bins' origin)
     * @param step the step
     * @return true when from is a whole minute and step a whole number of minutes
     */
    static boolean minuteAligned(Instant from, Duration step) {
        return from.equals(from.truncatedTo(ChronoUnit.MINUTES)) && step.toMillis() % MINUTE.toMillis() == 0;
    }

    /**
     * A class's samples in [from, to) added up per replica, replicas in order.
     *
     * @return replica to its total over the window
     */
    Map<Integer, LatencyMinute> byReplica(String device, LatencyClass latencyClass, Instant from, Instant to)
            throws SQLException {
        Instant wholeFrom = ceilMinute(from);
        Instant wholeTo = to.truncatedTo(ChronoUnit.MINUTES);
        List<LatencyMinute> parts = new ArrayList<>();
        try (Connection c = dataSource.getConnection()) {
            if (!wholeFrom.isBefore(wholeTo)) {
                parts.addAll(edge(c, device, latencyClass, from, to));
            } else {
                parts.addAll(edge(c, device, latencyClass, from, wholeFrom));
                parts.addAll(LatencyMinuteRows.read(c, device, latencyClass.code(), wholeFrom, wholeTo));
                parts.addAll(edge(c, device, latencyClass, wholeTo, to));
            }
        }
        // In minute order, so each replica's stability runs join one after another.
        parts.sort((a, b) -> a.key().minute().compareTo(b.key().minute()));
        Map<Integer, LatencyMinute> replicas = new TreeMap<>();
        for (LatencyMinute m : parts) {
            replicas.computeIfAbsent(m.key().replica(), r -> LatencyMinute.empty(
                    new LatencyMinute.Key(from, device, latencyClass.code(), r))).merge(m);
        }
        return replicas;
    }

    /**
     * A series binned from whole minutes (see {@link #minuteAligned}); the last bin may end in a
     * part-minute, read from the samples.
     */
    List<LatencyPoint> series(String device, LatencyClass latencyClass, Instant from, Instant to, Duration step)
            throws SQLException {
        Instant wholeTo = to.truncatedTo(ChronoUnit.MINUTES);
        if (wholeTo.isBefore(from)) {
            wholeTo = from;
        }
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(SERIES)) {
            int i = 1;
            for (Instant[] range : new Instant[][]{{from, wholeTo}, {wholeTo, to}}) {
                s.setLong(i++, step.toMillis());
                s.setTimestamp(i++, Timestamp.from(from));
                s.setString(i++, device);
                s.setShort(i++, (short) latencyClass.code());
                s.setTimestamp(i++, Timestamp.from(range[0]));
                s.setTimestamp(i++, Timestamp.from(range[1]));
            }
            return LatencyQueries.points(s);
        }
    }

    private static List<LatencyMinute> edge(Connection c, String device, LatencyClass latencyClass, Instant from,
                                            Instant to) throws SQLException {
        if (!from.isBefore(to)) {
            return List.of();
        }
        List<LatencySample> samples = new ArrayList<>();
        try (PreparedStatement s = c.prepareStatement(EDGE)) {
            s.setString(1, device);
            s.setShort(2, (short) latencyClass.code());
            s.setTimestamp(3, Timestamp.from(from));
            s.setTimestamp(4, Timestamp.from(to));
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    LatencySample sample = LatencySample.of(r.getTimestamp(1).toInstant(), device, latencyClass.code(),
                                                            r.getInt(2), r.getInt(3), r.getInt(4), r.getLong(5),
                                                            r.getLong(6));
                    long ingress = r.getLong(7);
                    samples.add(r.wasNull() ? sample : sample.withIngressTimestamp(ingress));
                }
            }
        }
        return new ArrayList<>(LatencyMinutes.of(samples).values());
    }

    private static Instant ceilMinute(Instant t) {
        Instant floor = t.truncatedTo(ChronoUnit.MINUTES);
        return floor.equals(t) ? t : floor.plus(MINUTE);
    }
}
