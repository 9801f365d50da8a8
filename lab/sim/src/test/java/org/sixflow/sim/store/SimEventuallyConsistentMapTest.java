// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.store;

import org.junit.Test;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.LogicalTimestamp;
import org.onosproject.store.Timestamp;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.EventuallyConsistentMap;
import org.onosproject.store.service.WallClockTimestamp;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Tests the eventually consistent maps of the storage service. */
public class SimEventuallyConsistentMapTest {

    private final SimStorageService storage = new SimStorageService();

    private EventuallyConsistentMap<String, ArrayList<String>> map(java.util.function.BiFunction<String,
            ArrayList<String>, Timestamp> timestamps) {
        return storage.<String, ArrayList<String>>eventuallyConsistentMapBuilder().withName("ec")
                .withSerializer(KryoNamespace.newBuilder().register(KryoNamespaces.BASIC))
                .withTimestampProvider(timestamps).build();
    }

    @Test
    public void copiesValuesAndTellsListeners() {
        EventuallyConsistentMap<String, ArrayList<String>> map = map((k, v) -> new WallClockTimestamp());
        List<String> events = new ArrayList<>();
        map.addListener(e -> events.add(e.type() + " " + e.key() + " " + e.value()));
        ArrayList<String> value = new ArrayList<>(List.of("a"));
        map.put("k", value);
        value.add("later");
        assertEquals(List.of("a"), map.get("k"));
        assertNotSame(map.get("k"), map.get("k"));
        Map<String, List<String>> entries = new HashMap<>();
        map.entrySet().forEach(e -> entries.put(e.getKey(), e.getValue()));
        assertEquals(Map.of("k", List.of("a")), entries);
        assertEquals(List.of("a"), map.remove("k"));
        assertNull(map.get("k"));
        assertTrue(map.isEmpty());
        // Local writes are told on the writer's thread, after the write, as ONOS's map tells them.
        assertEquals(List.of("PUT k [a]", "REMOVE k [a]"), events);
        map.destroy();
        try {
            map.size();
            fail("destroyed");
        } catch (IllegalStateException e) {
            assertEquals("ec map is already destroyed", e.getMessage());
        }
    }

    @Test
    public void olderWritesLose() {
        AtomicLong clock = new AtomicLong(10);
        EventuallyConsistentMap<String, ArrayList<String>> map = map((k, v) -> new LogicalTimestamp(clock.get()));
        map.put("k", new ArrayList<>(List.of("new")));
        clock.set(5);
        map.put("k", new ArrayList<>(List.of("old")));
        assertEquals(List.of("new"), map.get("k"));
        map.remove("k");
        assertEquals(List.of("new"), map.get("k"));
        clock.set(20);
        assertEquals(List.of("new", "x"), map.compute("k", (k, v) -> {
            ArrayList<String> next = new ArrayList<>(v);
            next.add("x");
            return next;
        }));
        clock.set(30);
        map.remove("k");
        clock.set(25);
        map.put("k", new ArrayList<>(List.of("before the tombstone")));
        assertNull(map.get("k"));
    }

    @Test
    public void buildersNeedWhatOnosNeeds() {
        try {
            storage.<String, String>eventuallyConsistentMapBuilder().withName("x")
                    .withSerializer(KryoNamespaces.BASIC).build();
            fail("no timestamp provider");
        } catch (NullPointerException e) {
            assertEquals("timestampProvider is a mandatory parameter", e.getMessage());
        }
        EventuallyConsistentMap<String, Object> strict = storage.<String, Object>eventuallyConsistentMapBuilder()
                .withName("strict").withSerializer(KryoNamespaces.BASIC)
                .withTimestampProvider((k, v) -> new WallClockTimestamp()).build();
        try {
            strict.put("k", new Object() { });
            fail("an unregistered class must not serialize");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("not registered"));
        }
    }
}
