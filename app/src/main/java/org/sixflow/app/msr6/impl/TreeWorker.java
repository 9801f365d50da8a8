// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

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
import java.util.concurrent.locks.ReadWriteLock;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import static org.onlab.util.Tools.groupedThreads;

/**
 * The tree owner's threads: the work on one tree runs in the order it came, one task at a time;
 * work on different trees runs at once on a bounded pool (an install mostly waits for devices).
 * Work on no one tree (taking trees over, rerouting every tree a link carried, a test's pause)
 * runs alone, in order, on its own thread: it waits for the trees' running tasks, and a tree task
 * submitted after it starts only once it is done. Failures are logged. Stops cleanly: running tasks finish, queued ones are dropped, nothing new is taken.
 */
final class TreeWorker {

    /** How many trees' tasks run at once by default. */
    static final int THREADS = 6;
    private final Logger log;
    private final ExecutorService pool;
    /** Runs the work on no one tree, in order (never waits for a pool thread). */
    private final ExecutorService aloneThread;
    /** How many works on no one tree were submitted, and how many are done; guarded by this. */
    private long aloneSubmitted;
    private long aloneDone;
    /** Trees' tasks hold it shared; work on no one tree holds it alone (fair: it is not starved). */
    private final ReadWriteLock alone = new ReentrantReadWriteLock(true);
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
        this.aloneThread = Executors.newSingleThreadExecutor(groupedThreads(group, "alone", log));
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
     * Queues work on no one tree: it runs alone, after the work on no one tree queued before.
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
        long after;
        synchronized (this) {
            after = key == null ? ++aloneSubmitted : aloneSubmitted;
        }
        Runnable step = () -> {
            try {
                if (!stopping) {
                    if (key == null) {
                        runAlone(task);
                    } else {
                        runBeside(after, task);
                    }
                }
            } catch (RuntimeException e) {
                log.warn("{} failed", what, e);
            } finally {
                if (key == null) {
                    synchronized (this) {
                        aloneDone++;
                        notifyAll();
                    }
                }
                pending.decrementAndGet();
                done.complete(null);
            }
        };
        if (key == null) {
            try {
                aloneThread.execute(step);
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

    private void runAlone(Runnable task) {
        alone.writeLock().lock();
        try {
            task.run();
        } finally {
            alone.writeLock().unlock();
        }
    }

    /** Runs a tree's task once the work on no one tree submitted before it is done. */
    private void runBeside(long after, Runnable task) {
        synchronized (this) {
            while (aloneDone < after && !stopping) {
                try {
                    wait();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        if (stopping) {
            return;
        }
        alone.readLock().lock();
        try {
            task.run();
        } finally {
            alone.readLock().unlock();
        }
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
        synchronized (this) {
            // Tree tasks waiting for work on no one tree are dropped.
            notifyAll();
        }
        pool.shutdown();
        aloneThread.shutdown();
        try {
            long deadline = System.currentTimeMillis() + timeoutMillis;
            boolean stopped = aloneThread.awaitTermination(timeoutMillis, TimeUnit.MILLISECONDS)
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
