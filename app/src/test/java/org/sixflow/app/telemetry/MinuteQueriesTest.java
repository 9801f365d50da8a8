// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.junit.AfterClass;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyComparison;
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.OverheadSummary;
import org.sixflow.app.api.ReplicaLatency;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.history.SampleWriter;
import org.sixflow.app.history.minutes.LatencyMinute;
import org.sixflow.app.history.minutes.LogHistogram;
import org.sixflow.app.telemetry.stats.LatencyStatistics;
import org.sixflow.app.telemetry.stats.MinuteStatistics;
import org.sixflow.app.telemetry.stats.OverheadComparison;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.SynchronousEventDispatcher;
import org.sixflow.app.testing.TelemetryFixture;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The per-minute aggregates against exact computation on the same samples, on a real
 * PostgreSQL: samples go in through the app's writer in batches that straddle minutes, and every
 * answer read from the aggregates is compared with the one computed from the samples themselves
 * (moments and extremes exactly, percentiles within {@link LogHistogram#RELATIVE_ERROR}, the KS
 * distance within one bucket's probability, stability and series exactly).
 */
public class MinuteQueriesTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final String DEVICE = "device:leaf1";
    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");
    private static final int SECONDS = 600;
    private static HistoryDatabase db;

    private TelemetryManager manager;

    @BeforeClass
    public static void open() {
        db = HistoryDatabase.open(POSTGRES.server().settings());
    }

    @AfterClass
    public static void close() {
        db.close();
    }

    @Before
    public void setUp() throws SQLException {
        TelemetryFixture.clear(db);
        manager = new TelemetryManager();
        manager.historyDatabase = () -> Optional.of(db);
        SynchronousEventDispatcher.installInto(manager);
        manager.activate();
    }

    // Ten minutes of three classes, ~20 samples/s each, msr6-replicate with two replicas, a few
    // samples without an ingress timestamp, written in arrival order in batches of 777.
    private static void writeSamples() throws SQLException {
        Random random = new Random(15);
        SampleWriter writer = new SampleWriter(db, 1_000_000);
        long sequence = 0;
        for (int ms = 0; ms < SECONDS * 1000; ms += 50) {
            Instant t = T0.plusMillis(ms);
            long ingress = ms * 1_000_000L + (ms % 200 == 0 ? 0 : random.nextInt(1_000));
            sequence++;
            writer.offer(sample(t, LatencyClass.IPV6, 0, sequence, 1_500 + random.nextGaussian() * 80, ingress));
            LatencySample apn6 = sample(t, LatencyClass.APN6_INSERT, 0, sequence,
                                        1_760 + random.nextGaussian() * 95, ingress);
            writer.offer(random.nextInt(50) == 0 ? LatencySample.of(apn6.time(), DEVICE, apn6.latencyClass(), 0, 3, 1,
                                                                    sequence, apn6.deltaNanos()) : apn6);
            for (int replica = 0; replica < 2; replica++) {
                writer.offer(sample(t, LatencyClass.MSR6_REPLICATE, replica, sequence,
                                    2_300 + 150 * replica + random.nextGaussian() * 120, ingress + replica));
            }
        }
        while (writer.flush(777) > 0) {
            // batches straddle minutes
        }
        assertEquals(0, writer.buffered());
    }

    private static LatencySample sample(Instant t, LatencyClass cls, int replica, long sequence, double latency,
                                        long ingress) {
        return LatencySample.of(t, DEVICE, cls.code(), replica, 3, 1 + replica, sequence,
                                Math.max(100, Math.round(latency))).withIngressTimestamp(ingress);
    }

    private static MinuteQueries minutes() {
        return new MinuteQueries(db.dataSource(), db.minutesCompleteFrom(), db.minuteCache());
    }

    private static LatencyQueries raw() {
        return new LatencyQueries(db.dataSource());
    }

    @Test
    public void aFreshDatabaseHasEveryMinuteAggregated() {
        assertEquals(Instant.MIN, db.minutesCompleteFrom());
        assertTrue(minutes().covers(T0));
    }

    @Test
    public void theAggregatesAddUpTheStoredSamplesExactly() throws SQLException {
        writeSamples();
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery(
                     "SELECT count(*) FROM (SELECT date_trunc('minute', sampled_at) AS minute, device_id, lat_class, "
                             + "replica, count(*) AS n, sum(delta_ns) AS s, sum(delta_ns::numeric * delta_ns) AS q, "
                             + "min(delta_ns) AS lo, max(delta_ns) AS hi FROM sixflow.latency_samples "
                             + "GROUP BY 1, 2, 3, 4) raw FULL JOIN sixflow.latency_minutes m USING "
                             + "(minute, device_id, lat_class, replica) WHERE m.packets IS DISTINCT FROM raw.n "
                             + "OR m.sum_ns IS DISTINCT FROM raw.s OR m.sum_sq_ns IS DISTINCT FROM raw.q "
                             + "OR m.min_ns IS DISTINCT FROM raw.lo OR m.max_ns IS DISTINCT FROM raw.hi "
                             + "OR (SELECT sum(x) FROM unnest(m.histogram) x) IS DISTINCT FROM raw.n")) {
            r.next();
            assertEquals("minutes that differ from their samples", 0, r.getLong(1));
        }
    }

    @Test
    public void statisticsFromMinutesMatchTheSamples() throws SQLException {
        writeSamples();
        // Part-minutes at both edges come from the samples.
        Instant from = T0.plusMillis(17_300);
        Instant to = T0.plusMillis(9 * 60_000 + 41_900);
        for (LatencyClass cls : List.of(LatencyClass.IPV6, LatencyClass.APN6_INSERT, LatencyClass.MSR6_REPLICATE)) {
            LatencyMinute total = null;
            for (LatencyMinute m : minutes().byReplica(DEVICE, cls, from, to).values()) {
                if (total == null) {
                    total = LatencyMinute.empty(m.key());
                }
                total.merge(m);
            }
            double[] values = raw().latencies(DEVICE, cls, from, to, 10_000_000).values();
            assertSummary(cls.label(), LatencyStatistics.of(values).summary(), MinuteStatistics.of(total).summary(),
                          total.histogram());
            assertStability(cls, from, to);
        }
        // Through the service: the overhead follows exactly from the moments.
        LatencyComparison c = manager.statistics(DeviceId.deviceId(DEVICE), LatencyClass.APN6_INSERT, LatencyClass.IPV6,
                                                 from, to, List.of(0.1, 0.2));
        double[] feature = raw().latencies(DEVICE, LatencyClass.APN6_INSERT, from, to, 10_000_000).values();
        double[] baseline = raw().latencies(DEVICE, LatencyClass.IPV6, from, to, 10_000_000).values();
        OverheadSummary exact = OverheadComparison.of(feature, baseline).summary(List.of(0.1, 0.2));
        assertEquals(exact.meanRatio(), c.overhead().meanRatio(), 1e-12);
        assertEquals(exact.kMean(), c.overhead().kMean(), 1e-12);
        assertEquals(exact.kStdev(), c.overhead().kStdev(), 1e-12);
        assertEquals(exact.probabilities().get(0.2), c.overhead().probabilities().get(0.2), 1e-9);
        assertFalse(c.sampled());
        assertEquals(feature.length, c.featureStatistics().count());
    }

    @Test
    public void statisticsOfWindowsOfEveryShapeMatchTheSamples() throws SQLException {
        writeSamples();
        // Whole minutes with part-minutes at one, both or neither edge; no whole minute, inside
        // one minute or across one boundary; a window ending on the boundary it starts before.
        List<Instant[]> windows = List.of(
                new Instant[]{T0.plusSeconds(60), T0.plusMillis(8 * 60_000 + 12_345)},
                new Instant[]{T0.plusMillis(59_999), T0.plusSeconds(7 * 60)},
                new Instant[]{T0.plusMillis(61_001), T0.plusMillis(5 * 60_000 + 59_999)},
                new Instant[]{T0.plusSeconds(120), T0.plusSeconds(180)},
                new Instant[]{T0.plusMillis(130_500), T0.plusMillis(170_250)},
                new Instant[]{T0.plusMillis(130_500), T0.plusMillis(200_250)},
                new Instant[]{T0.plusMillis(130_500), T0.plusSeconds(180)},
                new Instant[]{T0.plusSeconds(180), T0.plusMillis(180_750)});
        Random random = new Random(16);
        List<Instant[]> shifted = new ArrayList<>(windows);
        for (int i = 0; i < 8; i++) {     // and a few distinct windows of the kind the dashboard asks
            Instant to = T0.plusMillis(4 * 60_000 + random.nextInt(5 * 60_000));
            shifted.add(new Instant[]{T0.plusSeconds(60 * random.nextInt(3)), to});
        }
        for (Instant[] w : shifted) {
            String what = w[0] + ".." + w[1];
            LatencyComparison c = manager.statistics(DeviceId.deviceId(DEVICE), LatencyClass.APN6_INSERT,
                                                     LatencyClass.IPV6, w[0], w[1], List.of(0.1));
            Map<LatencyClass, Map<Integer, LatencyMinute>> both = minutes().byReplica(
                    DEVICE, List.of(LatencyClass.APN6_INSERT, LatencyClass.IPV6), w[0], w[1]);
            for (LatencyClass cls : List.of(LatencyClass.APN6_INSERT, LatencyClass.IPV6)) {
                double[] values = raw().latencies(DEVICE, cls, w[0], w[1], 10_000_000).values();
                LatencySummary got = cls == LatencyClass.IPV6 ? c.baselineStatistics() : c.featureStatistics();
                LatencyMinute total = LatencyMinute.empty(new LatencyMinute.Key(w[0], DEVICE, cls.code(), 0));
                both.get(cls).values().forEach(total::merge);
                assertSummary(what + " " + cls.label(), LatencyStatistics.of(values).summary(), got,
                              total.histogram());
                // Both classes at once add up as each on its own.
                Map<Integer, LatencyMinute> alone = minutes().byReplica(DEVICE, cls, w[0], w[1]);
                assertEquals(what, alone.keySet(), both.get(cls).keySet());
                for (int replica : alone.keySet()) {
                    assertEquals(what, alone.get(replica).packets(), both.get(cls).get(replica).packets());
                    assertEquals(what, alone.get(replica).sum(), both.get(cls).get(replica).sum());
                    assertEquals(what, alone.get(replica).sumSquares(), both.get(cls).get(replica).sumSquares());
                }
            }
            LatencyComparison.Stability exact = raw().stability(DEVICE, LatencyClass.APN6_INSERT, w[0], w[1])
                    .orElseThrow();
            assertEquals(what, exact.pairs(), c.stability().orElseThrow().pairs());
            assertEquals(what, exact.mean(), c.stability().orElseThrow().mean(), 1e-12);
            assertEquals(what, exact.max(), c.stability().orElseThrow().max(), 1e-15);
        }
    }

    @Test
    public void aWindowAskedAgainReadsOnlyVersionsAndCountsTheSamplesWrittenSince() throws SQLException {
        writeSamples();
        Instant from = T0.plusMillis(17_300);
        Instant to = T0.plusMillis(5 * 60_000 + 41_900);
        long before = packets(from, to);
        long rowsRead = db.minuteCache().rowsRead();
        long samplesRead = db.minuteCache().minutesOfSamplesRead();
        assertEquals(before, packets(from, to));
        assertEquals("stored minutes read again", rowsRead, db.minuteCache().rowsRead());
        assertEquals("cut minutes read again", samplesRead, db.minuteCache().minutesOfSamplesRead());

        // In the first (cut) minute, in a whole one, and in the last minute after the window's end.
        SampleWriter writer = new SampleWriter(db, 10);
        for (Instant t : List.of(T0.plusMillis(20_000), T0.plusSeconds(180).plusNanos(1_000),
                                 T0.plusMillis(5 * 60_000 + 50_000))) {
            writer.offer(sample(t, LatencyClass.IPV6, 0, 1_000_000, 1_234, 0));
        }
        while (writer.flush(10) > 0) {
            // one batch
        }
        assertEquals(before + 2, packets(from, to));
        assertEquals(raw().latencies(DEVICE, LatencyClass.IPV6, from, to, 10_000_000).values().length,
                     packets(from, to));
    }

    private static long packets(Instant from, Instant to) throws SQLException {
        return minutes().byReplica(DEVICE, LatencyClass.IPV6, from, to).values().stream()
                .mapToLong(LatencyMinute::packets).sum();
    }

    @Test
    public void aClassComparedWithItselfIsItsOwnBaseline() throws SQLException {
        writeSamples();
        Instant from = T0.plusMillis(30_500);
        Instant to = T0.plusMillis(5 * 60_000 + 1_500);
        LatencyComparison c = manager.statistics(DeviceId.deviceId(DEVICE), LatencyClass.IPV6, LatencyClass.IPV6,
                                                 from, to, List.of(0.1));
        double[] values = raw().latencies(DEVICE, LatencyClass.IPV6, from, to, 10_000_000).values();
        assertEquals(values.length, c.featureStatistics().count());
        assertEquals(values.length, c.baselineStatistics().count());
        assertEquals(1.0, c.overhead().meanRatio(), 0);
    }

    private static void assertSummary(String what, LatencySummary exact, LatencySummary got, LogHistogram h) {
        assertEquals(what, exact.count(), got.count());
        assertEquals(what, exact.mean(), got.mean(), 1e-9 * exact.mean());
        assertEquals(what, exact.stdev(), got.stdev(), 1e-9 * exact.stdev());
        assertEquals(what, exact.min(), got.min(), 0);
        assertEquals(what, exact.max(), got.max(), 0);
        assertEquals(what, exact.p50(), got.p50(), exact.p50() * LogHistogram.RELATIVE_ERROR);
        assertEquals(what, exact.p90(), got.p90(), exact.p90() * LogHistogram.RELATIVE_ERROR);
        assertEquals(what, exact.p99(), got.p99(), exact.p99() * LogHistogram.RELATIVE_ERROR);
        NormalDistribution normal = new NormalDistribution(null, exact.mean(), exact.stdev());
        assertTrue(what, got.ksStatistic() <= exact.ksStatistic() + 1e-9);
        assertTrue(what, got.ksStatistic() >= exact.ksStatistic() - h.ksError(normal::cumulativeProbability) - 1e-9);
    }

    private void assertStability(LatencyClass cls, Instant from, Instant to) throws SQLException {
        Optional<LatencyComparison.Stability> exact = raw().stability(DEVICE, cls, from, to);
        long pairs = 0;
        double sum = 0;
        double max = 0;
        for (LatencyMinute m : minutes().byReplica(DEVICE, cls, from, to).values()) {
            assertTrue(cls + " replica " + m.key().replica(), m.stability().exact());
            pairs += m.stability().pairs();
            sum += m.stability().ratioSum();
            max = Math.max(max, m.stability().ratioMax());
        }
        assertTrue(exact.isPresent());
        assertEquals(cls.label(), exact.get().pairs(), pairs);
        assertEquals(cls.label(), exact.get().mean(), sum / pairs, 1e-12);
        assertEquals(cls.label(), exact.get().max(), max, 1e-15);
    }

    @Test
    public void seriesFromMinutesMatchTheSamples() throws SQLException {
        writeSamples();
        // Whole-minute bins, the last one ending in a part-minute.
        Instant from = T0.plusSeconds(60);
        Instant to = T0.plusSeconds(9 * 60 + 30);
        for (Duration step : List.of(Duration.ofMinutes(1), Duration.ofMinutes(2), Duration.ofMinutes(5))) {
            assertTrue(MinuteQueries.minuteAligned(from, step));
            List<LatencyPoint> got = minutes().series(DEVICE, LatencyClass.MSR6_REPLICATE, from, to, step);
            List<LatencyPoint> exact = raw().series(DEVICE, LatencyClass.MSR6_REPLICATE, Optional.empty(), from, to,
                                                    step, LatencySource.SAMPLES);
            assertEquals(step.toString(), exact.size(), got.size());
            for (int i = 0; i < exact.size(); i++) {
                assertEquals(exact.get(i).time(), got.get(i).time());
                assertEquals(exact.get(i).count(), got.get(i).count());
                assertEquals(exact.get(i).meanNanos(), got.get(i).meanNanos(), 1e-9);
                assertEquals(exact.get(i).minNanos(), got.get(i).minNanos());
                assertEquals(exact.get(i).maxNanos(), got.get(i).maxNanos());
            }
        }
        assertFalse(MinuteQueries.minuteAligned(from.plusSeconds(1), Duration.ofMinutes(1)));
        assertFalse(MinuteQueries.minuteAligned(from, Duration.ofSeconds(90)));
    }

    @Test
    public void replicasFromMinutesMatchTheSamples() throws SQLException {
        writeSamples();
        Instant from = T0.plusMillis(1_234);
        Instant to = T0.plusSeconds(SECONDS);
        List<ReplicaLatency> exact = raw().replicas(DEVICE, LatencyClass.MSR6_REPLICATE, from, to);
        List<ReplicaLatency> got = manager.replicas(DeviceId.deviceId(DEVICE), LatencyClass.MSR6_REPLICATE, from, to);
        assertEquals(2, got.size());
        for (int i = 0; i < exact.size(); i++) {
            assertEquals(exact.get(i).replica(), got.get(i).replica());
            assertEquals(exact.get(i).count(), got.get(i).count());
            assertEquals(exact.get(i).meanNanos(), got.get(i).meanNanos(), 1e-9);
            assertEquals(exact.get(i).stdevNanos(), got.get(i).stdevNanos(), 1e-9);
            assertEquals(exact.get(i).minNanos(), got.get(i).minNanos());
            assertEquals(exact.get(i).maxNanos(), got.get(i).maxNanos());
        }
    }

    @Test
    public void batchesThatOverlapInTimestampOrderFallBackToTheSamplesForStability() throws SQLException {
        // Two batches of one minute whose timestamps interleave: the minute's run is inexact, and
        // the service reads the stability from the samples.
        SampleWriter writer = new SampleWriter(db, 1_000);
        List<LatencySample> odd = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            LatencySample s = sample(T0.plusSeconds(i), LatencyClass.IPV6, 0, i, 1_000 + 7 * i, i * 1_000_000L);
            LatencySample f = sample(T0.plusSeconds(i), LatencyClass.APN6_INSERT, 0, i, 1_100 + 13 * (i % 5),
                                     i * 1_000_000L);
            writer.offer(s);
            if (i % 2 == 0) {
                writer.offer(f);
            } else {
                odd.add(f);
            }
        }
        while (writer.flush(1_000) > 0) {
            // first batch
        }
        odd.forEach(writer::offer);
        while (writer.flush(1_000) > 0) {
            // second batch, interleaved with the first
        }
        Map<Integer, LatencyMinute> replicas = minutes().byReplica(DEVICE, LatencyClass.APN6_INSERT, T0,
                                                                   T0.plusSeconds(60));
        assertFalse(replicas.get(0).stability().exact());
        LatencyComparison c = manager.statistics(DeviceId.deviceId(DEVICE), LatencyClass.APN6_INSERT,
                                                 LatencyClass.IPV6, T0, T0.plusSeconds(60), List.of(0.1));
        LatencyComparison.Stability exact = raw().stability(DEVICE, LatencyClass.APN6_INSERT, T0,
                                                            T0.plusSeconds(60)).orElseThrow();
        assertEquals(exact.pairs(), c.stability().orElseThrow().pairs());
        assertEquals(39, exact.pairs());
        assertEquals(exact.mean(), c.stability().orElseThrow().mean(), 0);
    }
}
