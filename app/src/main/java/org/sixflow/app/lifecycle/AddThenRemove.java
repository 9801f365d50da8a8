// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.FlowRuleService;

import java.util.Collection;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Writes entries and takes old ones out only once every device confirmed the writes. ONOS 2.7's
 * FlowRuleManager runs a FlowRuleOperations' later stages even after a device refused something
 * in an earlier one (FlowOperationsProcessor#fail reports it and goes on), so removals staged
 * after the additions would take out what a refused entry was to replace. Here the removals are
 * a batch of their own, submitted from the additions' onSuccess; a refusal of the additions
 * leaves the old entries in place.
 */
public final class AddThenRemove {

    /** What became of the writes and removals. */
    public interface Outcome {
        /** Every write and every removal was confirmed. */
        void succeeded();

        /**
         * A device refused something (called once per refusing device, as ONOS does); when the
         * writes were refused, no removal was submitted.
         *
         * @param refused what that device refused
         */
        void failed(FlowRuleOperations refused);
    }

    private AddThenRemove() {
    }

    /**
     * Submits the writes, then, once they are confirmed, the removals.
     *
     * @param flowRules where the entries go
     * @param writes    additions and modifications (in one stage)
     * @param removals  entries to take out after the writes
     * @param outcome   told how it ended
     */
    public static void apply(FlowRuleService flowRules, Collection<FlowRuleOperation> writes,
                             Collection<FlowRule> removals, Outcome outcome) {
        if (writes.isEmpty()) {
            remove(flowRules, removals, outcome);
            return;
        }
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        writes.forEach(ops::operation);
        flowRules.apply(ops.build(new FlowRuleOperationsContext() {
            @Override
            public void onSuccess(FlowRuleOperations done) {
                remove(flowRules, removals, outcome);
            }

            @Override
            public void onError(FlowRuleOperations failed) {
                outcome.failed(failed);
            }
        }));
    }

    /**
     * The writes of entries to add.
     *
     * @param rules the entries
     * @return an ADD operation for each
     */
    public static List<FlowRuleOperation> additions(Collection<FlowRule> rules) {
        return rules.stream().map(r -> new FlowRuleOperation(r, FlowRuleOperation.Type.ADD))
                .collect(Collectors.toList());
    }

    private static void remove(FlowRuleService flowRules, Collection<FlowRule> removals, Outcome outcome) {
        if (removals.isEmpty()) {
            outcome.succeeded();
            return;
        }
        FlowRuleOperations.Builder ops = FlowRuleOperations.builder();
        removals.forEach(ops::remove);
        flowRules.apply(ops.build(new FlowRuleOperationsContext() {
            @Override
            public void onSuccess(FlowRuleOperations done) {
                outcome.succeeded();
            }

            @Override
            public void onError(FlowRuleOperations failed) {
                outcome.failed(failed);
            }
        }));
    }
}
