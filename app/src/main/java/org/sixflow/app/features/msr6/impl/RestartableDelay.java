// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

/**
 * Runs a task once a time has passed with no new start: each start puts it off again, so a network
 * that keeps changing is acted on once it has been still that long, not at every change.
 */
final class RestartableDelay implements Msr6TreeManager.Delay {

    private final ScheduledExecutorService timer;
    /** The task waiting for its time, if any. Guarded by this. */
    private ScheduledFuture<?> pending;

    /**
     * @param timer the thread the task runs on
     */
    RestartableDelay(ScheduledExecutorService timer) {
        this.timer = timer;
    }

    @Override
    public synchronized void restart(long millis, Runnable task) {
        cancel();
        pending = timer.schedule(task, millis, TimeUnit.MILLISECONDS);
    }

    /** Drops the task waiting, if any. */
    synchronized void cancel() {
        if (pending != null) {
            pending.cancel(false);
            pending = null;
        }
    }
}
