// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.slf4j.Logger;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

import static com.google.common.base.Preconditions.checkNotNull;
import static org.onlab.util.Tools.groupedThreads;

/**
 * Where a manager's owner work runs (store events, network changes, outcomes of the entries it
 * owns): one task at a time on a thread of its own, or on the executor a test gives. Work that
 * comes, or is still queued, after {@link #stop} is dropped; a task that throws is logged and the
 * next one runs.
 */
public final class OwnerWork {

    private final String what;
    private final String threadGroup;
    private final Logger log;
    private volatile Executor executor;
    private ExecutorService thread;
    private volatile boolean active;

    /**
     * Creates the owner's work, stopped.
     *
     * @param what        what the work is about, for the log ("APN6 policy")
     * @param threadGroup the name of its thread's group ("sixflow/apn6")
     * @param log         the manager's log
     */
    public OwnerWork(String what, String threadGroup, Logger log) {
        this.what = checkNotNull(what);
        this.threadGroup = checkNotNull(threadGroup);
        this.log = checkNotNull(log);
    }

    /**
     * Starts taking work.
     *
     * @param given the executor to run it on, or null for a single thread of its own
     */
    public synchronized void start(Executor given) {
        if (given == null) {
            thread = Executors.newSingleThreadExecutor(groupedThreads(threadGroup, "owner", log));
            executor = thread;
        } else {
            executor = given;
        }
        active = true;
    }

    /** Stops: queued and later work is dropped, and the own thread (if any) ends. */
    public synchronized void stop() {
        active = false;
        if (thread != null) {
            thread.shutdownNow();
            thread = null;
        }
        executor = null;
    }

    /**
     * Runs a task after those queued before it, unless stopped by then.
     *
     * @param task the work
     */
    public void submit(Runnable task) {
        Executor target = executor;
        if (!active || target == null) {
            return;
        }
        try {
            target.execute(() -> {
                if (!active) {
                    return;
                }
                try {
                    task.run();
                } catch (RuntimeException e) {
                    log.error(what + " work failed", e);
                }
            });
        } catch (RejectedExecutionException e) {
            log.debug("Stopping: dropped {} work", what);
        }
    }
}
