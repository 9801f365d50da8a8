// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.store;

import org.junit.After;
import org.junit.Test;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.AsyncConsistentMap;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.Versioned;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Tests the consistent maps of the storage service. */
public class SimConsistentMapTest {

    private static final Duration WAIT = Duration.ofSeconds(10);
    private static final Serializer SERIALIZER = Serializer.using(KryoNamespaces.BASIC);

    private final SimStorageService storage = new SimStorageService();

    @After
    public void tearDown() {
        storage.close();
    }

    private <K, V> ConsistentMap<K, V> map(String name) {
        return storage.<K, V>consistentMapBuilder().withName(name).withSerializer(SERIALIZER).build();
    }

    @Test
    public void mapsAreSharedByNameAndCopyThroughTheSerializer() {
        ConsistentMap<String, ArrayList<String>> one = map("lists");
        ConsistentMap<String, ArrayList<String>> two = map("lists");
        ArrayList<String> value = new ArrayList<>(List.of("a"));
        one.put("k", value);
        value.add("changed after put");
        assertEquals(List.of("a"), two.get("k").value());
        assertNotSame(two.get("k").value(), two.get("k").value());
        assertTrue(map("other").isEmpty());
    }

    @Test
    public void typesTheSerializerDoesNotKnowFail() {
        ConsistentMap<String, Object> map = map("strict");
        try {
            map.put("k", new Object() { });
            fail("an unregistered class must not serialize");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("not registered"));
        }
        assertTrue(map.isEmpty());
    }

    @Test
    public void versionsAndAtomicOperations() {
        ConsistentMap<String, String> map = map("ops");
        Versioned<String> first = map.putAndGet("a", "1");
        assertTrue(first.creationTime() > 0);
        assertEquals(first, map.putAndGet("a", "1"));
        Versioned<String> second = map.putAndGet("a", "2");
        assertTrue(second.version() > first.version());
        assertEquals("2", map.putIfAbsent("a", "3").value());
        assertFalse(map.replace("a", first.version(), "4"));
        assertTrue(map.replace("a", second.version(), "4"));
        assertFalse(map.replace("a", "2", "5"));
        assertTrue(map.replace("a", "4", "5"));
        assertEquals("5", map.replace("a", "6").value());
        assertNull(map.replace("missing", "x"));
        assertFalse(map.remove("a", "5"));
        assertTrue(map.remove("a", "6"));
        assertNull(map.get("a"));
        assertEquals("x", map.computeIfAbsent("b", k -> "x").value());
        assertEquals("x", map.computeIfAbsent("b", k -> "y").value());
        assertEquals("xz", map.computeIfPresent("b", (k, v) -> v + "z").value());
        assertNull(map.computeIfPresent("c", (k, v) -> "never"));
        assertEquals("xz", map.computeIf("b", v -> v.startsWith("q"), (k, v) -> "no").value());
        assertNull(map.compute("b", (k, v) -> null));
        assertFalse(map.containsKey("b"));
        // Value and version: Versioned's equals also compares its creation time, a clock reading
        // that can move a millisecond between the two (a flaky failure in CI).
        Versioned<String> fallback = map.getOrDefault("none", "d");
        assertEquals("d", fallback.value());
        assertEquals(0, fallback.version());
        map.put("p", "1");
        long version = map.get("p").version();
        assertFalse(map.remove("p", version + 1));
        assertTrue(map.remove("p", version));
        map.put("q", "1");
        map.put("r", "2");
        assertEquals(Map.of("q", "1", "r", "2"), Map.copyOf(map.asJavaMap()));
        assertTrue(map.containsValue("2"));
        map.clear();
        assertEquals(0, map.size());
    }

    @Test
    public void listenersHearEveryChangeOnTheMapsThreadAfterTheWrite() throws Exception {
        ConsistentMap<String, String> map = map("events");
        CountDownLatch release = new CountDownLatch(1);
        List<String> events = Collections.synchronizedList(new ArrayList<>());
        List<String> threads = Collections.synchronizedList(new ArrayList<>());
        map.addListener(event -> {
            try {
                release.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            threads.add(Thread.currentThread().getName());
            events.add(describe(event));
        });
        // The listener is held: writes must not wait for it.
        map.put("k", "1");
        map.put("k", "1");
        map.put("k", "2");
        map.remove("k");
        assertTrue(events.isEmpty());
        release.countDown();
        assertTrue(storage.awaitEvents(WAIT));
        assertEquals(List.of("INSERT k null->1", "UPDATE k 1->2", "REMOVE k 2->null"), events);
        assertNotEquals(Thread.currentThread().getName(), threads.get(0));
    }

    @Test
    public void listenersMayAskForTheirOwnExecutor() throws Exception {
        ConsistentMap<String, String> map = map("executor");
        ExecutorService mine = Executors.newSingleThreadExecutor(r -> new Thread(r, "mine"));
        try {
            List<String> threads = Collections.synchronizedList(new ArrayList<>());
            map.addListener(event -> threads.add(Thread.currentThread().getName()), mine);
            map.put("k", "v");
            assertTrue(storage.awaitEvents(WAIT));
            assertEquals(List.of("mine"), threads);
        } finally {
            mine.shutdownNow();
        }
    }

    @Test
    public void asyncMapsAndReadOnlyMaps() {
        AsyncConsistentMap<String, String> async = storage.<String, String>consistentMapBuilder()
                .withName("async").withSerializer(SERIALIZER).buildAsyncMap();
        async.put("k", "v").join();
        assertEquals("v", map("async").get("k").value());
        assertEquals("v", async.asConsistentMap().get("k").value());
        assertTrue(async.begin(null).isCompletedExceptionally());

        ConsistentMap<String, String> readOnly = storage.<String, String>consistentMapBuilder()
                .withName("async").withSerializer(SERIALIZER).withUpdatesDisabled().build();
        assertEquals("v", readOnly.get("k").value());
        try {
            readOnly.put("k", "w");
            fail("updates are disabled");
        } catch (UnsupportedOperationException e) {
            assertTrue(e.getMessage().contains("updates disabled"));
        }
    }

    @Test
    public void buildersNeedANameAndASerializer() {
        try {
            storage.consistentMapBuilder().withName("x").build();
            fail("no serializer");
        } catch (IllegalStateException e) {
            assertTrue(e.getMessage().contains("needs a serializer"));
        }
        try {
            storage.setBuilder();
            fail("sets are not simulated");
        } catch (UnsupportedOperationException e) {
            assertEquals("Distributed set is not simulated", e.getMessage());
        }
    }

    @Test
    public void countersAreSharedByName() {
        storage.getAtomicCounter("c").incrementAndGet();
        assertEquals(1, storage.getAtomicCounter("c").addAndGet(0));
        assertTrue(storage.getAtomicCounter("c").compareAndSet(1, 5));
        assertEquals(5, storage.atomicCounterBuilder().withName("c").build().asAtomicCounter().get());
    }

    private static String describe(MapEvent<String, String> e) {
        return e.type() + " " + e.key() + " " + (e.oldValue() == null ? null : e.oldValue().value()) + "->"
                + (e.newValue() == null ? null : e.newValue().value());
    }
}
