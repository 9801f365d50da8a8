// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.sixflow.app.impl.Retries;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.Future;
import java.util.concurrent.FutureTask;

/**
 * A timer whose time moves only when a test moves it: due tasks run on the test's thread, in
 * order of their due time, so nothing sleeps.
 */
public final class ManualTimer implements Retries.Timer {

    private static final class Due {
        final long atMillis;
        final FutureTask<?> task;

        Due(long atMillis, FutureTask<?> task) {
            this.atMillis = atMillis;
            this.task = task;
        }
    }

    private final List<Due> due = new ArrayList<>();
    private long nowMillis;

    @Override
    public synchronized Future<?> schedule(Runnable task, long delayMillis) {
        FutureTask<?> future = new FutureTask<>(task, null);
        due.add(new Due(nowMillis + delayMillis, future));
        return future;
    }

    /**
     * Moves time on and runs every task due by then that was not cancelled (tasks they schedule
     * too, if due).
     *
     * @param duration how far
     */
    public void advance(Duration duration) {
        long until;
        synchronized (this) {
            until = nowMillis + duration.toMillis();
        }
        while (true) {
            Due next;
            synchronized (this) {
                next = due.stream().filter(d -> d.atMillis <= until).min(Comparator.comparingLong(d -> d.atMillis))
                        .orElse(null);
                if (next == null) {
                    nowMillis = until;
                    return;
                }
                due.remove(next);
                nowMillis = next.atMillis;
            }
            next.task.run();
        }
    }

    /**
     * Returns the delays of the tasks waiting and not cancelled, from now.
     *
     * @return milliseconds, soonest first
     */
    public synchronized List<Long> pending() {
        List<Long> delays = new ArrayList<>();
        due.stream().filter(d -> !d.task.isCancelled()).sorted(Comparator.comparingLong(d -> d.atMillis))
                .forEach(d -> delays.add(d.atMillis - nowMillis));
        return delays;
    }
}
