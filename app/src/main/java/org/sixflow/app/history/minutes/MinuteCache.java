// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history.minutes;

import com.google.common.cache.Cache;
import com.google.common.cache.CacheBuilder;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Stored minutes (rows of sixflow.latency_minutes) and whole minutes of samples, kept in memory
 * and used only while PostgreSQL still holds the same row versions: a window's reads cost one
 * light query of the versions (the rows' xmin, which every write of a row changes) instead of
 * reading histograms and samples again. A minute with new samples has new row versions, as the
 * writer merges every batch into its minutes in the batch's transaction; a row the retention
 * dropped is no longer listed. Entries live an hour at most, far less than PostgreSQL needs to
 * reuse a transaction id, and the cache holds at most {@link #MAX_BYTES}.
 */
public final class MinuteCache {

    /** Most memory the cached minutes and samples take, roughly. */
    public static final long MAX_BYTES = 64L << 20;
    private static final Duration LIFETIME = Duration.ofHours(1);

    private static final String VERSIONS = "SELECT minute, lat_class, replica, xmin::text::bigint "
            + "FROM sixflow.latency_minutes WHERE device_id = ? AND lat_class = ANY(?::smallint[]) AND minute >= ? "
            + "AND minute < ? AND packets > 0 ORDER BY lat_class, minute, replica";
    private static final String ROWS = "SELECT " + LatencyMinuteRows.COLUMNS + ", xmin::text::bigint "
            + "FROM sixflow.latency_minutes WHERE device_id = ? AND lat_class = ANY(?::smallint[]) "
            + "AND minute = ANY(?::timestamptz[]) AND packets > 0";
    private static final int VERSION_COLUMN = 22;

    private final Cache<LatencyMinute.Key, Versioned<LatencyMinute>> rows;
    private final Cache<List<Object>, Versioned<MinuteSamples>> samples;
    private final AtomicLong rowsRead = new AtomicLong();
    private final AtomicLong minutesOfSamplesRead = new AtomicLong();

    /** An empty cache. */
    public MinuteCache() {
        // Histograms are most of a row: a few hundred buckets of 8 bytes.
        rows = CacheBuilder.newBuilder().maximumWeight(MAX_BYTES / 2)
                .weigher((LatencyMinute.Key k, Versioned<LatencyMinute> v) ->
                                 256 + 8 * v.value.histogram().counts().length)
                .expireAfterWrite(LIFETIME.toMillis(), TimeUnit.MILLISECONDS).build();
        samples = CacheBuilder.newBuilder().maximumWeight(MAX_BYTES / 2)
                .weigher((List<Object> k, Versioned<MinuteSamples> v) -> v.value.bytes())
                .expireAfterWrite(LIFETIME.toMillis(), TimeUnit.MILLISECONDS).build();
    }

    /**
     * The row versions of some classes' minutes in [from, to), whole minutes.
     *
     * @param connection the connection
     * @param deviceId   the device
     * @param classes    the class codes
     * @param from       the first minute
     * @param to         the end (exclusive)
     * @return the versions, to pass to {@link #minutes} and {@link #samples}
     * @throws SQLException when the read fails
     */
    public Versions versions(Connection connection, String deviceId, List<Integer> classes, Instant from, Instant to)
            throws SQLException {
        Versions versions = new Versions(deviceId, classes);
        try (PreparedStatement s = connection.prepareStatement(VERSIONS)) {
            s.setString(1, deviceId);
            s.setArray(2, LatencyMinuteRows.classArray(connection, classes));
            s.setTimestamp(3, Timestamp.from(from));
            s.setTimestamp(4, Timestamp.from(to));
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    versions.add(new LatencyMinute.Key(r.getTimestamp(1).toInstant(), deviceId, r.getShort(2),
                                                       r.getInt(3)), r.getLong(4));
                }
            }
        }
        return versions;
    }

    /**
     * The stored minutes in [from, to) (whole minutes) that the versions list: from memory when
     * the version is the one kept, else read in one query and kept.
     *
     * @param connection the connection
     * @param versions   the versions read just before
     * @param from       the first minute
     * @param to         the end (exclusive)
     * @return the minutes, not to be changed (merge them into others)
     * @throws SQLException when the read fails
     */
    public List<LatencyMinute> minutes(Connection connection, Versions versions, Instant from, Instant to)
            throws SQLException {
        List<LatencyMinute> found = new ArrayList<>();
        TreeSet<Instant> missing = new TreeSet<>();
        for (Map.Entry<LatencyMinute.Key, Long> e : versions.rows.entrySet()) {
            Instant minute = e.getKey().minute();
            if (minute.isBefore(from) || !minute.isBefore(to)) {
                continue;
            }
            Versioned<LatencyMinute> kept = rows.getIfPresent(e.getKey());
            if (kept != null && kept.version.equals(e.getValue())) {
                found.add(kept.value);
            } else {
                missing.add(minute);
            }
        }
        if (missing.isEmpty()) {
            return found;
        }
        // Every row of the missing minutes: a minute one class kept may be missing for another.
        found.removeIf(m -> missing.contains(m.key().minute()));
        try (PreparedStatement s = connection.prepareStatement(ROWS)) {
            Array minutes = connection.createArrayOf(
                    "timestamptz", missing.stream().map(Timestamp::from).toArray(Timestamp[]::new));
            s.setString(1, versions.deviceId);
            s.setArray(2, LatencyMinuteRows.classArray(connection, versions.classes));
            s.setArray(3, minutes);
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    LatencyMinute m = LatencyMinuteRows.read(r);
                    rows.put(m.key(), new Versioned<>(r.getLong(VERSION_COLUMN), m));
                    found.add(m);
                    rowsRead.incrementAndGet();
                }
            }
        }
        return found;
    }

    /**
     * A minute's samples of one class: from memory when its rows' versions are the ones they had
     * when they were read, else read and kept.
     *
     * @param connection   the connection
     * @param versions     the versions read just before, listing the minute
     * @param latencyClass the class code
     * @param minute       the minute
     * @return its samples; empty when the versions list no row of it (the minute has none)
     * @throws SQLException when the read fails
     */
    public Optional<MinuteSamples> samples(Connection connection, Versions versions, int latencyClass, Instant minute)
            throws SQLException {
        List<Long> version = versions.ofMinute(latencyClass, minute);
        if (version.isEmpty()) {
            return Optional.empty();
        }
        List<Object> key = List.of(versions.deviceId, latencyClass, minute);
        Versioned<MinuteSamples> kept = samples.getIfPresent(key);
        if (kept != null && kept.version.equals(version)) {
            return Optional.of(kept.value);
        }
        // Read after the versions: it holds at least what they say (more if a batch came in
        // between, which changes the versions, so no later window takes it for these).
        MinuteSamples read = MinuteSamples.read(connection, versions.deviceId, latencyClass, minute);
        samples.put(key, new Versioned<>(version, read));
        minutesOfSamplesRead.incrementAndGet();
        return Optional.of(read);
    }

    /** Stored minutes read from PostgreSQL so far (not from memory). */
    public long rowsRead() {
        return rowsRead.get();
    }

    /** Minutes of samples read from PostgreSQL so far (not from memory). */
    public long minutesOfSamplesRead() {
        return minutesOfSamplesRead.get();
    }

    /** The row versions of a few classes' minutes on one device. */
    public static final class Versions {
        private final String deviceId;
        private final List<Integer> classes;
        private final Map<LatencyMinute.Key, Long> rows = new HashMap<>();
        // (class, minute) to its replicas and their versions, in replica order.
        private final Map<List<Object>, List<Long>> minutes = new HashMap<>();

        private Versions(String deviceId, List<Integer> classes) {
            this.deviceId = deviceId;
            this.classes = List.copyOf(classes);
        }

        private void add(LatencyMinute.Key key, long version) {
            rows.put(key, version);
            List<Long> minute = minutes.computeIfAbsent(List.of(key.latencyClass(), key.minute()),
                                                        k -> new ArrayList<>());
            minute.add((long) key.replica());
            minute.add(version);
        }

        private List<Long> ofMinute(int latencyClass, Instant minute) {
            return minutes.getOrDefault(List.of(latencyClass, minute), List.of());
        }
    }

    private static final class Versioned<T> {
        final Object version;
        final T value;

        Versioned(Object version, T value) {
            this.version = version;
            this.value = value;
        }
    }
}
