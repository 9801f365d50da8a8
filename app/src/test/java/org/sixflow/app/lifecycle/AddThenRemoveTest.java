// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.sixflow.app.testing.TestFlowRuleService;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;

/**
 * Writes, then removals only once the writes are confirmed, over a flow-rule service that runs
 * every stage as ONOS's does.
 */
public class AddThenRemoveTest {

    private static final DeviceId A = DeviceId.deviceId("device:a");
    private static final DeviceId B = DeviceId.deviceId("device:b");
    private final TestFlowRuleService flows = new TestFlowRuleService();
    private final List<String> outcomes = new CopyOnWriteArrayList<>();
    private final AddThenRemove.Outcome outcome = new AddThenRemove.Outcome() {
        @Override
        public void succeeded() {
            outcomes.add("succeeded");
        }

        @Override
        public void failed(FlowRuleOperations refused) {
            outcomes.add("failed " + refused.stages().get(0).iterator().next().rule().deviceId());
        }
    };

    private static FlowRule rule(DeviceId device, int priority) {
        return DefaultFlowRule.builder().forDevice(device).forTable(0)
                .withSelector(DefaultTrafficSelector.emptySelector())
                .withTreatment(DefaultTrafficTreatment.emptyTreatment()).withPriority(priority)
                .fromApp(TestApplicationId.create("test")).makePermanent().build();
    }

    private List<String> log() {
        return flows.log.stream().map(w -> w.rule == null ? w.op : w.op + " " + w.rule.deviceId() + " "
                + w.rule.priority()).collect(Collectors.toList());
    }

    @Test
    public void removalsGoInABatchOfTheirOwnOnceTheWritesAreConfirmed() {
        flows.applyFlowRules(rule(A, 1), rule(B, 1));
        flows.log.clear();
        AddThenRemove.apply(flows, AddThenRemove.additions(List.of(rule(A, 2), rule(B, 2))),
                            List.of(rule(A, 1), rule(B, 1)), outcome);
        assertEquals(List.of("stage", "add device:a 2", "add device:b 2", "stage", "remove device:a 1",
                             "remove device:b 1"), log());
        assertEquals(List.of("succeeded"), outcomes);
    }

    @Test
    public void aRefusedWriteLeavesEveryOldEntry() {
        flows.applyFlowRules(rule(A, 1), rule(B, 1));
        flows.refusing.add(B);
        flows.log.clear();
        AddThenRemove.apply(flows, AddThenRemove.additions(List.of(rule(A, 2), rule(B, 2))),
                            List.of(rule(A, 1), rule(B, 1)), outcome);
        assertEquals(List.of("stage", "add device:a 2", "refused device:b 2"), log());
        assertEquals(List.of("failed device:b"), outcomes);
        assertEquals(3, flows.entries().size());
    }

    @Test
    public void removalsAloneGoAtOnce() {
        flows.applyFlowRules(rule(A, 1));
        flows.log.clear();
        AddThenRemove.apply(flows, List.of(), List.of(rule(A, 1)), outcome);
        assertEquals(List.of("stage", "remove device:a 1"), log());
        assertEquals(List.of("succeeded"), outcomes);
    }
}
