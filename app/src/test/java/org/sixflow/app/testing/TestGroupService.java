// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onosproject.core.ApplicationId;
import org.onosproject.core.GroupId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.group.DefaultGroup;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupEvent;
import org.onosproject.net.group.GroupKey;
import org.onosproject.net.group.GroupListener;
import org.onosproject.net.group.GroupServiceAdapter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

/**
 * ONOS 2.7's group store over a P4Runtime driver, as far as routing sees it: an added or updated
 * group is PENDING_ADD (PENDING_UPDATE) in the store until {@link #poll} (the store's 30 s poll of
 * the devices) finds it on its device, then ADDED with a GROUP_ADDED (GROUP_UPDATED) event; the
 * device holds it as soon as it is written, unless the test makes the device refuse groups
 * ({@link #refusing}); {@link #held} is what the device's driver reads. A removal takes it off the
 * device at once, and out of the store on the next poll.
 */
public final class TestGroupService extends GroupServiceAdapter {

    /** Devices that refuse every group write. */
    public final Set<DeviceId> refusing = ConcurrentHashMap.newKeySet();
    private final Map<List<Object>, DefaultGroup> stored = new LinkedHashMap<>();
    private final Map<List<Object>, GroupDescription> onDevice = new LinkedHashMap<>();
    private final List<GroupListener> listeners = new CopyOnWriteArrayList<>();

    private static List<Object> key(DeviceId deviceId, GroupKey appCookie) {
        return List.of(deviceId, appCookie);
    }

    @Override
    public synchronized void addGroup(GroupDescription description) {
        List<Object> key = key(description.deviceId(), description.appCookie());
        if (stored.containsKey(key)) {
            return;   // ONOS ignores an add under a key it holds
        }
        DefaultGroup group = new DefaultGroup(GroupId.valueOf(description.givenGroupId()), description);
        group.setState(Group.GroupState.PENDING_ADD);
        stored.put(key, group);
        write(description);
    }

    @Override
    public synchronized void setBucketsForGroup(DeviceId deviceId, GroupKey oldCookie, GroupBuckets buckets,
                                                GroupKey newCookie, ApplicationId appId) {
        DefaultGroup old = stored.remove(key(deviceId, oldCookie));
        if (old == null) {
            return;
        }
        GroupDescription description = new DefaultGroupDescription(deviceId, old.type(), buckets, newCookie,
                                                                   old.id().id(), old.appId());
        DefaultGroup group = new DefaultGroup(old.id(), description);
        group.setState(Group.GroupState.PENDING_UPDATE);
        stored.put(key(deviceId, newCookie), group);
        write(description);
    }

    private void write(GroupDescription description) {
        if (!refusing.contains(description.deviceId())) {
            onDevice.put(key(description.deviceId(), description.appCookie()), description);
        }
    }

    @Override
    public synchronized void removeGroup(DeviceId deviceId, GroupKey appCookie, ApplicationId appId) {
        DefaultGroup group = stored.get(key(deviceId, appCookie));
        if (group != null) {
            group.setState(Group.GroupState.PENDING_DELETE);
        }
        onDevice.remove(key(deviceId, appCookie));
    }

    /**
     * The store's poll of the devices: what a device holds becomes ADDED, what it refused
     * out of the store (GROUP_ADD_FAILED), what was deleted goes (GROUP_REMOVED). Events go out after.
     */
    public void poll() {
        List<GroupEvent> events = new ArrayList<>();
        synchronized (this) {
            for (Map.Entry<List<Object>, DefaultGroup> entry : new ArrayList<>(stored.entrySet())) {
                DefaultGroup group = entry.getValue();
                GroupDescription held = onDevice.get(entry.getKey());
                if (group.state() == Group.GroupState.PENDING_DELETE) {
                    stored.remove(entry.getKey());
                    events.add(new GroupEvent(GroupEvent.Type.GROUP_REMOVED, group));
                } else if (held != null && held.buckets().equals(group.buckets())) {
                    if (group.state() != Group.GroupState.ADDED) {
                        GroupEvent.Type type = group.state() == Group.GroupState.PENDING_UPDATE
                                ? GroupEvent.Type.GROUP_UPDATED : GroupEvent.Type.GROUP_ADDED;
                        group.setState(Group.GroupState.ADDED);
                        events.add(new GroupEvent(type, group));
                    }
                } else if (group.state() == Group.GroupState.PENDING_ADD) {
                    // ONOS's store drops a group its device refused.
                    stored.remove(entry.getKey());
                    events.add(new GroupEvent(GroupEvent.Type.GROUP_ADD_FAILED, group));
                }
            }
        }
        for (GroupEvent event : events) {
            listeners.stream().filter(l -> l.isRelevant(event)).forEach(l -> l.event(event));
        }
    }

    /**
     * What a device's driver reads from it now.
     *
     * @param deviceId the device
     * @return its groups
     */
    public synchronized Optional<Collection<Group>> held(DeviceId deviceId) {
        return Optional.of(onDevice.values().stream().filter(d -> d.deviceId().equals(deviceId))
                                   .map(d -> (Group) new DefaultGroup(GroupId.valueOf(d.givenGroupId()), d))
                                   .collect(Collectors.toList()));
    }

    /**
     * The groups a device holds, as descriptions.
     *
     * @param deviceId the device
     * @return its groups
     */
    public synchronized List<GroupDescription> onDevice(DeviceId deviceId) {
        return onDevice.values().stream().filter(d -> d.deviceId().equals(deviceId)).collect(Collectors.toList());
    }

    @Override
    public synchronized Group getGroup(DeviceId deviceId, GroupKey appCookie) {
        return stored.get(key(deviceId, appCookie));
    }

    @Override
    public synchronized Iterable<Group> getGroups(DeviceId deviceId, ApplicationId appId) {
        return stored.values().stream().filter(g -> g.deviceId().equals(deviceId) && g.appId().equals(appId))
                .collect(Collectors.toList());
    }

    @Override
    public synchronized Iterable<Group> getGroups(DeviceId deviceId) {
        return stored.values().stream().filter(g -> g.deviceId().equals(deviceId)).collect(Collectors.toList());
    }

    @Override
    public void addListener(GroupListener listener) {
        listeners.add(listener);
    }

    @Override
    public void removeListener(GroupListener listener) {
        listeners.remove(listener);
    }
}
