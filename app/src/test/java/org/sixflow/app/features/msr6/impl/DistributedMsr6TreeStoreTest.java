// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.junit.After;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6TreeEvent;
import org.sixflow.app.features.msr6.api.Msr6TreeFailure;
import org.sixflow.app.features.msr6.api.Msr6TreeRecord;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.Msr6TreeState;
import org.sixflow.app.features.msr6.impl.compile.Msr6RuleCompiler;
import org.sixflow.app.testing.ClusterStorageService;
import org.sixflow.app.testing.LabNetwork;
import org.sixflow.app.testing.TestPipeconfService;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The tree store keeps whole records through ONOS's serializer, shares them between instances,
 * keeps trees apart, and tells its delegate about every change without holding up the maps.
 */
public class DistributedMsr6TreeStoreTest {

    private static final ConnectPoint H_BJ = ConnectPoint.deviceConnectPoint("device:beijing/3");

    /** A short operation timeout: a write stalled by a listener fails fast. */
    private final ClusterStorageService storage = new ClusterStorageService(500);
    private final DistributedMsr6TreeStore store = store(storage);
    private final List<Msr6TreeEvent> events = new CopyOnWriteArrayList<>();
    private final List<String> threads = new CopyOnWriteArrayList<>();

    @After
    public void tearDown() {
        store.deactivate();
        storage.shutdown();
    }

    private static DistributedMsr6TreeStore store(ClusterStorageService storage) {
        DistributedMsr6TreeStore store = new DistributedMsr6TreeStore();
        store.storageService = storage;
        store.activate();
        return store;
    }

    private static Msr6TreeRequest request(String id, String group, String... receivers) {
        return Msr6TreeRequest.of(id, H_BJ, Ip6Address.valueOf(group),
                                  Set.of(java.util.Arrays.stream(receivers).map(ConnectPoint::deviceConnectPoint)
                                                 .toArray(ConnectPoint[]::new)),
                                  Msr6Mode.TE, Msr6TreeRequest.Algorithm.STEINER);
    }

    /** A record whose tree is built on the lab network, so it holds real PI entries and groups. */
    private static Msr6TreeRecord built(Msr6TreeRequest request, int number) {
        LabNetwork lab = new LabNetwork();
        TreeBuilder builder = new TreeBuilder(lab.devices, lab.linkService, lab.netcfg, new TestPipeconfService(),
                                              new Msr6RuleCompiler(new DefaultApplicationId(1, "org.sixflow.app")));
        TreeBuilder.Built built = builder.build(request, number);
        return Msr6TreeRecord.requested(request).withBuilt(built.tree, built.entries).withInstalled(built.entries);
    }

    private void settle() {
        storage.awaitEvents();
        while (!store.events().idle()) {
            Thread.yield();
        }
    }

    @Test
    public void aRecordCrossesTheSerializerWholeAndAnotherInstanceReadsIt() {
        Msr6TreeRecord record = built(request("video", "ff3e::1", "device:nanjing/4", "device:guangzhou/3"), 7);
        assertEquals(Optional.empty(), store.add(record));
        DistributedMsr6TreeStore other = store(storage.instance());
        try {
            Msr6TreeRecord read = other.record("video").orElseThrow();
            assertEquals(record, read);
            // Entries keep their actions and groups their buckets, not just their keys.
            for (FlowRule rule : record.installed().orElseThrow().allRules()) {
                assertTrue(rule.toString(), read.installed().orElseThrow().allRules().stream()
                        .anyMatch(r -> r.exactMatch(rule)));
            }
            assertEquals(record.entries().orElseThrow().allGroups().stream().map(g -> g.buckets())
                                 .collect(Collectors.toList()),
                         read.entries().orElseThrow().allGroups().stream().map(g -> g.buckets())
                                 .collect(Collectors.toList()));
            Msr6TreeFailure failure = Msr6TreeFailure.onDevice(DeviceId.deviceId("device:wuhan"), "refused");
            store.update("video", r -> r.withTree(r.tree().failed(failure)));
            assertEquals(failure, other.record("video").orElseThrow().tree().failure().orElseThrow());
        } finally {
            other.deactivate();
        }
    }

    @Test
    public void theListedRecordsFollowThisInstanceAtOnceAndAnotherOnItsEvents() {
        Msr6TreeRecord record = built(request("video", "ff3e::1", "device:nanjing/4"), 7);
        assertEquals(List.of(), store.listedRecords());
        store.add(record);
        assertEquals(List.of(record), store.listedRecords());
        DistributedMsr6TreeStore other = store(storage.instance());
        try {
            assertEquals(List.of(record), other.listedRecords());
            Msr6TreeFailure failure = Msr6TreeFailure.onDevice(DeviceId.deviceId("device:wuhan"), "refused");
            Msr6TreeRecord failed = other.update("video", r -> r.withTree(r.tree().failed(failure))).orElseThrow();
            assertEquals(List.of(failed), other.listedRecords());
            settle();
            assertEquals(List.of(failed), store.listedRecords());
            Msr6TreeRecord audio = Msr6TreeRecord.requested(request("audio", "ff3e::2", "device:nanjing/4"));
            other.add(audio);
            store.remove("video");
            settle();
            assertEquals(List.of(audio), store.listedRecords());
            assertEquals(List.of(audio), other.listedRecords());
        } finally {
            other.deactivate();
        }
    }

    @Test
    public void theEntryIndexFollowsThisInstanceAtOnceAndAnotherOnItsEvents() {
        Msr6TreeRequest request = request("video", "ff3e::1", "device:nanjing/4");
        Msr6TreeRecord built = built(request, 7);
        FlowRule rule = built.installed().orElseThrow().allRules().get(0);
        DistributedMsr6TreeStore other = store(storage.instance());
        try {
            store.add(Msr6TreeRecord.requested(request));
            assertEquals(Optional.of("video"), store.ingressHolder(request));
            assertEquals(Optional.of("video"), other.ingressHolder(request));
            assertEquals(Optional.empty(), store.ingressHolder(request("audio", "ff3e::2", "device:nanjing/4")));
            // Its own write is in this instance's index before any event: the owner's next check sees it.
            store.update("video", r -> built);
            assertEquals(Set.of("video"), store.entryHolders().rules(rule.id()).keySet());
            assertTrue(store.claims("audio").claims(rule));
            assertTrue("its installed entries count while it is checked", store.claims("video").claims(rule));
            settle();
            assertEquals(Set.of("video"), other.entryHolders().rules(rule.id()).keySet());
            other.remove("video");
            assertTrue(other.entryHolders().rules(rule.id()).isEmpty());
            settle();
            assertTrue(store.entryHolders().rules(rule.id()).isEmpty());
            assertFalse(store.claims("audio").claims(rule));
            assertEquals(Optional.empty(), store.ingressHolder(request));
        } finally {
            other.deactivate();
        }
    }

    @Test
    public void aNewInstanceIndexesTheTreesAlreadyStored() {
        Msr6TreeRecord record = built(request("video", "ff3e::1", "device:nanjing/4"), 7);
        store.add(record);
        DistributedMsr6TreeStore other = store(storage.instance());
        try {
            for (FlowRule rule : record.installed().orElseThrow().allRules()) {
                assertEquals(Set.of("video"), other.entryHolders().rules(rule.id()).keySet());
            }
        } finally {
            other.deactivate();
        }
    }

    @Test
    public void everyChangeReachesTheDelegateOffTheMapThread() {
        store.setDelegate(event -> {
            events.add(event);
            threads.add(Thread.currentThread().getName());
        });
        Msr6TreeRequest request = request("video", "ff3e::1", "device:nanjing/4");
        store.add(Msr6TreeRecord.requested(request));
        Msr6TreeRecord built = built(request, 1);
        store.update("video", r -> built);
        store.update("video", r -> r.withTree(r.tree().withState(Msr6TreeState.INSTALLED)));
        store.update("video", r -> r.withTree(r.tree().failed(Msr6TreeFailure.of("no path"))));
        store.update("video", r -> r);
        store.remove("video");
        settle();
        assertEquals(List.of(Msr6TreeEvent.Type.TREE_ADDED, Msr6TreeEvent.Type.TREE_UPDATED,
                             Msr6TreeEvent.Type.TREE_INSTALLED, Msr6TreeEvent.Type.TREE_FAILED,
                             Msr6TreeEvent.Type.TREE_REMOVED),
                     events.stream().map(Msr6TreeEvent::type).collect(Collectors.toList()));
        assertTrue(threads.toString(), threads.stream().noneMatch(t -> t.startsWith("atomix-")));
    }

    @Test
    public void aDelegateWaitingForTheWritersLockDoesNotStallTheWrite() {
        Object lock = new Object();
        store.setDelegate(event -> {
            synchronized (lock) {
                events.add(event);
            }
        });
        synchronized (lock) {
            // A manager writing while it holds its lock: the write must not wait for the delegate.
            assertEquals(Optional.empty(), store.add(Msr6TreeRecord.requested(request("video", "ff3e::1",
                                                                                       "device:nanjing/4"))));
            store.update("video", r -> r.withTree(r.tree().withState(Msr6TreeState.WITHDRAWN)));
        }
        settle();
        assertEquals(2, events.size());
    }

    @Test
    public void treesAreKeptApartByIdAndIngressAndFreedOnRemoval() {
        assertEquals(Optional.empty(), store.add(Msr6TreeRecord.requested(request("video", "ff3e::1",
                                                                                   "device:nanjing/4"))));
        assertEquals(Optional.of("video"), store.add(Msr6TreeRecord.requested(request("video", "ff3e::2",
                                                                                       "device:nanjing/4"))));
        // Same group, any source, same ingress device.
        assertEquals(Optional.of("video"), store.add(Msr6TreeRecord.requested(request("audio", "ff3e::1",
                                                                                       "device:shanghai/3"))));
        // A source-specific tree of the group is another (S, G).
        assertEquals(Optional.empty(), store.add(Msr6TreeRecord.requested(
                request("audio", "ff3e::1", "device:shanghai/3").withSourceAddress(Ip6Address.valueOf("fd00::10")))));
        assertEquals(1, store.claimNumber("video"));
        assertEquals(2, store.claimNumber("video"));
        assertEquals(3, store.claimNumber("audio"));
        assertTrue(store.remove("video").isPresent());
        assertFalse(store.record("video").isPresent());
        // Its numbers and its ingress are free again.
        assertEquals(1, store.freeNumber());
        assertEquals(Optional.empty(), store.add(Msr6TreeRecord.requested(request("radio", "ff3e::1",
                                                                                   "device:nanjing/4"))));
        assertEquals(2, store.records().size());
    }
}
