// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.junit.After;
import org.junit.Test;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.core.GroupId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.group.DefaultGroup;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.DefaultGroupKey;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;

import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

public class CoalescedGroupReadsTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:beijing");
    private final ExecutorService callers = Executors.newFixedThreadPool(8);

    @After
    public void tearDown() {
        callers.shutdownNow();
    }

    private static GroupDescription group(int id) {
        return new DefaultGroupDescription(DEVICE, GroupDescription.Type.ALL, new GroupBuckets(List.of()),
                                           new DefaultGroupKey(new byte[]{(byte) id}), id,
                                           new DefaultApplicationId(1, "test"));
    }

    /** A driver whose reads each answer what they were asked (as held) and may be held up. */
    private static final class Driver implements DeviceGroups {
        final List<Set<Integer>> reads = new CopyOnWriteArrayList<>();
        final CountDownLatch firstStarted = new CountDownLatch(1);
        final CountDownLatch releaseFirst = new CountDownLatch(1);

        @Override
        public Optional<Collection<Group>> held(DeviceId deviceId, Collection<GroupDescription> asked) {
            reads.add(asked.stream().map(GroupDescription::givenGroupId).collect(Collectors.toSet()));
            if (reads.size() == 1) {
                firstStarted.countDown();
                try {
                    releaseFirst.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
            return Optional.of(asked.stream().map(g -> (Group) new DefaultGroup(new GroupId(g.givenGroupId()), g))
                                       .collect(Collectors.toList()));
        }
    }

    private static Set<Integer> ids(Optional<Collection<Group>> groups) {
        return groups.orElseThrow().stream().map(g -> g.id().id()).collect(Collectors.toSet());
    }

    @Test
    public void oneReadServesEveryCallerThatAskedWhileTheRunningOneRan() throws Exception {
        Driver driver = new Driver();
        CoalescedGroupReads reads = new CoalescedGroupReads(driver);
        Future<Optional<Collection<Group>>> first = callers.submit(() -> reads.held(DEVICE, List.of(group(1))));
        assertTrue(driver.firstStarted.await(10, TimeUnit.SECONDS));
        List<Future<Optional<Collection<Group>>>> later = List.of(
                callers.submit(() -> reads.held(DEVICE, List.of(group(2)))),
                callers.submit(() -> reads.held(DEVICE, List.of(group(3), group(4)))),
                callers.submit(() -> reads.held(DEVICE, List.of(group(2)))));
        // All three wait for the running read to end (it started before they asked).
        long deadline = System.currentTimeMillis() + 10_000;
        while (reads.waiting(DEVICE) < 3 && System.currentTimeMillis() < deadline) {
            Thread.sleep(1);
        }
        driver.releaseFirst.countDown();
        assertEquals(Set.of(1), ids(first.get(10, TimeUnit.SECONDS)));
        for (Future<Optional<Collection<Group>>> read : later) {
            assertTrue(ids(read.get(10, TimeUnit.SECONDS)).containsAll(Set.of(2, 3, 4)));
        }
        assertEquals("the first read, and one for the three callers that asked meanwhile",
                     List.of(Set.of(1), Set.of(2, 3, 4)), driver.reads);
    }

    @Test
    public void aCallerIsNeverAnsweredByAReadThatStartedBeforeItAsked() throws Exception {
        Driver driver = new Driver();
        CoalescedGroupReads reads = new CoalescedGroupReads(driver);
        Future<Optional<Collection<Group>>> first = callers.submit(() -> reads.held(DEVICE, List.of(group(1))));
        assertTrue(driver.firstStarted.await(10, TimeUnit.SECONDS));
        Future<Optional<Collection<Group>>> again = callers.submit(() -> reads.held(DEVICE, List.of(group(1))));
        long deadline = System.currentTimeMillis() + 10_000;
        while (reads.waiting(DEVICE) < 1 && System.currentTimeMillis() < deadline) {
            Thread.sleep(1);
        }
        driver.releaseFirst.countDown();
        first.get(10, TimeUnit.SECONDS);
        again.get(10, TimeUnit.SECONDS);
        assertEquals(2, driver.reads.size());
    }
}
