// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry;

import org.junit.AfterClass;
import org.junit.Before;
import org.junit.BeforeClass;
import org.junit.ClassRule;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.LatencyBatch;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencyComparison;
import org.sixflow.app.api.LatencyHistogram;
import org.sixflow.app.api.LatencyPoint;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.LatencySource;
import org.sixflow.app.api.PortRates;
import org.sixflow.app.api.PortStatistics;
import org.sixflow.app.api.ReplicaLatency;
import org.sixflow.app.api.TelemetryEvent;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.history.minutes.LogHistogram;
import org.sixflow.app.telemetry.stats.LatencyStatistics;
import org.sixflow.app.telemetry.stats.OverheadComparison;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.SynchronousEventDispatcher;
import org.sixflow.app.testing.TelemetryFixture;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.IntToLongFunction;
import java.util.stream.IntStream;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.testing.Rejections.assertRejected;
import static org.sixflow.app.testing.TelemetryFixture.LEAF1;
import static org.sixflow.app.testing.TelemetryFixture.LEAF2;
import static org.sixflow.app.testing.TelemetryFixture.SECONDS;
import static org.sixflow.app.testing.TelemetryFixture.T0;
import static org.sixflow.app.testing.TelemetryFixture.apn6EgressPort;
import static org.sixflow.app.testing.TelemetryFixture.apn6IngressNanos;
import static org.sixflow.app.testing.TelemetryFixture.apn6Latency;
import static org.sixflow.app.testing.TelemetryFixture.ipv6Latency;
import static org.sixflow.app.testing.TelemetryFixture.replicaLatency;
import static org.sixflow.app.testing.TelemetryFixture.writeAggregate;
import static org.sixflow.app.testing.TelemetryFixture.writePortCounters;
import static org.sixflow.app.testing.TelemetryFixture.writeSamples;

/**
 * Telemetry queries against a real PostgreSQL holding known samples, aggregates and counters:
 * every figure is recomputed here from the fixture's formulas.
 */
public class TelemetryManagerTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final DeviceId DEVICE = DeviceId.deviceId(LEAF1);
    private static final Instant END = T0.plusSeconds(SECONDS);
    private static HistoryDatabase db;

    private TelemetryManager manager;

    @BeforeClass
    public static void storeFixture() throws Exception {
        db = HistoryDatabase.open(POSTGRES.server().settings());
        writeSamples(db);
        for (int i = 0; i < 3; i++) {   // polls at T0+10 s, +20 s, +30 s
            writeAggregate(db, T0.plusSeconds(10 * (i + 1)), LEAF1, LatencyClass.IPV6, 2, 100, 100 * 1_000L + i,
                           900, 1_100 + i);
        }
        writeAggregate(db, T0.plusSeconds(15), LEAF1, LatencyClass.IPV6, 3, 50, 50 * 2_000L, 1_900, 2_100);
        writeAggregate(db, T0.plusSeconds(40), LEAF1, LatencyClass.IPV6, 2, 0, 0, 900, 1_100);   // idle poll
        writePortCounters(db, T0, LEAF1, "1", 1_000L, 2_000L, 100_000L, 200_000L, 0L, 1L, 0L, 0L);
        writePortCounters(db, T0.plusSeconds(10), LEAF1, "1", 2_000L, 2_500L, 250_000L, 260_000L, 0L, 1L, 0L, 2L);
        writePortCounters(db, T0.plusSeconds(20), LEAF1, "1", 4_000L, 2_500L, 450_000L, 300_000L, 0L, 1L, 0L, 2L);
        writePortCounters(db, T0.plusSeconds(20), LEAF1, "2", 10L, null, 1_000L, null, null, null, null, null);
        writePortCounters(db, T0.plusSeconds(5), LEAF2, "1", 7L, 7L, 700L, 700L, 0L, 0L, 0L, 0L);
        writePortCounters(db, T0.plusSeconds(15), LEAF2, "1", 3L, 17L, 300L, 1_700L, 0L, 0L, 0L, 0L);   // reset
    }

    @AfterClass
    public static void close() {
        db.close();
    }

    @Before
    public void setUp() {
        manager = new TelemetryManager();
        manager.historyDatabase = () -> Optional.of(db);
        SynchronousEventDispatcher.installInto(manager);
        manager.activate();
    }

    private static double[] values(int n, IntToLongFunction latency) {
        return IntStream.range(0, n).mapToDouble(latency::applyAsLong).toArray();
    }

    @Test
    public void seriesFromSamplesHasOnePointPerStepWithPackets() {
        // The window runs 10 s past the data: no empty point at its end.
        List<LatencyPoint> points = manager.latencySeries(DEVICE, LatencyClass.IPV6, Optional.empty(), T0,
                                                          END.plusSeconds(10), Duration.ofMinutes(1),
                                                          LatencySource.SAMPLES);
        assertEquals(10, points.size());
        for (int m = 0; m < 10; m++) {
            LatencyPoint p = points.get(m);
            int first = m * 60;
            double[] minute = IntStream.range(first, first + 60).mapToDouble(TelemetryFixture::ipv6Latency).toArray();
            assertEquals(T0.plusSeconds(first), p.time());
            assertEquals(60, p.count());
            assertEquals(Arrays.stream(minute).average().orElseThrow(), p.meanNanos(), 1e-9);
            assertEquals(1_000, p.minNanos());
            assertEquals(1_090, p.maxNanos());
        }
        // Steps are anchored at from, and the egress port filters.
        List<LatencyPoint> odd = manager.latencySeries(DEVICE, LatencyClass.APN6_INSERT, Optional.of(3),
                                                       T0.plusSeconds(30), END, Duration.ofSeconds(90),
                                                       LatencySource.SAMPLES);
        assertEquals(T0.plusSeconds(30), odd.get(0).time());
        assertEquals(45, odd.get(0).count());
        double expected = IntStream.range(30, 120).filter(i -> apn6EgressPort(i) == 3)
                .mapToLong(TelemetryFixture::apn6Latency).average().orElseThrow();
        assertEquals(expected, odd.get(0).meanNanos(), 1e-9);
    }

    @Test
    public void seriesFromAggregatesSumsDeltasAndSkipsIdlePolls() {
        List<LatencyPoint> points = manager.latencySeries(DEVICE, LatencyClass.IPV6, Optional.empty(), T0,
                                                          T0.plusSeconds(60), Duration.ofSeconds(20),
                                                          LatencySource.AGGREGATES);
        assertEquals(2, points.size());   // [0,20): polls at 10 and 15; [20,40): at 20 and 30; 40 was idle
        LatencyPoint first = points.get(0);
        assertEquals(150, first.count());
        assertEquals((100 * 1_000.0 + 50 * 2_000.0) / 150, first.meanNanos(), 1e-9);
        assertEquals(900, first.minNanos());
        assertEquals(2_100, first.maxNanos());
        assertEquals(200, points.get(1).count());
        assertEquals(1, manager.latencySeries(DEVICE, LatencyClass.IPV6, Optional.of(3), T0, T0.plusSeconds(60),
                                              Duration.ofSeconds(60), LatencySource.AGGREGATES).size());
    }

    @Test
    public void samplesAreNewestFirstAndLimited() {
        List<LatencySample> samples = manager.samples(DEVICE, Optional.of(LatencyClass.APN6_INSERT), T0, END, 5);
        assertEquals(5, samples.size());
        assertEquals(SECONDS - 1, samples.get(0).sequence());
        assertEquals(apn6Latency(SECONDS - 1), samples.get(0).deltaNanos());
        assertEquals(T0.plusSeconds(SECONDS - 1), samples.get(0).time());
        assertEquals(apn6IngressNanos(SECONDS - 1), samples.get(0).ingressTimestampNanos().getAsLong());
        assertFalse(manager.samples(DEVICE, Optional.of(LatencyClass.IPV6), T0, END, 1).get(0)
                            .ingressTimestampNanos().isPresent());
        assertEquals(5 * SECONDS, manager.samples(DEVICE, Optional.empty(), T0, END, 10_000).size());
        assertEquals(10, manager.samples(DeviceId.deviceId(LEAF2), Optional.empty(), T0, END, 100).size());
    }

    @Test
    public void histogramSpansMinToMaxWithTheMaxInTheLastBucket() {
        LatencyHistogram h = manager.histogram(DEVICE, LatencyClass.IPV6, T0, END, 9);
        assertEquals(SECONDS, h.count());
        double[] edges = h.edgesNanos();
        assertEquals(10, edges.length);
        assertEquals(1_000, edges[0], 0);
        assertEquals(1_090, edges[9], 0);
        // ten latencies 1000, 1010, ..., 1090 in nine buckets of 10 ns: the last holds 1080 and 1090
        long[] expected = {60, 60, 60, 60, 60, 60, 60, 60, 120};
        assertTrue(Arrays.toString(h.counts()), Arrays.equals(expected, h.counts()));
        // All equal: one bucket holds them; none: all zero.
        LatencyHistogram flat = manager.histogram(DeviceId.deviceId(LEAF2), LatencyClass.IPV6, T0, END, 4);
        assertEquals(10, flat.counts()[0]);
        assertEquals(99_999, flat.edgesNanos()[4], 0);
        assertEquals(0, manager.histogram(DEVICE, LatencyClass.MSR6_DECAP, T0, END, 4).count());
    }

    @Test
    public void statisticsMatchTheStudiesCodeOnTheSameSamples() {
        LatencyComparison c = manager.statistics(DEVICE, LatencyClass.APN6_INSERT, LatencyClass.IPV6, T0, END,
                                                 List.of(0.05, 0.1));
        double[] feature = values(SECONDS, TelemetryFixture::apn6Latency);
        double[] baseline = values(SECONDS, TelemetryFixture::ipv6Latency);
        LatencyStatistics f = LatencyStatistics.of(feature);
        assertEquals(SECONDS, c.featureStatistics().count());
        assertEquals(f.mean(), c.featureStatistics().mean(), 1e-9);
        assertEquals(f.stdev(), c.featureStatistics().stdev(), 1e-9);
        // Percentiles and KS come from the per-minute histograms, within their stated error.
        assertEquals(f.p99(), c.featureStatistics().p99(), f.p99() * LogHistogram.RELATIVE_ERROR);
        assertTrue(c.featureStatistics().ksStatistic() <= f.ksStatistic() + 1e-12);
        assertTrue(c.featureStatistics().ksStatistic() >= f.ksStatistic() - 0.05);
        assertEquals(LatencyStatistics.of(baseline).mean(), c.baselineStatistics().mean(), 1e-9);
        OverheadComparison o = OverheadComparison.of(feature, baseline);
        assertEquals(o.kMean(), c.overhead().kMean(), 1e-12);
        assertEquals(o.probabilityAtMost(0.1), c.overhead().probabilities().get(0.1), 1e-12);
        assertEquals(List.of(0.05, 0.1), c.thresholds());
        assertFalse(c.sampled());

        double[] sent = IntStream.range(0, SECONDS).mapToDouble(i -> apn6IngressNanos(i)).toArray();
        double[] received = IntStream.range(0, SECONDS).mapToDouble(i -> apn6IngressNanos(i) + apn6Latency(i))
                .toArray();
        double[] ratios = OverheadComparison.stability(sent, received);
        LatencyComparison.Stability s = c.stability().orElseThrow();
        assertEquals(ratios.length, s.pairs());
        assertEquals(Arrays.stream(ratios).average().orElseThrow(), s.mean(), 1e-15);
        assertEquals(Arrays.stream(ratios).max().orElseThrow(), s.max(), 1e-15);
        // The baseline's samples carry no ingress timestamps.
        assertFalse(manager.statistics(DEVICE, LatencyClass.IPV6, LatencyClass.APN6_INSERT, T0, END, List.of(0.1))
                            .stability().isPresent());
    }

    @Test
    public void windowsBeforeTheMinutesExistedReadTheSamplesARandomSubsetAboveTheLimit() throws SQLException {
        // As if the samples had been stored before migration V9: its coverage starts after them.
        setMinutesCoverage("'" + END + "'");
        try (HistoryDatabase older = HistoryDatabase.open(POSTGRES.server().settings())) {
            assertEquals(END, older.minutesCompleteFrom());
            manager.historyDatabase = () -> Optional.of(older);
            manager.statisticsSampleLimit = 100;
            LatencyComparison c = manager.statistics(DEVICE, LatencyClass.APN6_INSERT, LatencyClass.IPV6, T0, END,
                                                     List.of(0.1));
            assertTrue(c.sampled());
            assertEquals(100, c.sampleLimit());
            assertEquals(100, c.featureStatistics().count());
            assertEquals(SECONDS - 1, c.stability().orElseThrow().pairs());   // pairs are counted in SQL, uncapped
            // Every sample and exact percentiles below the limit.
            manager.statisticsSampleLimit = TelemetryManager.MAX_STATISTICS_SAMPLES;
            LatencyStatistics f = LatencyStatistics.of(values(SECONDS, TelemetryFixture::apn6Latency));
            LatencyComparison all = manager.statistics(DEVICE, LatencyClass.APN6_INSERT, LatencyClass.IPV6, T0, END,
                                                       List.of(0.1));
            assertEquals(f.p99(), all.featureStatistics().p99(), 1e-9);
            assertEquals(f.ksPValue(), all.featureStatistics().ksPValue(), 1e-12);
        } finally {
            setMinutesCoverage("'-infinity'");
        }
    }

    private static void setMinutesCoverage(String value) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.executeUpdate("UPDATE sixflow.latency_minutes_coverage SET complete_from = " + value);
        }
    }

    @Test
    public void statisticsNeedTwoSamplesOfEachClass() {
        assertRejected(() -> manager.statistics(DEVICE, LatencyClass.MSR6_DECAP, LatencyClass.IPV6, T0, END,
                                                List.of(0.1)), "feature class msr6-decap has 0 samples");
        assertRejected(() -> manager.statistics(DEVICE, LatencyClass.IPV6, LatencyClass.MSR6_DECAP, T0, END,
                                                List.of(0.1)), "baseline class msr6-decap");
        assertRejected(() -> manager.statistics(DEVICE, LatencyClass.IPV6, LatencyClass.IPV6, T0, END,
                                                List.of()), "thresholds");
    }

    @Test
    public void replicasEachHaveTheirFigures() {
        List<ReplicaLatency> replicas = manager.replicas(DEVICE, LatencyClass.MSR6_REPLICATE, T0, END);
        assertEquals(3, replicas.size());
        for (int r = 0; r < 3; r++) {
            int replica = r;
            LatencyStatistics expected = LatencyStatistics.of(values(SECONDS, i -> replicaLatency(i, replica)));
            ReplicaLatency got = replicas.get(r);
            assertEquals(r, got.replica());
            assertEquals(SECONDS, got.count());
            assertEquals(expected.mean(), got.meanNanos(), 1e-9);
            assertEquals(expected.stdev(), got.stdevNanos(), 1e-9);
            assertEquals((long) expected.min(), got.minNanos());
            assertEquals((long) expected.max(), got.maxNanos());
        }
    }

    @Test
    public void portsShowTheLatestReadingWithRatesFromTheOneBefore() {
        List<PortStatistics> ports = manager.ports(Optional.empty());
        assertEquals(3, ports.size());
        PortStatistics leaf1port1 = ports.get(0);
        assertEquals("1", leaf1port1.port());
        assertEquals(T0.plusSeconds(20), leaf1port1.time());
        assertEquals(Long.valueOf(4_000), leaf1port1.counters().inPackets());
        PortRates rates = leaf1port1.rates().orElseThrow();
        assertEquals(200.0, rates.inPacketsPerSecond(), 1e-9);
        assertEquals(0.0, rates.outPacketsPerSecond(), 1e-9);
        assertEquals(200_000 * 8 / 10.0, rates.inBitsPerSecond(), 1e-9);
        assertFalse("one reading only", ports.get(1).rates().isPresent());
        assertNull(ports.get(1).counters().outPackets());
        assertNull("counter reset", ports.get(2).rates().orElseThrow().inPacketsPerSecond());
        assertEquals(1.0, ports.get(2).rates().orElseThrow().outPacketsPerSecond(), 1e-9);
        assertEquals(1, manager.ports(Optional.of(DeviceId.deviceId(LEAF2))).size());
        assertEquals(0, manager.ports(Optional.of(DeviceId.deviceId("device:none"))).size());
    }

    @Test
    public void portHistoryTakesEachStepsLastReadingAgainstTheOneBefore() {
        List<PortRates> history = manager.portHistory(DEVICE, "1", T0.plusSeconds(5), T0.plusSeconds(30),
                                                      Duration.ofSeconds(10));
        assertEquals(2, history.size());   // readings at 10 and 20; the one at 0 precedes the window
        assertEquals(T0.plusSeconds(10), history.get(0).time());
        assertEquals(100.0, history.get(0).inPacketsPerSecond(), 1e-9);
        assertEquals(200.0, history.get(1).inPacketsPerSecond(), 1e-9);
        assertEquals(0, manager.portHistory(DEVICE, "1", T0, T0.plusSeconds(5), Duration.ofSeconds(5)).size());
    }

    @Test
    public void badArgumentsNameTheirParameter() {
        assertRejected(() -> manager.latencySeries(DEVICE, LatencyClass.IPV6, Optional.empty(), END, T0,
                                                   Duration.ofSeconds(1), LatencySource.SAMPLES), "from");
        assertRejected(() -> manager.latencySeries(DEVICE, LatencyClass.IPV6, Optional.empty(), T0, END,
                                                   Duration.ofMillis(500), LatencySource.SAMPLES), "step");
        assertRejected(() -> manager.latencySeries(DEVICE, LatencyClass.IPV6, Optional.empty(), T0,
                                                   T0.plus(Duration.ofDays(1)), Duration.ofSeconds(1),
                                                   LatencySource.SAMPLES), "86400 points");
        assertRejected(() -> manager.samples(DEVICE, Optional.empty(), T0, END, 0), "limit");
        assertRejected(() -> manager.histogram(DEVICE, LatencyClass.IPV6, T0, END, 201), "buckets");
        assertRejected(() -> manager.portHistory(DEVICE, "", T0, END, Duration.ofSeconds(1)), "port");
    }

    @Test
    public void withoutADatabaseQueriesSaySo() {
        manager.historyDatabase = Optional::empty;
        try {
            manager.ports(Optional.empty());
        } catch (IllegalStateException expected) {
            assertTrue(expected.getMessage().contains("not connected"));
            return;
        }
        throw new AssertionError("queried a missing database");
    }

    @Test
    public void postedEventsReachListeners() {
        List<TelemetryEvent> heard = new ArrayList<>();
        manager.addListener(heard::add);
        TelemetryEvent event = TelemetryEvent.of(LatencyBatch.of(DEVICE, LatencyClass.IPV6, END, 3, 1_000));
        manager.post(event);
        assertEquals(List.of(event), heard);
    }
}
