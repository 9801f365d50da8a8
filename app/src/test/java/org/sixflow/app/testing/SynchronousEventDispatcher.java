// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onlab.junit.TestUtils;
import org.onosproject.event.Event;
import org.onosproject.event.EventDeliveryServiceAdapter;
import org.onosproject.event.EventSink;

import java.util.HashMap;
import java.util.Map;

/**
 * An event dispatcher that delivers at once, so tests see events in order.
 */
public final class SynchronousEventDispatcher extends EventDeliveryServiceAdapter {

    private final Map<Class<?>, EventSink<?>> sinks = new HashMap<>();

    /**
     * Puts a synchronous dispatcher into a listener manager's protected field.
     *
     * @param manager an AbstractListenerManager
     */
    public static void installInto(Object manager) {
        try {
            TestUtils.setField(manager, "eventDispatcher", new SynchronousEventDispatcher());
        } catch (TestUtils.TestUtilsException e) {
            throw new IllegalStateException(e);
        }
    }

    @Override
    public <E extends Event> void addSink(Class<E> type, EventSink<E> sink) {
        sinks.put(type, sink);
    }

    @Override
    @SuppressWarnings("unchecked")
    public void post(Event event) {
        ((EventSink<Event>) sinks.get(event.getClass())).process(event);
    }
}
