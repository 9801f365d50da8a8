// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.junit.Before;
import org.junit.ClassRule;
import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.HistoryUnavailableException;
import org.sixflow.app.features.multihoming.api.FailoverResult;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.PingSummary;
import org.sixflow.app.features.multihoming.api.PlannedTrial;
import org.sixflow.app.features.multihoming.api.SiteRoutes;
import org.sixflow.app.features.multihoming.api.StudyRun;
import org.sixflow.app.features.multihoming.api.StudyTransport;
import org.sixflow.app.features.multihoming.api.SwitchLatency;
import org.sixflow.app.features.multihoming.api.TrialCell;
import org.sixflow.app.features.multihoming.api.UplinkCount;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.Thrown;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.multihoming.api.StudyRunState.CANCELLED;
import static org.sixflow.app.features.multihoming.api.StudyRunState.DONE;
import static org.sixflow.app.features.multihoming.api.StudyRunState.QUEUED;
import static org.sixflow.app.features.multihoming.api.StudyRunState.RUNNING;

/**
 * The study store on a real PostgreSQL with every migration applied (V13 among them): studies
 * read back as written, one queued or running run per study held by the database, state changes
 * compare-and-set, a cell's every column read back (absent figures too), failovers and routes to
 * the site, and a study's removal taking its runs and results.
 */
public class PostgresStudyStoreTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final Instant T0 = Instant.parse("2026-11-30T01:00:00Z");
    private static final DeviceId SBR = DeviceId.deviceId("device:sbr");
    private static final ConnectPoint PA = ConnectPoint.deviceConnectPoint("device:sbr/2");
    private static final ConnectPoint PB = ConnectPoint.deviceConnectPoint("device:sbr/3");
    private HistoryDatabase database;
    private PostgresStudyStore store;

    @Before
    public void setUp() throws SQLException {
        database = POSTGRES.database();
        try (Connection c = database.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute("TRUNCATE sixflow.multihoming_studies CASCADE");
        }
        store = new PostgresStudyStore();
        store.historyDatabase = () -> Optional.of(database);
    }

    private static MultihomingStudy lab() {
        return StudyRunnerTest.study("lab", StudyRunnerTest.IPV6 + "," + StudyRunnerTest.NPTV6 + ","
                + StudyRunnerTest.ILNP, ", \"name\": \"A lab's grid\", \"description\": \"d\u00e9j\u00e0 vu\","
                + " \"frameSizes\": [128, 1514], \"loadsMbps\": {\"128\": [1, 2.5], \"1514\": [10]},"
                + " \"sharing\": [[100, 0], [80, 20]], \"tcp\": true, \"repetitions\": 2, \"trialSeconds\": 3,"
                + " \"streams\": 8, \"failover\": " + StudyRunnerTest.FAILOVER)
                .toBuilder().createdAt(Instant.parse("2026-11-30T01:02:03.123456Z")).build();
    }

    private long newRun(String studyId) {
        return store.createRun(studyId, "n1", 10, T0).orElseThrow().id();
    }

    @Test
    public void studiesReadBackAsWrittenAndAnIdIsTakenOnce() {
        MultihomingStudy lab = lab();
        assertTrue(store.createStudy(lab));
        assertFalse("an id is taken once", store.createStudy(lab));
        assertEquals(lab, store.study("lab").orElseThrow());
        for (MultihomingStudy preset : StudyPresets.all()) {
            assertTrue(store.createStudy(preset));
            assertEquals(preset, store.study(preset.id()).orElseThrow());
        }
        assertEquals(List.of("lab", "thesis", "thesis-quick"),
                     store.studies().stream().map(MultihomingStudy::id).collect(Collectors.toList()));
        assertTrue(store.study("nothing").isEmpty());
        assertTrue(store.removeStudy("thesis"));
        assertFalse(store.removeStudy("thesis"));
    }

    @Test
    public void oneRunQueuedOrRunningPerStudyAndStatesChangeByCompareAndSet() {
        store.createStudy(lab());
        StudyRun run = store.createRun("lab", "n1", 165, T0).orElseThrow();
        assertEquals(new StudyRun(run.id(), "lab", QUEUED, null, "n1", T0, null, null, 165, 0), run);
        assertTrue("a second while one is queued", store.createRun("lab", "n2", 165, T0).isEmpty());

        assertTrue(store.transition(run.id(), QUEUED, RUNNING, null, T0.plusSeconds(1)));
        assertFalse("a second instance cannot take it", store.transition(run.id(), QUEUED, RUNNING, null, T0));
        assertTrue("a second while one is running", store.createRun("lab", "n2", 165, T0).isEmpty());
        assertEquals(List.of(run.id()), store.runs("n1", RUNNING).stream().map(StudyRun::id)
                .collect(Collectors.toList()));
        assertEquals(List.of(), store.runs("n2", RUNNING));

        assertFalse(store.cancelRequested(run.id()));
        assertTrue(store.requestCancel(run.id()));
        assertTrue(store.cancelRequested(run.id()));
        assertTrue(store.transition(run.id(), RUNNING, CANCELLED, "cancelled on request", T0.plusSeconds(9)));
        assertFalse("an ended run is not cancelled again", store.requestCancel(run.id()));
        assertFalse(store.transition(run.id(), RUNNING, DONE, null, T0));
        StudyRun ended = store.studyRun(run.id()).orElseThrow();
        assertEquals(new StudyRun(run.id(), "lab", CANCELLED, "cancelled on request", "n1", T0, T0.plusSeconds(1),
                                  T0.plusSeconds(9), 165, 0), ended);

        StudyRun next = store.createRun("lab", "n2", 165, T0.plusSeconds(10)).orElseThrow();
        assertEquals(List.of(next.id(), run.id()),
                     store.runs("lab").stream().map(StudyRun::id).collect(Collectors.toList()));
        assertTrue(store.studyRun(next.id() + 1000).isEmpty());
        assertFalse(store.cancelRequested(next.id() + 1000));
        assertFalse(store.requestCancel(next.id() + 1000));
    }

    @Test
    public void aCellsEveryColumnReadsBackAbsentFiguresToo() {
        store.createStudy(lab());
        long runId = newRun("lab");
        PlannedTrial udp = new PlannedTrial(0, MultihomingProtocol.ILNP, List.of(80, 20), 128, StudyTransport.UDP,
                                            2.5, 2);
        TrialCell full = TrialCell.builder(udp, T0.plusMillis(1500))
                .sent(2.4999, 4735L, 312_510L).received(2.4871, 12L, 311_718L).jitterMs(0.0137).reordered(3L)
                .rtt(new PingSummary(100, 99, 0.026, 0.048, 0.199, 0.035))
                .uplinks(List.of(new UplinkCount(PA, 3788, 2, 0.8000211), new UplinkCount(PB, 947, 0, 0.1999789)))
                .switchLatency(List.of(new SwitchLatency(SBR, 900, 1850.5),
                                       new SwitchLatency(DeviceId.deviceId("device:cn"), 4, 2000.25)))
                .routes(41, 42).entries(Map.of(SBR, 12, DeviceId.deviceId("device:cn"), 7), Map.of(SBR, 13))
                .build();
        PlannedTrial tcp = new PlannedTrial(1, MultihomingProtocol.IPV6, List.of(), 1514, StudyTransport.TCP, null, 1);
        TrialCell failed = TrialCell.builder(tcp, T0.plusSeconds(7)).error("iperf3's client: unable to connect")
                .build();
        TrialCell noReplies = TrialCell.builder(new PlannedTrial(2, MultihomingProtocol.NPTV6, List.of(), 1514,
                                                                 StudyTransport.TCP, null, 2), T0)
                .sent(940.0, null, 1_000_000L).received(939.5, null, 999_000L).retransmits(17L)
                .rtt(new PingSummary(20, 0, null, null, null, null)).build();

        store.addCell(runId, failed);
        store.addCell(runId, full);
        store.addCell(runId, noReplies);

        assertEquals("in plan order", List.of(full, failed, noReplies), store.cells(runId));
        assertEquals(3, store.studyRun(runId).orElseThrow().cellsDone());
        assertEquals(List.of(), store.cells(runId + 1));
    }

    @Test
    public void failoversAndRoutesToTheSiteReadBack() {
        store.createStudy(lab());
        long runId = newRun("lab");
        FailoverResult ipv6 = new FailoverResult(MultihomingProtocol.IPV6, PA, 2.0, 3380.0, 750, 580, "note");
        FailoverResult ilnp = new FailoverResult(MultihomingProtocol.ILNP, PA, 2.0, null, 750, 100,
                                                 "traffic had not come back by the end");
        store.addFailover(runId, ipv6);
        store.addFailover(runId, ilnp);
        assertEquals("in the order the run took them", List.of(ipv6, ilnp), store.failovers(runId));

        SiteRoutes first = new SiteRoutes(MultihomingProtocol.IPV6, "fd00:5:1::10", SBR, List.of(
                new SiteRoutes.Route(DeviceId.deviceId("device:cn"), Ip6Prefix.valueOf("fd00:5:1::/48"),
                                     Ipv6Route.Kind.DELEGATED),
                new SiteRoutes.Route(SBR, Ip6Prefix.valueOf("fd00:5:1::/64"), Ipv6Route.Kind.SUBNET)));
        SiteRoutes second = new SiteRoutes(MultihomingProtocol.ILNP, "2001:db8:a01:1::/64", SBR, List.of(
                new SiteRoutes.Route(DeviceId.deviceId("device:pa"), Ip6Prefix.valueOf("2001:db8:a00::/40"),
                                     Ipv6Route.Kind.AGGREGATE)));
        SiteRoutes empty = new SiteRoutes(MultihomingProtocol.NPTV6, "2001:db8:a01::10", SBR, List.of());
        store.addSiteRoutes(runId, first);
        store.addSiteRoutes(runId, second);
        store.addSiteRoutes(runId, empty);
        assertEquals(List.of(first, second, empty), store.siteRoutes(runId));
        assertEquals(1, store.siteRoutes(runId).get(0).siteSpecificOutsideSite());
    }

    @Test
    public void removingAStudyRemovesItsRunsAndResults() throws SQLException {
        store.createStudy(lab());
        long runId = newRun("lab");
        store.addCell(runId, TrialCell.builder(new PlannedTrial(0, MultihomingProtocol.IPV6, List.of(), 128,
                                                                StudyTransport.UDP, 1.0, 1), T0).build());
        store.addFailover(runId, new FailoverResult(MultihomingProtocol.IPV6, PA, 2.0, 1.0, 1, 1, ""));
        store.addSiteRoutes(runId, new SiteRoutes(MultihomingProtocol.IPV6, "::1", SBR, List.of()));

        assertTrue(store.removeStudy("lab"));

        assertTrue(store.studyRun(runId).isEmpty());
        assertEquals(List.of(), store.cells(runId));
        assertEquals(List.of(), store.failovers(runId));
        assertEquals(List.of(), store.siteRoutes(runId));
        try (Connection c = database.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet rows = s.executeQuery("SELECT (SELECT count(*) FROM sixflow.multihoming_runs) + (SELECT count(*)"
                                                     + " FROM sixflow.multihoming_cells)")) {
            assertTrue(rows.next());
            assertEquals(0, rows.getLong(1));
        }
    }

    @Test
    public void withoutADatabaseEveryCallIsRefusedClearly() {
        store.historyDatabase = Optional::empty;
        HistoryUnavailableException e = Thrown.by(HistoryUnavailableException.class, () -> store.studies());
        assertEquals(PostgresStudyStore.UNAVAILABLE, e.getMessage());
        Thrown.by(HistoryUnavailableException.class, () -> store.createRun("lab", "n1", 1, T0));
    }
}
