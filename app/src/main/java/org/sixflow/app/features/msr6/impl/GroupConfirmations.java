// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl;

import org.onosproject.net.DeviceId;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupEvent;
import org.onosproject.net.group.GroupListener;
import org.onosproject.net.group.GroupService;
import org.sixflow.app.features.msr6.api.Msr6TreeFailure;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.BiPredicate;
import java.util.stream.Collectors;

import static org.sixflow.app.features.msr6.impl.compile.ReplicationIds.sameBuckets;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Adds and removes groups and waits for their devices' answers. ONOS 2.7 posts GROUP_ADDED (and
 * sets ADDED) only when its poll of the device finds the group, every fallbackGroupPollFrequency
 * seconds (30 by default), and GROUP_REMOVED likewise; its P4Runtime driver reports nothing when
 * it writes. So a group counts as added when ONOS says so (event or state) or when the device's
 * driver holds it with the wanted buckets ({@link DeviceGroups}), asked every
 * {@link #READ_MILLIS} ms about the groups still waited for (not about every group of the
 * device); removed when ONOS says so or the driver no longer holds it. Installs of several trees
 * wait at once: each group key may have many waiters (two trees adding a group they share), and
 * an event completes them all.
 * GROUP_ADD_FAILED (a provider that reports refusals) fails an add at once; a device that refuses
 * silently leaves the group unconfirmed until the timeout.
 */
final class GroupConfirmations implements GroupListener {

    /** How often a wait asks the devices' drivers what they hold. */
    static final long READ_MILLIS = 20;
    private final Logger log = getLogger(getClass());
    private final GroupService groupService;
    private final DeviceGroups devices;
    private final Map<List<Object>, Set<CompletableFuture<Void>>> adding = new ConcurrentHashMap<>();
    private final Map<List<Object>, Set<CompletableFuture<Void>>> removing = new ConcurrentHashMap<>();

    GroupConfirmations(GroupService groupService, DeviceGroups devices) {
        this.groupService = groupService;
        this.devices = devices;
    }

    private static List<Object> key(Group group) {
        return List.of(group.deviceId(), group.appCookie());
    }

    private static List<Object> key(GroupDescription group) {
        return List.of(group.deviceId(), group.appCookie());
    }

    /**
     * Adds the groups a device does not already hold as wanted and waits until each is on its
     * device.
     *
     * @param groups        the groups
     * @param timeoutMillis how long to wait for all of them
     * @return the first group refused or not confirmed in time; empty when all are on their devices
     */
    Optional<Msr6TreeFailure> add(Collection<GroupDescription> groups, long timeoutMillis) {
        Map<GroupDescription, CompletableFuture<Void>> waits = new LinkedHashMap<>();
        try {
            for (GroupDescription group : groups) {
                Group held = groupService.getGroup(group.deviceId(), group.appCookie());
                if (held != null && held.state() == Group.GroupState.ADDED && sameBuckets(held.buckets(), group.buckets())) {
                    continue;
                }
                if (held != null && held.state() == Group.GroupState.PENDING_DELETE) {
                    // ONOS's store ignores an add under a key it still holds, until its poll drops it.
                    return Optional.of(Msr6TreeFailure.onDevice(group.deviceId(), "group " + group.givenGroupId()
                            + " is still being deleted"));
                }
                CompletableFuture<Void> added = new CompletableFuture<>();
                register(adding, key(group), added);
                waits.put(group, added);
                if (held == null) {
                    groupService.addGroup(group);
                } else if (!sameBuckets(held.buckets(), group.buckets())) {
                    // An add under a held key is ignored: new buckets go by update.
                    groupService.setBucketsForGroup(group.deviceId(), group.appCookie(), group.buckets(),
                                                    group.appCookie(), group.appId());
                }
            }
            Map<GroupDescription, CompletableFuture<Void>> left = await(waits, timeoutMillis, this::added);
            if (left.isEmpty()) {
                return Optional.empty();
            }
            Map.Entry<GroupDescription, CompletableFuture<Void>> first = left.entrySet().iterator().next();
            GroupDescription group = first.getKey();
            if (first.getValue().isCompletedExceptionally()) {
                return Optional.of(Msr6TreeFailure.onDevice(group.deviceId(), "refused group " + group.givenGroupId()
                        + " (" + group.type() + ", " + group.buckets().buckets().size() + " buckets)"));
            }
            Group held = groupService.getGroup(group.deviceId(), group.appCookie());
            return Optional.of(Msr6TreeFailure.onDevice(group.deviceId(), "group " + group.givenGroupId()
                    + " not confirmed within " + timeoutMillis + " ms (" + (held == null ? "absent" : held.state())
                    + ", not on the device)"));
        } finally {
            waits.forEach((group, added) -> unregister(adding, key(group), added));
        }
    }

    /**
     * Removes groups and waits until their devices no longer hold them; what is not confirmed in
     * time is logged.
     *
     * @param groups        the groups
     * @param timeoutMillis how long to wait for all of them
     */
    void remove(Collection<GroupDescription> groups, long timeoutMillis) {
        Map<GroupDescription, CompletableFuture<Void>> waits = new LinkedHashMap<>();
        try {
            for (GroupDescription group : groups) {
                CompletableFuture<Void> removed = new CompletableFuture<>();
                register(removing, key(group), removed);
                waits.put(group, removed);
                groupService.removeGroup(group.deviceId(), group.appCookie(), group.appId());
            }
            await(waits, timeoutMillis, this::removed).keySet().forEach(
                    group -> log.warn("Group {} on {} not confirmed removed within {} ms", group.givenGroupId(),
                                      group.deviceId(), timeoutMillis));
        } finally {
            waits.forEach((group, removed) -> unregister(removing, key(group), removed));
        }
    }

    private static void register(Map<List<Object>, Set<CompletableFuture<Void>>> waits, List<Object> key,
                                 CompletableFuture<Void> wait) {
        waits.compute(key, (k, all) -> {
            Set<CompletableFuture<Void>> next = all == null ? ConcurrentHashMap.newKeySet() : all;
            next.add(wait);
            return next;
        });
    }

    private static void unregister(Map<List<Object>, Set<CompletableFuture<Void>>> waits, List<Object> key,
                                   CompletableFuture<Void> wait) {
        waits.computeIfPresent(key, (k, all) -> {
            all.remove(wait);
            return all.isEmpty() ? null : all;
        });
    }

    /** True when ONOS has the group ADDED with the wanted buckets, or the device's driver holds it so. */
    private boolean added(GroupDescription group, Reads reads) {
        Group held = groupService.getGroup(group.deviceId(), group.appCookie());
        if (held != null && held.state() == Group.GroupState.ADDED && sameBuckets(held.buckets(), group.buckets())) {
            return true;
        }
        return reads.of(group.deviceId()).map(on -> on.stream().anyMatch(
                g -> g.appCookie().equals(group.appCookie()) && sameBuckets(g.buckets(), group.buckets()))).orElse(false);
    }

    /** True when ONOS no longer has the group, or the device's driver no longer holds it. */
    private boolean removed(GroupDescription group, Reads reads) {
        if (groupService.getGroup(group.deviceId(), group.appCookie()) == null) {
            return true;
        }
        return reads.of(group.deviceId()).map(on -> on.stream().noneMatch(
                g -> g.appCookie().equals(group.appCookie()))).orElse(false);
    }

    /** One round's driver reads: each device at most once, asked about the groups still waited for there. */
    private final class Reads {
        private final Map<DeviceId, List<GroupDescription>> asked;
        private final Map<DeviceId, Optional<Collection<Group>>> answers = new HashMap<>();

        Reads(Collection<GroupDescription> left) {
            asked = left.stream().collect(Collectors.groupingBy(GroupDescription::deviceId));
        }

        Optional<Collection<Group>> of(DeviceId deviceId) {
            return answers.computeIfAbsent(deviceId, d -> devices.held(d, asked.getOrDefault(d, List.of())));
        }
    }

    /**
     * Waits until each group's event came or its check passes, reading each device at most once
     * per round.
     *
     * @return the groups left: a refused one (its future failed) or those not confirmed in time
     */
    private Map<GroupDescription, CompletableFuture<Void>> await(
            Map<GroupDescription, CompletableFuture<Void>> waits, long timeoutMillis,
            BiPredicate<GroupDescription, Reads> confirmed) {
        Map<GroupDescription, CompletableFuture<Void>> left = new LinkedHashMap<>(waits);
        long deadline = System.currentTimeMillis() + timeoutMillis;
        while (true) {
            Reads reads = new Reads(left.keySet());
            for (Iterator<Map.Entry<GroupDescription, CompletableFuture<Void>>> it = left.entrySet().iterator();
                 it.hasNext();) {
                Map.Entry<GroupDescription, CompletableFuture<Void>> wait = it.next();
                if (wait.getValue().isCompletedExceptionally()) {
                    return Map.of(wait.getKey(), wait.getValue());
                }
                if (wait.getValue().isDone() || confirmed.test(wait.getKey(), reads)) {
                    it.remove();
                }
            }
            long remaining = deadline - System.currentTimeMillis();
            if (left.isEmpty() || remaining <= 0) {
                return left;
            }
            try {
                CompletableFuture.anyOf(left.values().toArray(CompletableFuture[]::new))
                        .get(Math.min(remaining, READ_MILLIS), TimeUnit.MILLISECONDS);
            } catch (ExecutionException | TimeoutException e) {
                // An event (looked at above) or time for the next read.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return left;
            }
        }
    }

    @Override
    public void event(GroupEvent event) {
        List<Object> key = key(event.subject());
        switch (event.type()) {
            case GROUP_ADDED:
            case GROUP_UPDATED:
                complete(adding, key, null);
                break;
            case GROUP_ADD_FAILED:
            case GROUP_UPDATE_FAILED:
                complete(adding, key, new IllegalStateException(event.type().toString()));
                break;
            case GROUP_REMOVED:
                complete(removing, key, null);
                break;
            default:
                break;
        }
    }

    private static void complete(Map<List<Object>, Set<CompletableFuture<Void>>> waits, List<Object> key,
                                 Exception failure) {
        for (CompletableFuture<Void> wait : waits.getOrDefault(key, Set.of())) {
            if (failure == null) {
                wait.complete(null);
            } else {
                wait.completeExceptionally(failure);
            }
        }
    }
}
