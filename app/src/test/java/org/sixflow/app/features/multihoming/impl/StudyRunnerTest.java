// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.features.multihoming.api.FailoverResult;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyJson;
import org.sixflow.app.features.multihoming.api.PingSummary;
import org.sixflow.app.features.multihoming.api.SiteRoutes;
import org.sixflow.app.features.multihoming.api.StudyRun;
import org.sixflow.app.features.multihoming.api.StudyTransport;
import org.sixflow.app.features.multihoming.api.SwitchLatency;
import org.sixflow.app.features.multihoming.api.TrialCell;
import org.sixflow.app.features.multihoming.api.UplinkCount;
import org.sixflow.app.testing.SettableClock;
import org.sixflow.app.testing.Thrown;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * A run over a fake network and the lab's commands answering with what iperf3 and ping printed:
 * trials in plan order, each protocol set up and removed whatever happens, ILNP's endpoints and
 * sharing levels, a failed trial a cell with its reason, a cancel between trials, the failovers.
 */
public class StudyRunnerTest {

    static final String SITE = "{\"device\": \"device:sbr\", \"internalLocator\": \"fd00:5:1::/64\", \"uplinks\": ["
            + "{\"port\": 2, \"locator\": \"2001:db8:a01:1::/64\", \"routerMac\": \"00:aa:00:00:05:01\","
            + " \"nextHopMac\": \"00:aa:00:00:05:0a\"},"
            + "{\"port\": 3, \"locator\": \"2001:db8:b01:1::/64\", \"routerMac\": \"00:aa:00:00:05:01\","
            + " \"nextHopMac\": \"00:aa:00:00:05:0b\"}]}";
    static final String IPV6 = "{\"protocol\": \"IPV6\", \"destination\": \"fd00:5:c::10\"}";
    static final String NPTV6 = "{\"protocol\": \"NPTV6\", \"destination\": \"fd00:5:c::10\", \"mappings\": ["
            + "{\"internalPrefix\": \"fd00:5:1::/48\", \"externalPrefix\": \"2001:db8:a01::/48\","
            + " \"uplink\": \"device:sbr/2\"}]}";
    static final String ILNP = "{\"protocol\": \"ILNP\", \"destination\": \"fd49:4c4e::b\", \"site\": " + SITE + "}";
    static final String FAILOVER = "{\"uplink\": \"device:sbr/2\", \"afterSeconds\": 0.8, \"seconds\": 3}";
    static final ConnectPoint PA = ConnectPoint.deviceConnectPoint("device:sbr/2");
    static final ConnectPoint PB = ConnectPoint.deviceConnectPoint("device:sbr/3");
    private static final Instant T0 = Instant.parse("2026-11-30T01:00:00Z");

    private final List<String> log = new CopyOnWriteArrayList<>();
    private final FakeNetwork network = new FakeNetwork(log);
    private final FakeCommands commands = new FakeCommands(log);
    private final InMemoryStudyStore store = new InMemoryStudyStore();
    private StudyRunner runner;

    /**
     * A study of the lab's site.
     *
     * @param id        its id
     * @param protocols the protocols' JSON, comma-separated
     * @param more      more fields, each with a leading comma
     * @return the study
     */
    static MultihomingStudy study(String id, String protocols, String more) {
        try {
            return MultihomingStudyJson.read(new ObjectMapper().readTree(
                    "{\"id\": \"" + id + "\", \"siteHost\": \"h_site\", \"correspondentHost\": \"h_cn\", "
                            + "\"protocols\": [" + protocols + "]" + more + "}"));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    static StudyCommands labCommands() {
        return new StudyCommands(
                NamedCommands.parse("h_site=ip netns exec sfh-h_site; h_cn=ip netns exec sfh-h_cn", "hostCommands",
                                    n -> true, "h_site"),
                NamedCommands.parse("device:sbr/2=lab-link sbr-eth2;device:sbr/3=lab-link sbr-eth3", "linkCommands",
                                    n -> true, "device:sbr/2"),
                NamedCommands.parse("h_site=lab-endpoint h_site;h_cn=lab-endpoint h_cn", "ilnpEndpoints",
                                    n -> true, "h_site"));
    }

    @Before
    public void setUp() {
        runner = new StudyRunner(store, network, new HostTraffic(commands, labCommands()), new SettableClock(T0));
        runner.routingTimeout = Duration.ZERO; // the fake's routes change with every read
        runner.trialRoutingTimeout = Duration.ZERO;
        runner.routingSteady = Duration.ZERO;  // no wait for them to hold still (its own tests below)
    }

    /** Plain IPv6, one UDP trial of 1514-octet frames at 10 Mbit/s for a second. */
    private static MultihomingStudy oneTrialStudy() {
        return study("small", IPV6, ", \"frameSizes\": [1514], \"loadsMbps\": {\"1514\": [10]},"
                + " \"trialSeconds\": 1");
    }

    private long run(MultihomingStudy study) {
        store.createStudy(study);
        return store.createRun(study.id(), "n1", study.plan().size(), T0).map(StudyRun::id).orElseThrow();
    }

    private List<String> client(int index) {
        String port = String.valueOf(HostTraffic.FIRST_PORT + index);
        return commands.started.stream().filter(a -> a.contains("-c") && a.contains("iperf3")
                && port.equals(a.get(a.indexOf("-p") + 1))).findFirst().orElseThrow();
    }

    private static String words(List<String> argv) {
        return String.join(" ", argv);
    }

    @Test
    public void takesThePlanInOrderWithEachProtocolSetUpForItsTrialsAndItsFailover() throws Exception {
        MultihomingStudy study = study("lab", IPV6 + "," + ILNP, ", \"frameSizes\": [1514], \"loadsMbps\": "
                + "{\"1514\": [10]}, \"sharing\": [[100, 0], [50, 50]], \"tcp\": true, \"trialSeconds\": 1, "
                + "\"failover\": " + FAILOVER);
        long runId = run(study);

        StudyRunner.Ending ending = runner.run(study, runId);

        assertFalse(ending.cancelled);
        assertNull(ending.failure);
        assertEquals(List.of(
                "install IPV6", "routes IPV6 ::1", "failover pings 150", "lab-link sbr-eth2 down",
                "lab-link sbr-eth2 up", "failover pings 150", "lab-link sbr-eth3 down", "lab-link sbr-eth3 up",
                "uninstall IPV6",
                "install ILNP", "start lab-endpoint h_cn", "start lab-endpoint h_site", "share [100, 0]",
                "share [50, 50]", "routes ILNP 2001:db8:a01:1::/64", "routes ILNP 2001:db8:b01:1::/64",
                "share [100, 0]", "failover pings 150", "lab-link sbr-eth2 down", "lab-link sbr-eth2 up",
                "failover pings 150", "lab-link sbr-eth3 down", "lab-link sbr-eth3 up", "stop lab-endpoint h_cn", "stop lab-endpoint h_site", "uninstall ILNP"), log);

        List<TrialCell> cells = store.cells(runId);
        assertEquals(study.plan(), cells.stream().map(TrialCell::trial).collect(Collectors.toList()));
        assertEquals(List.of("IPV6 UDP", "IPV6 TCP", "ILNP 100/0 UDP", "ILNP 100/0 TCP", "ILNP 50/50 UDP",
                             "ILNP 50/50 TCP"),
                     cells.stream().map(c -> c.trial().protocol() + c.trial().sharingLabel().map(s -> " " + s)
                             .orElse("") + " " + c.trial().transport()).collect(Collectors.toList()));
        assertEquals(6, store.studyRun(runId).orElseThrow().cellsDone());

        TrialCell udp = cells.get(0);
        assertTrue(udp.error().isEmpty());
        assertEquals(T0, udp.startedAt());
        assertEquals(Long.valueOf(7573), udp.packetsSent().orElseThrow());
        assertEquals(499_818 * 8 / 2.000157 / 1e6, udp.goodputMbps().orElseThrow(), 1e-9);
        assertEquals(0.0, udp.lossPercent().orElseThrow(), 0);
        assertEquals(new PingSummary(20, 20, 0.026, 0.048, 0.199, 0.035), udp.rtt().orElseThrow());
        // Plain IPv6 too: the uplinks' port counters, whatever the protocol.
        assertEquals(List.of(new UplinkCount(PA, 1000, 5, 1.0), new UplinkCount(PB, 0, 5, 0.0)), udp.uplinks());
        assertEquals(List.of(new SwitchLatency(FakeNetwork.SBR, 900, 1850.5)), udp.switchLatency());
        assertEquals(40, udp.routesBefore());
        assertEquals(41, udp.routesAfter());
        assertEquals(Map.of(FakeNetwork.SBR, 12, FakeNetwork.CN, 7), udp.entriesBefore());
        TrialCell tcp = cells.get(1);
        assertEquals(StudyTransport.TCP, tcp.trial().transport());
        assertEquals(Long.valueOf(32_020), tcp.retransmits().orElseThrow());
        assertTrue(tcp.packetsSent().isEmpty());
        // What each uplink carried follows the sharing level in force.
        assertEquals(List.of(new UplinkCount(PA, 1000, 5, 1.0), new UplinkCount(PB, 0, 5, 0.0)),
                     cells.get(2).uplinks());
        assertEquals(List.of(new UplinkCount(PA, 500, 5, 0.5), new UplinkCount(PB, 500, 5, 0.5)),
                     cells.get(5).uplinks());

        // The site host sends to the protocol's destination, sized for the cell's frames.
        assertEquals("ip netns exec sfh-h_site iperf3 -6 -c fd00:5:c::10 -p 15201 -t 1 -J --connect-timeout 3000 "
                             + "-u -b 10000000 -l 1452 -w 4M", words(client(0)));
        assertEquals("ip netns exec sfh-h_site iperf3 -6 -c fd00:5:c::10 -p 15202 -t 1 -J --connect-timeout 3000 "
                             + "-M 1440", words(client(1)));
        assertTrue(words(client(2)), words(client(2)).endsWith("-c fd49:4c4e::b -p 15203 -t 1 -J "
                + "--connect-timeout 3000 -u -b 10000000 -l 1444 -w 4M"));
        assertTrue(words(client(3)), words(client(3)).endsWith("-M 1432"));
        assertTrue(commands.started.stream().map(StudyRunnerTest::words).anyMatch(
                "ip netns exec sfh-h_cn iperf3 -s -1 -J -p 15201 -B fd00:5:c::10"::equals));

        FailoverResult expected = new FailoverResult(MultihomingProtocol.IPV6, PA, 0.8, 580.0, 150, 121,
                                                      "40 of 40 answered before the failure, 81 of 110 after");
        // Each uplink in turn (the fake answers every failover with the same pings).
        assertEquals(List.of(expected, new FailoverResult(MultihomingProtocol.IPV6, PB, 0.8, 580.0, 150, 121,
                                                          expected.note()),
                             new FailoverResult(MultihomingProtocol.ILNP, PA, 0.8, 580.0, 150, 121, expected.note()),
                             new FailoverResult(MultihomingProtocol.ILNP, PB, 0.8, 580.0, 150, 121, expected.note())),
                     store.failovers(runId));
        List<SiteRoutes> routes = store.siteRoutes(runId);
        assertEquals(List.of("IPV6 ::1", "ILNP 2001:db8:a01:1::/64", "ILNP 2001:db8:b01:1::/64"),
                     routes.stream().map(r -> r.protocol() + " " + r.address()).collect(Collectors.toList()));
        assertEquals(FakeNetwork.SBR, routes.get(0).siteDevice());
    }

    @Test
    public void aClientRefusedOnceIsTriedAgainOnAnotherPort() throws Exception {
        MultihomingStudy study = oneTrialStudy();
        long runId = run(study);
        commands.refusedPorts.add(String.valueOf(HostTraffic.FIRST_PORT));

        assertNull(runner.run(study, runId).failure);

        TrialCell cell = store.cells(runId).get(0);
        assertTrue(cell.error().toString(), cell.error().isEmpty());
        assertTrue(cell.goodputMbps().isPresent());
        assertEquals("the retry's client on the next block of ports", 2, commands.started.stream()
                .filter(a -> a.contains("iperf3") && a.contains("-c")).count());
    }

    @Test
    public void theFirstTrialWaitsUntilTheRoutingStateHoldsStill() throws Exception {
        MultihomingStudy study = oneTrialStudy();
        long runId = run(study);
        network.movingReads = 4; // routes come for four reads (a link just back), then hold still
        runner.routingTimeout = Duration.ofSeconds(10);
        runner.routingSteady = Duration.ofMillis(60);
        runner.routingPoll = Duration.ofMillis(5);

        assertNull(runner.run(study, runId).failure);

        TrialCell cell = store.cells(runId).get(0);
        assertEquals("measured once every route had come", 44, cell.routesBefore());
        assertEquals(44, cell.routesAfter());
    }

    @Test
    public void routesOnlyOnosLostSightOfDuringATrialAreNotAChangeOnceTheyReadAsBefore() throws Exception {
        MultihomingStudy study = oneTrialStudy();
        long runId = run(study);
        // Before the trial 40; right after it ONOS sees fewer (a saturated switch's flow reads came
        // late: ONOS writes its entries again), then all of them again.
        network.scriptedRoutes.addAll(List.of(40, 36, 38, 40));
        network.movingReads = 0;
        runner.trialRoutingTimeout = Duration.ofSeconds(10);
        runner.routingPoll = Duration.ofMillis(5);

        assertNull(runner.run(study, runId).failure);

        TrialCell cell = store.cells(runId).get(0);
        assertEquals(40, cell.routesBefore());
        assertEquals("read again until as before", 40, cell.routesAfter());
        assertTrue("every scripted read was taken", network.scriptedRoutes.isEmpty());
    }

    @Test
    public void aTrialsStateBeforeIsReadOnceOnosHasConfirmedEveryRoute() throws Exception {
        MultihomingStudy study = oneTrialStudy();
        long runId = run(study);
        // Routes just written (or written again) that ONOS has not yet read back from sbr.
        network.scriptedEntries.addAll(List.of(Map.of(FakeNetwork.SBR, 4, FakeNetwork.CN, 7),
                                               Map.of(FakeNetwork.SBR, 9, FakeNetwork.CN, 7)));
        network.scriptedUnconfirmed.addAll(List.of(8, 3));
        network.movingReads = 0;
        runner.trialRoutingTimeout = Duration.ofSeconds(10);
        runner.routingPoll = Duration.ofMillis(5);

        assertNull(runner.run(study, runId).failure);

        TrialCell cell = store.cells(runId).get(0);
        assertEquals(Map.of(FakeNetwork.SBR, 12, FakeNetwork.CN, 7), cell.entriesBefore());
        assertEquals(cell.entriesBefore(), cell.entriesAfter());
        assertTrue(network.scriptedUnconfirmed.isEmpty());
    }

    @Test
    public void aRoutingChangeThatLastsIsRecordedOnceTheTrialsWaitRunsOut() throws Exception {
        MultihomingStudy study = oneTrialStudy();
        long runId = run(study);
        network.scriptedRoutes.add(40); // before the trial; a route more for good afterwards
        network.routes = 41;
        network.movingReads = 0;
        runner.trialRoutingTimeout = Duration.ofMillis(100);
        runner.routingPoll = Duration.ofMillis(5);

        assertNull(runner.run(study, runId).failure);

        TrialCell cell = store.cells(runId).get(0);
        assertEquals(40, cell.routesBefore());
        assertEquals(41, cell.routesAfter());
    }

    @Test
    public void routingThatNeverHoldsStillDelaysTheTrialsOnlyUntilTheTimeout() throws Exception {
        MultihomingStudy study = oneTrialStudy();
        long runId = run(study);
        runner.routingTimeout = Duration.ofMillis(100);
        runner.routingSteady = Duration.ofSeconds(30);
        runner.routingPoll = Duration.ofMillis(5);

        assertNull(runner.run(study, runId).failure);

        TrialCell cell = store.cells(runId).get(0);
        assertTrue("the trial ran, its cell showing the routes it saw come", cell.routesAfter() > cell.routesBefore());
        assertTrue(cell.error().isEmpty());
    }

    @Test
    public void aTrialWhoseIperf3FailsIsACellWithItsReasonAndTheRunGoesOn() throws Exception {
        MultihomingStudy study = study("small", IPV6, ", \"frameSizes\": [1514], \"loadsMbps\": {\"1514\": [10, 100]},"
                + " \"trialSeconds\": 1");
        long runId = run(study);
        // Refused on its port and on the retry's.
        commands.refusedPorts.add(String.valueOf(HostTraffic.FIRST_PORT));
        commands.refusedPorts.add(String.valueOf(HostTraffic.FIRST_PORT + HostTraffic.PORTS));

        StudyRunner.Ending ending = runner.run(study, runId);

        assertNull(ending.failure);
        List<TrialCell> cells = store.cells(runId);
        assertEquals(2, cells.size());
        assertEquals("the client's own error, not the server left waiting for it",
                     "iperf3's client: unable to connect to server: Connection refused",
                     cells.get(0).error().orElseThrow());
        assertTrue(cells.get(0).goodputMbps().isEmpty());
        assertTrue(cells.get(0).rtt().isEmpty());
        assertEquals("its routing state is still recorded", 41, cells.get(0).routesAfter());
        assertTrue(log.contains("stop iperf3 server"));
        assertTrue(cells.get(1).error().isEmpty());
        assertEquals(100.0, cells.get(1).trial().loadMbps().orElseThrow(), 0);
        assertEquals("tried twice (the retry on the next ports), then no border router is named: no routes to "
                             + "record", List.of("install IPV6", "stop iperf3 server", "stop ping", "stop iperf3 server",
                                                 "stop ping", "uninstall IPV6"), log);
    }

    @Test
    public void aProtocolThatCannotBeInstalledFailsTheRunAndIsRemoved() throws Exception {
        MultihomingStudy study = study("lab", IPV6 + "," + NPTV6, ", \"frameSizes\": [1514], \"loadsMbps\": "
                + "{\"1514\": [10]}, \"trialSeconds\": 1");
        long runId = run(study);
        network.refused.add(MultihomingProtocol.NPTV6);

        StudyRunner.Ending ending = runner.run(study, runId);

        assertFalse(ending.cancelled);
        assertEquals("NPTV6: NPTv6 mapping lab-nptv6-0 was refused: table full", ending.failure);
        assertEquals(List.of("install IPV6", "routes IPV6 ::1", "uninstall IPV6", "install NPTV6", "uninstall NPTV6"),
                     log);
        assertEquals(List.of(MultihomingProtocol.IPV6), store.cells(runId).stream()
                .map(c -> c.trial().protocol()).collect(Collectors.toList()));
    }

    @Test
    public void aTrialThatThrowsStillStopsTheEndpointsAndRemovesTheSite() throws Exception {
        MultihomingStudy study = study("lab", ILNP, ", \"frameSizes\": [1514], \"loadsMbps\": {\"1514\": [10]}, "
                + "\"sharing\": [[80, 20]], \"trialSeconds\": 1");
        long runId = run(study);
        network.entriesFail = new IllegalStateException("device:sbr cannot be read");

        IllegalStateException thrown = Thrown.by(IllegalStateException.class, () -> runner.run(study, runId));

        assertEquals("device:sbr cannot be read", thrown.getMessage());
        assertEquals(List.of("install ILNP", "start lab-endpoint h_cn", "start lab-endpoint h_site", "share [80, 20]",
                             "stop lab-endpoint h_cn", "stop lab-endpoint h_site", "uninstall ILNP"), log);
        assertEquals(List.of(), store.cells(runId));
    }

    @Test
    public void anIlnpEndpointThatEndsAtOnceFailsTheProtocol() throws Exception {
        MultihomingStudy study = study("lab", ILNP, ", \"frameSizes\": [1514], \"loadsMbps\": {\"1514\": [10]}, "
                + "\"sharing\": [[80, 20]], \"trialSeconds\": 1");
        long runId = run(study);
        commands.failingEndpoints.add("lab-endpoint h_site");

        StudyRunner.Ending ending = runner.run(study, runId);

        assertEquals("ILNP: the ILNP endpoint of h_site ended at once (exit 2): \"no such device sfh0\"",
                     ending.failure);
        assertEquals(List.of("install ILNP", "start lab-endpoint h_cn", "start lab-endpoint h_site",
                             "stop lab-endpoint h_cn", "uninstall ILNP"), log);
    }

    @Test
    public void aCancelIsHonouredBetweenTrials() throws Exception {
        MultihomingStudy study = study("small", IPV6, ", \"frameSizes\": [1514], \"loadsMbps\": "
                + "{\"1514\": [10, 100, 200]}, \"trialSeconds\": 1, \"failover\": " + FAILOVER);
        long runId = run(study);
        store.cancelAfterCells = n -> n == 1;

        StudyRunner.Ending ending = runner.run(study, runId);

        assertTrue(ending.cancelled);
        assertNull(ending.failure);
        assertEquals(1, store.cells(runId).size());
        assertEquals(List.of(), store.failovers(runId));
        assertEquals(List.of("install IPV6", "uninstall IPV6"), log);
    }

    @Test
    public void parallelFlowsShareTheCellsRate() throws Exception {
        MultihomingStudy study = study("small", IPV6, ", \"frameSizes\": [128], \"loadsMbps\": {\"128\": [10]}, "
                + "\"trialSeconds\": 2, \"streams\": 4");
        long runId = run(study);

        runner.run(study, runId);

        assertTrue(words(client(0)), words(client(0)).endsWith("-t 2 -J --connect-timeout 3000 -P 4 -u -b 2500000 "
                + "-l 66 -w 4M"));
        String ping = commands.started.stream().filter(a -> a.contains("ping")).map(StudyRunnerTest::words)
                .findFirst().orElseThrow();
        assertEquals("ip netns exec sfh-h_site ping -6 -n -q -i 0.050 -c 40 -W 1 fd00:5:c::10", ping);
        assertEquals(1, store.cells(runId).size());
    }

    @Test
    public void theSharesOfTheUplinksAreTheirPartOfThePacketsOut() {
        Map<ConnectPoint, long[]> before = Map.of(PA, new long[]{100, 10}, PB, new long[]{50, 3});
        Map<ConnectPoint, long[]> after = Map.of(PA, new long[]{900, 20}, PB, new long[]{250, 3},
                                                 ConnectPoint.deviceConnectPoint("device:sbr/4"), new long[]{5, 5});
        assertEquals(List.of(new UplinkCount(PA, 800, 10, 0.8), new UplinkCount(PB, 200, 0, 0.2)),
                     StudyRunner.uplinks(before, after));
        assertEquals("no packet out is no share", List.of(new UplinkCount(PA, 0, 0, 0)),
                     StudyRunner.uplinks(Map.of(PA, new long[]{7, 7}), Map.of(PA, new long[]{7, 7})));
    }
}
