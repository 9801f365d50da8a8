// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.msr6.impl;

import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupEvent;
import org.onosproject.net.group.GroupListener;
import org.onosproject.net.group.GroupService;
import org.sixflow.app.api.Msr6TreeFailure;
import org.slf4j.Logger;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Adds and removes groups and waits for their devices' answers. ONOS tells a group's fate by its
 * state (ADDED once the device holds it) and by events: GROUP_ADD_FAILED when a device refuses it
 * (ONOS 2.7's GroupState has no FAILED; the group stays pending and ONOS retries it).
 */
final class GroupConfirmations implements GroupListener {

    private final Logger log = getLogger(getClass());
    private final GroupService groupService;
    private final Map<List<Object>, CompletableFuture<Void>> adding = new ConcurrentHashMap<>();
    private final Map<List<Object>, CompletableFuture<Void>> removing = new ConcurrentHashMap<>();

    GroupConfirmations(GroupService groupService) {
        this.groupService = groupService;
    }

    private static List<Object> key(Group group) {
        return List.of(group.deviceId(), group.appCookie());
    }

    private static List<Object> key(GroupDescription group) {
        return List.of(group.deviceId(), group.appCookie());
    }

    /**
     * Adds the groups a device does not already hold as wanted and waits until each is ADDED.
     *
     * @param groups        the groups
     * @param timeoutMillis how long to wait for all of them
     * @return the first group refused or not confirmed in time; empty when all are ADDED
     */
    Optional<Msr6TreeFailure> add(Collection<GroupDescription> groups, long timeoutMillis) {
        Map<GroupDescription, CompletableFuture<Void>> waits = new LinkedHashMap<>();
        try {
            for (GroupDescription group : groups) {
                Group held = groupService.getGroup(group.deviceId(), group.appCookie());
                if (held != null && held.state() == Group.GroupState.ADDED && held.buckets().equals(group.buckets())) {
                    continue;
                }
                CompletableFuture<Void> added = new CompletableFuture<>();
                adding.put(key(group), added);
                waits.put(group, added);
                groupService.addGroup(group);
                // A group service that adds at once posts nothing to wait for.
                Group now = groupService.getGroup(group.deviceId(), group.appCookie());
                if (now != null && now.state() == Group.GroupState.ADDED && now.buckets().equals(group.buckets())) {
                    added.complete(null);
                }
            }
            long deadline = System.currentTimeMillis() + timeoutMillis;
            for (Map.Entry<GroupDescription, CompletableFuture<Void>> wait : waits.entrySet()) {
                GroupDescription group = wait.getKey();
                try {
                    wait.getValue().get(Math.max(0, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
                } catch (ExecutionException e) {
                    return Optional.of(Msr6TreeFailure.onDevice(group.deviceId(), "refused group " + group.givenGroupId()
                            + " (" + group.type() + ", " + group.buckets().buckets().size() + " buckets)"));
                } catch (TimeoutException e) {
                    Group held = groupService.getGroup(group.deviceId(), group.appCookie());
                    return Optional.of(Msr6TreeFailure.onDevice(group.deviceId(), "group " + group.givenGroupId()
                            + " not confirmed within " + timeoutMillis + " ms ("
                            + (held == null ? "absent" : held.state()) + ")"));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return Optional.of(Msr6TreeFailure.of("interrupted while adding group " + group.givenGroupId()));
                }
            }
            return Optional.empty();
        } finally {
            waits.forEach((group, added) -> adding.remove(key(group), added));
        }
    }

    /**
     * Removes groups and waits until their devices no longer hold them (so that their ids can be
     * given again); what is not confirmed in time is logged.
     *
     * @param groups        the groups
     * @param timeoutMillis how long to wait for all of them
     */
    void remove(Collection<GroupDescription> groups, long timeoutMillis) {
        Map<GroupDescription, CompletableFuture<Void>> waits = new LinkedHashMap<>();
        try {
            for (GroupDescription group : groups) {
                CompletableFuture<Void> removed = new CompletableFuture<>();
                removing.put(key(group), removed);
                waits.put(group, removed);
                groupService.removeGroup(group.deviceId(), group.appCookie(), group.appId());
                if (groupService.getGroup(group.deviceId(), group.appCookie()) == null) {
                    removed.complete(null);
                }
            }
            long deadline = System.currentTimeMillis() + timeoutMillis;
            for (Map.Entry<GroupDescription, CompletableFuture<Void>> wait : waits.entrySet()) {
                try {
                    wait.getValue().get(Math.max(0, deadline - System.currentTimeMillis()), TimeUnit.MILLISECONDS);
                } catch (ExecutionException | TimeoutException e) {
                    log.warn("Group {} on {} not confirmed removed within {} ms", wait.getKey().givenGroupId(),
                             wait.getKey().deviceId(), timeoutMillis);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        } finally {
            waits.forEach((group, removed) -> removing.remove(key(group), removed));
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

    private static void complete(Map<List<Object>, CompletableFuture<Void>> waits, List<Object> key,
                                 Exception failure) {
        CompletableFuture<Void> wait = waits.get(key);
        if (wait == null) {
            return;
        }
        if (failure == null) {
            wait.complete(null);
        } else {
            wait.completeExceptionally(failure);
        }
    }
}
