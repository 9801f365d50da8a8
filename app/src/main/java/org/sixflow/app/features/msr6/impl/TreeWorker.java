// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.slf4j.Logger;

import java.util.ArrayDeque;
import java.util.HashMap;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import static org.onlab.util.Tools.groupedThreads;

/**
 * The tree owner's threads: the work on one tree runs in the order it came, one task at a time;
 * work on different trees runs at once on a bounded pool (an install mostly waits for devices).
 * Work on no one tree (finding the trees a link carried, the trees to take over) runs in order on
 * a thread of its own, beside the trees' tasks: it only looks and queues work on each tree it
 * finds, so it never waits for a tree's task, and no tree waits for it. (It used to run alone,
 * after the running tree tasks and before later ones: one install hung in a device write then
 * held back every other tree's at the next network change.) Failures are logged. Stops cleanly:
 * running tasks finish, queued ones are dropped, nothing new is taken.
 */
final class TreeWorker {

    /** How many trees' tasks run at once by default. */
    static final int THREADS = 6;
    private final Logger log;
    private final ExecutorService pool;
    /** Runs the work on no one tree, in order (never waits for a pool thread). */
    private final ExecutorService lookThread;
    /** Each key's tasks not yet run; a key is present while a pool thread runs its queue. Guarded by this. */
    private final Map<String, Queue<Runnable>> queues = new HashMap<>();
    private final AtomicInteger pending = new AtomicInteger();
    private final AtomicLong submitted = new AtomicLong();
    private volatile boolean stopping;

    /**
     * Starts the worker's threads.
     *
     * @param group   thread group name, e.g. "sixflow/msr6"
     * @param name    thread name pattern, e.g. "trees-%d"
     * @param threads how many trees' tasks run at once
     * @param log     where failures go
     */
    TreeWorker(String group, String name, int threads, Logger log) {
        this.log = log;
        this.pool = Executors.newFixedThreadPool(threads, groupedThreads(group, name, log));
        this.lookThread = Executors.newSingleThreadExecutor(groupedThreads(group, "look", log));
    }

    /**
     * Queues work on one tree, after that tree's earlier work.
     *
     * @param treeId the tree
     * @param what   what the task does, for the log
     * @param task   the task
     * @return completes when the task ran (or was dropped); never exceptionally
     */
    CompletableFuture<Void> submit(String treeId, String what, Runnable task) {
        return queue(treeId, what, task);
    }

    /**
     * Queues work on no one tree: it runs after the work on no one tree queued before, beside the
     * trees' tasks. It must not act on a tree itself, only queue that tree's work.
     *
     * @param what what the task does, for the log
     * @param task the task
     * @return completes when the task ran (or was dropped); never exceptionally
     */
    CompletableFuture<Void> submit(String what, Runnable task) {
        return queue(null, what, task);
    }

    private CompletableFuture<Void> queue(String key, String what, Runnable task) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        if (stopping) {
            done.complete(null);
            return done;
        }
        pending.incrementAndGet();
        submitted.incrementAndGet();
        Runnable step = () -> {
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
        };
        if (key == null) {
            try {
                lookThread.execute(step);
            } catch (RejectedExecutionException e) {
                pending.decrementAndGet();
                done.complete(null);
            }
            return done;
        }
        boolean start;
        synchronized (this) {
            Queue<Runnable> queue = queues.get(key);
            start = queue == null;
            if (start) {
                queue = new ArrayDeque<>();
                queues.put(key, queue);
            }
            queue.add(step);
        }
        if (start) {
            try {
                pool.execute(() -> drain(key));
            } catch (RejectedExecutionException e) {
                // Stopping: what the queue holds is dropped.
                dropAll(key);
            }
        }
        return done;
    }

    /** Runs a key's queue until it is empty, then forgets the key. */
    private void drain(String key) {
        while (true) {
            Runnable next;
            synchronized (this) {
                Queue<Runnable> queue = queues.get(key);
                next = queue.poll();
                if (next == null) {
                    queues.remove(key);
                    return;
                }
            }
            next.run();
        }
    }

    private void dropAll(String key) {
        Queue<Runnable> queue;
        synchronized (this) {
            queue = queues.remove(key);
        }
        if (queue != null) {
            // Each step sees stopping and only completes its future.
            queue.forEach(Runnable::run);
        }
    }

    /**
     * True while work on a tree is queued or running. Network-wide work asks it before it judges
     * a tree by its state: a tree with work under way may change state before that work ends.
     *
     * @param treeId the tree
     * @return whether the tree has work queued or running
     */
    synchronized boolean busy(String treeId) {
        return queues.containsKey(treeId);
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
     * Stops: takes no more tasks, drops the queued ones, and waits for the running ones to finish.
     *
     * @param timeoutMillis how long to wait for the running tasks
     */
    void stop(long timeoutMillis) {
        stopping = true;
        pool.shutdown();
        lookThread.shutdown();
        try {
            long deadline = System.currentTimeMillis() + timeoutMillis;
            boolean stopped = lookThread.awaitTermination(timeoutMillis, TimeUnit.MILLISECONDS)
                    && pool.awaitTermination(Math.max(0, deadline - System.currentTimeMillis()),
                                             TimeUnit.MILLISECONDS);
            if (!stopped) {
                log.warn("A task still runs {} ms after stopping", timeoutMillis);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
