// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.Future;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Retries per key with exponential backoff: the first after {@code firstMillis}, each further
 * one after twice the last, at most {@code capMillis}; {@link #reset} starts again from the
 * first. A key has at most one retry pending: a new one, a cancel or a reset replaces it, and a
 * replaced retry does not run even if its timer already fired. Thread-safe.
 *
 * @param <K> what is retried, e.g. a device id
 */
public final class Retries<K> {

    /** Runs a task once after a delay: a ScheduledExecutorService, or a test's hand-driven timer. */
    public interface Timer {
        /**
         * Schedules a task.
         *
         * @param task        what to run
         * @param delayMillis after how long
         * @return its future, to cancel it
         */
        Future<?> schedule(Runnable task, long delayMillis);
    }

    private final Timer timer;
    private final long firstMillis;
    private final long capMillis;
    private final Map<K, Backoff> keys = new HashMap<>();

    /** A key's failures in a row and its pending retry. */
    private static final class Backoff {
        int failures;
        long nextMillis;
        Future<?> pending;
        /** Which retry may still run: a replaced one finds another here. */
        Object token;
    }

    /**
     * Creates retries.
     *
     * @param timer       runs them
     * @param firstMillis delay before the first retry
     * @param capMillis   longest delay
     */
    public Retries(Timer timer, long firstMillis, long capMillis) {
        checkArgument(firstMillis > 0 && capMillis >= firstMillis, "0 < first <= cap");
        this.timer = timer;
        this.firstMillis = firstMillis;
        this.capMillis = capMillis;
    }

    /**
     * Counts a failure of a key and schedules a retry after its next delay, in place of any
     * pending one.
     *
     * @param key  what failed
     * @param task the retry
     * @return the delay, in milliseconds
     */
    public synchronized long failed(K key, Runnable task) {
        Backoff backoff = keys.computeIfAbsent(key, k -> new Backoff());
        cancel(backoff);
        long delay = backoff.failures == 0 ? firstMillis : backoff.nextMillis;
        backoff.failures++;
        backoff.nextMillis = Math.min(capMillis, delay * 2);
        Object token = new Object();
        backoff.token = token;
        backoff.pending = timer.schedule(() -> fire(key, token, task), delay);
        return delay;
    }

    /**
     * Cancels a key's pending retry (a newer attempt supersedes it); the backoff stays.
     *
     * @param key the key
     */
    public synchronized void cancel(K key) {
        Backoff backoff = keys.get(key);
        if (backoff != null) {
            cancel(backoff);
        }
    }

    /**
     * Forgets a key: its attempt succeeded, or it is gone. Cancels its pending retry.
     *
     * @param key the key
     * @return how many failures in a row it had
     */
    public synchronized int reset(K key) {
        Backoff backoff = keys.remove(key);
        if (backoff == null) {
            return 0;
        }
        cancel(backoff);
        return backoff.failures;
    }

    /**
     * Returns how many failures in a row a key has.
     *
     * @param key the key
     * @return failures since its last reset
     */
    public synchronized int failures(K key) {
        Backoff backoff = keys.get(key);
        return backoff == null ? 0 : backoff.failures;
    }

    /** Cancels every pending retry and forgets every key. */
    public synchronized void clear() {
        keys.values().forEach(Retries::cancel);
        keys.clear();
    }

    private static void cancel(Backoff backoff) {
        backoff.token = null;
        if (backoff.pending != null) {
            backoff.pending.cancel(false);
            backoff.pending = null;
        }
    }

    private void fire(K key, Object token, Runnable task) {
        synchronized (this) {
            Backoff backoff = keys.get(key);
            if (backoff == null || backoff.token != token) {
                return;
            }
            backoff.token = null;
            backoff.pending = null;
        }
        task.run();
    }
}
