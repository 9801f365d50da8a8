// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.flow;

import com.google.common.collect.ImmutableList;
import io.grpc.Status;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.GroupId;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.DeviceId;
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
import org.onosproject.net.pi.runtime.PiPreEntry;
import org.sixflow.lab.device.LabDeviceManager;
import org.sixflow.lab.device.SwitchAgent;
import org.sixflow.lab.p4rt.UpdateStatus;
import org.sixflow.lab.translate.PreEntryCodec;
import org.sixflow.lab.translate.TranslationException;
import org.slf4j.Logger;
import p4.v1.P4RuntimeOuterClass.Entity;
import p4.v1.P4RuntimeOuterClass.PacketReplicationEngineEntry;
import p4.v1.P4RuntimeOuterClass.Update;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Groups over P4Runtime's packet replication engine: ALL groups as multicast groups, CLONE groups
 * as clone sessions (see {@link org.sixflow.lab.translate.GroupTranslator}). A group is stored
 * PENDING_ADD, becomes ADDED with GROUP_ADDED when the device accepts it; a refused group posts
 * GROUP_ADD_FAILED and stays stored as PENDING_ADD_RETRY with its failure counted (ONOS 2.7's
 * GroupState has no FAILED; ONOS retries such groups, the lab writes them again only when the
 * device reconnects or the group is added again). Group writes share the flow rules' operation
 * queue, so a group added before the entries that use it reaches the device first.
 */
public final class LabGroupManager extends AbstractListenerManager<GroupEvent, GroupListener>
        implements GroupService, LabDeviceManager.SwitchListener {

    /** Ids given to groups that come without one (above the ids Sixflow's compilers give). */
    private static final int FIRST_ALLOCATED_ID = 0x10000;

    private final Logger log = getLogger(getClass());
    private final LabDeviceManager devices;
    private final LabFlowRuleManager flows;
    private final Map<DeviceId, Map<GroupKey, StoredGroup>> groups = new ConcurrentHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger(FIRST_ALLOCATED_ID);

    /** A group and whether its entry is on the device. */
    private static final class StoredGroup {
        final DefaultGroup group;
        volatile boolean onDevice;

        StoredGroup(DefaultGroup group, boolean onDevice) {
            this.group = group;
            this.onDevice = onDevice;
        }
    }

    /**
     * Creates the service; register it as a switch listener of the device manager before the
     * flow rule service, so groups are written back first.
     *
     * @param devices the devices
     * @param flows   the flow rule service, whose operation queue group writes join
     * @param events  where events go
     */
    public LabGroupManager(LabDeviceManager devices, LabFlowRuleManager flows, EventDeliveryService events) {
        this.devices = devices;
        this.flows = flows;
        eventDispatcher = events;
        events.addSink(GroupEvent.class, listenerRegistry);
    }

    @Override
    public void addGroup(GroupDescription description) {
        int id = description.givenGroupId() != null ? description.givenGroupId() : nextId.getAndIncrement();
        DefaultGroup group = new DefaultGroup(GroupId.valueOf(id), description);
        group.setState(Group.GroupState.PENDING_ADD);
        StoredGroup old = table(description.deviceId()).get(description.appCookie());
        StoredGroup stored = new StoredGroup(group, old != null && old.onDevice);
        table(description.deviceId()).put(description.appCookie(), stored);
        post(new GroupEvent(GroupEvent.Type.GROUP_ADD_REQUESTED, group));
        flows.submit(() -> write(stored, stored.onDevice ? Update.Type.MODIFY : Update.Type.INSERT, false));
    }

    @Override
    public void setBucketsForGroup(DeviceId deviceId, GroupKey oldCookie, GroupBuckets buckets, GroupKey newCookie,
                                   ApplicationId appId) {
        update(deviceId, oldCookie, newCookie, current -> new ArrayList<>(buckets.buckets()));
    }

    @Override
    public void addBucketsToGroup(DeviceId deviceId, GroupKey oldCookie, GroupBuckets buckets, GroupKey newCookie,
                                  ApplicationId appId) {
        update(deviceId, oldCookie, newCookie, current -> {
            List<GroupBucket> all = new ArrayList<>(current);
            buckets.buckets().stream().filter(b -> !all.contains(b)).forEach(all::add);
            return all;
        });
    }

    @Override
    public void removeBucketsFromGroup(DeviceId deviceId, GroupKey oldCookie, GroupBuckets buckets,
                                       GroupKey newCookie, ApplicationId appId) {
        update(deviceId, oldCookie, newCookie, current -> {
            List<GroupBucket> kept = new ArrayList<>(current);
            kept.removeAll(buckets.buckets());
            return kept;
        });
    }

    private void update(DeviceId deviceId, GroupKey oldCookie, GroupKey newCookie,
                        java.util.function.Function<List<GroupBucket>, List<GroupBucket>> change) {
        StoredGroup old = table(deviceId).get(oldCookie);
        if (old == null) {
            log.warn("No group {} on {} to change", oldCookie, deviceId);
            return;
        }
        GroupKey key = newCookie == null ? oldCookie : newCookie;
        GroupDescription description = new DefaultGroupDescription(
                deviceId, old.group.type(), new GroupBuckets(change.apply(old.group.buckets().buckets())), key,
                old.group.id().id(), old.group.appId());
        DefaultGroup group = new DefaultGroup(old.group.id(), description);
        group.setState(Group.GroupState.PENDING_UPDATE);
        StoredGroup stored = new StoredGroup(group, old.onDevice);
        table(deviceId).remove(oldCookie);
        table(deviceId).put(key, stored);
        post(new GroupEvent(GroupEvent.Type.GROUP_UPDATE_REQUESTED, group));
        flows.submit(() -> write(stored, stored.onDevice ? Update.Type.MODIFY : Update.Type.INSERT, false));
    }

    @Override
    public void removeGroup(DeviceId deviceId, GroupKey appCookie, ApplicationId appId) {
        StoredGroup stored = table(deviceId).get(appCookie);
        if (stored == null) {
            return;
        }
        stored.group.setState(Group.GroupState.PENDING_DELETE);
        post(new GroupEvent(GroupEvent.Type.GROUP_REMOVE_REQUESTED, stored.group));
        flows.submit(() -> {
            // Nothing on the device, or a device that will be wiped when it reconnects: forget the group.
            if (!stored.onDevice || !devices.agent(deviceId).map(SwitchAgent::isReady).orElse(false)) {
                table(deviceId).remove(appCookie, stored);
                post(new GroupEvent(GroupEvent.Type.GROUP_REMOVED, stored.group));
                return;
            }
            writeOne(stored, Update.Type.DELETE, false, status -> {
                if (status.isOk() || status.code() == Status.Code.NOT_FOUND) {
                    stored.onDevice = false;
                    table(deviceId).remove(appCookie, stored);
                    post(new GroupEvent(GroupEvent.Type.GROUP_REMOVED, stored.group));
                } else {
                    log.warn("{} did not remove group {}: {}", deviceId, stored.group.id(), status);
                    post(new GroupEvent(GroupEvent.Type.GROUP_REMOVE_FAILED, stored.group));
                }
            });
        });
    }

    private void write(StoredGroup stored, Update.Type type, boolean replaying) {
        boolean update = stored.group.state() == Group.GroupState.PENDING_UPDATE;
        writeOne(stored, type, replaying, status -> {
            if (status.isOk()) {
                stored.onDevice = true;
                stored.group.setState(Group.GroupState.ADDED);
                post(new GroupEvent(update ? GroupEvent.Type.GROUP_UPDATED : GroupEvent.Type.GROUP_ADDED,
                                    stored.group));
            } else {
                stored.group.setState(Group.GroupState.PENDING_ADD_RETRY);
                stored.group.incrFailedRetryCount();
                log.warn("{} refused group {} ({}): {}", stored.group.deviceId(), stored.group.id(),
                         stored.group.type(), status);
                post(new GroupEvent(update ? GroupEvent.Type.GROUP_UPDATE_FAILED : GroupEvent.Type.GROUP_ADD_FAILED,
                                    stored.group));
            }
        });
    }

    private void writeOne(StoredGroup stored, Update.Type type, boolean replaying, Consumer<UpdateStatus> outcome) {
        DeviceId deviceId = stored.group.deviceId();
        SwitchAgent agent = devices.agent(deviceId).orElse(null);
        if (agent != null && !replaying && !agent.isReady()) {
            // Written back when the device connects (the group stays stored).
            outcome.accept(UpdateStatus.of(Status.Code.UNAVAILABLE, deviceId + " is not connected"));
            return;
        }
        DeviceWrites writes = new DeviceWrites();
        try {
            writes.add(update(agent, stored.group, type), outcome);
        } catch (TranslationException e) {
            outcome.accept(UpdateStatus.of(Status.Code.INVALID_ARGUMENT, e.getMessage()));
            return;
        }
        writes.write(agent);
    }

    private static Update update(SwitchAgent agent, Group group, Update.Type type) throws TranslationException {
        if (agent == null) {
            throw new TranslationException("the lab runs no device " + group.deviceId());
        }
        PiPreEntry entry = agent.translator().preEntry(group, group.id().id());
        PacketReplicationEngineEntry message = type == Update.Type.DELETE ? PreEntryCodec.encodeKey(entry)
                : PreEntryCodec.encode(entry);
        return Update.newBuilder().setType(type)
                .setEntity(Entity.newBuilder().setPacketReplicationEngineEntry(message)).build();
    }

    private Map<GroupKey, StoredGroup> table(DeviceId deviceId) {
        return groups.computeIfAbsent(deviceId, d -> new ConcurrentHashMap<>());
    }

    @Override
    public void connected(SwitchAgent agent) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        flows.submit(() -> {
            try {
                Map<GroupKey, StoredGroup> table = table(agent.deviceId());
                table.values().removeIf(g -> g.group.state() == Group.GroupState.PENDING_DELETE);
                List<StoredGroup> all = ImmutableList.copyOf(table.values());
                for (StoredGroup stored : all) {
                    stored.onDevice = false;
                    stored.group.setState(Group.GroupState.PENDING_ADD);
                    write(stored, Update.Type.INSERT, true);
                }
                if (!all.isEmpty()) {
                    log.info("Wrote {} stored groups back to {}", all.size(), agent.deviceId());
                }
                done.complete(null);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        done.join();
    }

    @Override
    public Group getGroup(DeviceId deviceId, GroupKey appCookie) {
        StoredGroup stored = table(deviceId).get(appCookie);
        return stored == null ? null : stored.group;
    }

    @Override
    public void purgeGroupEntries(DeviceId deviceId) {
        table(deviceId).clear();
    }

    @Override
    public Iterable<Group> getGroups(DeviceId deviceId, ApplicationId appId) {
        return table(deviceId).values().stream().map(g -> (Group) g.group).filter(g -> appId.equals(g.appId()))
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public Iterable<Group> getGroups(DeviceId deviceId) {
        return table(deviceId).values().stream().map(g -> (Group) g.group).collect(ImmutableList.toImmutableList());
    }
}
