// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.event;

import org.junit.After;
import org.junit.Test;
import org.onosproject.event.ListenerRegistry;
import org.onosproject.net.edge.EdgePortEvent;
import org.onosproject.net.edge.EdgePortListener;
import org.onosproject.net.ConnectPoint;
import org.sixflow.sim.net.EventRecorder;

import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Tests the event dispatcher: events go to their sink in order on the event thread, and waiting
 * for quiet covers events posted while delivering.
 */
public class NetworkEventDispatcherTest {

    private final NetworkEventDispatcher dispatcher = new NetworkEventDispatcher("test-events");
    private final ListenerRegistry<EdgePortEvent, EdgePortListener> registry = new ListenerRegistry<>();
    private final EventRecorder<EdgePortEvent> recorder = new EventRecorder<>();

    @After
    public void tearDown() {
        dispatcher.close();
    }

    private static EdgePortEvent event(int port) {
        return new EdgePortEvent(EdgePortEvent.Type.EDGE_PORT_ADDED,
                                 ConnectPoint.deviceConnectPoint("device:a/" + port));
    }

    @Test
    public void deliversInOrderOnTheEventThread() throws InterruptedException {
        dispatcher.addSink(EdgePortEvent.class, registry);
        registry.addListener(recorder::event);
        for (int port = 1; port <= 50; port++) {
            dispatcher.post(event(port));
        }
        assertTrue(dispatcher.awaitIdle(5, TimeUnit.SECONDS));
        List<EdgePortEvent> heard = recorder.events();
        assertEquals(50, heard.size());
        for (int i = 0; i < 50; i++) {
            assertEquals(i + 1, heard.get(i).subject().port().toLong());
        }
        assertNotEquals(Thread.currentThread(), recorder.threads().get(0));
        assertEquals("test-events", recorder.threads().get(0).getName());
    }

    @Test
    public void neverDeliversInsideThePostersCall() throws InterruptedException {
        dispatcher.addSink(EdgePortEvent.class, registry);
        CountDownLatch release = new CountDownLatch(1);
        registry.addListener(e -> {
            try {
                release.await(5, TimeUnit.SECONDS);
            } catch (InterruptedException ex) {
                Thread.currentThread().interrupt();
            }
            recorder.event(e);
        });
        dispatcher.post(event(1));
        // The listener waits for this thread: were it called inside post(), this would never be reached.
        release.countDown();
        assertTrue(dispatcher.awaitIdle(5, TimeUnit.SECONDS));
        assertEquals(1, recorder.events().size());
    }

    @Test
    public void awaitIdleCoversEventsPostedWhileDelivering() throws InterruptedException {
        dispatcher.addSink(EdgePortEvent.class, registry);
        registry.addListener(e -> {
            recorder.event(e);
            long port = e.subject().port().toLong();
            if (port < 20) {
                dispatcher.post(event((int) port + 1));
            }
        });
        dispatcher.post(event(1));
        assertTrue(dispatcher.awaitIdle(5, TimeUnit.SECONDS));
        assertEquals(20, recorder.events().size());
    }

    @Test
    public void aFailingListenerDoesNotStopTheOthers() throws InterruptedException {
        dispatcher.addSink(EdgePortEvent.class, registry);
        registry.addListener(e -> {
            throw new IllegalStateException("listener failure the test provokes");
        });
        registry.addListener(recorder::event);
        dispatcher.post(event(1));
        dispatcher.post(event(2));
        assertTrue(dispatcher.awaitIdle(5, TimeUnit.SECONDS));
        assertEquals(2, recorder.events().size());
    }

    @Test
    public void eventsWithoutASinkAreDropped() throws InterruptedException {
        dispatcher.post(event(1));
        assertTrue(dispatcher.awaitIdle(5, TimeUnit.SECONDS));
        assertTrue(dispatcher.getSinks().isEmpty());
    }

    @Test
    public void sinksAreRegisteredOncePerClass() {
        dispatcher.addSink(EdgePortEvent.class, registry);
        assertEquals(registry, dispatcher.getSink(EdgePortEvent.class));
        try {
            dispatcher.addSink(EdgePortEvent.class, new ListenerRegistry<>());
            fail("a second sink for a class must be refused");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains(EdgePortEvent.class.getName()));
        }
        dispatcher.removeSink(EdgePortEvent.class);
        assertFalse(dispatcher.getSinks().contains(EdgePortEvent.class));
    }

    @Test(expected = IllegalStateException.class)
    public void theEventThreadCannotWaitForItself() throws Throwable {
        dispatcher.addSink(EdgePortEvent.class, registry);
        Throwable[] thrown = new Throwable[1];
        registry.addListener(e -> {
            try {
                dispatcher.awaitIdle(1, TimeUnit.SECONDS);
            } catch (IllegalStateException | InterruptedException ex) {
                thrown[0] = ex;
            }
        });
        dispatcher.post(event(1));
        assertTrue(dispatcher.awaitIdle(5, TimeUnit.SECONDS));
        throw thrown[0];
    }
}
