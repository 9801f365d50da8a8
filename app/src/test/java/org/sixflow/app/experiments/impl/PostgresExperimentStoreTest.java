// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.junit.Before;
import org.junit.ClassRule;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.ConfidenceInterval;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentRepetitionResult;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.ExperimentStageResult;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.ExperimentsUnavailableException;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.PacingSummary;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.api.StabilitySummary;
import org.sixflow.app.api.TimeWindow;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.history.SampleWriter;
import org.sixflow.app.testing.FeatureExperimentTargets;
import org.sixflow.app.testing.PostgresResource;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.app.api.ExperimentRunState.DONE;
import static org.sixflow.app.api.ExperimentRunState.QUEUED;
import static org.sixflow.app.api.ExperimentRunState.RUNNING;

/**
 * The experiment store on a real PostgreSQL (migration V8): experiments, runs and results read
 * back as written, state changes compare-and-set, samples written by COPY, and without a database
 * a clear refusal.
 */
public class PostgresExperimentStoreTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final Instant T0 = Instant.parse("2026-11-24T10:00:00Z");
    private PostgresExperimentStore store;

    @Before
    public void setUp() throws SQLException {
        HistoryDatabase database = POSTGRES.database();
        try (Connection c = database.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE sixflow.experiments CASCADE");
        }
        store = new PostgresExperimentStore();
        store.historyDatabase = () -> Optional.of(database);
    }

    private static Experiment experiment() {
        ProbePacket packet = ProbePacket.of(Ip6Address.valueOf("fd00:1:1::10"), Ip6Address.valueOf("fd00:1:3::10"),
                                            40000, 6100, 63);
        return Experiment.builder("grid").name("A grid").description("frame sizes × loads")
                .ingress(ConnectPoint.deviceConnectPoint("device:beijing/3")).traffic(ExperimentTraffic.HOSTS)
                .classes(List.of(ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, packet,
                                                    null, null),
                                 ExperimentClass.of("te", ExperimentClassRole.FEATURE, LatencyClass.MSR6_TE_ENCAP,
                                                    null, "te", null)))
                .packetsPerClass(500).loadsMbps(List.of(1.0, 2.5)).frameSizes(List.of(128, 1514)).repetitions(3)
                .warmup(7).blockSize(25).seed(-5).thresholds(List.of(0.018)).meanThresholds(List.of(0.0181, 0.0182))
                .meanOf(100).stages(false).build();
    }

    @Test
    public void experimentsReadBackAsWritten() {
        Experiment e = experiment();
        assertTrue(store.createExperiment(e));
        assertFalse("an id is taken once", store.createExperiment(e));
        assertEquals(e, store.experiment("grid").orElseThrow());
        Experiment external = Experiment.builder("ext").ingress(ConnectPoint.deviceConnectPoint("device:x/1"))
                .traffic(ExperimentTraffic.EXTERNAL).classes(List.of(ExperimentClass.of(
                        "ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, null, null, null)))
                .interval(Duration.ofMillis(1))
                .window(TimeWindow.of(T0, T0.plusSeconds(60))).build();
        assertTrue(store.createExperiment(external));
        for (Experiment preset : FeatureExperimentTargets.presets()) {
            assertTrue(store.createExperiment(preset));
            assertEquals(preset, store.experiment(preset.id()).orElseThrow());
        }
        assertEquals(external, store.experiment("ext").orElseThrow());
        assertEquals(2 + FeatureExperimentTargets.presets().size(), store.experiments().size());
        assertTrue(store.removeExperiment("ext"));
        assertFalse(store.removeExperiment("ext"));
    }

    @Test
    public void runStateChangesAreCompareAndSet() {
        store.createExperiment(experiment());
        ExperimentRun run = store.createRun("grid", 1000, T0);
        assertEquals(QUEUED, run.state());
        ExperimentRun running = store.transition(run.id(), QUEUED, RUNNING, "n1", null, T0.plusSeconds(1))
                .orElseThrow();
        assertEquals("n1", running.node().orElseThrow());
        assertEquals(T0.plusSeconds(1), running.startedAt().orElseThrow());
        assertFalse("a second instance cannot take it",
                    store.transition(run.id(), QUEUED, RUNNING, "n2", null, T0).isPresent());
        store.progress(run.id(), 400);
        assertTrue(store.requestCancel(run.id()));
        store.recordSamplingBefore(run.id(), "10");
        assertEquals("10", store.samplingBefore(run.id()).orElseThrow());
        ExperimentRun done = store.transition(run.id(), RUNNING, DONE, "n2", null, T0.plusSeconds(9)).orElseThrow();
        assertEquals(400, done.sent());
        assertEquals(0.4, done.progress(), 1e-12);
        assertTrue(done.cancelRequested());
        assertEquals("the node that ran it stays", "n1", done.node().orElseThrow());
        assertFalse("a final run is not cancelled", store.requestCancel(run.id()));
        ExperimentRun second = store.createRun("grid", 5, T0.plusSeconds(10));
        assertEquals(List.of(second.id(), run.id()), store.runs("grid").stream().map(ExperimentRun::id)
                .collect(java.util.stream.Collectors.toList()));
        assertEquals(List.of(second), store.runsIn(EnumSet.of(QUEUED, RUNNING)));
        try {
            store.transition(run.id(), DONE, RUNNING, "n1", null, T0);
            fail("a final state never changes");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("cannot move from DONE"));
        }
    }

    @Test
    public void resultsAndSamplesReadBackAsWritten() {
        store.createExperiment(experiment());
        long run = store.createRun("grid", 1000, T0).id();
        ExperimentClassResult full = ExperimentClassResult.builder("ipv6", ExperimentClassRole.BASELINE,
                                                                   LatencyClass.IPV6, "device:beijing")
                .counts(500, 498, 2, ExperimentClassResult.LossBasis.PROBES).warmupSent(21).duplicates(1)
                .reordered(3).latency(LatencySummary.builder().moments(498, 64_000, 33_000)
                        .extremes(26_000, 2_000_000).percentiles(60_000, 90_000, 150_000).normality(0.2, 1e-12)
                        .build())
                .jitterNanos(1234.5).offeredMbps(1.0).goodputMbps(0.51)
                .stability(StabilitySummary.of(497, 0.01, 0.005, 0.02, 0.1, 0.9, List.of(0L, 0L, 0L, 10L, 200L, 280L,
                                                                                          7L, 0L)))
                .stages(List.of(ExperimentStageResult.of("device:beijing", LatencyClass.IPV6, 0, 2, 498, 64_000, 33_000,
                                                         26_000, 2_000_000),
                                ExperimentStageResult.of("device:nanjing", LatencyClass.IPV6, 0, 2, 490, 50_000, 1, 1, 2)))
                .repetitions(List.of(ExperimentRepetitionResult.of(0, 167, 166, 64_100.0),
                                     ExperimentRepetitionResult.of(1, 167, 167, 63_900.0),
                                     ExperimentRepetitionResult.of(2, 166, 165, null)))
                .confidence(ConfidenceInterval.of(0.95, 3, 64_000, 1_000)).build();
        ExperimentClassResult empty = ExperimentClassResult.builder("te", ExperimentClassRole.FEATURE,
                                                                    LatencyClass.MSR6_TE_ENCAP, "device:beijing")
                .counts(500, 0, 500, ExperimentClassResult.LossBasis.PROBES)
                .latency(LatencySummary.builder().moments(1, 5, 0).extremes(5, 5)
                        .percentiles(5, 5, 5).build())
                .queueing("lost 500 of 500").build();
        List<ExperimentCellResult> cells = List.of(
                ExperimentCellResult.of(ExperimentCell.of(0, 128, 1_024_000, 1.0), List.of(full, empty)),
                ExperimentCellResult.of(ExperimentCell.of(1, 1514, 12_112, null), List.of(empty, full)));
        PacingSummary pacing = PacingSummary.of(12_112, 3000, 1.5, 9.9, 120, 3, 82_000);
        store.saveResults(run, cells, pacing, 250L);
        assertEquals(cells, store.cellResults(run));
        assertEquals(pacing, store.run(run).orElseThrow().pacing().orElseThrow());
        assertEquals(250L, (long) store.run(run).orElseThrow().resultsMillis().orElseThrow());
        assertEquals(List.of(), store.cellResults(run + 1));

        List<ExperimentSample> samples = new ArrayList<>();
        for (int i = 0; i < SampleRows.CHUNK + 10; i++) {
            samples.add(ExperimentSample.builder(run).probe(i % 2, i % 3, i % 2, i, i < 5)
                                .measured("device:\"beijing\"", LatencyClass.IPV6, 0, 1, 2)
                                .timing(5_000_000_000L + i * 1000, 64_000, i).build());
        }
        store.saveSamples(samples);
        List<ExperimentSample> read = store.samples(run, OptionalInt.empty(), 100_000);
        assertEquals(samples, read);
        assertEquals(3, store.samples(run, OptionalInt.of(1), 3).size());
        assertTrue(store.samples(run, OptionalInt.of(1), 3).stream().allMatch(s -> s.classIndex() == 1));
    }

    @Test
    public void telemetrySamplesOfAWindow() {
        SampleWriter writer = new SampleWriter(POSTGRES.database(), 100);
        for (int i = 0; i < 5; i++) {
            writer.offer(LatencySample.of(T0.plusSeconds(i), "device:beijing", LatencyClass.APN6_INSERT.code(), 0,
                                          i % 2 == 0 ? 1 : 3, 2, 100 + i, 70_000).withIngressTimestamp(1000L * i));
        }
        writer.drain(100, true, org.slf4j.LoggerFactory.getLogger(getClass()));
        List<LatencySample> all = store.telemetrySamples(DeviceId.deviceId("device:beijing"), LatencyClass.APN6_INSERT,
                                                         OptionalInt.empty(), T0, T0.plusSeconds(4), 100);
        assertEquals(4, all.size());
        assertEquals(1000L, all.get(1).ingressTimestampNanos().getAsLong());
        assertEquals(2, store.telemetrySamples(DeviceId.deviceId("device:beijing"), LatencyClass.APN6_INSERT,
                                               OptionalInt.of(1), T0, T0.plusSeconds(4), 100).size());
    }

    @Test
    public void withoutADatabaseEveryCallSaysSo() {
        store.historyDatabase = Optional::empty;
        try {
            store.experiments();
            fail("no database");
        } catch (ExperimentsUnavailableException e) {
            assertTrue(e.getMessage().contains("history database"));
        }
    }
}
