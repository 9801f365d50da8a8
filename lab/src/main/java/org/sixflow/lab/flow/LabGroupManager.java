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
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import static org.slf4j.LoggerFactory.getLogger;

/**
 * Groups over P4Runtime's packet replication engine: ALL groups as multicast groups, CLONE groups
 * as clone sessions (see {@link org.sixflow.lab.translate.GroupTranslator}), as ONOS 2.7's
 * GroupManager and DistributedGroupStore over its P4Runtime driver handle them: a group is stored
 * PENDING_ADD and written at once, but the write reports nothing (P4RuntimeReplicationGroupProgrammable
 * only keeps the entry in its mirror, {@link #held}); the store learns the device's groups on its
 * poll ({@link #poll}, every {@code pollSeconds}, ONOS's fallbackGroupPollFrequency, 30 s by
 * default): held groups become ADDED with GROUP_ADDED (GROUP_UPDATED after a change), groups
 * missing from their device become PENDING_ADD_RETRY and are written again, and deleted groups
 * the device no longer holds leave the store with GROUP_REMOVED (until then they stay
 * PENDING_DELETE, and an add under their key is ignored, as under any key the store holds). A
 * refused write only logs (ONOS's GroupState has no FAILED). Group writes share the flow rules'
 * operation queue, so a group added before the entries that use it reaches the device first.
 */
public final class LabGroupManager extends AbstractListenerManager<GroupEvent, GroupListener>
        implements GroupService, LabDeviceManager.SwitchListener {

    /** Ids given to groups that come without one (above the ids Sixflow's compilers give). */
    private static final int FIRST_ALLOCATED_ID = 0x10000;
    /** ONOS's default fallbackGroupPollFrequency (GM_POLL_FREQUENCY_DEFAULT), in seconds. */
    public static final int POLL_SECONDS = 30;

    private final Logger log = getLogger(getClass());
    private final LabDeviceManager devices;
    private final LabFlowRuleManager flows;
    private final Map<DeviceId, Map<GroupKey, StoredGroup>> groups = new ConcurrentHashMap<>();
    private final AtomicInteger nextId = new AtomicInteger(FIRST_ALLOCATED_ID);
    private final ScheduledExecutorService poller;

    /** A group and whether its entry is on the device. */
    private static final class StoredGroup {
        final DefaultGroup group;
        volatile boolean onDevice;
        /** Whether the device holds this version of it (a refused change leaves the old one). */
        volatile boolean current;

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
        this(devices, flows, events, POLL_SECONDS);
    }

    /**
     * Creates the service with another poll period.
     *
     * @param devices     the devices
     * @param flows       the flow rule service, whose operation queue group writes join
     * @param events      where events go
     * @param pollSeconds how often the store learns the devices' groups
     */
    public LabGroupManager(LabDeviceManager devices, LabFlowRuleManager flows, EventDeliveryService events,
                           int pollSeconds) {
        this.devices = devices;
        this.flows = flows;
        eventDispatcher = events;
        events.addSink(GroupEvent.class, listenerRegistry);
        poller = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread thread = new Thread(r, "lab-group-poll");
            thread.setDaemon(true);
            return thread;
        });
        poller.scheduleAtFixedRate(() -> flows.submit(this::pollNow), pollSeconds, pollSeconds, TimeUnit.SECONDS);
    }

    /** Stops the poll. */
    public void stop() {
        poller.shutdownNow();
    }

    /**
     * Runs the store's poll now (GroupDriverProvider#pollGroups, then
     * DistributedGroupStore#pushGroupMetrics), after the writes queued so far.
     *
     * @throws InterruptedException if interrupted while waiting for it
     */
    public void poll() throws InterruptedException {
        flows.submit(this::pollNow);
        flows.flush();
    }

    /** The poll, on the operation queue: only devices that are connected are read. */
    private void pollNow() {
        for (Map.Entry<DeviceId, Map<GroupKey, StoredGroup>> device : groups.entrySet()) {
            if (!devices.agent(device.getKey()).map(SwitchAgent::isReady).orElse(false)) {
                continue;
            }
            for (Map.Entry<GroupKey, StoredGroup> entry : List.copyOf(device.getValue().entrySet())) {
                StoredGroup stored = entry.getValue();
                Group.GroupState state = stored.group.state();
                if (state == Group.GroupState.PENDING_DELETE) {
                    if (!stored.onDevice && device.getValue().remove(entry.getKey(), stored)) {
                        post(new GroupEvent(GroupEvent.Type.GROUP_REMOVED, stored.group));
                    }
                } else if (stored.current) {
                    if (state != Group.GroupState.ADDED) {
                        stored.group.setState(Group.GroupState.ADDED);
                        post(new GroupEvent(state == Group.GroupState.PENDING_UPDATE ? GroupEvent.Type.GROUP_UPDATED
                                                    : GroupEvent.Type.GROUP_ADDED, stored.group));
                    }
                } else {
                    stored.group.setState(Group.GroupState.PENDING_ADD_RETRY);
                    post(new GroupEvent(GroupEvent.Type.GROUP_ADD_REQUESTED, stored.group));
                    write(stored, stored.onDevice ? Update.Type.MODIFY : Update.Type.INSERT, false);
                }
            }
        }
    }

    /**
     * The groups a device holds as its driver knows them: those it accepted, as ADDED (ONOS's
     * P4Runtime driver returns its PRE entry mirror so, whatever the store's state).
     *
     * @param deviceId the device
     * @return its groups
     */
    public List<Group> held(DeviceId deviceId) {
        return table(deviceId).values().stream().filter(g -> g.current).map(g -> {
            DefaultGroup group = new DefaultGroup(g.group.id(), g.group);
            group.setState(Group.GroupState.ADDED);
            return (Group) group;
        }).collect(ImmutableList.toImmutableList());
    }

    @Override
    public void addGroup(GroupDescription description) {
        if (table(description.deviceId()).containsKey(description.appCookie())) {
            // As DistributedGroupStore: a key it holds, in any state, is not added again.
            log.debug("Group {} on {} is stored already: add ignored", description.appCookie(),
                      description.deviceId());
            return;
        }
        int id = description.givenGroupId() != null ? description.givenGroupId() : nextId.getAndIncrement();
        DefaultGroup group = new DefaultGroup(GroupId.valueOf(id), description);
        group.setState(Group.GroupState.PENDING_ADD);
        StoredGroup stored = new StoredGroup(group, false);
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
            // Nothing on the device, or a device that will be wiped when it reconnects: the
            // store drops the group on its next poll of the device (or when it reconnects).
            if (!stored.onDevice || !devices.agent(deviceId).map(SwitchAgent::isReady).orElse(false)) {
                stored.onDevice = false;
                stored.current = false;
                return;
            }
            writeOne(stored, Update.Type.DELETE, false, status -> {
                if (status.isOk() || status.code() == Status.Code.NOT_FOUND) {
                    stored.onDevice = false;
                    stored.current = false;
                } else {
                    log.warn("{} did not remove group {}: {}", deviceId, stored.group.id(), status);
                }
            });
        });
    }

    /** The driver's write: it tells nobody; the store learns the outcome on its poll. */
    private void write(StoredGroup stored, Update.Type type, boolean replaying) {
        writeOne(stored, type, replaying, status -> {
            if (status.isOk()) {
                stored.onDevice = true;
                stored.current = true;
            } else {
                stored.current = false;
                stored.group.incrFailedRetryCount();
                log.warn("{} refused group {} ({}): {}", stored.group.deviceId(), stored.group.id(),
                         stored.group.type(), status);
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
                // As ONOS's poll on a device's connection: deleted groups are gone with it.
                for (Map.Entry<GroupKey, StoredGroup> entry : List.copyOf(table.entrySet())) {
                    if (entry.getValue().group.state() == Group.GroupState.PENDING_DELETE
                            && table.remove(entry.getKey(), entry.getValue())) {
                        post(new GroupEvent(GroupEvent.Type.GROUP_REMOVED, entry.getValue().group));
                    }
                }
                List<StoredGroup> all = ImmutableList.copyOf(table.values());
                for (StoredGroup stored : all) {
                    stored.onDevice = false;
                    stored.current = false;
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
