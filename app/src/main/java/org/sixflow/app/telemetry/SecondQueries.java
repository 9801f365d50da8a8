// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry;

import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyPoint;

import javax.sql.DataSource;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.List;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Latency series from sixflow.latency_seconds: every whole second that lies inside one bin and
 * inside the window is taken from the per-second counts, and only the seconds that a bin
 * boundary or an end of the window cuts are read from the samples, binned alike; so a series is
 * the samples' own, whatever its step and start. Used only for windows the counts cover
 * ({@link #covers}) and bins that cut few seconds ({@link #worthIt}); and for a window's
 * smallest and largest latency, the edges of its histogram.
 */
final class SecondQueries {

    private static final Duration SECOND = Duration.ofSeconds(1);
    private static final String SERIES = "SELECT bin, sum(n), (sum(s) / sum(n))::float8, min(lo), max(hi) FROM ("
            + "SELECT date_bin(? * interval '1 millisecond', second, ?) AS bin, sum(packets) AS n, sum(sum_ns) AS s, "
            + "min(min_ns) AS lo, max(max_ns) AS hi FROM sixflow.latency_seconds WHERE device_id = ? "
            + "AND lat_class = ? AND second >= ? AND second < ? AND second <> ALL(?::timestamptz[]) GROUP BY 1 "
            // Each cut second's samples through the index, bounded by the cut itself: LATERAL, and
            // OFFSET 0 so that the planner cannot flatten it into one scan of the whole window's
            // samples joined to the cuts (what a generic plan, made for any array, chose).
            + "UNION ALL SELECT date_bin(? * interval '1 millisecond', p.sampled_at, ?), count(*), sum(p.delta_ns), "
            + "min(p.delta_ns), max(p.delta_ns) FROM unnest(?::timestamptz[]) AS cut(second) CROSS JOIN LATERAL ("
            + "SELECT sampled_at, delta_ns FROM sixflow.latency_samples WHERE device_id = ? AND lat_class = ? "
            + "AND sampled_at >= greatest(cut.second, ?::timestamptz) "
            + "AND sampled_at < least(cut.second + interval '1 second', ?::timestamptz) OFFSET 0) p "
            + "GROUP BY 1) parts GROUP BY bin ORDER BY bin";

    // The smallest and largest latency of a window: whole seconds from the counts, the seconds
    // its ends cut from the samples (as SERIES reads them).
    private static final String EXTREMES = "SELECT min(lo), max(hi) FROM ("
            + "SELECT min(min_ns) AS lo, max(max_ns) AS hi FROM sixflow.latency_seconds WHERE device_id = ? "
            + "AND lat_class = ? AND second >= ? AND second < ? AND second <> ALL(?::timestamptz[]) "
            + "UNION ALL SELECT min(p.delta_ns), max(p.delta_ns) FROM unnest(?::timestamptz[]) AS cut(second) "
            + "CROSS JOIN LATERAL (SELECT delta_ns FROM sixflow.latency_samples WHERE device_id = ? "
            + "AND lat_class = ? AND sampled_at >= greatest(cut.second, ?::timestamptz) "
            + "AND sampled_at < least(cut.second + interval '1 second', ?::timestamptz) OFFSET 0) p) parts";

    private final DataSource dataSource;
    private final Instant completeFrom;

    /**
     * Queries over one database.
     *
     * @param dataSource   the database
     * @param completeFrom from when on the per-second counts add up every sample
     */
    SecondQueries(DataSource dataSource, Instant completeFrom) {
        this.dataSource = dataSource;
        this.completeFrom = completeFrom;
    }

    /** Whether the per-second counts hold every sample of windows that start at from. */
    boolean covers(Instant from) {
        return !from.isBefore(completeFrom);
    }

    /**
     * The seconds of a series that a bin boundary or an end of the window cuts: those are read
     * from the samples.
     *
     * @param from the series' start (the bins' origin)
     * @param to   its end
     * @param step the step
     * @return the cut seconds, in order
     */
    static SortedSet<Instant> cutSeconds(Instant from, Instant to, Duration step) {
        SortedSet<Instant> cuts = new TreeSet<>();
        cut(from, cuts);
        cut(to, cuts);
        if (!isWholeSecond(from) || step.toMillis() % SECOND.toMillis() != 0) {
            for (Instant boundary = from.plus(step); boundary.isBefore(to); boundary = boundary.plus(step)) {
                cut(boundary, cuts);
            }
        }
        return cuts;
    }

    /**
     * Whether reading the whole seconds pays: the bins cut at most a quarter of the window's
     * seconds (a window from a millisecond with a 1 s step cuts every one of them).
     *
     * @param from the series' start
     * @param to   its end
     * @param step the step
     * @return true when the per-second counts should serve the series
     */
    static boolean worthIt(Instant from, Instant to, Duration step) {
        long seconds = Duration.between(from, to).getSeconds() + 1;
        return (long) cutSeconds(from, to, step).size() * 4 <= seconds;
    }

    /**
     * A series binned from the per-second counts and the samples of the cut seconds.
     */
    List<LatencyPoint> series(String device, LatencyClass latencyClass, Instant from, Instant to, Duration step)
            throws SQLException {
        SortedSet<Instant> cuts = cutSeconds(from, to, step);
        Timestamp[] cutArray = cuts.stream().map(Timestamp::from).toArray(Timestamp[]::new);
        Instant firstSecond = from.truncatedTo(ChronoUnit.SECONDS);
        Instant endSecond = isWholeSecond(to) ? to : to.truncatedTo(ChronoUnit.SECONDS).plus(SECOND);
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(SERIES)) {
            Array cutSeconds = c.createArrayOf("timestamptz", cutArray);
            int i = 1;
            s.setLong(i++, step.toMillis());
            s.setTimestamp(i++, Timestamp.from(from));
            s.setString(i++, device);
            s.setShort(i++, (short) latencyClass.code());
            s.setTimestamp(i++, Timestamp.from(firstSecond));
            s.setTimestamp(i++, Timestamp.from(endSecond));
            s.setArray(i++, cutSeconds);
            s.setLong(i++, step.toMillis());
            s.setTimestamp(i++, Timestamp.from(from));
            s.setArray(i++, cutSeconds);
            s.setString(i++, device);
            s.setShort(i++, (short) latencyClass.code());
            s.setTimestamp(i++, Timestamp.from(from));
            s.setTimestamp(i, Timestamp.from(to));
            return LatencyQueries.points(s);
        }
    }

    /**
     * The smallest and largest latency of a class in a window, exactly.
     *
     * @return {min, max}, empty when the window holds no sample
     */
    Optional<long[]> extremes(String device, LatencyClass latencyClass, Instant from, Instant to)
            throws SQLException {
        SortedSet<Instant> cuts = new TreeSet<>();
        cut(from, cuts);
        cut(to, cuts);
        Timestamp[] cutArray = cuts.stream().map(Timestamp::from).toArray(Timestamp[]::new);
        Instant endSecond = isWholeSecond(to) ? to : to.truncatedTo(ChronoUnit.SECONDS).plus(SECOND);
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(EXTREMES)) {
            Array cutSeconds = c.createArrayOf("timestamptz", cutArray);
            int i = 1;
            s.setString(i++, device);
            s.setShort(i++, (short) latencyClass.code());
            s.setTimestamp(i++, Timestamp.from(from.truncatedTo(ChronoUnit.SECONDS)));
            s.setTimestamp(i++, Timestamp.from(endSecond));
            s.setArray(i++, cutSeconds);
            s.setArray(i++, cutSeconds);
            s.setString(i++, device);
            s.setShort(i++, (short) latencyClass.code());
            s.setTimestamp(i++, Timestamp.from(from));
            s.setTimestamp(i, Timestamp.from(to));
            try (ResultSet r = s.executeQuery()) {
                r.next();
                long min = r.getLong(1);
                return r.wasNull() ? Optional.empty() : Optional.of(new long[]{min, r.getLong(2)});
            }
        }
    }

    private static void cut(Instant t, SortedSet<Instant> cuts) {
        if (!isWholeSecond(t)) {
            cuts.add(t.truncatedTo(ChronoUnit.SECONDS));
        }
    }

    private static boolean isWholeSecond(Instant t) {
        return t.getNano() == 0;
    }
}
