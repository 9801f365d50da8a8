// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.store;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Counts queued event deliveries of a storage service, so tests and the demo can wait for them. */
final class PendingWork {

    private long pending;

    /** Counts one more queued delivery. */
    synchronized void add() {
        pending++;
    }

    /** Counts one delivery done (or dropped). */
    synchronized void done() {
        pending--;
        if (pending <= 0) {
            notifyAll();
        }
    }

    /**
     * Waits until nothing is queued.
     *
     * @param timeout how long to wait
     * @return true if idle, false on timeout
     * @throws InterruptedException if interrupted
     */
    synchronized boolean await(Duration timeout) throws InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (pending > 0) {
            long left = deadline - System.nanoTime();
            if (left <= 0) {
                return false;
            }
            TimeUnit.NANOSECONDS.timedWait(this, left);
        }
        return true;
    }

    /** Forgets what is queued (its deliveries will not happen). */
    synchronized void reset() {
        pending = 0;
        notifyAll();
    }
}
