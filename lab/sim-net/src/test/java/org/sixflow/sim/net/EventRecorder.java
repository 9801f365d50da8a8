// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net;

import com.google.common.collect.ImmutableList;
import org.onosproject.event.Event;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * Records the events a listener hears and the threads it hears them on; add {@code recorder::event}
 * as the listener.
 *
 * @param <E> the event type
 */
public final class EventRecorder<E extends Event<?, ?>> {

    private final List<E> events = new CopyOnWriteArrayList<>();
    private final List<Thread> threads = new CopyOnWriteArrayList<>();

    /**
     * Records an event.
     *
     * @param event the event
     */
    public void event(E event) {
        events.add(event);
        threads.add(Thread.currentThread());
    }

    /**
     * Returns the events heard, in order.
     *
     * @return events
     */
    public List<E> events() {
        return ImmutableList.copyOf(events);
    }

    /**
     * Returns the types of the events heard, in order.
     *
     * @return types
     */
    public List<Object> types() {
        return events.stream().map(Event::type).collect(Collectors.toList());
    }

    /**
     * Returns the threads the events were heard on.
     *
     * @return threads
     */
    public List<Thread> threads() {
        return ImmutableList.copyOf(threads);
    }

    /** Forgets the events heard so far. */
    public void clear() {
        events.clear();
        threads.clear();
    }
}
