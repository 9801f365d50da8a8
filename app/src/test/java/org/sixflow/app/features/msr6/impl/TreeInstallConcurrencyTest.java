// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.junit.After;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.group.GroupDescription;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeRecord;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.features.msr6.api.Msr6TreeState;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The owner installs independent trees at once, keeps each tree's work in order, and keeps what
 * trees share right while it does.
 */
public class TreeInstallConcurrencyTest {

    /** Host ports of the lab, beijing/4 included (the fixture adds it). */
    private static final List<ConnectPoint> PORTS = List.of(
            ConnectPoint.deviceConnectPoint("device:beijing/3"), ConnectPoint.deviceConnectPoint("device:nanjing/4"),
            ConnectPoint.deviceConnectPoint("device:shanghai/3"), ConnectPoint.deviceConnectPoint("device:guangzhou/3"),
            ConnectPoint.deviceConnectPoint("device:beijing/4"));

    private final Msr6TreeManagerFixture fixture = new Msr6TreeManagerFixture();
    private final ExecutorService callers = Executors.newFixedThreadPool(16);

    @After
    public void tearDown() {
        fixture.beforeApply = ops -> { };
        callers.shutdownNow();
        fixture.storage.shutdown();
    }

    /** Tree n: a source port, two or three receivers on other devices, its own group address. */
    static Msr6TreeRequest request(String id, int n) {
        ConnectPoint source = PORTS.get(n % PORTS.size());
        Set<ConnectPoint> receivers = PORTS.stream().filter(p -> !p.deviceId().equals(source.deviceId()))
                .skip(n % 2).limit(2 + n % 2).collect(Collectors.toSet());
        return Msr6TreeRequest.of(id, source, Ip6Address.valueOf(String.format(Locale.ROOT, "ff3e::%x", n)),
                                  receivers, Msr6Mode.TE, n % 2 == 0 ? Msr6TreeRequest.Algorithm.STEINER
                                          : Msr6TreeRequest.Algorithm.SHORTEST_PATHS);
    }

    @Test
    public void independentTreesAreWrittenToTheDevicesAtOnce() throws Exception {
        CountDownLatch twoWriting = new CountDownLatch(2);
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger writing = new AtomicInteger();
        AtomicInteger mostWriting = new AtomicInteger();
        fixture.beforeApply = ops -> {
            mostWriting.accumulateAndGet(writing.incrementAndGet(), Math::max);
            twoWriting.countDown();
            try {
                release.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                writing.decrementAndGet();
            }
        };
        List<Future<Msr6Tree>> created = new ArrayList<>();
        for (int i = 1; i <= 3; i++) {
            Msr6TreeRequest request = request("t" + i, i);
            created.add(callers.submit(() -> fixture.manager.create(request)));
        }
        // Each install blocks in its first device write: a second one gets there only beside it.
        boolean overlapped = twoWriting.await(10, TimeUnit.SECONDS);
        release.countDown();
        for (Future<Msr6Tree> tree : created) {
            assertEquals(Msr6TreeState.INSTALLED, tree.get(1, TimeUnit.MINUTES).state());
        }
        assertTrue("a second tree's install waited for the first one's device write", overlapped);
        assertTrue(mostWriting.get() >= 2);
        fixture.settle();
        assertDevicesHoldWhatTheStoreWants();
    }

    @Test
    public void aTreeStuckInADeviceWriteHoldsBackNoOtherTreeWhenTheNetworkChanges() throws Exception {
        // t1's install hangs in its device write (a device that does not answer); a link comes
        // up meanwhile (the owner looks for failed trees to retry). t2 must still be written.
        CountDownLatch t1Writing = new CountDownLatch(1);
        CountDownLatch t2Writing = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean first = new AtomicBoolean(true);
        fixture.beforeApply = ops -> {
            if (first.compareAndSet(true, false)) {
                t1Writing.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            } else {
                t2Writing.countDown();
            }
        };
        Future<Msr6Tree> t1 = callers.submit(() -> fixture.manager.create(request("t1", 1)));
        assertTrue(t1Writing.await(10, TimeUnit.SECONDS));
        fixture.lab.connect("device:beijing/9", "device:guangzhou/9");
        Future<Msr6Tree> t2 = callers.submit(() -> fixture.manager.create(request("t2", 2)));
        boolean t2Wrote = t2Writing.await(10, TimeUnit.SECONDS);
        release.countDown();
        assertTrue("t2's install waited behind t1's hung device write", t2Wrote);
        assertEquals(Msr6TreeState.INSTALLED, t1.get(1, TimeUnit.MINUTES).state());
        assertEquals(Msr6TreeState.INSTALLED, t2.get(1, TimeUnit.MINUTES).state());
        fixture.settle();
        assertDevicesHoldWhatTheStoreWants();
    }

    @Test
    public void aTreesCreateUpdateAndRemoveRunInOrderWhileOtherTreesInstall() throws Exception {
        // "x"'s install is held in its first device write while the update and the removal come
        // in, and other trees install meanwhile.
        CountDownLatch xWriting = new CountDownLatch(1);
        CountDownLatch release = new CountDownLatch(1);
        AtomicBoolean holdNext = new AtomicBoolean(true);
        Msr6TreeRequest x = request("x", 2);
        fixture.beforeApply = ops -> {
            if (holdNext.compareAndSet(true, false)) {
                xWriting.countDown();
                try {
                    release.await(30, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        };
        CompletableFuture<Msr6Tree> created = CompletableFuture.supplyAsync(() -> fixture.manager.create(x), callers);
        assertTrue(xWriting.await(10, TimeUnit.SECONDS));
        List<String> installedMeanwhile = new ArrayList<>();
        for (int i = 3; i <= 6; i++) {
            assertEquals(Msr6TreeState.INSTALLED, fixture.manager.create(request("o" + i, i)).state());
            installedMeanwhile.add("o" + i);
        }
        Set<ConnectPoint> newReceivers = Set.of(PORTS.get(3));
        CompletableFuture<Msr6Tree> updated = CompletableFuture.supplyAsync(
                () -> fixture.manager.updateReceivers("x", newReceivers), callers);
        while (fixture.record("x").tree().request().receivers().equals(x.receivers())) {
            Thread.sleep(1);
        }
        CompletableFuture<Boolean> removed = CompletableFuture.supplyAsync(() -> fixture.manager.remove("x"), callers);
        while (fixture.record("x").tree().state() != Msr6TreeState.WITHDRAWN) {
            Thread.sleep(1);
        }
        release.countDown();
        created.get(1, TimeUnit.MINUTES);
        // The update's own wait ends after the removal ran (it was queued behind it): no tree then.
        Throwable updateAnswer = updated.handle((tree, e) -> e).get(1, TimeUnit.MINUTES);
        assertTrue(String.valueOf(updateAnswer), updateAnswer == null
                || updateAnswer.getCause() instanceof ItemNotFoundException);
        assertTrue(removed.get(1, TimeUnit.MINUTES));
        fixture.settle();
        assertFalse("the removal, submitted last, ran last", fixture.store.record("x").isPresent());
        for (String other : installedMeanwhile) {
            assertEquals(Msr6TreeState.INSTALLED, fixture.record(other).tree().state());
        }
        assertDevicesHoldWhatTheStoreWants();
    }

    @Test
    public void ofFiftyConcurrentRemovalsOfATreeOnItsOwnerExactlyOneSucceeds() throws Exception {
        assertEquals(Msr6TreeState.INSTALLED, fixture.manager.create(request("t1", 1)).state());
        assertEquals(Msr6TreeState.INSTALLED, fixture.manager.create(request("t2", 2)).state());
        CountDownLatch start = new CountDownLatch(1);
        List<Future<Boolean>> removals = new ArrayList<>();
        ExecutorService fifty = Executors.newFixedThreadPool(50);
        try {
            for (int i = 0; i < 50; i++) {
                removals.add(fifty.submit(() -> {
                    start.await();
                    return fixture.manager.remove("t1");
                }));
            }
            start.countDown();
            int succeeded = 0;
            for (Future<Boolean> removal : removals) {
                succeeded += removal.get(1, TimeUnit.MINUTES) ? 1 : 0;
            }
            assertEquals(1, succeeded);
        } finally {
            fifty.shutdownNow();
        }
        fixture.settle();
        assertFalse(fixture.store.record("t1").isPresent());
        assertEquals(Msr6TreeState.INSTALLED, fixture.record("t2").tree().state());
        assertDevicesHoldWhatTheStoreWants();
    }

    @Test
    public void aRandomStormOfCreatesUpdatesAndRemovalsLeavesTheDevicesAsTheStoreWants() throws Exception {
        Random random = new Random(29);
        List<Future<?>> storm = new ArrayList<>();
        for (int i = 0; i < 300; i++) {
            int n = 1 + random.nextInt(24);
            int what = random.nextInt(10);
            storm.add(callers.submit(() -> {
                String id = "s" + n;
                try {
                    if (what < 5) {
                        fixture.manager.create(request(id, n));
                    } else if (what < 7) {
                        fixture.manager.updateReceivers(id, request(id, n + 1).receivers().stream()
                                .filter(p -> !p.deviceId().equals(request(id, n).source().deviceId()))
                                .collect(Collectors.toSet()));
                    } else {
                        fixture.manager.remove(id);
                    }
                } catch (IdInUseException | ItemNotFoundException e) {
                    // Created twice, or changed after its removal: refused, as it should be.
                    return;
                } catch (IllegalArgumentException e) {
                    // Its ingress is still another version's, or its update has no receiver left.
                    return;
                }
            }));
        }
        for (Future<?> call : storm) {
            call.get(2, TimeUnit.MINUTES);
        }
        fixture.settle();
        fixture.passDrains();
        for (Msr6TreeRecord record : fixture.store.records()) {
            assertEquals(record.id() + ": " + record.tree().failure(), Msr6TreeState.INSTALLED,
                         record.tree().state());
        }
        assertDevicesHoldWhatTheStoreWants();
    }

    /**
     * The devices hold every entry and group the stored trees have installed, each once, and
     * nothing else.
     */
    private void assertDevicesHoldWhatTheStoreWants() {
        Set<FlowRule> wantedRules = new HashSet<>();
        Set<List<Object>> wantedGroups = new HashSet<>();
        for (Msr6TreeRecord record : fixture.store.records()) {
            record.installed().ifPresent(e -> {
                wantedRules.addAll(e.allRules());
                e.allGroups().forEach(g -> wantedGroups.add(groupKey(g)));
            });
        }
        List<FlowRule> heldRules = List.copyOf(fixture.rules);
        assertEquals("no entry held twice", Set.copyOf(heldRules).size(), heldRules.size());
        assertEquals(wantedRules, Set.copyOf(heldRules));
        for (FlowRule rule : heldRules) {
            assertTrue("same action: " + rule, wantedRules.stream().anyMatch(rule::exactMatch));
        }
        List<List<Object>> heldGroups = fixture.groups.stream().map(TreeInstallConcurrencyTest::groupKey)
                .collect(Collectors.toList());
        assertEquals("no group held twice", Set.copyOf(heldGroups).size(), heldGroups.size());
        assertEquals(wantedGroups, Set.copyOf(heldGroups));
    }

    private static List<Object> groupKey(GroupDescription group) {
        return List.of(group.deviceId(), group.appCookie(), group.buckets());
    }
}
