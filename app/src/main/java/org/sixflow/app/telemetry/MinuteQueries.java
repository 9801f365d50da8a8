// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry;

import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.history.minutes.LatencyMinute;
import org.sixflow.app.history.minutes.LatencyMinutes;
import org.sixflow.app.history.minutes.MinuteCache;
import org.sixflow.app.history.minutes.MinuteSamples;

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
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.SortedSet;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.stream.Collectors;

/**
 * Hour-long latency queries from sixflow.latency_minutes: the whole minutes of a window from the
 * aggregates, the part-minutes at its edges from the samples (added up by the same code the
 * writer uses), so answers are those of the samples themselves; both kept in memory while their
 * rows stay as they were ({@link MinuteCache}). Used only for windows the
 * aggregates cover ({@link #covers}).
 */
final class MinuteQueries {

    private static final Duration MINUTE = Duration.ofMinutes(1);
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
    private final MinuteCache cache;

    /**
     * Queries over one database.
     *
     * @param dataSource   the database
     * @param completeFrom from when on the aggregates add up every sample
     * @param cache        the database's stored minutes and samples kept in memory
     */
    MinuteQueries(DataSource dataSource, Instant completeFrom, MinuteCache cache) {
        this.dataSource = dataSource;
        this.completeFrom = completeFrom;
        this.cache = cache;
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
        return byReplica(device, List.of(latencyClass), from, to).get(latencyClass);
    }

    /**
     * A few classes' samples in [from, to) added up per replica, replicas in order. The stored
     * minutes and the samples of the minutes an end of the window cuts come from the database's
     * {@link MinuteCache}: one query of the minutes' versions, and reads only of what changed.
     *
     * @return each class (an empty map when it has no samples) to its replicas' totals over the window
     */
    Map<LatencyClass, Map<Integer, LatencyMinute>> byReplica(String device, List<LatencyClass> classes,
                                                             Instant from, Instant to) throws SQLException {
        List<Integer> codes = classes.stream().map(LatencyClass::code).distinct().collect(Collectors.toList());
        Instant wholeFrom = ceilMinute(from);
        Instant wholeTo = to.truncatedTo(ChronoUnit.MINUTES);
        List<LatencyMinute> parts = new ArrayList<>();
        try (Connection c = dataSource.getConnection()) {
            MinuteCache.Versions versions = cache.versions(c, device, codes, from.truncatedTo(ChronoUnit.MINUTES),
                                                           ceilMinute(to));
            if (wholeFrom.isBefore(wholeTo)) {
                parts.addAll(cache.minutes(c, versions, wholeFrom, wholeTo));
            }
            LatencyMinutes.Builder cut = new LatencyMinutes.Builder();
            for (Instant minute : cutMinutes(from, to)) {
                Instant partFrom = from.isAfter(minute) ? from : minute;
                Instant minuteEnd = minute.plus(MINUTE);
                Instant partTo = to.isBefore(minuteEnd) ? to : minuteEnd;
                for (int code : codes) {
                    Optional<MinuteSamples> samples = cache.samples(c, versions, code, minute);
                    if (samples.isPresent()) {
                        samples.get().addTo(cut, device, code, minute, partFrom, partTo);
                    }
                }
            }
            parts.addAll(cut.build().values());
        }
        // In minute order, so each replica's stability runs join one after another.
        parts.sort((a, b) -> a.key().minute().compareTo(b.key().minute()));
        Map<Integer, Map<Integer, LatencyMinute>> byCode = new HashMap<>();
        for (LatencyMinute m : parts) {
            byCode.computeIfAbsent(m.key().latencyClass(), k -> new TreeMap<>())
                    .computeIfAbsent(m.key().replica(), r -> LatencyMinute.empty(
                            new LatencyMinute.Key(from, device, m.key().latencyClass(), r))).merge(m);
        }
        Map<LatencyClass, Map<Integer, LatencyMinute>> replicas = new HashMap<>();
        for (LatencyClass cls : classes) {
            replicas.put(cls, byCode.getOrDefault(cls.code(), Map.of()));
        }
        return replicas;
    }

    // The minutes the window covers only in part: where its start or its end falls inside one.
    private static SortedSet<Instant> cutMinutes(Instant from, Instant to) {
        SortedSet<Instant> cut = new TreeSet<>();
        if (from.isBefore(to)) {
            Instant first = from.truncatedTo(ChronoUnit.MINUTES);
            Instant last = to.truncatedTo(ChronoUnit.MINUTES);
            if (!first.equals(from) || to.isBefore(first.plus(MINUTE))) {
                cut.add(first);
            }
            if (!last.equals(to)) {
                cut.add(last);
            }
        }
        return cut;
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

    private static Instant ceilMinute(Instant t) {
        Instant floor = t.truncatedTo(ChronoUnit.MINUTES);
        return floor.equals(t) ? t : floor.plus(MINUTE);
    }
}
