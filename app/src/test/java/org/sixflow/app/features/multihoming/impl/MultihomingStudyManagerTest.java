// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.IpAddress;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.cluster.ClusterServiceAdapter;
import org.onosproject.cluster.ControllerNode;
import org.onosproject.cluster.DefaultControllerNode;
import org.onosproject.cluster.NodeId;
import org.osgi.service.component.ComponentContext;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.features.multihoming.api.CellLimit;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.StudyRun;
import org.sixflow.app.features.multihoming.api.StudyRunDetail;
import org.sixflow.app.features.multihoming.api.StudyRunState;
import org.sixflow.app.features.multihoming.api.TrialCell;
import org.sixflow.app.testing.ComponentContexts;
import org.sixflow.app.testing.SettableClock;
import org.sixflow.app.testing.Thrown;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.multihoming.impl.OsgiPropertyConstants.HOST_COMMANDS;
import static org.sixflow.app.features.multihoming.impl.OsgiPropertyConstants.ILNP_ENDPOINTS;
import static org.sixflow.app.features.multihoming.impl.OsgiPropertyConstants.LINK_COMMANDS;

/**
 * The manager over an in-memory store, a fake network and the lab's commands answering with real
 * outputs: a run starts only with the commands its study needs, a bad property keeps the commands
 * in force, a queued run cancelled never starts, a study with a run under way stays, and what an
 * earlier life of the instance left running is failed.
 */
public class MultihomingStudyManagerTest {

    private static final Instant T0 = Instant.parse("2026-11-30T01:00:00Z");
    private static final String HOSTS = "h_site=ip netns exec sfh-h_site;h_cn=ip netns exec sfh-h_cn";
    private static final String SMALL = ", \"frameSizes\": [1514], \"loadsMbps\": {\"1514\": [10]}, "
            + "\"trialSeconds\": 1";

    private final List<String> log = new CopyOnWriteArrayList<>();
    private final FakeNetwork network = new FakeNetwork(log);
    private final FakeCommands commands = new FakeCommands(log);
    private final InMemoryStudyStore store = new InMemoryStudyStore();
    private final SettableClock clock = new SettableClock(T0);
    private MultihomingStudyManager manager;

    @Before
    public void setUp() {
        manager = new MultihomingStudyManager(clock, commands);
        manager.componentConfigService = new ComponentConfigAdapter();
        manager.clusterService = new ClusterServiceAdapter() {
            @Override
            public ControllerNode getLocalNode() {
                return new DefaultControllerNode(NodeId.nodeId("n1"), IpAddress.valueOf("127.0.0.1"));
            }
        };
        manager.store = store;
        manager.setNetwork(network);
        manager.routingSteady = Duration.ZERO; // the fake's routes change with every read (StudyRunnerTest waits for them)
        manager.trialRoutingTimeout = Duration.ZERO;
    }

    @After
    public void tearDown() {
        manager.deactivate();
    }

    private static ComponentContext properties(Map<String, String> values) {
        return ComponentContexts.of(values);
    }

    private static MultihomingStudy small(String id) {
        return StudyRunnerTest.study(id, StudyRunnerTest.IPV6, SMALL);
    }

    @Test
    public void aRunStartsOnlyWithTheCommandsItsStudyNeeds() {
        manager.activate(properties(Map.of()));
        MultihomingStudy lab = StudyRunnerTest.study("lab", StudyRunnerTest.IPV6 + "," + StudyRunnerTest.ILNP,
                                                     SMALL + ", \"sharing\": [[100, 0]], \"failover\": "
                                                             + StudyRunnerTest.FAILOVER);
        manager.add(lab);
        IllegalStateException refused = Thrown.by(IllegalStateException.class, () -> manager.start("lab"));
        assertEquals("Study lab cannot run on this instance: no hostCommands entry for host h_site; no ilnpEndpoints "
                             + "entry for host h_site (ILNP's trials run its endpoint); no hostCommands entry for "
                             + "host h_cn; no ilnpEndpoints entry for host h_cn (ILNP's trials run its endpoint); "
                             + "no linkCommands entry for device:sbr/2 (the failovers take each uplink down); "
                             + "no linkCommands entry for device:sbr/3 (the failovers take each uplink down) "
                             + "(component properties of "
                             + MultihomingStudyManager.class.getName() + ")", refused.getMessage());
        manager.modified(properties(Map.of(HOST_COMMANDS, "h_site=ip netns exec sfh-h_site",
                                           ILNP_ENDPOINTS, "h_site=lab-endpoint h_site;h_cn=lab-endpoint h_cn",
                                           LINK_COMMANDS, "device:sbr/2=lab-link sbr-eth2;device:sbr/3=lab-link sbr-eth3")));
        refused = Thrown.by(IllegalStateException.class, () -> manager.start("lab"));
        assertEquals("Study lab cannot run on this instance: no hostCommands entry for host h_cn (component "
                             + "properties of " + MultihomingStudyManager.class.getName() + ")", refused.getMessage());
        assertEquals(List.of(), manager.runs("lab"));
        Thrown.by(ItemNotFoundException.class, () -> manager.start("nothing"));
    }

    @Test
    public void aBadPropertyValueKeepsTheCommandsInForce() throws Exception {
        manager.activate(properties(Map.of(HOST_COMMANDS, HOSTS)));
        manager.add(small("small"));
        StudyRun first = manager.start("small");
        assertEquals(StudyRunState.QUEUED, first.state());
        assertEquals("n1", first.node());
        assertEquals(1, first.cellsTotal());
        assertEquals(StudyRunState.DONE, store.awaitEnd(first.id()).state());

        manager.modified(properties(Map.of(HOST_COMMANDS, "h_site=ip netns exec a;h_site=ip netns exec b",
                                           LINK_COMMANDS, "device:sbr=lab-link sbr-eth2")));
        StudyRun second = manager.start("small");
        assertEquals(StudyRunState.DONE, store.awaitEnd(second.id()).state());
        assertTrue("the run used the commands in force", commands.started.stream().filter(a -> a.contains("-c"))
                .allMatch(a -> a.subList(0, 4).equals(List.of("ip", "netns", "exec", "sfh-h_site"))));

        manager.modified(properties(Map.of(HOST_COMMANDS, "")));
        IllegalStateException refused = Thrown.by(IllegalStateException.class, () -> manager.start("small"));
        assertTrue(refused.getMessage(), refused.getMessage().contains("no hostCommands entry for host h_site"));
        assertEquals(List.of(second.id(), first.id()),
                     manager.runs("small").stream().map(StudyRun::id).collect(Collectors.toList()));
    }

    @Test
    public void aQueuedRunCancelledNeverStartsAndAStudyWithARunUnderWayStays() throws Exception {
        manager.activate(properties(Map.of(HOST_COMMANDS, HOSTS)));
        manager.add(small("a"));
        manager.add(small("b"));
        network.installing = new CountDownLatch(1);
        network.release = new CountDownLatch(1);
        StudyRun a = manager.start("a");
        assertTrue(network.installing.await(10, TimeUnit.SECONDS));
        StudyRun b = manager.start("b");
        Thrown.by(IllegalStateException.class, () -> manager.start("b"));

        StudyRun cancelled = manager.cancel(b.id());
        assertEquals(StudyRunState.CANCELLED, cancelled.state());
        assertEquals("cancelled on request", cancelled.reason().orElseThrow());
        assertEquals(T0, cancelled.finishedAt().orElseThrow());
        IllegalStateException running = Thrown.by(IllegalStateException.class, () -> manager.remove("a"));
        assertEquals("A run of study a is queued or running; cancel it first", running.getMessage());
        assertEquals(StudyRunState.RUNNING, store.studyRun(a.id()).orElseThrow().state());

        network.installing = null;
        network.release.countDown();
        assertEquals(StudyRunState.DONE, store.awaitEnd(a.id()).state());
        // The one executor takes b's run before this one: b's never started.
        StudyRun again = manager.start("b");
        assertEquals(StudyRunState.DONE, store.awaitEnd(again.id()).state());
        StudyRun b2 = store.studyRun(b.id()).orElseThrow();
        assertEquals(StudyRunState.CANCELLED, b2.state());
        assertTrue(b2.startedAt().isEmpty());
        assertEquals(List.of(), store.cells(b.id()));

        IllegalStateException ended = Thrown.by(IllegalStateException.class, () -> manager.cancel(a.id()));
        assertEquals("Study run " + a.id() + " has ended (DONE)", ended.getMessage());
        Thrown.by(ItemNotFoundException.class, () -> manager.cancel(99));
        assertTrue(manager.remove("a"));
        assertFalse(manager.remove("a"));
        assertTrue(manager.study("a").isEmpty());
    }

    @Test
    public void aRunsDetailMarksItsLimitsAndAveragesItsGrid() {
        manager.activate(null);
        manager.add(small("small"));
        long runId = store.createRun("small", "n1", 4, T0).orElseThrow().id();
        store.addCell(runId, Cells.udp(MultihomingProtocol.IPV6, List.of(), 1514, 10, 1, 10, 0).build());
        store.addCell(runId, Cells.udp(MultihomingProtocol.IPV6, List.of(), 1514, 10, 2, 10, 2).build());
        store.addCell(runId, Cells.udp(MultihomingProtocol.IPV6, List.of(), 1514, 1000, 1, 1000, 200).build());
        store.addCell(runId, Cells.udp(MultihomingProtocol.IPV6, List.of(), 1514, 1000, 2, 700, 0).build());

        StudyRunDetail detail = manager.run(runId).orElseThrow();
        assertEquals(List.of(Optional.empty(), Optional.empty(), Optional.of(CellLimit.LAB_CAPACITY),
                             Optional.of(CellLimit.SENDER)),
                     detail.cells().stream().map(TrialCell::limit).collect(Collectors.toList()));
        assertEquals(2, detail.grid().size());
        assertEquals(Optional.of(CellLimit.LAB_CAPACITY), detail.grid().get(1).limit());
        assertEquals(4, detail.run().cellsDone());
        assertTrue(manager.run(runId + 1).isEmpty());
        Thrown.by(ItemNotFoundException.class, () -> manager.runs("nothing"));
    }

    @Test
    public void runsAnEarlierLifeOfThisInstanceLeftAreFailed() {
        store.createStudy(small("a"));
        store.createStudy(small("b"));
        store.createStudy(small("c"));
        long running = store.createRun("a", "n1", 1, T0).orElseThrow().id();
        store.transition(running, StudyRunState.QUEUED, StudyRunState.RUNNING, null, T0);
        long queued = store.createRun("b", "n1", 1, T0).orElseThrow().id();
        long elsewhere = store.createRun("c", "n2", 1, T0).orElseThrow().id();
        clock.set(T0.plusSeconds(60));

        manager.activate(null);

        for (long id : List.of(running, queued)) {
            StudyRun run = store.studyRun(id).orElseThrow();
            assertEquals(StudyRunState.FAILED, run.state());
            assertEquals("ONOS restarted during the run; the trials done are kept", run.reason().orElseThrow());
            assertEquals(T0.plusSeconds(60), run.finishedAt().orElseThrow());
        }
        assertEquals(StudyRunState.QUEUED, store.studyRun(elsewhere).orElseThrow().state());
    }

    @Test
    public void aStudyIsStoredWithItsCreationTimeOnce() {
        manager.activate(null);
        clock.set(T0.plusSeconds(5));
        MultihomingStudy stored = manager.add(small("small"));
        assertEquals(T0.plusSeconds(5), stored.createdAt());
        assertEquals(Optional.of(stored), manager.study("small"));
        IdInUseException taken = Thrown.by(IdInUseException.class, () -> manager.add(small("small")));
        assertEquals("A study with id small exists", taken.getMessage());
        assertEquals(List.of(stored), manager.studies());
        assertEquals(StudyPresets.all(), manager.presets());
    }
}
