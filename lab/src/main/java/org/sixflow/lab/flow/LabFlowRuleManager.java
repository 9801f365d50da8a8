// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.flow;

import com.google.common.collect.ImmutableList;
import io.grpc.Status;
import org.onosproject.core.ApplicationId;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowEntry.FlowEntryState;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleEvent;
import org.onosproject.net.flow.FlowRuleListener;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.TableStatisticsEntry;
import org.onosproject.net.pi.runtime.PiMatchKey;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.onosproject.net.pi.runtime.PiTableEntryHandle;
import org.sixflow.lab.device.LabDeviceManager;
import org.sixflow.lab.device.SwitchAgent;
import org.sixflow.lab.p4rt.UpdateStatus;
import org.sixflow.lab.translate.TranslationException;
import org.slf4j.Logger;
import p4.v1.P4RuntimeOuterClass.Entity;
import p4.v1.P4RuntimeOuterClass.TableEntry;
import p4.v1.P4RuntimeOuterClass.Update;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Collectors;

import static org.onlab.util.Tools.groupedThreads;
import static org.slf4j.LoggerFactory.getLogger;

/**
 * Flow rules over P4Runtime, with ONOS 2.7's FlowRuleManager semantics: rules are stored
 * PENDING_ADD, become ADDED when the device accepts their table entry, FAILED when it refuses it
 * (the reason is logged and kept); {@link #apply(FlowRuleOperations)} runs stages in order, each
 * stage's batches per device in parallel, calls the context's onError once per device that
 * failed something (with the failed operations) and onSuccess at the end if nothing failed.
 *
 * <p>As ONOS's P4Runtime driver does, what to write is decided against a mirror of the device's
 * entries by key (table, match, priority): a new key is an INSERT, a known key with another action
 * a MODIFY (ONOS's bmv2 driver deletes then inserts; the lab modifies in place), the same entry
 * again nothing; a removal of a key not on the device writes nothing. Writes are batched: one
 * WriteRequest per device per stage (per applyFlowRules or removeFlowRules call), split every
 * {@link DeviceWrites#CHUNK} updates. A device that is not connected keeps its rules PENDING_ADD
 * (the operation reports them failed); when it connects, its pipeline is pushed again and every
 * stored rule is written back before the device is announced available.
 *
 * <p>Differences: flow statistics are not polled (packets and bytes stay 0; ADDED comes from the
 * write's answer, not from a statistics read); purgeFlowRules drops rules from the store only, as
 * ONOS's does, leaving the device as it is; removing a default entry resets the table's default
 * action (ONOS restores the default it read at start-up).
 */
public final class LabFlowRuleManager extends AbstractListenerManager<FlowRuleEvent, FlowRuleListener>
        implements FlowRuleService, LabDeviceManager.SwitchListener {

    private final Logger log = getLogger(getClass());
    private final LabDeviceManager devices;
    private final Map<DeviceId, Map<FlowId, StoredRule>> rules = new ConcurrentHashMap<>();
    /** Which rule's entry each key on a device holds. */
    private final Map<DeviceId, Map<PiTableEntryHandle, FlowId>> mirror = new ConcurrentHashMap<>();
    private final ExecutorService operations = Executors.newSingleThreadExecutor(
            groupedThreads("sixflow-lab/flows", "operations", log));
    private final ExecutorService writers = Executors.newFixedThreadPool(
            4, groupedThreads("sixflow-lab/flows", "writer-%d", log));

    /**
     * Creates the service; register it as a switch listener of the device manager.
     *
     * @param devices the devices
     * @param events  where events go
     */
    public LabFlowRuleManager(LabDeviceManager devices, EventDeliveryService events) {
        this.devices = devices;
        eventDispatcher = events;
        events.addSink(FlowRuleEvent.class, listenerRegistry);
    }

    /** Stops the writer threads. */
    public void stop() {
        operations.shutdownNow();
        writers.shutdownNow();
    }

    @Override
    public void apply(FlowRuleOperations ops) {
        operations.execute(() -> process(ops));
    }

    @Override
    public void applyFlowRules(FlowRule... flowRules) {
        FlowRuleOperations.Builder builder = FlowRuleOperations.builder();
        for (FlowRule rule : flowRules) {
            builder.add(rule);
        }
        apply(builder.build());
    }

    @Override
    public void removeFlowRules(FlowRule... flowRules) {
        FlowRuleOperations.Builder builder = FlowRuleOperations.builder();
        for (FlowRule rule : flowRules) {
            builder.remove(rule);
        }
        apply(builder.build());
    }

    @Override
    public void removeFlowRulesById(ApplicationId appId) {
        removeFlowRules(rules.values().stream().flatMap(t -> t.values().stream())
                                .filter(r -> r.rule.appId() == appId.id()).map(r -> r.rule).toArray(FlowRule[]::new));
    }

    /**
     * Queues work behind every operation submitted so far (the group service's writes join this
     * queue, so groups and flow rules reach devices in the order applications asked).
     *
     * @param work the work
     */
    void submit(Runnable work) {
        operations.execute(() -> {
            try {
                work.run();
            } catch (RuntimeException e) {
                log.error("Southbound operation failed", e);
            }
        });
    }

    /**
     * Waits until every operation submitted so far has been written (for tests and benchmarks).
     *
     * @throws InterruptedException if interrupted
     */
    public void flush() throws InterruptedException {
        try {
            operations.submit(() -> { }).get();
        } catch (ExecutionException e) {
            throw new IllegalStateException(e);
        }
    }

    private void process(FlowRuleOperations ops) {
        FlowRuleOperationsContext context = ops.callback();
        boolean failed = false;
        for (Collection<FlowRuleOperation> stage : ops.stages()) {
            Map<DeviceId, List<FlowRuleOperation>> perDevice = new LinkedHashMap<>();
            for (FlowRuleOperation op : stage) {
                perDevice.computeIfAbsent(op.rule().deviceId(), d -> new ArrayList<>()).add(op);
            }
            Map<DeviceId, Future<List<FlowRuleOperation>>> batches = new LinkedHashMap<>();
            perDevice.forEach((deviceId, batch) -> batches.put(deviceId, writers.submit(
                    () -> write(deviceId, batch, false))));
            for (Map.Entry<DeviceId, Future<List<FlowRuleOperation>>> batch : batches.entrySet()) {
                List<FlowRuleOperation> failures;
                try {
                    failures = batch.getValue().get();
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                } catch (ExecutionException e) {
                    log.error("Writing to {} failed", batch.getKey(), e.getCause());
                    failures = perDevice.get(batch.getKey());
                }
                if (!failures.isEmpty()) {
                    failed = true;
                    if (context != null) {
                        FlowRuleOperations.Builder failedOps = FlowRuleOperations.builder();
                        failures.forEach(op -> failedOps.operation(op));
                        context.onError(failedOps.build());
                    }
                }
            }
        }
        if (!failed && context != null) {
            context.onSuccess(ops);
        }
    }

    /**
     * Writes one device's operations of a stage; returns those that failed. Only the write-back
     * after a connection (replaying) writes to a device that is connected but not yet ready.
     */
    private List<FlowRuleOperation> write(DeviceId deviceId, List<FlowRuleOperation> batch, boolean replaying) {
        SwitchAgent agent = devices.agent(deviceId).orElse(null);
        List<FlowRuleOperation> failed = new ArrayList<>();
        DeviceWrites writes = new DeviceWrites();
        for (FlowRuleOperation op : batch) {
            if (op.type() == FlowRuleOperation.Type.REMOVE) {
                remove(agent, deviceId, op, writes, failed);
            } else {
                add(agent, deviceId, op, writes, failed, replaying);
            }
        }
        if (!writes.isEmpty()) {
            writes.write(agent);
        }
        return failed;
    }

    private void add(SwitchAgent agent, DeviceId deviceId, FlowRuleOperation op, DeviceWrites writes,
                     List<FlowRuleOperation> failed, boolean replaying) {
        FlowRule rule = op.rule();
        Map<FlowId, StoredRule> table = table(deviceId);
        StoredRule old = table.get(rule.id());
        StoredRule stored = new StoredRule(rule, FlowEntryState.PENDING_ADD, old == null ? null : old.onDevice());
        table.put(rule.id(), stored);
        if (old == null) {
            post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_ADD_REQUESTED, stored.entry()));
        }
        if (agent == null) {
            refuse(stored, op, failed, deviceId, "the lab runs no device " + deviceId);
            return;
        }
        PiTableEntry entry;
        TableEntry message;
        try {
            entry = agent.translator().tableEntry(rule);
            message = agent.translator().tableEntries().encode(entry);
        } catch (TranslationException e) {
            refuse(stored, op, failed, deviceId, e.getMessage());
            return;
        }
        if (!replaying && !agent.isReady()) {
            failed.add(op);     // stays PENDING_ADD: written back when the device connects
            return;
        }
        PiTableEntryHandle handle = entry.handle(deviceId);
        FlowId owner = mirror(deviceId).get(handle);
        StoredRule holder = owner == null ? null : table.get(owner);
        PiTableEntry current = holder == null ? null : holder.onDevice();
        if (entry.equals(current)) {
            stored.installed(entry);
            announceAdded(old, stored);
            return;
        }
        Update.Type type = current == null && !entry.matchKey().equals(PiMatchKey.EMPTY)
                ? Update.Type.INSERT : Update.Type.MODIFY;
        writes.add(update(type, message), status -> {
            if (status.isOk()) {
                stored.installed(entry);
                mirror(deviceId).put(handle, rule.id());
                announceAdded(old, stored);
            } else {
                refuse(stored, op, failed, deviceId, status.toString());
            }
        });
    }

    private void announceAdded(StoredRule old, StoredRule stored) {
        boolean wasAdded = old != null && old.state() == FlowEntryState.ADDED;
        post(new FlowRuleEvent(wasAdded ? FlowRuleEvent.Type.RULE_UPDATED : FlowRuleEvent.Type.RULE_ADDED,
                               stored.entry()));
    }

    private void refuse(StoredRule stored, FlowRuleOperation op, List<FlowRuleOperation> failed, DeviceId deviceId,
                        String reason) {
        stored.failed(reason);
        synchronized (failed) {
            failed.add(op);
        }
        log.warn("{} refused a flow rule of table {} ({}): {}", deviceId, op.rule().table(), op.rule().id(), reason);
    }

    private void remove(SwitchAgent agent, DeviceId deviceId, FlowRuleOperation op, DeviceWrites writes,
                        List<FlowRuleOperation> failed) {
        FlowId id = op.rule().id();
        Map<FlowId, StoredRule> table = table(deviceId);
        StoredRule stored = table.get(id);
        if (stored == null) {
            return;
        }
        PiTableEntry onDevice = stored.onDevice();
        PiTableEntryHandle handle = onDevice == null ? null : onDevice.handle(deviceId);
        if (onDevice == null || !id.equals(mirror(deviceId).get(handle)) || agent == null || !agent.isReady()) {
            // Nothing of this rule is on the device (or the device is gone and will be wiped on return).
            table.remove(id);
            post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_REMOVED, stored.entry()));
            return;
        }
        TableEntry key;
        try {
            key = agent.translator().tableEntries().encodeKey(onDevice);
        } catch (TranslationException e) {
            refuse(stored, op, failed, deviceId, e.getMessage());
            return;
        }
        stored.pending(FlowEntryState.PENDING_REMOVE);
        post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_REMOVE_REQUESTED, stored.entry()));
        // A default entry cannot be deleted: writing it without an action resets the table's default.
        Update.Type type = onDevice.matchKey().equals(PiMatchKey.EMPTY) ? Update.Type.MODIFY : Update.Type.DELETE;
        writes.add(update(type, key), status -> {
            if (status.isOk() || status.code() == Status.Code.NOT_FOUND) {
                table.remove(id);
                mirror(deviceId).remove(handle, id);
                stored.pending(FlowEntryState.REMOVED);
                post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_REMOVED, stored.entry()));
            } else {
                synchronized (failed) {
                    failed.add(op);
                }
                log.warn("{} did not remove flow rule {} of table {}: {}", deviceId, id, op.rule().table(), status);
            }
        });
    }

    private static Update update(Update.Type type, TableEntry entry) {
        return Update.newBuilder().setType(type).setEntity(Entity.newBuilder().setTableEntry(entry)).build();
    }

    private Map<FlowId, StoredRule> table(DeviceId deviceId) {
        return rules.computeIfAbsent(deviceId, d -> new ConcurrentHashMap<>());
    }

    private Map<PiTableEntryHandle, FlowId> mirror(DeviceId deviceId) {
        return mirror.computeIfAbsent(deviceId, d -> new ConcurrentHashMap<>());
    }

    @Override
    public void connected(SwitchAgent agent) {
        // The pipeline was pushed again: the device is empty. Write back every stored rule.
        CompletableFuture<Void> done = new CompletableFuture<>();
        operations.execute(() -> {
            try {
                DeviceId deviceId = agent.deviceId();
                mirror(deviceId).clear();
                Map<FlowId, StoredRule> table = table(deviceId);
                table.values().removeIf(r -> r.state() == FlowEntryState.PENDING_REMOVE);
                table.values().forEach(StoredRule::wiped);
                List<FlowRuleOperation> adds = table.values().stream()
                        .map(r -> new FlowRuleOperation(r.rule, FlowRuleOperation.Type.ADD))
                        .collect(Collectors.toList());
                if (!adds.isEmpty()) {
                    List<FlowRuleOperation> failed = write(deviceId, adds, true);
                    log.info("Wrote {} stored flow rules back to {} ({} refused)", adds.size(), deviceId,
                             failed.size());
                }
                // Ready here, in the queue: an operation queued before this write-back was stored
                // (and so written back); one queued after it is written directly.
                agent.markReady();
                done.complete(null);
            } catch (RuntimeException e) {
                done.completeExceptionally(e);
            }
        });
        done.join();
    }

    @Override
    public int getFlowRuleCount() {
        return rules.values().stream().mapToInt(Map::size).sum();
    }

    @Override
    public int getFlowRuleCount(DeviceId deviceId) {
        return table(deviceId).size();
    }

    @Override
    public FlowEntry getFlowEntry(FlowRule rule) {
        StoredRule stored = table(rule.deviceId()).get(rule.id());
        return stored == null ? null : stored.entry();
    }

    @Override
    public Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
        return table(deviceId).values().stream().map(StoredRule::entry).collect(ImmutableList.toImmutableList());
    }

    /**
     * Returns why a device refused a rule.
     *
     * @param rule the rule
     * @return the device's answer, when the rule is FAILED
     */
    public java.util.Optional<String> failure(FlowRule rule) {
        StoredRule stored = table(rule.deviceId()).get(rule.id());
        return java.util.Optional.ofNullable(stored == null ? null : stored.failure());
    }

    @Override
    public void purgeFlowRules(DeviceId deviceId) {
        table(deviceId).clear();
    }

    @Override
    public void purgeFlowRules(DeviceId deviceId, ApplicationId appId) {
        table(deviceId).values().removeIf(r -> r.rule.appId() == appId.id());
    }

    @Override
    public Iterable<FlowEntry> getFlowEntriesById(ApplicationId id) {
        return rules.values().stream().flatMap(t -> t.values().stream()).filter(r -> r.rule.appId() == id.id())
                .map(StoredRule::entry).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Iterable<FlowRule> getFlowRulesByGroupId(ApplicationId appId, short groupId) {
        return rules.values().stream().flatMap(t -> t.values().stream())
                .filter(r -> r.rule.appId() == appId.id() && r.rule.groupId().id() == groupId)
                .map(r -> r.rule).collect(ImmutableList.toImmutableList());
    }

    @Override
    public Iterable<TableStatisticsEntry> getFlowTableStatistics(DeviceId deviceId) {
        return List.of();
    }
}
