// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.junit.After;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.Msr6TreeState;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.TestWorkPartitions;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.app.testing.Rejections.assertRejected;

/**
 * Trees in a cluster of instances sharing storage: each tree's owner installs, reroutes and
 * removes it; any instance takes requests; instances come and go without the cluster losing trees.
 */
public class Msr6TreeManagerClusterTest {

    private static final ConnectPoint H_BJ = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final Set<ConnectPoint> RECEIVERS = Set.of(ConnectPoint.deviceConnectPoint("device:nanjing/4"),
                                                              ConnectPoint.deviceConnectPoint("device:shanghai/3"),
                                                              ConnectPoint.deviceConnectPoint("device:guangzhou/3"));

    private final ClusterStorageService storage = new ClusterStorageService();
    private final TestWorkPartitions partitions = new TestWorkPartitions("two");
    private final List<Msr6TreeManagerFixture> instances = new ArrayList<>();

    @After
    public void tearDown() {
        storage.shutdown();
    }

    private Msr6TreeManagerFixture instance(String name) {
        Msr6TreeManagerFixture instance = new Msr6TreeManagerFixture(storage.instance(), partitions.instance(name));
        instances.add(instance);
        return instance;
    }

    private void settle() {
        Msr6TreeManagerFixture.settle(instances.toArray(new Msr6TreeManagerFixture[0]));
    }

    private static Msr6TreeRequest video() {
        return Msr6TreeRequest.of("video", H_BJ, Ip6Address.valueOf("ff3e::1"), RECEIVERS, Msr6Mode.TE,
                                  Msr6TreeRequest.Algorithm.STEINER);
    }

    private static void assertHolds(Msr6TreeManagerFixture instance, Msr6TreeEntries entries) {
        assertEquals(Set.copyOf(entries.allRules()), Set.copyOf(instance.rules));
        for (FlowRule rule : entries.allRules()) {
            assertTrue("holds " + rule, instance.rules.stream().anyMatch(r -> r.exactMatch(rule)));
        }
        assertEquals(entries.allGroups().size(), instance.groups.size());
    }

    @Test
    public void aTreeRequestedOnOneInstanceIsInstalledByItsOwnerAndOutlivesBoth() {
        Msr6TreeManagerFixture one = instance("one");
        Msr6TreeManagerFixture two = instance("two");
        Msr6Tree requested = one.manager.create(video());
        // Instance one took the request and stored it; the tree's owner, two, installs it.
        assertEquals(Msr6TreeState.REQUESTED, requested.state());
        settle();
        Msr6Tree installed = two.manager.tree("video").orElseThrow();
        assertEquals(Msr6TreeState.INSTALLED, installed.state());
        assertEquals(installed, one.manager.tree("video").orElseThrow());
        Msr6TreeEntries entries = two.record("video").installed().orElseThrow();
        assertHolds(two, entries);
        assertTrue("only the owner writes to the devices", one.rules.isEmpty() && one.groups.isEmpty());

        // Instance one leaves: nothing changes.
        one.deactivate();
        settle();
        assertHolds(two, entries);
        assertEquals(installed, two.manager.tree("video").orElseThrow());

        // The owner leaves too (an app reinstall): the devices and the cluster keep the tree.
        two.deactivate();
        assertHolds(two, entries);
        assertEquals(Msr6TreeState.INSTALLED, two.record("video").tree().state());

        // Instance two comes back with devices that lost the tree's entries: it puts them back.
        Msr6TreeManagerFixture again = instance("two");
        settle();
        assertHolds(again, entries);
        assertEquals(installed, again.manager.tree("video").orElseThrow());
    }

    @Test
    public void whenPartitionsMoveTheNewOwnerTakesOver() {
        partitions.assign(id -> "one");
        Msr6TreeManagerFixture one = instance("one");
        Msr6TreeManagerFixture two = instance("two");
        one.manager.create(video());
        settle();
        Msr6TreeEntries entries = one.record("video").installed().orElseThrow();
        assertHolds(one, entries);
        assertTrue(two.rules.isEmpty());

        partitions.assign(id -> "two");
        settle();
        // The new owner re-applies what the tree holds...
        assertHolds(two, entries);
        // ...and is the one that carries out a change, whichever instance took it.
        Msr6Tree changed = one.manager.updateReceivers("video", Set.of(ConnectPoint.deviceConnectPoint(
                "device:guangzhou/3")));
        assertEquals(Msr6TreeState.REQUESTED, changed.state());
        settle();
        Msr6TreeEntries after = two.record("video").installed().orElseThrow();
        assertEquals(Msr6TreeState.INSTALLED, two.record("video").tree().state());
        assertHolds(two, after);
        assertHolds(one, entries);
    }

    @Test
    public void aReapplyLeftUnconfirmedIsAppliedAgainAsItWasOnceTheDeviceHasANewMaster() {
        // As on a real cluster: the new owner re-applies while the stopping instance still masters
        // a device, which confirms nothing; the device's new master is what the tree lacked.
        DeviceId nanjing = DeviceId.deviceId("device:nanjing");
        partitions.assign(id -> "one");
        Msr6TreeManagerFixture one = instance("one");
        Msr6TreeManagerFixture two = instance("two");
        one.manager.create(video());
        settle();
        Msr6TreeEntries entries = one.record("video").installed().orElseThrow();
        two.refuseEntries.add(nanjing);
        partitions.assign(id -> "two");
        settle();
        assertEquals(Msr6TreeState.FAILED, two.record("video").tree().state());
        assertEquals(entries, two.record("video").installed().orElseThrow());
        two.refuseEntries.clear();
        two.mastership.setMaster(nanjing, false);
        settle();
        // The same version (number and entries), not a new one replacing every entry.
        assertEquals(Msr6TreeState.INSTALLED, two.record("video").tree().state());
        assertEquals(entries, two.record("video").installed().orElseThrow());
        assertEquals(Optional.of(entries), two.record("video").entries());
        assertHolds(two, entries);
        assertEquals(one.manager.tree("video"), two.manager.tree("video"));
    }

    @Test
    public void removingOnAnyInstanceIsCarriedOutByTheOwner() {
        Msr6TreeManagerFixture one = instance("one");
        Msr6TreeManagerFixture two = instance("two");
        two.manager.create(video());
        assertTrue(one.manager.remove("video"));
        settle();
        assertTrue(one.manager.trees().isEmpty());
        assertTrue(two.rules.isEmpty() && two.groups.isEmpty());
    }

    @Test
    public void duplicatesAreCheckedAgainstTheWholeCluster() {
        Msr6TreeManagerFixture one = instance("one");
        Msr6TreeManagerFixture two = instance("two");
        two.manager.create(Msr6TreeRequest.of("video", H_BJ, Ip6Address.valueOf("ff3e::1"), RECEIVERS,
                                              Msr6Mode.RLB, Msr6TreeRequest.Algorithm.STEINER));
        // Same (group, any source, ingress device) from another instance.
        assertRejected(() -> one.manager.create(Msr6TreeRequest.of(
                "again", H_BJ, Ip6Address.valueOf("ff3e::1"), RECEIVERS, Msr6Mode.RLB,
                Msr6TreeRequest.Algorithm.STEINER)), "already has tree video");
        assertRejected(() -> one.manager.create(video()), "in use");
        // Another group in RLB mode to the same receiver ports, from the other instance: its own
        // SIDs, groups and adjacencies beside the first tree's.
        one.manager.create(Msr6TreeRequest.of("audio", H_BJ, Ip6Address.valueOf("ff3e::2"), RECEIVERS,
                                              Msr6Mode.RLB, Msr6TreeRequest.Algorithm.STEINER));
        settle();
        assertEquals(2, two.manager.trees().size());
    }

    /**
     * Of several removals of one tree only the one that withdrew it succeeds (REST: one 204, the
     * others 404), and a change of receivers after the removal is refused: here no instance owns
     * the tree, so it stays WITHDRAWN, where the other requests used to find it and succeed too.
     */
    @Test
    public void onlyTheRemovalThatWithdrawsATreeSucceeds() {
        partitions.assign(id -> "elsewhere");
        Msr6TreeManagerFixture one = instance("one");
        one.manager.create(video());
        assertTrue(one.manager.remove("video"));
        assertFalse(one.manager.remove("video"));
        try {
            one.manager.updateReceivers("video", RECEIVERS);
            fail("a withdrawn tree took new receivers");
        } catch (ItemNotFoundException e) {
            assertTrue(e.getMessage().contains("video"));
        }
        assertEquals(Msr6TreeState.WITHDRAWN, one.record("video").tree().state());
    }

    @Test
    public void concurrentRemovalsOfOneTreeHaveOneWinner() throws Exception {
        partitions.assign(id -> "elsewhere");
        Msr6TreeManagerFixture one = instance("one");
        Msr6TreeManagerFixture two = instance("two");
        one.manager.create(video());
        int callers = 16;
        ExecutorService threads = Executors.newFixedThreadPool(callers);
        try {
            CountDownLatch start = new CountDownLatch(1);
            List<Future<Boolean>> removals = new ArrayList<>();
            for (int i = 0; i < callers; i++) {
                Msr6TreeManager manager = (i % 2 == 0 ? one : two).manager;
                removals.add(threads.submit(() -> {
                    start.await();
                    return manager.remove("video");
                }));
            }
            start.countDown();
            int succeeded = 0;
            for (Future<Boolean> removal : removals) {
                succeeded += removal.get(10, TimeUnit.SECONDS) ? 1 : 0;
            }
            assertEquals(1, succeeded);
        } finally {
            threads.shutdownNow();
        }
    }
}
