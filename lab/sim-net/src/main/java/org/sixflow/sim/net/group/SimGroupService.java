// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.group;

import com.google.common.collect.ImmutableList;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.GroupId;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.group.DefaultGroup;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupBucket;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupEvent;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.group.GroupListener;
import org.onosproject.net.group.GroupService;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's group service over simulated switches that confirm every write at once: on a connected
 * device an added group is at once in the store ADDED (GROUP_ADDED), new buckets at once ADDED
 * (GROUP_UPDATED, under the new cookie if one is given) and a removed group gone (GROUP_REMOVED);
 * the switch holds what was written, which {@link #heldBy} reads back as a driver's
 * GroupProgrammable does. As in ONOS's store, an add under a key the store holds is ignored, and
 * an add for a device that is unknown or disconnected waits, invisible, until the device is
 * connected (its audit); updates and removals meanwhile wait as PENDING_UPDATE and PENDING_DELETE.
 * Groups count no packets or bytes; their life is the seconds since they were stored.
 *
 * <p>{@link #deviceAvailabilityChanged}, {@link #deviceRemoved} and {@link #heldBy} are the simulation's.
 */
public final class SimGroupService extends AbstractListenerManager<GroupEvent, GroupListener>
        implements GroupService {

    /** How an update changes a group's buckets, as ONOS's store names them. */
    private enum Update { ADD, REMOVE, SET }

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final DeviceService devices;
    // All guarded by this. The store: each device's groups by cookie.
    private final Map<DeviceId, Map<GroupKey, StoredGroup>> store = new LinkedHashMap<>();
    // Adds waiting for their device's audit, by cookie.
    private final Map<DeviceId, Map<GroupKey, GroupDescription>> waiting = new LinkedHashMap<>();
    // What each switch holds, by group id.
    private final Map<DeviceId, Map<GroupId, GroupDescription>> switches = new LinkedHashMap<>();

    /** A group as the store holds it. */
    private static final class StoredGroup {
        private final GroupId id;
        private final GroupDescription description;
        private Group.GroupState state;
        private final long stored;

        private StoredGroup(GroupId id, GroupDescription description, Group.GroupState state, long stored) {
            this.id = id;
            this.description = description;
            this.state = state;
            this.stored = stored;
        }

        private Group group() {
            DefaultGroup group = new DefaultGroup(id, description);
            group.setState(state);
            group.setLife(TimeUnit.MILLISECONDS.toSeconds(System.currentTimeMillis() - stored));
            return group;
        }
    }

    /**
     * Creates the service.
     *
     * @param dispatcher the simulated network's event dispatcher
     * @param devices    the device service, which says which devices exist and are connected
     */
    public SimGroupService(EventDeliveryService dispatcher, DeviceService devices) {
        this.eventDispatcher = checkNotNull(dispatcher, "Event dispatcher cannot be null");
        this.devices = checkNotNull(devices, "Device service cannot be null");
        dispatcher.addSink(GroupEvent.class, listenerRegistry);
    }

    /** A device's stored groups; for a device without any, an empty map that cannot be written. */
    private Map<GroupKey, StoredGroup> stored(DeviceId deviceId) {
        return store.getOrDefault(deviceId, Map.of());
    }

    private Map<GroupKey, StoredGroup> storedForWrite(DeviceId deviceId) {
        return store.computeIfAbsent(deviceId, d -> new LinkedHashMap<>());
    }

    private Map<GroupId, GroupDescription> onSwitch(DeviceId deviceId) {
        return switches.computeIfAbsent(deviceId, d -> new LinkedHashMap<>());
    }

    @Override
    public synchronized void addGroup(GroupDescription description) {
        checkNotNull(description, "Group description cannot be null");
        checkNotNull(description.deviceId(), "Group device cannot be null");
        checkNotNull(description.appCookie(), "Group cookie cannot be null");
        DeviceId deviceId = description.deviceId();
        if (stored(deviceId).containsKey(description.appCookie())) {
            log.debug("Group {} already exists on {}: add ignored", description.appCookie(), deviceId);
            return;
        }
        if (!devices.isAvailable(deviceId)) {
            waiting.computeIfAbsent(deviceId, d -> new LinkedHashMap<>()).put(description.appCookie(), description);
            return;
        }
        install(description);
    }

    private void install(GroupDescription description) {
        DeviceId deviceId = description.deviceId();
        GroupId id = description.givenGroupId() != null ? GroupId.valueOf(description.givenGroupId())
                : freeId(deviceId);
        StoredGroup group = new StoredGroup(id, description, Group.GroupState.ADDED, System.currentTimeMillis());
        storedForWrite(deviceId).put(description.appCookie(), group);
        onSwitch(deviceId).put(id, description);
        post(new GroupEvent(GroupEvent.Type.GROUP_ADDED, group.group()));
    }

    private GroupId freeId(DeviceId deviceId) {
        int id = 1;
        while (onSwitch(deviceId).containsKey(GroupId.valueOf(id)) || taken(deviceId, id)) {
            id++;
        }
        return GroupId.valueOf(id);
    }

    private boolean taken(DeviceId deviceId, int id) {
        return stored(deviceId).values().stream().anyMatch(g -> g.id.id() == id);
    }

    @Override
    public synchronized Group getGroup(DeviceId deviceId, GroupKey appCookie) {
        checkNotNull(deviceId, "Device id cannot be null");
        checkNotNull(appCookie, "Group cookie cannot be null");
        StoredGroup group = stored(deviceId).get(appCookie);
        return group == null ? null : group.group();
    }

    /**
     * Returns a group by its id (not in ONOS's GroupService; its store has the same look-up).
     *
     * @param deviceId the device
     * @param groupId  the group id
     * @return the group, or null
     */
    public synchronized Group getGroup(DeviceId deviceId, GroupId groupId) {
        checkNotNull(deviceId, "Device id cannot be null");
        checkNotNull(groupId, "Group id cannot be null");
        return stored(deviceId).values().stream().filter(g -> g.id.equals(groupId)).map(StoredGroup::group)
                .findFirst().orElse(null);
    }

    @Override
    public void addBucketsToGroup(DeviceId deviceId, GroupKey oldCookie, GroupBuckets buckets, GroupKey newCookie,
                                  ApplicationId appId) {
        update(deviceId, oldCookie, Update.ADD, buckets, newCookie);
    }

    @Override
    public void removeBucketsFromGroup(DeviceId deviceId, GroupKey oldCookie, GroupBuckets buckets,
                                       GroupKey newCookie, ApplicationId appId) {
        update(deviceId, oldCookie, Update.REMOVE, buckets, newCookie);
    }

    @Override
    public void setBucketsForGroup(DeviceId deviceId, GroupKey oldCookie, GroupBuckets buckets, GroupKey newCookie,
                                   ApplicationId appId) {
        update(deviceId, oldCookie, Update.SET, buckets, newCookie);
    }

    private synchronized void update(DeviceId deviceId, GroupKey oldCookie, Update how, GroupBuckets buckets,
                                     GroupKey newCookie) {
        checkNotNull(deviceId, "Device id cannot be null");
        checkNotNull(oldCookie, "Group cookie cannot be null");
        checkNotNull(buckets, "Group buckets cannot be null");
        StoredGroup old = stored(deviceId).get(oldCookie);
        if (old == null) {
            // ONOS's store logs it and does nothing.
            log.warn("No group {} on {} to update", oldCookie, deviceId);
            return;
        }
        List<GroupBucket> updated = updatedBuckets(old.description.buckets().buckets(), how, buckets.buckets());
        if (updated == null) {
            return;
        }
        GroupKey cookie = newCookie != null ? newCookie : oldCookie;
        GroupDescription description = new DefaultGroupDescription(
                deviceId, old.description.type(), new GroupBuckets(updated), cookie, old.description.givenGroupId(),
                old.description.appId());
        boolean connected = devices.isAvailable(deviceId);
        StoredGroup group = new StoredGroup(old.id, description, connected ? Group.GroupState.ADDED
                : Group.GroupState.PENDING_UPDATE, old.stored);
        if (!cookie.equals(oldCookie)) {
            storedForWrite(deviceId).remove(oldCookie);
        }
        // Under the same cookie the group keeps its place in the store's order.
        storedForWrite(deviceId).put(cookie, group);
        if (connected) {
            onSwitch(deviceId).put(group.id, description);
            post(new GroupEvent(GroupEvent.Type.GROUP_UPDATED, group.group()));
        }
    }

    /** The buckets after an update, or null when it changes nothing, as ONOS's store works them out. */
    private static List<GroupBucket> updatedBuckets(List<GroupBucket> old, Update how, List<GroupBucket> given) {
        if (how == Update.SET) {
            return new ArrayList<>(given);
        }
        List<GroupBucket> updated = new ArrayList<>(old);
        boolean changed = false;
        for (GroupBucket bucket : given) {
            if (how == Update.ADD && !updated.contains(bucket)) {
                changed |= updated.add(bucket);
            } else if (how == Update.REMOVE) {
                changed |= updated.remove(bucket);
            }
        }
        return changed ? updated : null;
    }

    @Override
    public synchronized void removeGroup(DeviceId deviceId, GroupKey appCookie, ApplicationId appId) {
        checkNotNull(deviceId, "Device id cannot be null");
        checkNotNull(appCookie, "Group cookie cannot be null");
        if (waiting.getOrDefault(deviceId, new LinkedHashMap<>()).remove(appCookie) != null) {
            return;
        }
        StoredGroup group = stored(deviceId).get(appCookie);
        if (group == null) {
            return;
        }
        group.state = Group.GroupState.PENDING_DELETE;
        if (devices.isAvailable(deviceId)) {
            delete(deviceId, group);
        }
    }

    private void delete(DeviceId deviceId, StoredGroup group) {
        storedForWrite(deviceId).remove(group.description.appCookie());
        onSwitch(deviceId).remove(group.id);
        post(new GroupEvent(GroupEvent.Type.GROUP_REMOVED, group.group()));
    }

    @Override
    public void purgeGroupEntries(DeviceId deviceId) {
        purge(deviceId, d -> true);
    }

    @Override
    public void purgeGroupEntries(DeviceId deviceId, ApplicationId appId) {
        checkNotNull(appId, "Application id cannot be null");
        purge(deviceId, d -> appId.equals(d.appId()));
    }

    @Override
    public synchronized void purgeGroupEntries() {
        new ArrayList<>(store.keySet()).forEach(this::purgeGroupEntries);
    }

    /** Drops groups from the store (GROUP_REMOVED) and from their switch, whose next audit would delete them. */
    private synchronized void purge(DeviceId deviceId, Predicate<GroupDescription> which) {
        checkNotNull(deviceId, "Device id cannot be null");
        for (StoredGroup group : new ArrayList<>(stored(deviceId).values())) {
            if (which.test(group.description)) {
                delete(deviceId, group);
            }
        }
        waiting.getOrDefault(deviceId, new LinkedHashMap<>()).values().removeIf(which);
    }

    @Override
    public Iterable<Group> getGroups(DeviceId deviceId, ApplicationId appId) {
        checkNotNull(appId, "Application id cannot be null");
        return groups(deviceId, g -> appId.equals(g.description.appId()));
    }

    @Override
    public Iterable<Group> getGroups(DeviceId deviceId) {
        return groups(deviceId, g -> true);
    }

    private synchronized List<Group> groups(DeviceId deviceId, Predicate<StoredGroup> which) {
        checkNotNull(deviceId, "Device id cannot be null");
        ImmutableList.Builder<Group> result = ImmutableList.builder();
        stored(deviceId).values().stream().filter(which).forEach(g -> result.add(g.group()));
        return result.build();
    }

    /**
     * Brings a reconnected device's groups in step, as ONOS's audit does: pending adds and updates are
     * written (GROUP_ADDED, GROUP_UPDATED), pending deletions done (GROUP_REMOVED), and adds that
     * waited for the device installed. Nothing happens while it is disconnected.
     *
     * @param deviceId the device
     */
    public synchronized void deviceAvailabilityChanged(DeviceId deviceId) {
        if (!devices.isAvailable(deviceId)) {
            return;
        }
        for (StoredGroup group : new ArrayList<>(stored(deviceId).values())) {
            switch (group.state) {
                case PENDING_DELETE:
                    delete(deviceId, group);
                    break;
                case PENDING_ADD:
                case PENDING_UPDATE:
                    GroupEvent.Type type = group.state == Group.GroupState.PENDING_ADD ? GroupEvent.Type.GROUP_ADDED
                            : GroupEvent.Type.GROUP_UPDATED;
                    group.state = Group.GroupState.ADDED;
                    onSwitch(deviceId).put(group.id, group.description);
                    post(new GroupEvent(type, group.group()));
                    break;
                default:
                    break;
            }
        }
        Map<GroupKey, GroupDescription> adds = waiting.remove(deviceId);
        if (adds != null) {
            adds.values().stream().filter(d -> !stored(deviceId).containsKey(d.appCookie())).forEach(this::install);
        }
    }

    /**
     * Forgets a removed device's groups, waiting adds and switch, without events.
     *
     * @param deviceId the device
     */
    public synchronized void deviceRemoved(DeviceId deviceId) {
        store.remove(deviceId);
        waiting.remove(deviceId);
        switches.remove(deviceId);
    }

    /**
     * Returns the groups a simulated switch holds, as its driver's GroupProgrammable reads them back:
     * what was written to it, each group ADDED.
     *
     * @param deviceId the device
     * @return its groups, none for an unknown device
     */
    public synchronized Collection<Group> heldBy(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        ImmutableList.Builder<Group> held = ImmutableList.builder();
        switches.getOrDefault(deviceId, Map.of()).forEach((id, description) -> {
            DefaultGroup group = new DefaultGroup(id, description);
            group.setState(Group.GroupState.ADDED);
            held.add(group);
        });
        return held.build();
    }
}
