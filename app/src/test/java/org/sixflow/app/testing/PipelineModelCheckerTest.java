// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.junit.Test;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.APP_ID;
import static org.sixflow.pipeconf.P4InfoConstants.FLOW_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_EG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IP_PROTO;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_L4_DPORT;
import static org.sixflow.pipeconf.P4InfoConstants.INDEX;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_DROP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6;
import static org.sixflow.pipeconf.P4InfoConstants.SLA_LEVEL;
import static org.sixflow.pipeconf.P4InfoConstants.USER_ID;

/**
 * The checker that holds compiled entries to the P4Info must itself catch bad entries.
 */
public class PipelineModelCheckerTest {

    private static final PipelineModelChecker CHECKER = new PipelineModelChecker(TestPipeconfs.bmv2().pipelineModel());

    private static FlowRule rule(PiTableId table, PiCriterion match, PiAction action) {
        return DefaultFlowRule.builder().forDevice(DeviceId.deviceId("device:s1")).forTable(table)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(1).fromApp(TestApplicationId.create("t")).makePermanent().build();
    }

    private static PiCriterion copyMatch() {
        return PiCriterion.builder().matchExact(HDR_GROUP, 7).matchExact(HDR_EG_PORT, 2).build();
    }

    @Test
    public void acceptsAGoodEntry() {
        PiAction ok = PiAction.builder().withId(SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY)
                .withParameter(new PiActionParam(INDEX, 1)).build();
        assertEquals(List.of(), CHECKER.problems(rule(SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY, copyMatch(), ok)));
    }

    @Test
    public void catchesDontCareKeysAndEntriesWithoutKeys() {
        PiAction insert = PiAction.builder().withId(SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6)
                .withParameter(new PiActionParam(SLA_LEVEL, 1)).withParameter(new PiActionParam(APP_ID, 2))
                .withParameter(new PiActionParam(USER_ID, 3)).withParameter(new PiActionParam(FLOW_ID, 4)).build();
        PiTableId classifier = SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;
        assertEquals(List.of(), CHECKER.problems(rule(classifier, PiCriterion.builder()
                .matchTernary(HDR_IP_PROTO, new byte[]{17}, new byte[]{-1}).build(), insert)));
        assertTrue(CHECKER.problems(rule(classifier, PiCriterion.builder()
                .matchTernary(HDR_IP_PROTO, new byte[]{0}, new byte[]{0}).build(), insert)).get(0).contains("mask 0"));
        assertTrue(CHECKER.problems(rule(classifier, PiCriterion.builder()
                .matchRange(HDR_L4_DPORT, (short) 0, (short) 0xffff).build(), insert)).get(0).contains("full range"));
        FlowRule keyless = DefaultFlowRule.builder().forDevice(DeviceId.deviceId("device:s1")).forTable(classifier)
                .withSelector(DefaultTrafficSelector.emptySelector())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(insert).build())
                .withPriority(1).fromApp(TestApplicationId.create("t")).makePermanent().build();
        assertTrue(CHECKER.problems(keyless).get(0).contains("default entry"));
    }

    @Test
    public void catchesForeignActionsUnknownTablesAndWideParameters() {
        PiAction foreign = PiAction.builder().withId(SIXFLOW_INGRESS_ACL_DROP).build();
        assertTrue(CHECKER.problems(rule(SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY, copyMatch(), foreign)).get(0)
                           .contains("has no action"));
        assertTrue(CHECKER.problems(rule(PiTableId.of("Nowhere.table"), copyMatch(), foreign)).get(0)
                           .contains("no table"));
        PiAction wide = PiAction.builder().withId(SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY)
                .withParameter(new PiActionParam(INDEX, ImmutableByteSequence.copyFrom(0x1_0000))).build();
        assertTrue(CHECKER.problems(rule(SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY, copyMatch(), wide)).get(0)
                           .contains("does not fit 16 bits"));
    }
}
