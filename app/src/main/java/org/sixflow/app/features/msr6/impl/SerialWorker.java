// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.slf4j.Logger;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.onlab.util.Tools.groupedThreads;

/**
 * One thread that runs tasks in the order they came, logging what fails, and that stops cleanly:
 * a task already running finishes, tasks still queued are dropped, nothing new is taken.
 */
final class SerialWorker {

    private final Logger log;
    private final ExecutorService thread;
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicLong submitted = new AtomicLong();
    private volatile boolean stopping;

    /**
     * Starts the worker's thread.
     *
     * @param group thread group name, e.g. "sixflow/msr6"
     * @param name  thread name
     * @param log   where failures go
     */
    SerialWorker(String group, String name, Logger log) {
        this.log = log;
        this.thread = Executors.newSingleThreadExecutor(groupedThreads(group, name, log));
    }

    /**
     * Queues a task.
     *
     * @param what what the task does, for the log
     * @param task the task
     * @return completes when the task ran (or was dropped); never exceptionally
     */
    CompletableFuture<Void> submit(String what, Runnable task) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (stopping) {
            done.complete(null);
            return done;
        }
        pending.incrementAndGet();
        submitted.incrementAndGet();
        try {
            thread.execute(() -> {
                try {
                    if (!stopping) {
                        task.run();
                    }
                } catch (RuntimeException e) {
                    log.warn("{} failed", what, e);
                } finally {
                    pending.decrementAndGet();
                    done.complete(null);
                }
            });
        } catch (RejectedExecutionException e) {
            pending.decrementAndGet();
            done.complete(null);
        }
        return done;
    }

    /** True when no task is queued or running. */
    boolean idle() {
        return pending.get() == 0;
    }

    /** How many tasks were ever queued (tests compare it to see whether work came in). */
    long submitted() {
        return submitted.get();
    }

    /**
     * Stops: takes no more tasks, drops the queued ones, and waits for the running one to finish.
     *
     * @param timeoutMillis how long to wait for the running task
     */
    void stop(long timeoutMillis) {
        stopping = true;
        thread.shutdown();
        try {
            if (!thread.awaitTermination(timeoutMillis, TimeUnit.MILLISECONDS)) {
                log.warn("A task still runs {} ms after stopping", timeoutMillis);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
