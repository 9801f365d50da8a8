// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.event;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executor;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * One thread that runs tasks in the order they are handed over and can tell when it has nothing
 * left to do, so that callers (and tests) wait for quiet instead of sleeping.
 */
public final class TrackedExecutor implements Executor, AutoCloseable {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final String name;
    private final ExecutorService thread;
    private final Object counts = new Object();
    // Both guarded by counts: tasks handed over and tasks run (or dropped).
    private long submitted;
    private long finished;
    private boolean closed;
    private volatile Thread worker;

    /**
     * Creates the executor and names its (daemon) thread.
     *
     * @param threadName the thread's name
     */
    public TrackedExecutor(String threadName) {
        this.name = checkNotNull(threadName, "Thread name cannot be null");
        this.thread = Executors.newSingleThreadExecutor(runnable -> {
            Thread t = new Thread(runnable, threadName);
            t.setDaemon(true);
            worker = t;
            return t;
        });
    }

    /**
     * Queues a task; after {@link #close()} the task is dropped.
     *
     * @param task the task
     */
    @Override
    public void execute(Runnable task) {
        checkNotNull(task, "Task cannot be null");
        synchronized (counts) {
            if (closed) {
                log.debug("{} is closed: task dropped", name);
                return;
            }
            submitted++;
        }
        try {
            thread.execute(() -> run(task));
        } catch (RejectedExecutionException e) {
            finish();
        }
    }

    private void run(Runnable task) {
        try {
            task.run();
        } catch (RuntimeException e) {
            // One failing task must not stop the ones after it.
            log.error("Task on {} failed", name, e);
        } finally {
            finish();
        }
    }

    private void finish() {
        synchronized (counts) {
            finished++;
            counts.notifyAll();
        }
    }

    /**
     * Tells whether the caller runs on this executor's thread.
     *
     * @return true on the executor's thread
     */
    public boolean inExecutorThread() {
        return Thread.currentThread() == worker;
    }

    /**
     * Returns how many tasks were handed over so far; with {@link #awaitIdle} a caller can tell
     * whether new work arrived while it waited.
     *
     * @return tasks handed over
     */
    public long submitted() {
        synchronized (counts) {
            return submitted;
        }
    }

    /**
     * Waits until every task handed over so far, and every task those tasks handed over, has run.
     *
     * @param timeout how long to wait at most
     * @param unit    its unit
     * @return true when idle, false when the time ran out
     * @throws InterruptedException  if interrupted while waiting
     * @throws IllegalStateException if called on the executor's own thread (it would wait for itself)
     */
    public boolean awaitIdle(long timeout, TimeUnit unit) throws InterruptedException {
        if (inExecutorThread()) {
            throw new IllegalStateException(name + " cannot wait for itself to become idle");
        }
        long deadline = System.nanoTime() + unit.toNanos(timeout);
        synchronized (counts) {
            while (finished < submitted && !closed) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(counts, left);
            }
            return true;
        }
    }

    /** Stops the thread; queued tasks are dropped. */
    @Override
    public void close() {
        synchronized (counts) {
            closed = true;
            counts.notifyAll();
        }
        thread.shutdownNow();
    }
}
