// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.junit.After;
import org.junit.Test;
import org.onosproject.store.serializers.KryoNamespaces;
import org.onosproject.store.service.ConsistentMap;
import org.onosproject.store.service.ConsistentMapAdapter;
import org.onosproject.store.service.Serializer;
import org.onosproject.store.service.Versioned;
import org.sixflow.app.testing.ClusterStorageService;

import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertSame;

/**
 * A map's entries decoded once per change: this instance's writes are seen at once, another
 * instance's once their event arrives, and a change while the entries are read is never lost.
 */
public class MapSnapshotTest {

    private final ClusterStorageService storage = new ClusterStorageService(500);
    private final ConsistentMap<String, String> one = map(storage);
    private final ConsistentMap<String, String> two = map(storage.instance());
    private final MapSnapshot<String, String> snapshot = new MapSnapshot<>(one);

    private static ConsistentMap<String, String> map(ClusterStorageService storage) {
        return storage.<String, String>consistentMapBuilder().withName("snapshot-test")
                .withSerializer(Serializer.using(KryoNamespaces.API)).build();
    }

    @After
    public void tearDown() {
        snapshot.close();
        storage.shutdown();
    }

    @Test
    public void readsAgainOnlyAfterAChange() {
        one.put("a", "1");
        snapshot.changed();
        storage.awaitEvents();     // the write's own event counts as a change too
        Map<String, String> first = snapshot.get();
        assertEquals(Map.of("a", "1"), first);
        assertSame("nothing changed: the same entries, not decoded again", first, snapshot.get());

        one.put("b", "2");
        snapshot.changed();
        assertEquals("this instance's write, at once", Map.of("a", "1", "b", "2"), snapshot.get());
    }

    @Test
    public void anotherInstancesWriteIsSeenOnceItsEventArrives() {
        assertEquals(Map.of(), snapshot.get());
        two.put("a", "1");
        two.put("b", "2");
        two.remove("a");
        storage.awaitEvents();
        assertEquals(Map.of("b", "2"), snapshot.get());
    }

    @Test
    public void aChangeWhileTheEntriesAreReadIsNotLost() {
        // A map whose every read races a write (and its event) of another instance.
        Map<String, String> stored = new HashMap<>(Map.of("a", "1"));
        MapSnapshot<String, String>[] racing = new MapSnapshot[1];
        ConsistentMap<String, String> map = new ConsistentMapAdapter<>() {
            @Override
            public Set<Map.Entry<String, Versioned<String>>> entrySet() {
                Set<Map.Entry<String, Versioned<String>>> read = stored.entrySet().stream()
                        .collect(Collectors.toMap(Map.Entry::getKey, e -> new Versioned<>(e.getValue(), 1)))
                        .entrySet();
                stored.put("b", String.valueOf(stored.size()));
                racing[0].changed();
                return read;
            }
        };
        racing[0] = new MapSnapshot<>(map);
        Map<String, String> before = racing[0].get();
        assertEquals(Map.of("a", "1"), before);
        Map<String, String> after = racing[0].get();
        assertNotSame("read again: the change came during the first read", before, after);
        assertEquals(Map.of("a", "1", "b", "1"), after);
    }
}
