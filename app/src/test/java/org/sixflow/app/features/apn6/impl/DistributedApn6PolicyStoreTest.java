// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import com.google.common.collect.Maps;
import org.junit.After;
import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.Apn6PolicyEvent;
import org.sixflow.app.features.apn6.api.ApplicationAwareId;
import org.sixflow.app.features.apn6.api.PortRange;
import org.sixflow.app.lifecycle.OwnedWiring;
import org.sixflow.app.lifecycle.Stored;
import org.sixflow.app.testing.ClusterStorageService;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.locks.ReentrantLock;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The distributed policy store on storage that behaves like a cluster's: shared by instances,
 * every value through the serializer, events on the map's own thread.
 */
public class DistributedApn6PolicyStoreTest {

    /** Short, so that a stalled map fails the test quickly. */
    private final ClusterStorageService storage = new ClusterStorageService(500);
    private final DistributedApn6PolicyStore one = store(storage);
    private final DistributedApn6PolicyStore two = store(storage.instance());
    private final List<Apn6PolicyEvent> heardByOne = new CopyOnWriteArrayList<>();
    private final List<Apn6PolicyEvent> heardByTwo = new CopyOnWriteArrayList<>();

    private static DistributedApn6PolicyStore store(ClusterStorageService storage) {
        DistributedApn6PolicyStore store = new DistributedApn6PolicyStore();
        OwnedWiring.storageService(store, storage);
        store.activate();
        return store;
    }

    @After
    public void tearDown() {
        one.deactivate();
        two.deactivate();
        storage.shutdown();
    }

    /** A policy that uses every type the store holds. */
    private static Apn6Policy policy(String id, String source) {
        return Apn6Policy.of(id, "gold video", 100, Apn6Match.builder().source(Ip6Prefix.valueOf(source))
                                     .destination(Ip6Prefix.valueOf("fd00:5::/32")).nextHeader(17)
                                     .sourcePorts(PortRange.of(1000, 2000)).destinationPorts(PortRange.of(5004, 5004))
                                     .ingressPorts(Set.of(ConnectPoint.deviceConnectPoint("device:beijing/3"))).build(),
                             ApplicationAwareId.of(3, 0x1234, 7, 0xFFFF_FFFFL), 5, true);
    }

    private static List<Apn6PolicyEvent.Type> types(List<Apn6PolicyEvent> events) {
        return events.stream().map(Apn6PolicyEvent::type).collect(Collectors.toList());
    }

    @Test
    public void everyInstanceSeesEveryChangeAndItsDelegateHearsIt() {
        one.setDelegate(heardByOne::add);
        two.setDelegate(heardByTwo::add);
        Apn6Policy first = policy("video", "fd00:1:1::/64");
        Apn6Policy second = policy("video", "fd00:1:2::/64");
        assertTrue(one.add(first));
        assertFalse("the id is taken", two.add(second));
        assertEquals(Optional.of(first), two.replace(second));
        assertTrue(two.setStatus(second, InstallStatus.INSTALLED));
        assertEquals(Optional.of(InstallStatus.INSTALLED), one.status("video"));
        assertEquals(List.of(second), List.copyOf(one.all()));
        assertEquals(Optional.of(second), one.remove("video"));
        assertEquals(Optional.empty(), two.get("video"));
        storage.awaitEvents();

        List<Apn6PolicyEvent.Type> expected = List.of(
                Apn6PolicyEvent.Type.POLICY_ADDED, Apn6PolicyEvent.Type.POLICY_UPDATED,
                Apn6PolicyEvent.Type.POLICY_INSTALLED, Apn6PolicyEvent.Type.POLICY_REMOVED);
        assertEquals(expected, types(heardByOne));
        assertEquals(expected, types(heardByTwo));
        assertEquals(first, heardByTwo.get(1).previous().orElseThrow());
        assertEquals(InstallStatus.REQUESTED, heardByTwo.get(1).status());
        assertEquals(InstallStatus.INSTALLED, heardByTwo.get(3).status());
    }

    @Test
    public void theListedPoliciesFollowThisInstanceAtOnceAndAnotherOnItsEvents() {
        Apn6Policy first = policy("video", "fd00:1:1::/64");
        Apn6Policy second = policy("video", "fd00:1:2::/64");
        assertEquals(Map.of(), one.listed());
        one.add(first);
        assertEquals(Map.of("video", Maps.immutableEntry(first, InstallStatus.REQUESTED)), one.listed());
        assertEquals(Map.of("video", Maps.immutableEntry(first, InstallStatus.REQUESTED)), two.listed());
        two.replace(second);
        two.setStatus(second, InstallStatus.INSTALLED);
        assertEquals(Map.of("video", Maps.immutableEntry(second, InstallStatus.INSTALLED)), two.listed());
        storage.awaitEvents();
        assertEquals(Map.of("video", Maps.immutableEntry(second, InstallStatus.INSTALLED)), one.listed());
        one.remove("video");
        assertEquals(Map.of(), one.listed());
        storage.awaitEvents();
        assertEquals(Map.of(), two.listed());
    }

    @Test
    public void everyStoredTypeCrossesTheSerializer() {
        Apn6Policy policy = policy("video", "fd00:1:1::/64");
        InstallStatus failed = InstallStatus.failed(DeviceId.deviceId("device:wuhan"), "refused 1 entry");
        one.add(policy);
        one.setStatus(policy, failed);
        assertEquals(Optional.of(policy), two.get("video"));
        assertEquals(Optional.of(failed), two.status("video"));
        Stored<Apn6Policy> stored = new Stored<>(policy, failed);
        assertEquals(stored, DistributedApn6PolicyStore.SERIALIZER.decode(
                DistributedApn6PolicyStore.SERIALIZER.encode(stored)));
    }

    @Test
    public void aStatusForAVersionNoLongerStoredIsDropped() {
        Apn6Policy first = policy("video", "fd00:1:1::/64");
        Apn6Policy second = policy("video", "fd00:1:2::/64");
        one.add(first);
        one.replace(second);
        assertFalse(two.setStatus(first, InstallStatus.INSTALLED));
        assertEquals(Optional.of(InstallStatus.REQUESTED), two.status("video"));
        one.remove("video");
        assertFalse(two.setStatus(second, InstallStatus.INSTALLED));
        assertEquals(Optional.empty(), two.status("video"));
        assertEquals(Optional.empty(), two.replace(second));
    }

    @Test
    public void replacingAPolicyWithItselfChangesNothing() {
        Apn6Policy policy = policy("video", "fd00:1:1::/64");
        one.add(policy);
        one.setStatus(policy, InstallStatus.INSTALLED);
        storage.awaitEvents();
        two.setDelegate(heardByTwo::add);
        assertEquals(Optional.of(policy), one.replace(policy));
        storage.awaitEvents();
        assertEquals(List.of(), heardByTwo);
        assertEquals(Optional.of(InstallStatus.INSTALLED), one.status("video"));
    }

    @Test
    public void aDelegateThatWaitsForAWritersLockDoesNotStallTheWriter() {
        // A manager holds its lock across store writes; its delegate takes the same lock. Were the
        // delegate called on the map's thread, it would wait there for the lock while the writer
        // waits for the map's thread: the second write would time out.
        ReentrantLock managerLock = new ReentrantLock();
        one.setDelegate(event -> {
            managerLock.lock();
            try {
                heardByOne.add(event);
            } finally {
                managerLock.unlock();
            }
        });
        managerLock.lock();
        try {
            assertTrue(one.add(policy("a", "fd00:1:1::/64")));
            assertTrue(one.add(policy("b", "fd00:1:2::/64")));
            assertTrue(one.remove("a").isPresent());
        } finally {
            managerLock.unlock();
        }
        storage.awaitEvents();
        assertEquals(List.of(Apn6PolicyEvent.Type.POLICY_ADDED, Apn6PolicyEvent.Type.POLICY_ADDED,
                             Apn6PolicyEvent.Type.POLICY_REMOVED), types(heardByOne));
    }
}
