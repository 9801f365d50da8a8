// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import java.util.concurrent.locks.LockSupport;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Paces a stream of packets: packet i is due at start + the sum of the intervals before it, so a
 * late packet never shifts the ones after it (no drift). Waiting parks the thread until shortly
 * before the deadline and spins the rest, since parking alone overshoots by tens of microseconds.
 * Time and waiting are injected, so tests run the loop without a clock.
 */
public final class Pacer {

    /** Where the time comes from (System::nanoTime in production). */
    @FunctionalInterface
    public interface Ticker {
        long nanoTime();
    }

    /** How to wait until a time of the ticker. */
    @FunctionalInterface
    public interface Waiter {
        /**
         * Returns once the ticker has reached the deadline.
         *
         * @param deadline ticker time
         * @throws InterruptedException when interrupted
         */
        void awaitUntil(long deadline) throws InterruptedException;
    }

    private final Ticker ticker;
    private final Waiter waiter;
    private long due;
    private boolean started;

    /**
     * Creates a pacer.
     *
     * @param ticker the time
     * @param waiter how to wait
     */
    public Pacer(Ticker ticker, Waiter waiter) {
        this.ticker = checkNotNull(ticker);
        this.waiter = checkNotNull(waiter);
    }

    /**
     * Returns a pacer on the system's monotonic clock that parks, then spins for the last
     * spinNanos before each deadline.
     *
     * @param spinNanos how long before a deadline to stop parking and spin
     * @return the pacer
     */
    public static Pacer system(long spinNanos) {
        checkArgument(spinNanos >= 0, "spin must be at least 0");
        return new Pacer(System::nanoTime, deadline -> {
            while (true) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return;
                }
                if (Thread.interrupted()) {
                    throw new InterruptedException();
                }
                if (left > spinNanos) {
                    LockSupport.parkNanos(left - spinNanos);
                } else {
                    Thread.onSpinWait();
                }
            }
        });
    }

    /**
     * Waits for the next packet's turn.
     *
     * @param intervalNanos time after the previous packet's deadline (ignored for the first)
     * @return the packet's deadline (scheduled time) on the ticker
     * @throws InterruptedException when interrupted
     */
    public long awaitNext(long intervalNanos) throws InterruptedException {
        if (!started) {
            started = true;
            due = ticker.nanoTime();
        } else {
            due += intervalNanos;
        }
        waiter.awaitUntil(due);
        return due;
    }

    /**
     * Returns the time now on the pacer's ticker.
     *
     * @return nanoseconds
     */
    public long now() {
        return ticker.nanoTime();
    }
}
