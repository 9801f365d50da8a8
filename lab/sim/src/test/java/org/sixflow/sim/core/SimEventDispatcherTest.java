// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import org.junit.After;
import org.junit.Test;
import org.onosproject.event.AbstractEvent;
import org.onosproject.event.EventSink;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Tests the event dispatcher. */
public class SimEventDispatcherTest {

    private static final Duration WAIT = Duration.ofSeconds(10);

    private final SimEventDispatcher dispatcher = new SimEventDispatcher();

    /** An event type for the tests. */
    static class TestEvent extends AbstractEvent<TestEvent.Type, String> {
        enum Type { HAPPENED }

        TestEvent(String subject) {
            super(Type.HAPPENED, subject);
        }
    }

    /** A subclass, which has its own sink or none. */
    static final class OtherEvent extends TestEvent {
        OtherEvent(String subject) {
            super(subject);
        }
    }

    @After
    public void tearDown() {
        dispatcher.close();
    }

    @Test
    public void deliversInOrderOnItsOwnThreadToTheExactClassSink() throws Exception {
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        List<String> threads = Collections.synchronizedList(new ArrayList<>());
        EventSink<TestEvent> sink = event -> {
            seen.add(event.subject());
            threads.add(Thread.currentThread().getName());
            if (event.subject().equals("bad")) {
                throw new IllegalStateException("sink failure");
            }
        };
        dispatcher.addSink(TestEvent.class, sink);
        assertSame(sink, dispatcher.getSink(TestEvent.class));
        assertEquals(Set.of(TestEvent.class), dispatcher.getSinks());
        for (String s : List.of("a", "bad", "b", "c")) {
            dispatcher.post(new TestEvent(s));
        }
        // A subclass has no sink of its own: not delivered, as in ONOS.
        dispatcher.post(new OtherEvent("other"));
        assertTrue(dispatcher.awaitIdle(WAIT));
        assertEquals(List.of("a", "bad", "b", "c"), seen);
        assertNotEquals(Thread.currentThread().getName(), threads.get(0));
        dispatcher.removeSink(TestEvent.class);
        assertNull(dispatcher.getSink(TestEvent.class));
    }

    @Test
    public void refusesBadLimitsAndDuplicateSinks() {
        try {
            dispatcher.setDispatchTimeLimit(100);
            fail("100 ms is below the watchdog's period");
        } catch (IllegalArgumentException e) {
            assertEquals("Time limit must be greater than 250", e.getMessage());
        }
        dispatcher.setDispatchTimeLimit(0);
        assertEquals(0, dispatcher.getDispatchTimeLimit());
        dispatcher.addSink(TestEvent.class, e -> { });
        try {
            dispatcher.addSink(TestEvent.class, e -> { });
            fail("one sink per class");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains(TestEvent.class.getName()));
        }
    }

    @Test
    public void tellsASlowSinkItExceededTheLimit() throws Exception {
        CountDownLatch told = new CountDownLatch(1);
        dispatcher.setDispatchTimeLimit(SimEventDispatcher.WATCHDOG_MILLIS);
        dispatcher.addSink(TestEvent.class, new EventSink<TestEvent>() {
            @Override
            public void process(TestEvent event) {
                try {
                    // Held until the watchdog speaks up.
                    told.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }

            @Override
            public void onProcessLimit() {
                told.countDown();
            }
        });
        dispatcher.post(new TestEvent("slow"));
        assertTrue(told.await(10, TimeUnit.SECONDS));
        assertTrue(dispatcher.awaitIdle(WAIT));
    }

    @Test
    public void neverDeliversInsideThePostersCallAndCountsWhatWasPosted() throws Exception {
        SimEventDispatcher named = new SimEventDispatcher("test-events");
        try {
            CountDownLatch release = new CountDownLatch(1);
            List<String> threads = Collections.synchronizedList(new ArrayList<>());
            named.addSink(TestEvent.class, event -> {
                try {
                    release.await(5, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                threads.add(Thread.currentThread().getName());
            });
            named.post(new TestEvent("a"));
            // The sink waits for this thread: were it called inside post(), this would never be reached.
            release.countDown();
            assertTrue(named.awaitIdle(5, TimeUnit.SECONDS));
            assertEquals(List.of("test-events"), threads);
            assertEquals(1, named.posted());
        } finally {
            named.close();
        }
    }

    @Test
    public void awaitIdleCoversEventsPostedWhileDelivering() throws Exception {
        List<String> seen = Collections.synchronizedList(new ArrayList<>());
        dispatcher.addSink(TestEvent.class, event -> {
            seen.add(event.subject());
            int n = Integer.parseInt(event.subject());
            if (n < 20) {
                dispatcher.post(new TestEvent(String.valueOf(n + 1)));
            }
        });
        dispatcher.post(new TestEvent("1"));
        assertTrue(dispatcher.awaitIdle(WAIT));
        assertEquals(20, seen.size());
        assertEquals(20, dispatcher.posted());
    }

    @Test
    public void theDispatchThreadCannotWaitForItself() throws Exception {
        List<Throwable> thrown = Collections.synchronizedList(new ArrayList<>());
        dispatcher.addSink(TestEvent.class, event -> {
            assertTrue(dispatcher.inDispatchThread());
            try {
                dispatcher.awaitIdle(1, TimeUnit.SECONDS);
            } catch (IllegalStateException | InterruptedException e) {
                thrown.add(e);
            }
        });
        dispatcher.post(new TestEvent("a"));
        assertTrue(dispatcher.awaitIdle(WAIT));
        assertEquals(1, thrown.size());
        assertTrue(thrown.get(0) instanceof IllegalStateException);
        assertTrue(!dispatcher.inDispatchThread());
    }
}
