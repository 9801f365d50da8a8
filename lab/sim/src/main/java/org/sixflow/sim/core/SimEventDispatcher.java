// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import com.google.common.collect.ImmutableSet;
import org.onosproject.event.Event;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.event.EventSink;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.time.Duration;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's event dispatcher: events posted are delivered, in order, on one dispatcher thread to the
 * sink registered for the event's exact class (as CoreEventDispatcher looks sinks up), which for a
 * manager built on AbstractListenerManager is its listener registry. A sink that throws is logged
 * and the next event is delivered. A sink that takes longer than the dispatch time limit is told so
 * ({@link EventSink#onProcessLimit}; ONOS's listener registries then drop the slow listener) once
 * per event.
 * <p>
 * Not simulated: ONOS's separate dispatch loops for topology and flow events (one loop here keeps
 * every event in posting order), and its restarting of a loop stuck in a sink: events behind a slow
 * sink wait for it.
 */
public final class SimEventDispatcher implements EventDeliveryService, AutoCloseable {

    private static final Logger log = LoggerFactory.getLogger(SimEventDispatcher.class);

    /** ONOS's default limit on one sink's processing of one event. */
    public static final long DEFAULT_DISPATCH_TIME_LIMIT_MILLIS = 5_000;
    /** ONOS's smallest limit other than 0 (no limit), its watchdog's period. */
    public static final long WATCHDOG_MILLIS = 250;

    private final Map<Class<?>, EventSink<?>> sinks = new ConcurrentHashMap<>();
    private final ExecutorService dispatcher;
    private volatile Thread dispatchThread;
    private final AtomicLong posted = new AtomicLong();
    private final ScheduledExecutorService watchdog = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "sim-event-watchdog");
        t.setDaemon(true);
        return t;
    });
    private final Object idle = new Object();
    private long pending;
    private volatile long dispatchTimeLimit = DEFAULT_DISPATCH_TIME_LIMIT_MILLIS;

    /** Creates the dispatcher; its thread is "sim-event-dispatch". */
    public SimEventDispatcher() {
        this("sim-event-dispatch");
    }

    /**
     * Creates the dispatcher with its thread's name.
     *
     * @param threadName the dispatch thread's name
     */
    public SimEventDispatcher(String threadName) {
        dispatcher = Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, threadName);
            t.setDaemon(true);
            dispatchThread = t;
            return t;
        });
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
        checkNotNull(eventClass, "Event class cannot be null");
        return (EventSink<E>) sinks.get(eventClass);
    }

    @Override
    public Set<Class<? extends Event>> getSinks() {
        ImmutableSet.Builder<Class<? extends Event>> classes = ImmutableSet.builder();
        sinks.keySet().forEach(c -> classes.add(c.asSubclass(Event.class)));
        return classes.build();
    }

    @Override
    public void post(Event event) {
        checkNotNull(event, "Event cannot be null");
        posted.incrementAndGet();
        synchronized (idle) {
            pending++;
        }
        try {
            dispatcher.execute(() -> {
                try {
                    dispatch(event);
                } finally {
                    done();
                }
            });
        } catch (RejectedExecutionException e) {
            done();
            log.error("Unable to post event {}: the dispatcher is closed", event);
        }
    }

    @Override
    public void setDispatchTimeLimit(long millis) {
        checkArgument(millis == 0 || millis >= WATCHDOG_MILLIS, "Time limit must be greater than %s",
                      WATCHDOG_MILLIS);
        dispatchTimeLimit = millis;
    }

    @Override
    public long getDispatchTimeLimit() {
        return dispatchTimeLimit;
    }

    /**
     * Returns how many events were posted so far.
     *
     * @return events posted
     */
    public long posted() {
        return posted.get();
    }

    /**
     * Tells whether the caller runs on the dispatch thread.
     *
     * @return true on the dispatch thread
     */
    public boolean inDispatchThread() {
        return Thread.currentThread() == dispatchThread;
    }

    /**
     * Waits until every event posted so far, and every event their sinks posted, is delivered.
     *
     * @param timeout how long to wait
     * @param unit    its unit
     * @return true if the dispatcher went idle, false on timeout
     * @throws InterruptedException  if interrupted while waiting
     * @throws IllegalStateException if called on the dispatch thread, which would wait for itself
     */
    public boolean awaitIdle(long timeout, TimeUnit unit) throws InterruptedException {
        return awaitIdle(Duration.ofNanos(unit.toNanos(timeout)));
    }

    /**
     * Waits until every event posted so far, and every event their sinks posted, is delivered.
     *
     * @param timeout how long to wait
     * @return true if the dispatcher went idle, false on timeout
     * @throws InterruptedException  if interrupted while waiting
     * @throws IllegalStateException if called on the dispatch thread, which would wait for itself
     */
    public boolean awaitIdle(Duration timeout) throws InterruptedException {
        if (inDispatchThread()) {
            throw new IllegalStateException("the event dispatch thread cannot wait for itself");
        }
        long deadline = System.nanoTime() + timeout.toNanos();
        synchronized (idle) {
            while (pending > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(idle, left);
            }
            return true;
        }
    }

    /** Stops the dispatcher thread; events not yet delivered are dropped. */
    @Override
    public void close() {
        dispatcher.shutdownNow();
        watchdog.shutdownNow();
        synchronized (idle) {
            pending = 0;
            idle.notifyAll();
        }
    }

    private void done() {
        synchronized (idle) {
            pending--;
            if (pending <= 0) {
                idle.notifyAll();
            }
        }
    }

    // Tells the sink when it has spent the time limit on one event.
    private ScheduledFuture<?> watch(EventSink<?> sink) {
        long limit = dispatchTimeLimit;
        if (limit == 0) {
            return null;
        }
        try {
            return watchdog.schedule(() -> {
                log.warn("Event sink {} exceeded execution time limit: {} ms", sink.getClass().getName(), limit);
                sink.onProcessLimit();
            }, limit, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException closed) {
            return null;
        }
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private void dispatch(Event event) {
        EventSink sink = sinks.get(event.getClass());
        if (sink == null) {
            log.warn("No sink registered for event class {}", event.getClass().getName());
            return;
        }
        ScheduledFuture<?> overrun = watch(sink);
        try {
            sink.process(event);
        } catch (RuntimeException | Error e) {
            log.warn("Error encountered while dispatching event {}", event, e);
        } finally {
            if (overrun != null) {
                overrun.cancel(false);
            }
        }
    }
}
