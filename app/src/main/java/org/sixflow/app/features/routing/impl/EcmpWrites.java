// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupService;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.slf4j.Logger;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Which ECMP groups a device should hold, which of them it holds, and asking ONOS for the rest.
 * A route goes to its group only once the device holds the group with the wanted buckets:
 * until then (being written, refused, or ONOS has not seen it yet) the route keeps one next hop,
 * its first, so a group that cannot be written never black-holes a route. ONOS 2.7 learns a
 * group's state only from its poll of the device (every 30 s), so "held" is ONOS's ADDED state
 * with the same buckets, or the device's driver holding it so now (its GroupProgrammable reads
 * the device's action profile groups).
 */
final class EcmpWrites {

    private final Logger log = getLogger(RoutingManager.class);
    private final GroupService groupService;
    private final Function<DeviceId, Optional<Collection<Group>>> driverGroups;
    private final EcmpGroups groups;
    private final ApplicationId appId;

    /**
     * Creates the writer.
     *
     * @param groupService ONOS's groups
     * @param driverGroups what a device's driver holds now (empty when it cannot tell)
     * @param groups       ECMP's groups and entries
     * @param appId        the app the groups belong to
     */
    EcmpWrites(GroupService groupService, Function<DeviceId, Optional<Collection<Group>>> driverGroups,
               EcmpGroups groups, ApplicationId appId) {
        this.groupService = groupService;
        this.driverGroups = driverGroups;
        this.groups = groups;
        this.appId = appId;
    }

    /** One device's ECMP groups in one recomputation. */
    final class Plan {
        private final DeviceId deviceId;
        private final Map<EcmpGroups.Members, Integer> ids;
        private final Map<Integer, GroupDescription> wanted = new HashMap<>();
        private final Set<Integer> held = new HashSet<>();
        private boolean waiting;

        private Plan(DeviceId deviceId, Map<EcmpGroups.Members, Integer> ids) {
            this.deviceId = deviceId;
            this.ids = ids;
        }

        /**
         * The group a route goes to once its device holds it.
         *
         * @param route a route with several next hops
         * @return its group id; empty when it has none (one next hop, no ECMP, no id left)
         */
        Optional<Integer> groupOf(Ipv6Route route) {
            return Optional.ofNullable(ids.get(EcmpGroups.Members.of(route)));
        }

        /**
         * Tells whether the device holds a group as wanted.
         *
         * @param groupId the group
         * @return true when held
         */
        boolean held(int groupId) {
            return held.contains(groupId);
        }

        /** True while some wanted group is not yet held: the caller checks again later. */
        boolean waiting() {
            return waiting;
        }

        /** This app's ECMP groups on the device that no route wants any more. */
        List<Group> stale() {
            return StreamSupport.stream(groupService.getGroups(deviceId, appId).spliterator(), false)
                    .filter(EcmpGroups::isEcmpGroup)
                    .filter(g -> !wanted.containsKey(g.id().id()))
                    .filter(g -> g.state() != Group.GroupState.PENDING_DELETE)
                    .collect(Collectors.toList());
        }
    }

    /**
     * A device without ECMP (its profile has none): no route goes to a group, and any ECMP group
     * of this app left there is stale.
     *
     * @param deviceId the device
     * @return the plan
     */
    Plan none(DeviceId deviceId) {
        return new Plan(deviceId, Map.of());
    }

    /**
     * Works out a device's groups from its routes, finds which it holds, and asks ONOS for those
     * it does not (a new group, or new buckets under a held id).
     *
     * @param deviceId the device
     * @param routes   its routes
     * @return the plan
     */
    Plan plan(DeviceId deviceId, List<Ipv6Route> routes) {
        List<EcmpGroups.Members> sets = routes.stream().filter(r -> r.nextHops().size() > 1)
                .map(EcmpGroups.Members::of).collect(Collectors.toList());
        Plan plan = new Plan(deviceId, EcmpGroups.allocate(sets));
        Optional<Collection<Group>> onDriver = null;
        List<Integer> pending = new ArrayList<>();
        for (Map.Entry<EcmpGroups.Members, Integer> entry : plan.ids.entrySet()) {
            GroupDescription group;
            try {
                group = groups.group(deviceId, entry.getValue(), entry.getKey());
            } catch (IllegalArgumentException e) {
                log.warn("ECMP group {} of {} not written: {}", entry.getValue(), deviceId, e.getMessage());
                continue;
            }
            plan.wanted.put(entry.getValue(), group);
            Group known = groupService.getGroup(deviceId, group.appCookie());
            if (known != null && known.state() == Group.GroupState.ADDED && known.buckets().equals(group.buckets())) {
                plan.held.add(entry.getValue());
                continue;
            }
            if (onDriver == null) {
                onDriver = driverGroups.apply(deviceId);
            }
            if (!onDevice(group, onDriver)) {
                request(group, known);
                pending.add(entry.getValue());
            } else {
                plan.held.add(entry.getValue());
            }
        }
        if (!pending.isEmpty()) {
            // A driver that writes at once holds them now; else the caller looks again later.
            Optional<Collection<Group>> now = driverGroups.apply(deviceId);
            for (int id : pending) {
                if (onDevice(plan.wanted.get(id), now)) {
                    plan.held.add(id);
                } else {
                    plan.waiting = true;
                }
            }
        }
        return plan;
    }

    private static boolean onDevice(GroupDescription group, Optional<Collection<Group>> onDriver) {
        return onDriver.map(on -> on.stream().anyMatch(
                g -> g.appCookie().equals(group.appCookie()) && g.buckets().equals(group.buckets())))
                .orElse(false);
    }

    /** Asks ONOS for a group the device does not hold as wanted. */
    private void request(GroupDescription group, Group known) {
        if (known == null) {
            groupService.addGroup(group);
        } else if (known.state() == Group.GroupState.PENDING_DELETE) {
            // ONOS ignores an add under a key it still holds; its poll drops the key, then the next check adds.
            log.debug("ECMP group {} of {} is still being deleted", group.givenGroupId(), group.deviceId());
        } else if (!known.buckets().equals(group.buckets())) {
            // An add under a held key is ignored: new buckets go by update.
            groupService.setBucketsForGroup(group.deviceId(), group.appCookie(), group.buckets(), group.appCookie(),
                                            appId);
        }
        // Else it is on its way (PENDING_ADD): a refusal takes it out of ONOS's store
        // (GROUP_ADD_FAILED), and the next check adds it again, the checks backing off.
    }

    /**
     * Removes groups nothing points at any more (their ecmp entries are gone first).
     *
     * @param stale the groups
     */
    void remove(Collection<Group> stale) {
        for (Group group : new ArrayList<>(stale)) {
            groupService.removeGroup(group.deviceId(), group.appCookie(), appId);
        }
    }
}
