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
import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;
import java.sql.Connection;
import java.sql.SQLException;
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
 * rows stay as they were ({@link MinuteCache}). Used only for windows the aggregates cover
 * ({@link #covers}).
 */
final class MinuteQueries {

    private static final Duration MINUTE = Duration.ofMinutes(1);

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
     * part-minute, counted from its samples. Both come from the {@link MinuteCache}.
     */
    List<LatencyPoint> series(String device, LatencyClass latencyClass, Instant from, Instant to, Duration step)
            throws SQLException {
        Instant wholeTo = to.truncatedTo(ChronoUnit.MINUTES);
        if (wholeTo.isBefore(from)) {
            wholeTo = from;
        }
        int code = latencyClass.code();
        long stepMillis = step.toMillis();
        // Bins start at from + k * step, as date_bin(step, minute, from) puts them; only counts,
        // sums and extremes are added (no histograms).
        TreeMap<Long, Bin> bins = new TreeMap<>();
        try (Connection c = dataSource.getConnection()) {
            MinuteCache.Versions versions = cache.versions(c, device, List.of(code), from, ceilMinute(to));
            for (LatencyMinute m : cache.minutes(c, versions, from, wholeTo)) {
                long k = Math.floorDiv(m.key().minute().toEpochMilli() - from.toEpochMilli(), stepMillis);
                bins.computeIfAbsent(k, i -> new Bin()).add(m.packets(), m.sum(), m.min(), m.max());
            }
            if (wholeTo.isBefore(to)) {
                Optional<MinuteSamples> samples = cache.samples(c, versions, code, wholeTo);
                if (samples.isPresent()) {
                    MinuteSamples.Totals t = samples.get().totals(wholeTo, to);
                    if (t.count > 0) {
                        long k = Math.floorDiv(wholeTo.toEpochMilli() - from.toEpochMilli(), stepMillis);
                        bins.computeIfAbsent(k, i -> new Bin()).add(t.count, t.sum, t.min, t.max);
                    }
                }
            }
        }
        List<LatencyPoint> points = new ArrayList<>(bins.size());
        for (Map.Entry<Long, Bin> e : bins.entrySet()) {
            Bin bin = e.getValue();
            double mean = new BigDecimal(bin.sum).divide(BigDecimal.valueOf(bin.packets), MathContext.DECIMAL128)
                    .doubleValue();
            points.add(LatencyPoint.of(from.plusMillis(e.getKey() * stepMillis), bin.packets, mean, bin.min, bin.max));
        }
        return points;
    }

    // One bin of a series: packets, the exact sum of their latencies, the extremes.
    private static final class Bin {
        long packets;
        BigInteger sum = BigInteger.ZERO;
        long min = Long.MAX_VALUE;
        long max = Long.MIN_VALUE;

        void add(long n, BigInteger s, long lo, long hi) {
            packets += n;
            sum = sum.add(s);
            min = Math.min(min, lo);
            max = Math.max(max, hi);
        }
    }

    private static Instant ceilMinute(Instant t) {
        Instant floor = t.truncatedTo(ChronoUnit.MINUTES);
        return floor.equals(t) ? t : floor.plus(MINUTE);
    }
}
