// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentRunState;
import org.sixflow.app.api.ExperimentStore;
import org.slf4j.Logger;

import java.time.Clock;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Executor;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Decides which runs run where. Only the instance that leads experiments runs them, so one place
 * holds the rule of one run per network scope (the ingress device) at a time; every instance may
 * queue or cancel runs in the store, and the leader's {@link #tick} picks them up. When an
 * instance becomes the leader (first of all when it activates), it fails every run still marked
 * RUNNING that it does not run itself: the instance that ran it went away, and a run is never
 * left running. An instance that stops leading fails its own runs.
 */
final class RunScheduler {

    /** Makes a run's execution. */
    interface ExecutionFactory {
        /**
         * Prepares a run: resolves it against the network and reserves what it needs to start.
         *
         * @param run        the run (QUEUED)
         * @param experiment its experiment
         * @param finished   to call when it has ended
         * @return the execution; empty when it must wait (e.g. every probe tag is in use)
         * @throws IllegalArgumentException when the run cannot run, saying why (it then fails)
         */
        Optional<RunExecution> prepare(ExperimentRun run, Experiment experiment, Consumer<RunExecution> finished);
    }

    private final Logger log = getLogger(getClass());
    private final ExperimentStore store;
    private final BooleanSupplier leader;
    private final String node;
    private final Clock clock;
    private final ExecutionFactory factory;
    private final Executor threads;
    private final SamplingControl sampling;
    private final Map<Long, RunExecution> executions = new LinkedHashMap<>();
    private boolean leading;

    RunScheduler(ExperimentStore store, BooleanSupplier leader, String node, Clock clock, ExecutionFactory factory,
                 Executor threads, SamplingControl sampling) {
        this.store = store;
        this.leader = leader;
        this.node = node;
        this.clock = clock;
        this.factory = factory;
        this.threads = threads;
        this.sampling = sampling;
    }

    /**
     * Looks at leadership and the queue: recovers orphaned runs on becoming the leader, passes on
     * cancel requests, and starts queued runs whose scope is free, oldest first.
     */
    synchronized void tick() {
        if (!leader.getAsBoolean()) {
            if (leading) {
                leading = false;
                abortAll("the instance running it (" + node + ") stopped leading experiments");
            }
            return;
        }
        if (!leading) {
            leading = true;
            recoverOrphans();
        }
        for (ExperimentRun run : store.runsIn(EnumSet.of(ExperimentRunState.QUEUED, ExperimentRunState.RUNNING))) {
            if (run.state() == ExperimentRunState.RUNNING) {
                RunExecution execution = executions.get(run.id());
                if (execution == null) {
                    fail(run, "no instance runs it (its instance went away)");
                } else if (run.cancelRequested()) {
                    execution.cancel("cancelled");
                }
            } else if (run.cancelRequested()) {
                store.transition(run.id(), ExperimentRunState.QUEUED, ExperimentRunState.CANCELLED, node,
                                 "cancelled before it started", clock.instant());
            } else {
                startIfFree(run);
            }
        }
    }

    private void recoverOrphans() {
        for (ExperimentRun run : store.runsIn(EnumSet.of(ExperimentRunState.RUNNING))) {
            if (!executions.containsKey(run.id())) {
                fail(run, "the instance that ran it (" + run.node().orElse("unknown") + ") went away");
            }
        }
    }

    private void fail(ExperimentRun run, String reason) {
        if (store.transition(run.id(), ExperimentRunState.RUNNING, ExperimentRunState.FAILED, node, reason,
                             clock.instant()).isPresent()) {
            log.warn("Run {} of {} failed: {}", run.id(), run.experimentId(), reason);
            store.samplingBefore(run.id()).ifPresent(sampling::restoreOrphaned);
        }
    }

    private void startIfFree(ExperimentRun run) {
        Optional<Experiment> experiment = store.experiment(run.experimentId());
        if (experiment.isEmpty()) {
            store.transition(run.id(), ExperimentRunState.QUEUED, ExperimentRunState.FAILED, node,
                             "its experiment was removed", clock.instant());
            return;
        }
        DeviceId scope = experiment.get().scope();
        if (executions.values().stream().anyMatch(e -> e.experiment().scope().equals(scope))) {
            return;  // one run per scope: this one waits its turn
        }
        Optional<RunExecution> execution;
        try {
            execution = factory.prepare(run, experiment.get(), this::finished);
        } catch (IllegalArgumentException e) {
            store.transition(run.id(), ExperimentRunState.QUEUED, ExperimentRunState.FAILED, node, e.getMessage(),
                             clock.instant());
            return;
        }
        if (execution.isEmpty()) {
            return;
        }
        if (store.transition(run.id(), ExperimentRunState.QUEUED, ExperimentRunState.RUNNING, node, null,
                             clock.instant()).isEmpty()) {
            execution.get().cleanUp();  // cancelled or taken meanwhile
            return;
        }
        executions.put(run.id(), execution.get());
        log.info("Run {} of {} started on {}", run.id(), run.experimentId(), node);
        threads.execute(execution.get());
    }

    private synchronized void finished(RunExecution execution) {
        executions.remove(execution.experimentRun().id());
    }

    /**
     * Cancels a run this instance runs.
     *
     * @param runId  the run
     * @param reason why
     * @return false when it does not run here
     */
    synchronized boolean cancelLocal(long runId, String reason) {
        RunExecution execution = executions.get(runId);
        if (execution == null) {
            return false;
        }
        execution.cancel(reason);
        return true;
    }

    /**
     * Fails every run of this instance.
     *
     * @param reason why
     */
    synchronized void abortAll(String reason) {
        executions.values().forEach(e -> e.abort(reason));
    }

    /** The runs this instance runs. */
    synchronized List<RunExecution> executions() {
        return ImmutableList.copyOf(executions.values());
    }
}
