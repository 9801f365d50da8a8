// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import java.util.concurrent.locks.LockSupport;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Paces a stream of packets: packet i is due at start + the sum of the intervals before it, so a
 * late packet never shifts the ones after it (no drift) — unless the sender stalled for longer
 * than a few intervals: then it would catch up with a burst of back-to-back packets, which queue
 * in the switches and distort the latencies being measured, so the schedule starts again from
 * now once more than {@code maxCatchUp} packets are overdue (the achieved rate shows the stall).
 * Waiting parks the thread until shortly before the deadline and spins the rest, since parking
 * alone overshoots by tens of microseconds. Time and waiting are injected, so tests run the loop
 * without a clock.
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

    /** Overdue packets sent back to back before the schedule starts again from now. */
    public static final int DEFAULT_MAX_CATCH_UP = 8;

    private final Ticker ticker;
    private final Waiter waiter;
    private final int maxCatchUp;
    private long due;
    private boolean started;
    private long restarts;

    /**
     * Creates a pacer that catches up at most {@link #DEFAULT_MAX_CATCH_UP} packets.
     *
     * @param ticker the time
     * @param waiter how to wait
     */
    public Pacer(Ticker ticker, Waiter waiter) {
        this(ticker, waiter, DEFAULT_MAX_CATCH_UP);
    }

    /**
     * Creates a pacer.
     *
     * @param ticker     the time
     * @param waiter     how to wait
     * @param maxCatchUp overdue packets sent back to back before the schedule starts again
     *                   from now (Integer.MAX_VALUE: always catch up)
     */
    public Pacer(Ticker ticker, Waiter waiter, int maxCatchUp) {
        checkArgument(maxCatchUp >= 0, "maxCatchUp must be at least 0");
        this.ticker = checkNotNull(ticker);
        this.waiter = checkNotNull(waiter);
        this.maxCatchUp = maxCatchUp;
    }

    /**
     * Returns a pacer on the system's monotonic clock that parks, then spins for the last
     * spinNanos before each deadline.
     *
     * @param spinNanos  how long before a deadline to stop parking and spin
     * @param maxCatchUp overdue packets sent back to back before the schedule starts again
     * @return the pacer
     */
    public static Pacer system(long spinNanos, int maxCatchUp) {
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
        }, maxCatchUp);
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
            long now = ticker.nanoTime();
            if (now - due > (long) maxCatchUp * intervalNanos) {
                due = now;
                restarts++;
            }
        }
        waiter.awaitUntil(due);
        return due;
    }

    /**
     * Returns how often the schedule started again after a stall.
     *
     * @return restarts so far
     */
    public long restarts() {
        return restarts;
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
