// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.store;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;

/**
 * One primitive's event thread: deliveries queued here run in order, each handed to the executor
 * its listener registered with (the direct executor runs it on this thread, as Atomix's event
 * thread runs ONOS's listeners). A listener that throws is logged; the next event is delivered.
 */
final class EventLane {

    private static final Logger log = LoggerFactory.getLogger(EventLane.class);

    private final String name;
    private final PendingWork pending;
    private final ExecutorService thread;

    EventLane(String name, PendingWork pending) {
        this.name = name;
        this.pending = pending;
        this.thread = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "sim-store-events-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    /**
     * Queues a delivery.
     *
     * @param delivery what to run
     * @param executor where the listener wants it run
     */
    void deliver(Runnable delivery, Executor executor) {
        pending.add();
        Runnable guarded = () -> {
            try {
                delivery.run();
            } catch (RuntimeException e) {
                log.warn("A listener of {} failed", name, e);
            } finally {
                pending.done();
            }
        };
        try {
            thread.execute(() -> {
                try {
                    executor.execute(guarded);
                } catch (RejectedExecutionException e) {
                    pending.done();
                    log.debug("A listener's executor of {} refused an event: it is shut down", name);
                }
            });
        } catch (RejectedExecutionException e) {
            pending.done();
        }
    }

    /** Stops the thread. */
    void close() {
        thread.shutdownNow();
    }
}
