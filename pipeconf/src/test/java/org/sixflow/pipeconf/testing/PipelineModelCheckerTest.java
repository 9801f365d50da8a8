// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.testing;

import org.junit.Test;
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
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_TYPE;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_PUNT_TO_CPU;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP;

/**
 * The checker that holds the pipeliner's entries to the P4Info must itself catch bad entries.
 */
public class PipelineModelCheckerTest {

    private static final PipelineModelChecker CHECKER = new PipelineModelChecker(BundledPipeconfs.bmv2().pipelineModel());
    private static final PiAction PUNT = PiAction.builder().withId(SIXFLOW_INGRESS_ACL_PUNT_TO_CPU).build();

    private static FlowRule rule(PiTableId table, TrafficSelector selector, PiAction action) {
        return DefaultFlowRule.builder().forDevice(DeviceId.deviceId("device:s1")).forTable(table)
                .withSelector(selector)
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(10).fromApp(TestApplicationId.create("t")).makePermanent().build();
    }

    private static FlowRule acl(PiCriterion match, PiAction action) {
        return rule(SIXFLOW_INGRESS_ACL_ACL, DefaultTrafficSelector.builder().matchPi(match).build(), action);
    }

    private static void assertProblem(FlowRule rule, String words) {
        List<String> problems = CHECKER.problems(rule);
        assertTrue(problems + " should mention " + words, problems.stream().anyMatch(p -> p.contains(words)));
    }

    @Test
    public void acceptsAGoodEntry() {
        assertEquals(List.of(), CHECKER.problems(acl(PiCriterion.builder()
                .matchTernary(HDR_ETH_TYPE, new byte[]{(byte) 0x88, (byte) 0xcc}, new byte[]{-1, -1}).build(), PUNT)));
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
}
