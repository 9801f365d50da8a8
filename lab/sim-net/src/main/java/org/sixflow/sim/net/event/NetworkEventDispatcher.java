// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.event;

import com.google.common.collect.ImmutableSet;
import org.onosproject.event.Event;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.event.EventSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's event delivery service on one thread: events posted by the services go, in the order
 * they were posted, to the sink registered for their class (a service's listener registry), never
 * inside the poster's call, as ONOS's core event dispatcher delivers them.
 */
public final class NetworkEventDispatcher implements EventDeliveryService, AutoCloseable {

    /** ONOS's default limit of one sink's time on an event, in milliseconds. */
    public static final long DEFAULT_DISPATCH_TIME_LIMIT_MILLIS = 2000;

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final Map<Class<?>, EventSink<?>> sinks = new ConcurrentHashMap<>();
    private final TrackedExecutor thread;
    private volatile long dispatchTimeLimit = DEFAULT_DISPATCH_TIME_LIMIT_MILLIS;

    /**
     * Creates the dispatcher and its thread.
     *
     * @param threadName the event thread's name
     */
    public NetworkEventDispatcher(String threadName) {
        this.thread = new TrackedExecutor(threadName);
    }

    @Override
    public <E extends Event> void addSink(Class<E> eventClass, EventSink<E> sink) {
        checkNotNull(eventClass, "Event class cannot be null");
        checkNotNull(sink, "Event sink cannot be null");
        checkArgument(sinks.putIfAbsent(eventClass, sink) == null,
                      "Event sink already registered for %s", eventClass.getName());
    }

    @Override
    public <E extends Event> void removeSink(Class<E> eventClass) {
        checkNotNull(eventClass, "Event class cannot be null");
        checkArgument(sinks.remove(eventClass) != null, "Event sink not registered for %s", eventClass.getName());
    }

    @Override
    @SuppressWarnings("unchecked")
    public <E extends Event> EventSink<E> getSink(Class<E> eventClass) {
        return (EventSink<E>) sinks.get(eventClass);
    }

    @Override
    public Set<Class<? extends Event>> getSinks() {
        ImmutableSet.Builder<Class<? extends Event>> builder = ImmutableSet.builder();
        sinks.keySet().forEach(c -> builder.add(c.asSubclass(Event.class)));
        return builder.build();
    }

    @Override
    public void post(Event event) {
        checkNotNull(event, "Event cannot be null");
        thread.execute(() -> deliver(event));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void deliver(Event event) {
        EventSink sink = sinks.get(event.getClass());
        if (sink == null) {
            log.warn("No sink registered for event class {}", event.getClass().getName());
            return;
        }
        long start = System.currentTimeMillis();
        sink.process(event);
        long took = System.currentTimeMillis() - start;
        if (took > dispatchTimeLimit) {
            // ONOS's watchdog would eject the listener; here it is only said.
            log.warn("Delivering {} took {} ms, over the limit of {} ms", event, took, dispatchTimeLimit);
        }
    }

    @Override
    public void setDispatchTimeLimit(long millis) {
        checkArgument(millis > 0, "Dispatch time limit must be positive, not %s", millis);
        dispatchTimeLimit = millis;
    }

    @Override
    public long getDispatchTimeLimit() {
        return dispatchTimeLimit;
    }

    /**
     * Tells whether the caller runs on the event thread.
     *
     * @return true on the event thread
     */
    public boolean inEventThread() {
        return thread.inExecutorThread();
    }

    /**
     * Returns how many events were posted so far.
     *
     * @return events posted
     */
    public long posted() {
        return thread.submitted();
    }

    /**
     * Waits until every event posted so far, and every event posted while delivering them, is delivered.
     *
     * @param timeout how long to wait at most
     * @param unit    its unit
     * @return true when all are delivered, false when the time ran out
     * @throws InterruptedException  if interrupted while waiting
     * @throws IllegalStateException if called on the event thread
     */
    public boolean awaitIdle(long timeout, TimeUnit unit) throws InterruptedException {
        return thread.awaitIdle(timeout, unit);
    }

    /** Stops the event thread; events not yet delivered are dropped. */
    @Override
    public void close() {
        thread.close();
    }
}
