// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.testing;

import org.junit.Test;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.APP_ID;
import static org.sixflow.pipeconf.P4InfoConstants.FLOW_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_EG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_TYPE;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IP_PROTO;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_L4_DPORT;
import static org.sixflow.pipeconf.P4InfoConstants.INDEX;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_DROP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_PUNT_TO_CPU;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP;
import static org.sixflow.pipeconf.P4InfoConstants.SLA_LEVEL;
import static org.sixflow.pipeconf.P4InfoConstants.USER_ID;

/**
 * The checker that holds the pipeliner's and the app's entries to the P4Info must itself catch
 * bad entries.
 */
public class PipelineModelCheckerTest {

    private static final PipelineModelChecker CHECKER =
            new PipelineModelChecker(BundledPipeconfs.bmv2().pipelineModel());
    private static final PiAction PUNT = PiAction.builder().withId(SIXFLOW_INGRESS_ACL_PUNT_TO_CPU).build();

    private static FlowRule rule(PiTableId table, TrafficSelector selector, PiAction action) {
        return DefaultFlowRule.builder().forDevice(DeviceId.deviceId("device:s1")).forTable(table)
                .withSelector(selector)
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(10).fromApp(TestApplicationId.create("t")).makePermanent().build();
    }

    private static FlowRule rule(PiTableId table, PiCriterion match, PiAction action) {
        return rule(table, DefaultTrafficSelector.builder().matchPi(match).build(), action);
    }

    private static FlowRule acl(PiCriterion match, PiAction action) {
        return rule(SIXFLOW_INGRESS_ACL_ACL, match, action);
    }

    private static PiCriterion copyMatch() {
        return PiCriterion.builder().matchExact(HDR_GROUP, 7).matchExact(HDR_EG_PORT, 2).build();
    }

    private static void assertProblem(FlowRule rule, String words) {
        List<String> problems = CHECKER.problems(rule);
        assertTrue(problems + " should mention " + words, problems.stream().anyMatch(p -> p.contains(words)));
    }

    /** The problem a rule is refused for first, so one fault is not hidden behind another. */
    private static void assertFirstProblem(FlowRule rule, String words) {
        List<String> problems = CHECKER.problems(rule);
        assertFalse(rule + " should have a problem", problems.isEmpty());
        assertTrue(problems + " should start with " + words, problems.get(0).contains(words));
    }

    @Test
    public void acceptsAGoodEntry() {
        assertEquals(List.of(), CHECKER.problems(acl(PiCriterion.builder()
                .matchTernary(HDR_ETH_TYPE, new byte[]{(byte) 0x88, (byte) 0xcc}, new byte[]{-1, -1}).build(), PUNT)));
    }

    @Test
    public void acceptsAGoodExactEntryWithParameters() {
        PiAction ok = PiAction.builder().withId(SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY)
                .withParameter(new PiActionParam(INDEX, 1)).build();
        assertEquals(List.of(), CHECKER.problems(rule(SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY, copyMatch(), ok)));
    }

    @Test
    public void catchesWrongNamesWidthsKindsDontCaresAndActions() {
        assertProblem(acl(PiCriterion.builder().matchTernary(PiMatchFieldId.of("ether_type"), 1, 1).build(), PUNT),
                      "has no key ether_type");
        assertProblem(acl(PiCriterion.builder().matchTernary(HDR_IG_PORT, 0x200, 0x3ff).build(), PUNT),
                      "does not fit 9 bits");
        assertProblem(acl(PiCriterion.builder().matchExact(HDR_ETH_TYPE, 0x88cc).build(), PUNT), "is TERNARY");
        assertProblem(acl(PiCriterion.builder().matchTernary(HDR_ETH_TYPE, 0, 0).build(), PUNT), "mask 0");
        assertProblem(acl(PiCriterion.builder().matchTernary(HDR_ETH_TYPE, 0x88cc, 0xff00).build(), PUNT),
                      "outside its mask");
        assertProblem(rule(SIXFLOW_INGRESS_ACL_ACL, DefaultTrafficSelector.emptySelector(), PUNT), "default entry");
        assertProblem(rule(SIXFLOW_INGRESS_ACL_ACL, DefaultTrafficSelector.builder().matchEthType((short) 1).build(),
                           PUNT), "not in PI form");
        assertProblem(acl(PiCriterion.builder().matchTernary(HDR_ETH_TYPE, 1, 0xffff).build(),
                          PiAction.builder().withId(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP)
                                  .withParameter(new PiActionParam(PORT, 1)).build()), "has no action");
        assertProblem(rule(PiTableId.of("Nowhere.table"), DefaultTrafficSelector.emptySelector(), PUNT), "no table");
    }

    @Test
    public void catchesDontCareKeysAndEntriesWithoutKeys() {
        PiAction insert = PiAction.builder().withId(SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6)
                .withParameter(new PiActionParam(SLA_LEVEL, 1)).withParameter(new PiActionParam(APP_ID, 2))
                .withParameter(new PiActionParam(USER_ID, 3)).withParameter(new PiActionParam(FLOW_ID, 4)).build();
        PiTableId classifier = SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;
        assertEquals(List.of(), CHECKER.problems(rule(classifier, PiCriterion.builder()
                .matchTernary(HDR_IP_PROTO, new byte[]{17}, new byte[]{-1}).build(), insert)));
        assertFirstProblem(rule(classifier, PiCriterion.builder()
                .matchTernary(HDR_IP_PROTO, new byte[]{0}, new byte[]{0}).build(), insert), "mask 0");
        assertFirstProblem(rule(classifier, PiCriterion.builder()
                .matchRange(HDR_L4_DPORT, (short) 0, (short) 0xffff).build(), insert), "full range");
        assertFirstProblem(rule(classifier, DefaultTrafficSelector.emptySelector(), insert), "default entry");
    }

    @Test
    public void catchesForeignActionsUnknownTablesAndWideParameters() {
        PiAction foreign = PiAction.builder().withId(SIXFLOW_INGRESS_ACL_DROP).build();
        assertFirstProblem(rule(SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY, copyMatch(), foreign), "has no action");
        assertFirstProblem(rule(PiTableId.of("Nowhere.table"), copyMatch(), foreign), "no table");
        PiAction wide = PiAction.builder().withId(SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY)
                .withParameter(new PiActionParam(INDEX, ImmutableByteSequence.copyFrom(0x1_0000))).build();
        assertFirstProblem(rule(SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY, copyMatch(), wide), "does not fit 16 bits");
    }
}
