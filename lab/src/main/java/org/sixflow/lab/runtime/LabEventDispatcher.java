// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.runtime;

import org.onosproject.event.DefaultEventSinkRegistry;
import org.onosproject.event.Event;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.event.EventSink;
import org.slf4j.Logger;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Delivers every event on one thread, in the order posted, as ONOS's core event dispatcher does;
 * a listener that throws is logged and the next event still goes out.
 */
public final class LabEventDispatcher extends DefaultEventSinkRegistry implements EventDeliveryService {

    private final Logger log = getLogger(getClass());
    private final ExecutorService thread = Executors.newSingleThreadExecutor(
            groupedThreads("sixflow-lab/events", "dispatch", log));
    private volatile long timeLimit = 2000;

    @Override
    @SuppressWarnings("unchecked")
    public void post(Event event) {
        if (thread.isShutdown()) {
            return;     // stopping: nobody is listening any more
        }
        thread.execute(() -> {
            EventSink<Event> sink = getSink((Class<Event>) event.getClass());
            if (sink == null) {
                log.debug("No sink for {}", event.getClass().getSimpleName());
                return;
            }
            long start = System.currentTimeMillis();
            try {
                sink.process(event);
            } catch (RuntimeException e) {
                log.warn("Listener failed on {}", event, e);
            }
            long took = System.currentTimeMillis() - start;
            if (took > timeLimit) {
                log.warn("Listeners of {} took {} ms (limit {} ms)", event.type(), took, timeLimit);
            }
        });
    }

    @Override
    public void setDispatchTimeLimit(long millis) {
        timeLimit = millis;
    }

    @Override
    public long getDispatchTimeLimit() {
        return timeLimit;
    }

    /**
     * Waits until every event posted so far is delivered (for tests and orderly shutdown).
     *
     * @param timeoutMillis how long to wait at most
     * @return true if drained in time
     */
    public boolean drain(long timeoutMillis) {
        java.util.concurrent.CountDownLatch done = new java.util.concurrent.CountDownLatch(1);
        thread.execute(done::countDown);
        try {
            return done.await(timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Stops the dispatch thread. */
    public void stop() {
        thread.shutdownNow();
    }
}
