// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.onosproject.store.service.ConsistentMapException;
import org.onosproject.store.service.StorageException;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentRunState;
import org.slf4j.Logger;

import java.nio.channels.ClosedByInterruptException;
import java.util.function.Consumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * One run on the instance that runs it, from RUNNING to its final state. Subclasses do the work;
 * this class ends the run: DONE when the work returns, CANCELLED when someone cancelled it, FAILED
 * with the reason otherwise. Every end, even a failed one, lets the subclass clean up first.
 */
abstract class RunExecution implements Runnable {

    protected final Logger log = getLogger(getClass());
    protected final RunEnvironment env;
    protected final ExperimentRun run;
    protected final Experiment experiment;
    private final Consumer<RunExecution> finished;
    private volatile String cancelled;
    private volatile boolean abort;
    private volatile Thread thread;

    RunExecution(RunEnvironment env, ExperimentRun run, Experiment experiment, Consumer<RunExecution> finished) {
        this.env = env;
        this.run = run;
        this.experiment = experiment;
        this.finished = finished;
    }

    /** The run. */
    ExperimentRun experimentRun() {
        return run;
    }

    /** The experiment it runs. */
    Experiment experiment() {
        return experiment;
    }

    /**
     * Asks the run to stop: it ends CANCELLED with the reason before its next packet.
     *
     * @param reason why
     */
    void cancel(String reason) {
        cancelled = reason;
        Thread t = thread;
        if (t != null) {
            t.interrupt();
        }
    }

    /**
     * Stops the run because it cannot go on here (the instance stops leading experiments or is
     * shutting down): it ends FAILED with the reason.
     *
     * @param reason why
     */
    void abort(String reason) {
        abort = true;
        cancel(reason);
    }

    /**
     * Throws if the run was cancelled.
     *
     * @throws RunCancelledException with the reason
     */
    protected void checkCancelled() {
        String reason = cancelled;
        if (reason != null) {
            throw new RunCancelledException(reason);
        }
    }

    @Override
    public final void run() {
        thread = Thread.currentThread();
        ExperimentRunState end = ExperimentRunState.DONE;
        String reason = null;
        try {
            checkCancelled();
            execute();
            checkCancelled();
        } catch (RunCancelledException e) {
            end = abort ? ExperimentRunState.FAILED : ExperimentRunState.CANCELLED;
            reason = e.getMessage();
        } catch (InterruptedException e) {
            end = cancelled != null && !abort ? ExperimentRunState.CANCELLED : ExperimentRunState.FAILED;
            reason = cancelled != null ? cancelled : "interrupted";
        } catch (RuntimeException e) {
            if (cancelled != null && interruptedBy(e)) {
                // ONOS's stores wrap the cancel's interrupt (ConsistentMapException.Interrupted)
                end = abort ? ExperimentRunState.FAILED : ExperimentRunState.CANCELLED;
                reason = cancelled;
            } else {
                end = ExperimentRunState.FAILED;
                reason = e.getMessage() == null ? e.toString() : e.getMessage();
                log.warn("Run {} of {} failed", run.id(), experiment.id(), e);
            }
        } finally {
            thread = null;
            Thread.interrupted();
            try {
                cleanUp();
            } catch (RuntimeException e) {
                log.warn("Cleaning up after run {} failed", run.id(), e);
            }
        }
        try {
            if (env.store.transition(run.id(), ExperimentRunState.RUNNING, end, env.node, reason,
                                     env.clock.instant()).isEmpty()) {
                log.warn("Run {} was no longer RUNNING when it ended {} (another instance failed it)", run.id(), end);
            } else {
                log.info("Run {} of {} {}{}", run.id(), experiment.id(), end, reason == null ? "" : ": " + reason);
            }
        } catch (RuntimeException e) {
            log.warn("Cannot record the end of run {}: {}", run.id(), e.getMessage());
        } finally {
            finished.accept(this);
        }
    }

    /** True when an interrupt is what ended the call that threw, however the library wrapped it. */
    private static boolean interruptedBy(Throwable e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof InterruptedException || t instanceof RunCancelledException
                    || t instanceof StorageException.Interrupted || t instanceof ConsistentMapException.Interrupted
                    || t instanceof ClosedByInterruptException) {
                return true;
            }
            if (t.getCause() == t) {
                break;
            }
        }
        return false;
    }

    /**
     * Does the run's work, results stored included.
     *
     * @throws InterruptedException when interrupted
     */
    protected abstract void execute() throws InterruptedException;

    /** Undoes what the run changed outside itself (sampling, registrations); runs on every end. */
    protected abstract void cleanUp();
}
