// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.junit.After;
import org.junit.Test;
import org.onlab.util.KryoNamespace;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.MapEvent;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.StorageException;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** The test storage behaves as ONOS's does where managers can get it wrong. */
public class ClusterStorageServiceTest {

    private static final Serializer SERIALIZER = Serializer.using(KryoNamespaces.API);
    private final ClusterStorageService one = new ClusterStorageService(500);

    @After
    public void tearDown() {
        one.shutdown();
    }

    private ConsistentMap<String, String> map(ClusterStorageService storage) {
        return storage.<String, String>consistentMapBuilder().withName("m").withSerializer(SERIALIZER).build();
    }

    @Test
    public void instancesShareMapsByName() {
        map(one).put("a", "1");
        assertEquals("1", map(one.instance()).get("a").value());
    }

    @Test
    public void valuesCrossTheSerializer() {
        ConsistentMap<String, Object> map = one.<String, Object>consistentMapBuilder().withName("x")
                .withSerializer(Serializer.using(KryoNamespace.newBuilder().register(KryoNamespaces.BASIC)
                                                         .build("basic"))).build();
        List<String> value = new java.util.ArrayList<>(List.of("a"));
        map.put("k", value);
        assertNotSame(value, map.get("k").value());
        try {
            map.put("k", new Object() { });
            fail("an unregistered type was stored");
        } catch (RuntimeException expected) {
            // Kryo refuses it, as in ONOS
        }
    }

    @Test
    public void eventsReachEveryInstanceAfterTheCall() {
        List<MapEvent<String, String>> seen = new CopyOnWriteArrayList<>();
        map(one.instance()).addListener(seen::add);
        map(one).put("a", "1");
        map(one).remove("a");
        one.awaitEvents();
        assertEquals(List.of(MapEvent.Type.INSERT, MapEvent.Type.REMOVE),
                     seen.stream().map(MapEvent::type).collect(java.util.stream.Collectors.toList()));
        assertEquals("1", seen.get(1).oldValue().value());
    }

    @Test
    public void aListenerWaitingForTheWritersLockStallsTheWrite() {
        Object lock = new Object();
        ConsistentMap<String, String> map = map(one);
        map.addListener(event -> {
            synchronized (lock) {
                // a manager method's body
            }
        });
        synchronized (lock) {
            map.put("a", "1");
            try {
                map.put("b", "2");
                fail("the put did not wait for the stalled listener");
            } catch (StorageException.Timeout expected) {
                // the event thread is stuck in the listener
            }
        }
        one.awaitEvents();
        assertTrue(map.containsKey("b"));
    }
}
