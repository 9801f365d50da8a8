// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleServiceAdapter;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Flow rules as ONOS 2.7's FlowRuleManager treats a FlowRuleOperations: stages in order, every
 * stage run even after one a device refused (FlowOperationsProcessor#fail goes on), onError with
 * a device's refused operations once per refusing device, else onSuccess. The entries are the cluster's flow-rule store
 * (share one map between the instances of a test cluster); each instance keeps its own log of
 * the writes it made, so a test sees who installed what.
 */
public final class PolicyFlowRules extends FlowRuleServiceAdapter {

    /** The cluster's entries by flow id. */
    public final Map<FlowId, FlowRule> entries;
    /** This instance's writes in order: "add|remove device table", and "stage" where a stage starts. */
    public final List<String> log = new CopyOnWriteArrayList<>();
    /** Devices that refuse every write (as a device that rejects the entry would). */
    public final Set<DeviceId> refusing = ConcurrentHashMap.newKeySet();

    /** One instance of a cluster of its own. */
    public PolicyFlowRules() {
        this(new ConcurrentHashMap<>());
    }

    /**
     * One instance of a cluster that shares a flow-rule store.
     *
     * @param entries the cluster's entries
     */
    public PolicyFlowRules(Map<FlowId, FlowRule> entries) {
        this.entries = entries;
    }

    /**
     * Returns another instance of this cluster (same entries, its own log).
     *
     * @return the other instance's flow-rule service
     */
    public PolicyFlowRules instance() {
        return new PolicyFlowRules(entries);
    }

    /** Every entry of the cluster. */
    public List<FlowRule> rules() {
        return ImmutableList.copyOf(entries.values());
    }

    /** The writes of one kind ("add" or "remove") this instance made. */
    public List<String> writes(String kind) {
        return log.stream().filter(w -> w.startsWith(kind + " ")).collect(ImmutableList.toImmutableList());
    }

    @Override
    public void apply(FlowRuleOperations ops) {
        // As FlowRuleManager's FlowOperationsProcessor: a stage with a refusal still leads to the
        // next (fail() goes on), onError once per device that refused, onSuccess only if none did.
        Map<DeviceId, FlowRuleOperations.Builder> refused = new LinkedHashMap<>();
        synchronized (entries) {
            for (Set<FlowRuleOperation> stage : ops.stages()) {
                log.add("stage");
                for (FlowRuleOperation op : stage) {
                    if (refusing.contains(op.rule().deviceId())) {
                        refused.computeIfAbsent(op.rule().deviceId(), d -> FlowRuleOperations.builder()).operation(op);
                    } else if (op.type() == FlowRuleOperation.Type.REMOVE) {
                        log.add("remove " + describe(op.rule()));
                        entries.remove(op.rule().id());
                    } else {
                        log.add("add " + describe(op.rule()));
                        entries.put(op.rule().id(), op.rule());
                    }
                }
            }
        }
        FlowRuleOperationsContext context = ops.callback();
        if (context != null) {
            if (!refused.isEmpty()) {
                refused.values().forEach(r -> context.onError(r.build()));
            } else {
                context.onSuccess(ops);
            }
        }
    }

    @Override
    public void applyFlowRules(FlowRule... flowRules) {
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        List.of(flowRules).forEach(ops::add);
        apply(ops.build());
    }

    @Override
    public void removeFlowRules(FlowRule... flowRules) {
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        List.of(flowRules).forEach(ops::remove);
        apply(ops.build());
    }

    @Override
    public Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
        return on(deviceId).stream()
                .map(r -> (FlowEntry) new DefaultFlowEntry(r, FlowEntry.FlowEntryState.ADDED, 0, 0, 0))
                .collect(ImmutableList.toImmutableList());
    }

    /**
     * Returns the entries on one device.
     *
     * @param device the device
     * @return its entries
     */
    public List<FlowRule> on(DeviceId device) {
        return entries.values().stream().filter(r -> r.deviceId().equals(device))
                .collect(ImmutableList.toImmutableList());
    }

    /**
     * Groups the writes of the log into its stages.
     *
     * @return each stage's writes, in order
     */
    public List<List<String>> stages() {
        List<List<String>> stages = new ArrayList<>();
        for (String write : log) {
            if (write.equals("stage")) {
                stages.add(new ArrayList<>());
            } else {
                stages.get(stages.size() - 1).add(write);
            }
        }
        return stages;
    }

    /**
     * How the log names an entry: its device, table and match.
     *
     * @param rule the entry
     * @return its description
     */
    public static String describe(FlowRule rule) {
        return rule.deviceId() + " " + rule.table() + " " + rule.selector().criteria();
    }

    /**
     * Counts entries per table name suffix, e.g. "apn6_sla".
     *
     * @param rules entries
     * @return table to count
     */
    public static Map<String, Integer> perTable(Collection<FlowRule> rules) {
        Map<String, Integer> counts = new LinkedHashMap<>();
        rules.forEach(r -> counts.merge(r.table().toString().replaceAll(".*\\.", ""), 1, Integer::sum));
        return counts;
    }
}
