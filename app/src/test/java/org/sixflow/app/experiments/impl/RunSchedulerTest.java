// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.cfg.ComponentConfigAdapter;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.packet.PacketServiceAdapter;
import org.onosproject.store.service.ConsistentMapException;
import org.onosproject.store.service.StorageException;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentRunState;
import org.sixflow.app.testing.InMemoryExperimentStore;
import org.sixflow.app.testing.SettableClock;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.api.ExperimentRunState.CANCELLED;
import static org.sixflow.app.api.ExperimentRunState.DONE;
import static org.sixflow.app.api.ExperimentRunState.FAILED;
import static org.sixflow.app.api.ExperimentRunState.QUEUED;
import static org.sixflow.app.api.ExperimentRunState.RUNNING;

/**
 * The run state machine and who runs what: queued → running → done, cancelled or failed with a
 * reason; one run per ingress device at a time; only the leader runs; a run whose instance went
 * away is failed by the next leader, and a leader that steps down fails its own runs. Executions
 * run when the test says (a manual executor), so nothing depends on timing.
 */
public class RunSchedulerTest {

    private final InMemoryExperimentStore store = new InMemoryExperimentStore();
    private final SettableClock clock = new SettableClock(Instant.parse("2026-11-24T10:00:00Z"));
    private final AtomicBoolean leader = new AtomicBoolean(true);
    private final List<Runnable> pending = new ArrayList<>();
    private final Map<Long, Runnable> work = new HashMap<>();
    private final Map<String, String> properties = new HashMap<>();
    private final List<Long> cleaned = new ArrayList<>();
    private RunEnvironment env;
    private RunScheduler scheduler;
    private RuntimeException refusal;

    /** An execution whose work the test decides (default: nothing, so it ends DONE). */
    private final class FakeExecution extends RunExecution {
        FakeExecution(ExperimentRun run, Experiment experiment, java.util.function.Consumer<RunExecution> finished) {
            super(RunSchedulerTest.this.env, run, experiment, finished);
        }

        @Override
        protected void execute() {
            work.getOrDefault(experimentRun().id(), () -> { }).run();
            checkCancelled();
        }

        @Override
        protected void cleanUp() {
            cleaned.add(experimentRun().id());
        }
    }

    @Before
    public void setUp() {
        SamplingControl sampling = new SamplingControl(new ComponentConfigAdapter() {
            @Override
            public void setProperty(String component, String name, String value) {
                properties.put(name, value);
            }
        });
        env = new RunEnvironment(store, new PacketServiceAdapter(), sampling, (d, s) -> true, () -> null,
                                 () -> null, clock, "n1", Duration.ofSeconds(1), Duration.ofSeconds(1),
                                 Duration.ZERO, d -> clock.advance(d));
        scheduler = new RunScheduler(store, leader::get, "n1", clock, (run, experiment, finished) -> {
            if (refusal != null) {
                throw refusal;
            }
            return Optional.of(new FakeExecution(run, experiment, finished));
        }, pending::add, sampling);
        experiment("a", "device:beijing/1");
        experiment("b", "device:beijing/2");
        experiment("c", "device:nanjing/1");
    }

    private void experiment(String id, String ingress) {
        store.createExperiment(Experiment.builder(id).ingress(ConnectPoint.deviceConnectPoint(ingress)).build());
    }

    private long queue(String experiment) {
        return store.createRun(experiment, 10, clock.instant()).id();
    }

    private ExperimentRunState state(long run) {
        return store.run(run).orElseThrow().state();
    }

    private String reason(long run) {
        return store.run(run).orElseThrow().reason().orElse("");
    }

    private void runPending() {
        List<Runnable> now = new ArrayList<>(pending);
        pending.clear();
        now.forEach(Runnable::run);
    }

    @Test
    public void queuedRunningDone() {
        long run = queue("a");
        assertEquals(QUEUED, state(run));
        scheduler.tick();
        assertEquals(RUNNING, state(run));
        assertEquals("n1", store.run(run).orElseThrow().node().orElseThrow());
        assertEquals(1, scheduler.executions().size());
        runPending();
        assertEquals(DONE, state(run));
        assertTrue(store.run(run).orElseThrow().finishedAt().isPresent());
        assertEquals(List.of(run), cleaned);
        assertEquals(0, scheduler.executions().size());
    }

    @Test
    public void oneRunPerScopeAtATime() {
        long a = queue("a");
        long b = queue("b");
        long c = queue("c");
        scheduler.tick();
        assertEquals("a and c measure at different devices", RUNNING, state(a));
        assertEquals(RUNNING, state(c));
        assertEquals("b waits for a: both measure at beijing", QUEUED, state(b));
        runPending();
        scheduler.tick();
        assertEquals(RUNNING, state(b));
        runPending();
        assertEquals(DONE, state(b));
    }

    @Test
    public void aQueuedRunIsCancelledBeforeItStarts() {
        long run = queue("a");
        store.requestCancel(run);
        scheduler.tick();
        assertEquals(CANCELLED, state(run));
        assertEquals("cancelled before it started", reason(run));
        assertTrue(pending.isEmpty());
    }

    @Test
    public void aRunningRunIsCancelledAtTheLeader() {
        long run = queue("a");
        scheduler.tick();
        store.requestCancel(run);
        scheduler.tick();
        runPending();
        assertEquals(CANCELLED, state(run));
        assertEquals("cancelled", reason(run));
        assertEquals("its clean-up ran", List.of(run), cleaned);
    }

    @Test
    public void aCancelThatInterruptsAStoreCallEndsCancelledNotFailed() {
        long run = queue("a");
        scheduler.tick();
        // ONOS's ConsistentMap turns the cancel's interrupt into ConsistentMapException.Interrupted
        work.put(run, () -> {
            store.requestCancel(run);
            scheduler.tick();
            throw new ConsistentMapException.Interrupted();
        });
        runPending();
        assertEquals(CANCELLED, state(run));
        assertEquals("cancelled", reason(run));
    }

    @Test
    public void aStoreInterruptWithoutACancelStillFails() {
        long run = queue("a");
        scheduler.tick();
        work.put(run, () -> {
            throw new StorageException.Interrupted();
        });
        runPending();
        assertEquals(FAILED, state(run));
    }

    @Test
    public void runsOfAnInstanceThatWentAwayFailOnTheNextLeader() {
        long run = queue("a");
        store.transition(run, QUEUED, RUNNING, "n0", null, clock.instant());
        store.recordSamplingBefore(run, "10");
        scheduler.tick();
        assertEquals(FAILED, state(run));
        assertTrue(reason(run), reason(run).contains("(n0) went away"));
        assertEquals("the sampling the run replaced is back", "10", properties.get("reportSampling"));
    }

    @Test
    public void onlyTheLeaderRunsRuns() {
        leader.set(false);
        long run = queue("a");
        scheduler.tick();
        assertEquals(QUEUED, state(run));
        leader.set(true);
        scheduler.tick();
        assertEquals(RUNNING, state(run));
    }

    @Test
    public void aLeaderThatStepsDownFailsItsRuns() {
        long run = queue("a");
        scheduler.tick();
        leader.set(false);
        scheduler.tick();
        runPending();
        assertEquals(FAILED, state(run));
        assertTrue(reason(run), reason(run).contains("stopped leading"));
    }

    @Test
    public void aRunThatCannotRunFailsWithTheReason() {
        refusal = new IllegalArgumentException("the network no longer fits the experiment: ingress: gone");
        long run = queue("a");
        scheduler.tick();
        assertEquals(FAILED, state(run));
        assertEquals("the network no longer fits the experiment: ingress: gone", reason(run));
    }

    @Test
    public void aRunWhoseWorkFailsEndsFailedAndCleansUp() {
        long run = queue("a");
        work.put(run, () -> {
            throw new IllegalStateException("telemetry sampling did not reach device:beijing");
        });
        scheduler.tick();
        runPending();
        assertEquals(FAILED, state(run));
        assertEquals("telemetry sampling did not reach device:beijing", reason(run));
        assertEquals(List.of(run), cleaned);
    }

    @Test
    public void aRunOfARemovedExperimentFails() {
        long run = queue("a");
        store.removeExperiment("a");
        store.createExperiment(Experiment.builder("z").ingress(ConnectPoint.deviceConnectPoint("device:x/1")).build());
        long orphan = store.createRun("gone", 1, clock.instant()).id();
        scheduler.tick();
        assertEquals(FAILED, state(orphan));
        assertEquals("its experiment was removed", reason(orphan));
        assertTrue(store.run(run).isEmpty());
    }

    @Test
    public void finalStatesNeverChange() {
        for (ExperimentRunState s : ExperimentRunState.values()) {
            for (ExperimentRunState t : ExperimentRunState.values()) {
                if (s.isFinal()) {
                    assertTrue(s + " -> " + t, !s.canMoveTo(t));
                }
            }
        }
        assertTrue(QUEUED.canMoveTo(RUNNING) && RUNNING.canMoveTo(DONE) && !QUEUED.canMoveTo(DONE));
    }
}
