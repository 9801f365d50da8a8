// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.flow;

import com.google.common.collect.ImmutableList;
import org.onosproject.core.ApplicationId;
import org.onosproject.event.AbstractListenerManager;
import org.onosproject.event.EventDeliveryService;
import org.onosproject.net.DeviceId;
import org.onosproject.net.device.DeviceService;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleEvent;
import org.onosproject.net.flow.FlowRuleListener;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;
import org.onosproject.net.flow.TableStatisticsEntry;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * ONOS's flow rule service over simulated switches that confirm every write at once. Operations
 * run stage after stage; on a connected device an added (or modified) rule is at once an entry
 * ADDED (RULE_ADD_REQUESTED, RULE_ADDED) and a removed one goes (RULE_REMOVE_REQUESTED,
 * RULE_REMOVED). A disconnected device cannot be written, as with ONOS's P4Runtime driver: its
 * added rules wait as PENDING_ADD and its removed ones as PENDING_REMOVE, the operation reports
 * them failed, and they are confirmed when the device reconnects, as ONOS's reconciliation does.
 * A rule for an unknown device (no master) fails without being stored. The context hears
 * onSuccess, or onError once per device and stage that failed something, always on another
 * thread after the call returns, as ONOS calls back. Entries count no packets or bytes; their
 * life is the seconds since they were written.
 *
 * <p>{@link #deviceAvailabilityChanged} and {@link #deviceRemoved} are the simulation's.
 */
public final class SimFlowRuleService extends AbstractListenerManager<FlowRuleEvent, FlowRuleListener>
        implements FlowRuleService {

    private final Logger log = LoggerFactory.getLogger(getClass());
    private final DeviceService devices;
    private final Executor callbacks;
    // Guarded by this: each device's entries by flow id, in the order they were written.
    private final Map<DeviceId, Map<FlowId, StoredFlow>> table = new LinkedHashMap<>();

    /** A rule as the store holds it. */
    private static final class StoredFlow {
        private final FlowRule rule;
        private FlowEntry.FlowEntryState state;
        private final long written = System.currentTimeMillis();

        private StoredFlow(FlowRule rule, FlowEntry.FlowEntryState state) {
            this.rule = rule;
            this.state = state;
        }

        private FlowEntry entry() {
            long life = TimeUnit.MILLISECONDS.toSeconds(System.currentTimeMillis() - written);
            return new DefaultFlowEntry(rule, state, life, TimeUnit.SECONDS, 0, 0);
        }
    }

    /**
     * Creates the service.
     *
     * @param dispatcher the simulated network's event dispatcher
     * @param devices    the device service, which says which devices exist and are connected
     * @param callbacks  where operation contexts are called back
     */
    public SimFlowRuleService(EventDeliveryService dispatcher, DeviceService devices, Executor callbacks) {
        this.eventDispatcher = checkNotNull(dispatcher, "Event dispatcher cannot be null");
        this.devices = checkNotNull(devices, "Device service cannot be null");
        this.callbacks = checkNotNull(callbacks, "Callback executor cannot be null");
        dispatcher.addSink(FlowRuleEvent.class, listenerRegistry);
    }

    @Override
    public void apply(FlowRuleOperations ops) {
        checkNotNull(ops, "Flow rule operations cannot be null");
        List<FlowRuleOperations> failures = new ArrayList<>();
        synchronized (this) {
            for (Set<FlowRuleOperation> stage : ops.stages()) {
                // One failure report per device of the stage, listing its rules as ADD operations, as ONOS does.
                Map<DeviceId, FlowRuleOperations.Builder> failed = new LinkedHashMap<>();
                for (FlowRuleOperation op : stage) {
                    if (!write(op)) {
                        failed.computeIfAbsent(op.rule().deviceId(), d -> FlowRuleOperations.builder())
                                .add(op.rule());
                    }
                }
                failed.values().forEach(b -> failures.add(b.build()));
            }
        }
        FlowRuleOperationsContext context = ops.callback();
        if (context != null) {
            callbacks.execute(() -> {
                if (failures.isEmpty()) {
                    context.onSuccess(ops);
                } else {
                    failures.forEach(context::onError);
                }
            });
        }
    }

    /** Writes one operation to the store and its switch; false if the switch could not take it. */
    private boolean write(FlowRuleOperation op) {
        FlowRule rule = checkNotNull(op.rule(), "Flow rule cannot be null");
        DeviceId deviceId = rule.deviceId();
        if (devices.getDevice(deviceId) == null) {
            log.warn("No master for {}: {} of {} failed", deviceId, op.type(), rule.id());
            return false;
        }
        boolean connected = devices.isAvailable(deviceId);
        Map<FlowId, StoredFlow> entries = table.computeIfAbsent(deviceId, d -> new LinkedHashMap<>());
        switch (op.type()) {
            case ADD:
            case MODIFY:
                if (op.type() == FlowRuleOperation.Type.ADD) {
                    post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_ADD_REQUESTED, rule));
                }
                StoredFlow stored = new StoredFlow(rule, connected ? FlowEntry.FlowEntryState.ADDED
                        : FlowEntry.FlowEntryState.PENDING_ADD);
                entries.put(rule.id(), stored);
                if (connected) {
                    post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_ADDED, stored.entry()));
                }
                return connected;
            case REMOVE:
            default:
                StoredFlow existing = entries.get(rule.id());
                if (existing == null) {
                    // ONOS's store ignores the removal of a rule it does not hold.
                    return true;
                }
                post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_REMOVE_REQUESTED, rule));
                if (connected) {
                    entries.remove(rule.id());
                    existing.state = FlowEntry.FlowEntryState.REMOVED;
                    post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_REMOVED, existing.entry()));
                } else {
                    existing.state = FlowEntry.FlowEntryState.PENDING_REMOVE;
                }
                return connected;
        }
    }

    /**
     * Confirms what waited for a device that reconnected: PENDING_ADD entries become ADDED
     * (RULE_ADDED), PENDING_REMOVE ones go (RULE_REMOVED). Nothing happens while it is disconnected.
     *
     * @param deviceId the device
     */
    public synchronized void deviceAvailabilityChanged(DeviceId deviceId) {
        if (!devices.isAvailable(deviceId)) {
            return;
        }
        Map<FlowId, StoredFlow> entries = table.getOrDefault(deviceId, Map.of());
        for (Iterator<StoredFlow> it = entries.values().iterator(); it.hasNext();) {
            StoredFlow stored = it.next();
            if (stored.state == FlowEntry.FlowEntryState.PENDING_ADD) {
                stored.state = FlowEntry.FlowEntryState.ADDED;
                post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_ADDED, stored.entry()));
            } else if (stored.state == FlowEntry.FlowEntryState.PENDING_REMOVE) {
                it.remove();
                stored.state = FlowEntry.FlowEntryState.REMOVED;
                post(new FlowRuleEvent(FlowRuleEvent.Type.RULE_REMOVED, stored.entry()));
            }
        }
    }

    /**
     * Forgets a removed device's entries, without events.
     *
     * @param deviceId the device
     */
    public synchronized void deviceRemoved(DeviceId deviceId) {
        table.remove(deviceId);
    }

    private synchronized List<FlowEntry> entries(Predicate<StoredFlow> filter) {
        ImmutableList.Builder<FlowEntry> result = ImmutableList.builder();
        table.values().forEach(m -> m.values().stream().filter(filter).forEach(s -> result.add(s.entry())));
        return result.build();
    }

    private static Predicate<StoredFlow> of(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        return s -> s.rule.deviceId().equals(deviceId);
    }

    @Override
    public int getFlowRuleCount() {
        return entries(s -> true).size();
    }

    @Override
    public int getFlowRuleCount(DeviceId deviceId) {
        return entries(of(deviceId)).size();
    }

    @Override
    public int getFlowRuleCount(DeviceId deviceId, FlowEntry.FlowEntryState state) {
        return entries(of(deviceId).and(s -> s.state == state)).size();
    }

    @Override
    public synchronized FlowEntry getFlowEntry(FlowRule rule) {
        checkNotNull(rule, "Flow rule cannot be null");
        StoredFlow stored = table.getOrDefault(rule.deviceId(), Map.of()).get(rule.id());
        return stored == null ? null : stored.entry();
    }

    @Override
    public Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
        return entries(of(deviceId));
    }

    /**
     * Returns a device's entries of a live type; every simulated entry is FlowLiveType.UNKNOWN.
     *
     * @param deviceId the device
     * @param liveType the live type
     * @return entries
     */
    @Override
    public Iterable<FlowEntry> getFlowEntriesByLiveType(DeviceId deviceId, FlowEntry.FlowLiveType liveType) {
        checkNotNull(liveType, "Live type cannot be null");
        return ImmutableList.copyOf(entries(of(deviceId)).stream().filter(e -> e.liveType() == liveType).iterator());
    }

    @Override
    public Iterable<FlowEntry> getFlowEntriesByState(DeviceId deviceId, FlowEntry.FlowEntryState state) {
        checkNotNull(state, "State cannot be null");
        return entries(of(deviceId).and(s -> s.state == state));
    }

    @Override
    public void applyFlowRules(FlowRule... flowRules) {
        checkNotNull(flowRules, "Flow rules cannot be null");
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        for (FlowRule rule : flowRules) {
            ops.add(rule);
        }
        apply(ops.build());
    }

    @Override
    public void removeFlowRules(FlowRule... flowRules) {
        checkNotNull(flowRules, "Flow rules cannot be null");
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        for (FlowRule rule : flowRules) {
            ops.remove(rule);
        }
        apply(ops.build());
    }

    /**
     * Drops every entry of a device from the store, without events, as ONOS's purge does.
     *
     * @param deviceId the device
     */
    @Override
    public synchronized void purgeFlowRules(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        table.remove(deviceId);
    }

    /**
     * Drops an app's entries of a device from the store, without events, as ONOS's purge does.
     *
     * @param deviceId the device
     * @param appId    the app
     */
    @Override
    public synchronized void purgeFlowRules(DeviceId deviceId, ApplicationId appId) {
        checkNotNull(deviceId, "Device id cannot be null");
        checkNotNull(appId, "Application id cannot be null");
        table.getOrDefault(deviceId, new LinkedHashMap<>()).values().removeIf(s -> s.rule.appId() == appId.id());
    }

    @Override
    public void removeFlowRulesById(ApplicationId appId) {
        FlowRule[] rules = ImmutableList.copyOf(getFlowEntriesById(appId)).toArray(new FlowRule[0]);
        removeFlowRules(rules);
    }

    @Override
    public Iterable<FlowEntry> getFlowEntriesById(ApplicationId appId) {
        checkNotNull(appId, "Application id cannot be null");
        return entries(s -> s.rule.appId() == appId.id());
    }

    @Override
    public Iterable<FlowRule> getFlowRulesByGroupId(ApplicationId appId, short groupId) {
        checkNotNull(appId, "Application id cannot be null");
        return ImmutableList.copyOf(entries(s -> s.rule.appId() == appId.id() && s.rule.groupId() != null
                && s.rule.groupId().id() == groupId));
    }

    /**
     * Returns no table statistics: the simulated switches keep none.
     *
     * @param deviceId the device
     * @return an empty list
     */
    @Override
    public Iterable<TableStatisticsEntry> getFlowTableStatistics(DeviceId deviceId) {
        checkNotNull(deviceId, "Device id cannot be null");
        return ImmutableList.of();
    }

    @Override
    public long getActiveFlowRuleCount(DeviceId deviceId) {
        return getFlowRuleCount(deviceId, FlowEntry.FlowEntryState.ADDED);
    }
}
