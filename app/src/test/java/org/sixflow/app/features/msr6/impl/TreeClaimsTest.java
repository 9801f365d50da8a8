// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.junit.After;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiTableId;
import org.sixflow.app.api.TableFullException;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.Msr6TreeState;
import org.sixflow.app.testing.SmallTables;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO;

/**
 * Admission of trees by table room (TreeClaims with the manager and the owner's reconciler):
 * beijing, every tree's ingress, runs the bmv2 pipeline with small tables.
 */
public class TreeClaimsTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final ConnectPoint H_BJ = ConnectPoint.deviceConnectPoint("device:beijing/3");
    private static final ConnectPoint NANJING = ConnectPoint.deviceConnectPoint("device:nanjing/4");
    private static final ConnectPoint GUANGZHOU = ConnectPoint.deviceConnectPoint("device:guangzhou/3");
    private static final PiTableId ENCAP = SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;

    private final Msr6TreeManagerFixture fixture = new Msr6TreeManagerFixture();

    @After
    public void tearDown() {
        fixture.storage.shutdown();
    }

    private void smallTables(Map<PiTableId, Long> sizes) {
        PiPipeconf small = SmallTables.bmv2(sizes);
        fixture.pipeconfs.register(small);
        fixture.pipeconfs.bindToDevice(small.id(), BEIJING);
    }

    private static Msr6TreeRequest request(String id, int group) {
        return Msr6TreeRequest.of(id, H_BJ, Ip6Address.valueOf("ff3e:" + group + "::1"), Set.of(NANJING), Msr6Mode.TE,
                                  Msr6TreeRequest.Algorithm.SHORTEST_PATHS);
    }

    private long encapEntries() {
        return fixture.rules.stream().filter(r -> r.deviceId().equals(BEIJING) && r.table().equals(ENCAP)).count();
    }

    private void assertFull(Runnable action, String message) {
        try {
            action.run();
            fail("accepted");
        } catch (TableFullException e) {
            assertEquals(message, e.getMessage());
            assertEquals(BEIJING, e.shortfall().deviceId());
        }
    }

    @Test
    public void aTreeThatDoesNotFitIsRefusedNamingTheDeviceAndTableUntilRoomIsFreed() {
        smallTables(Map.of(ENCAP, 2L));
        assertEquals(Msr6TreeState.INSTALLED, fixture.manager.create(request("a", 1)).state());
        assertEquals(Msr6TreeState.INSTALLED, fixture.manager.create(request("b", 2)).state());
        assertFull(() -> fixture.manager.create(request("c", 3)),
                   "device:beijing table msr6_encap holds 2 entries, 2 in use, this tree needs 1 more");
        assertFalse("nothing stored", fixture.manager.tree("c").isPresent());
        assertEquals(2, encapEntries());

        assertTrue(fixture.manager.remove("a"));
        fixture.settle();
        fixture.pollGroups();
        assertEquals(Msr6TreeState.INSTALLED, fixture.manager.create(request("c", 3)).state());
        assertEquals(2, encapEntries());
    }

    @Test
    public void aReceiverChangeRewritesItsIngressEntryInPlace() {
        smallTables(Map.of(ENCAP, 1L));
        fixture.manager.create(request("a", 1));
        Msr6Tree changed = fixture.manager.updateReceivers("a", Set.of(NANJING, GUANGZHOU));
        assertEquals(Msr6TreeState.INSTALLED, changed.state());
        assertEquals(2, changed.request().receivers().size());
        assertEquals(1, encapEntries());
    }

    @Test
    public void aChangeNeedsRoomForTheOldAndNewEntriesItCannotRewriteInPlace() {
        // The ingress's M-SID entry is keyed by the tree number, and the new version gets a new
        // number: both entries are on the device until the new one is confirmed.
        smallTables(Map.of(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO, 1L));
        fixture.manager.create(request("a", 1));
        assertFull(() -> fixture.manager.updateReceivers("a", Set.of(NANJING, GUANGZHOU)),
                   "device:beijing table msr6_encap_sids_lo holds 1 entry, 1 in use, this tree needs 1 more");
        assertEquals(Msr6TreeState.INSTALLED, fixture.manager.tree("a").orElseThrow().state());
        assertEquals(Set.of(NANJING), fixture.manager.tree("a").orElseThrow().request().receivers());
    }

    @Test
    public void ofTwoTreesAcceptedForTheLastRoomTheOwnerInstallsOneAndFailsTheOtherWithTheReason()
            throws Exception {
        smallTables(Map.of(ENCAP, 1L));
        // The owner is busy with both trees while both requests are checked and stored: neither
        // has claimed room yet.
        CountDownLatch release = new CountDownLatch(1);
        for (String tree : List.of("a", "b")) {
            fixture.manager.worker().submit(tree, "busy", () -> {
                try {
                    release.await();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
        }
        CompletableFuture<Msr6Tree> first = CompletableFuture.supplyAsync(
                () -> fixture.manager.create(request("a", 1)));
        awaitStored("a");
        CompletableFuture<Msr6Tree> second = CompletableFuture.supplyAsync(
                () -> fixture.manager.create(request("b", 2)));
        awaitStored("b");
        release.countDown();

        // Both go on at once: either may win.
        Msr6Tree a = first.get(1, TimeUnit.MINUTES);
        Msr6Tree b = second.get(1, TimeUnit.MINUTES);
        Msr6Tree lost = a.state() == Msr6TreeState.INSTALLED ? b : a;
        assertEquals(Set.of(Msr6TreeState.INSTALLED, Msr6TreeState.FAILED), Set.of(a.state(), b.state()));
        assertEquals(BEIJING, lost.failure().orElseThrow().deviceId().orElseThrow());
        assertEquals("device:beijing table msr6_encap holds 1 entry, 1 in use, this tree needs 1 more",
                     lost.failure().orElseThrow().reason());
        assertEquals(1, encapEntries());
        assertTrue("the loser holds no number", fixture.record(lost.request().id()).entries().isEmpty());
    }

    private void awaitStored(String id) {
        long deadline = System.currentTimeMillis() + 60_000;
        while (fixture.store.record(id).isEmpty()) {
            if (System.currentTimeMillis() > deadline) {
                throw new AssertionError("tree " + id + " never stored");
            }
            Thread.onSpinWait();
        }
    }
}
