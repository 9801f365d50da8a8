// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.google.common.collect.ImmutableList;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowEntry;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleServiceAdapter;
import org.onosproject.net.flow.FlowRuleStoreException;

import java.net.ConnectException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Predicate;

/**
 * A flow-rule service whose store confirms every write at once (entries go to ADDED), as a
 * device that accepts everything would (or refuses, for devices a test says refuse), and keeps
 * every write in order.
 */
public class TestFlowRuleService extends FlowRuleServiceAdapter {

    /** One write: "add", "modify" or "remove" of a rule, or "stage" where a FlowRuleOperations stage starts. */
    public static final class Write {
        public final String op;
        public final FlowRule rule;

        Write(String op, FlowRule rule) {
            this.op = op;
            this.rule = rule;
        }

        @Override
        public String toString() {
            return rule == null ? op : op + " " + rule.deviceId() + " " + rule.selector().criteria();
        }
    }

    private final Map<FlowId, FlowEntry> entries = new LinkedHashMap<>();
    /** Every write, in order. */
    public final List<Write> log = new ArrayList<>();
    /** Devices that refuse every entry written to them (removals they accept). */
    public final Set<DeviceId> refusing = ConcurrentHashMap.newKeySet();

    @Override
    public synchronized void applyFlowRules(FlowRule... flowRules) {
        Arrays.stream(flowRules).forEach(r -> write("add", r));
    }

    @Override
    public synchronized void removeFlowRules(FlowRule... flowRules) {
        Arrays.stream(flowRules).forEach(this::remove);
    }

    @Override
    public void apply(FlowRuleOperations ops) {
        // As ONOS 2.7's FlowOperationsProcessor: every stage runs even after a refusal (fail()
        // goes on); onError once per refusing device with what it refused, else onSuccess.
        Map<DeviceId, FlowRuleOperations.Builder> refused = new LinkedHashMap<>();
        synchronized (this) {
            for (Set<FlowRuleOperation> stage : ops.stages()) {
                log.add(new Write("stage", null));
                for (FlowRuleOperation op : stage) {
                    if (op.type() != FlowRuleOperation.Type.REMOVE && refusing.contains(op.rule().deviceId())) {
                        log.add(new Write("refused", op.rule()));
                        refused.computeIfAbsent(op.rule().deviceId(), d -> FlowRuleOperations.builder()).operation(op);
                        continue;
                    }
                    switch (op.type()) {
                        case ADD:
                            write("add", op.rule());
                            break;
                        case MODIFY:
                            write("modify", op.rule());
                            break;
                        default:
                            remove(op.rule());
                    }
                }
            }
        }
        if (refused.isEmpty()) {
            ops.callback().onSuccess(ops);
        } else {
            refused.values().forEach(r -> ops.callback().onError(r.build()));
        }
    }

    private void write(String what, FlowRule rule) {
        log.add(new Write(what, rule));
        entries.put(rule.id(), new DefaultFlowEntry(rule, FlowEntry.FlowEntryState.ADDED, 0, 0, 0));
    }

    private void remove(FlowRule rule) {
        log.add(new Write("remove", rule));
        entries.remove(rule.id());
    }

    /**
     * Puts an entry in a state, as the device would report it.
     *
     * @param id    the entry's id
     * @param state its state
     */
    public synchronized void setState(FlowId id, FlowEntry.FlowEntryState state) {
        FlowEntry entry = entries.get(id);
        entries.put(id, new DefaultFlowEntry(entry, state, 0, 0, 0));
    }

    /**
     * Returns every entry, of every device and app.
     *
     * @return entries
     */
    public synchronized List<FlowEntry> entries() {
        return ImmutableList.copyOf(entries.values());
    }

    /** Devices whose entries cannot be read, as ONOS's store fails while a device's master is replaced. */
    public volatile Predicate<DeviceId> unreadable = device -> false;

    @Override
    public synchronized Iterable<FlowEntry> getFlowEntries(DeviceId deviceId) {
        if (unreadable.test(deviceId)) {
            throw new FlowRuleStoreException(new ConnectException("Connection refused: the master of " + deviceId));
        }
        return entries.values().stream().filter(e -> e.deviceId().equals(deviceId))
                .collect(ImmutableList.toImmutableList());
    }

    @Override
    public synchronized Iterable<FlowEntry> getFlowEntriesById(ApplicationId id) {
        return entries.values().stream().filter(e -> e.appId() == id.id()).collect(ImmutableList.toImmutableList());
    }

    @Override
    public synchronized int getFlowRuleCount() {
        return entries.size();
    }
}
