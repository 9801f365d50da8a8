// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry;

import org.junit.AfterClass;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyHistogram;
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.history.SampleWriter;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.SynchronousEventDispatcher;
import org.sixflow.app.testing.TelemetryFixture;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.Random;
import java.util.SortedSet;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The per-second counts against the samples on a real PostgreSQL: samples go in through the
 * app's writer in batches that straddle seconds, and every series read from the counts (and the
 * cut seconds' samples) is compared with the one binned from the samples themselves, for steps
 * and starts of every kind.
 */
public class SecondQueriesTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final String DEVICE = "device:leaf1";
    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
    private static final int SECONDS = 600;
    private static HistoryDatabase db;

    @BeforeClass
    public static void open() throws SQLException {
        db = HistoryDatabase.open(POSTGRES.server().settings());
        TelemetryFixture.clear(db);
        // Ten minutes of two classes, ~20 samples/s, arrival order, in batches of 777.
        Random random = new Random(15);
        SampleWriter writer = new SampleWriter(db, 1_000_000);
        for (int ms = 0; ms < SECONDS * 1000; ms += 50) {
            Instant t = T0.plusMillis(ms + random.nextInt(50));
            writer.offer(LatencySample.of(t, DEVICE, LatencyClass.IPV6.code(), 0, 3, 1, ms,
                                          Math.max(100, Math.round(1_500 + random.nextGaussian() * 80))));
            for (int replica = 0; replica < 2; replica++) {
                writer.offer(LatencySample.of(t, DEVICE, LatencyClass.MSR6_REPLICATE.code(), replica, 3, 1, ms,
                                              Math.max(100, Math.round(2_300 + random.nextGaussian() * 120))));
            }
        }
        while (writer.flush(777) > 0) {
            // batches straddle seconds
        }
        // Statistics for the planner: the samples' own histogram query (a CTE read twice) takes
        // a minute on unanalysed tables.
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute("ANALYZE");
        }
    }

    @AfterClass
    public static void close() {
        db.close();
    }

    private static SecondQueries seconds() {
        return new SecondQueries(db.dataSource(), db.secondsCompleteFrom());
    }

    private static LatencyQueries raw() {
        return new LatencyQueries(db.dataSource());
    }

    @Test
    public void theCountsAddUpTheStoredSamplesExactly() throws SQLException {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery(
                     "SELECT count(*) FROM (SELECT date_trunc('second', sampled_at) AS second, device_id, lat_class, "
                             + "count(*) AS n, sum(delta_ns) AS s, min(delta_ns) AS lo, max(delta_ns) AS hi "
                             + "FROM sixflow.latency_samples GROUP BY 1, 2, 3) raw "
                             + "FULL JOIN sixflow.latency_seconds m USING (second, device_id, lat_class) "
                             + "WHERE m.packets IS DISTINCT FROM raw.n OR m.sum_ns IS DISTINCT FROM raw.s "
                             + "OR m.min_ns IS DISTINCT FROM raw.lo OR m.max_ns IS DISTINCT FROM raw.hi")) {
            r.next();
            assertEquals("seconds that differ from their samples", 0, r.getLong(1));
        }
        assertEquals(Instant.MIN, db.secondsCompleteFrom());
    }

    @Test
    public void seriesOfEveryStepAndStartMatchTheSamples() throws SQLException {
        Object[][] cases = {
                // from (ms after T0), to (ms after T0), step (ms)
                {0L, 600_000L, 30_000L},                 // whole seconds: no cut
                {60_000L, 599_250L, 30_000L},            // the last second cut
                {17_345L, 517_345L, 60_000L},            // from a millisecond: every boundary cuts
                {1_000L, 301_000L, 7_000L},              // a step of whole seconds, not of minutes
                {2_500L, 62_500L, 1_500L},               // a step that is not whole seconds
                {120_999L, 121_001L, 1_000L},            // a window inside two seconds
                {-30_000L, 45_000L, 10_000L},            // starting before the first sample
        };
        for (Object[] c : cases) {
            Instant from = T0.plusMillis((Long) c[0]);
            Instant to = T0.plusMillis((Long) c[1]);
            Duration step = Duration.ofMillis((Long) c[2]);
            for (LatencyClass cls : List.of(LatencyClass.IPV6, LatencyClass.MSR6_REPLICATE)) {
                assertSameSeries(from + ".." + to + " by " + step + " " + cls.label(),
                                 raw().series(DEVICE, cls, Optional.empty(), from, to, step, LatencySource.SAMPLES),
                                 seconds().series(DEVICE, cls, from, to, step));
            }
        }
    }

    @Test
    public void theServiceBinsFromTheSecondsWhatTheMinutesCannot() {
        TelemetryManager manager = new TelemetryManager();
        manager.historyDatabase = () -> Optional.of(db);
        SynchronousEventDispatcher.installInto(manager);
        manager.activate();
        Random random = new Random(30);
        for (int i = 0; i < 5; i++) {
            Instant from = T0.plusMillis(random.nextInt(120_000));
            Instant to = from.plusMillis(240_000 + random.nextInt(200_000));
            Duration step = Duration.ofSeconds(List.of(1, 30, 60).get(i % 3));
            List<LatencyPoint> got = manager.latencySeries(DeviceId.deviceId(DEVICE), LatencyClass.IPV6,
                                                           Optional.empty(), from, to, step, LatencySource.SAMPLES);
            try {
                assertSameSeries(from + ".." + to + " by " + step,
                                 raw().series(DEVICE, LatencyClass.IPV6, Optional.empty(), from, to, step,
                                              LatencySource.SAMPLES), got);
            } catch (SQLException e) {
                throw new AssertionError(e);
            }
        }
    }

    @Test
    public void histogramsWithTheirEdgesFromTheSecondsMatchTheSamples() throws SQLException {
        TelemetryManager manager = new TelemetryManager();
        manager.historyDatabase = () -> Optional.of(db);
        SynchronousEventDispatcher.installInto(manager);
        manager.activate();
        long[][] windows = {{0, 600_000}, {17_345, 517_345}, {120_999, 121_001}, {-30_000, 45_500},
                            {700_000, 800_000}};
        for (long[] w : windows) {
            Instant from = T0.plusMillis(w[0]);
            Instant to = T0.plusMillis(w[1]);
            for (int buckets : new int[]{1, 20, 200}) {
                LatencyHistogram exact = raw().histogram(DEVICE, LatencyClass.MSR6_REPLICATE, from, to, buckets);
                LatencyHistogram got = manager.histogram(DeviceId.deviceId(DEVICE), LatencyClass.MSR6_REPLICATE,
                                                         from, to, buckets);
                String what = from + ".." + to + " in " + buckets;
                assertArrayEquals(what, exact.edgesNanos(), got.edgesNanos(), 0);
                assertArrayEquals(what, exact.counts(), got.counts());
            }
        }
    }

    @Test
    public void cutSecondsAreThoseABoundaryOrAnEndFallsInside() {
        assertEquals(List.of(), List.copyOf(SecondQueries.cutSeconds(T0, T0.plusSeconds(60), Duration.ofSeconds(30))));
        assertEquals(List.of(T0.plusSeconds(59)),
                     List.copyOf(SecondQueries.cutSeconds(T0, T0.plusMillis(59_500), Duration.ofSeconds(30))));
        SortedSet<Instant> cuts = SecondQueries.cutSeconds(T0.plusMillis(500), T0.plusMillis(90_500),
                                                           Duration.ofSeconds(30));
        assertEquals(List.of(T0, T0.plusSeconds(30), T0.plusSeconds(60), T0.plusSeconds(90)), List.copyOf(cuts));
        assertTrue(SecondQueries.worthIt(T0.plusMillis(500), T0.plusSeconds(3600), Duration.ofSeconds(60)));
        assertFalse("a 1 s step from a millisecond cuts every second",
                    SecondQueries.worthIt(T0.plusMillis(500), T0.plusSeconds(3600), Duration.ofSeconds(1)));
    }

    private static void assertSameSeries(String what, List<LatencyPoint> exact, List<LatencyPoint> got) {
        assertEquals(what, exact.size(), got.size());
        for (int i = 0; i < exact.size(); i++) {
            assertEquals(what, exact.get(i).time(), got.get(i).time());
            assertEquals(what, exact.get(i).count(), got.get(i).count());
            assertEquals(what, exact.get(i).meanNanos(), got.get(i).meanNanos(), 0);
            assertEquals(what, exact.get(i).minNanos(), got.get(i).minNanos());
            assertEquals(what, exact.get(i).maxNanos(), got.get(i).maxNanos());
        }
    }
}
