// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.pipeliner;

import org.junit.Test;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flowobjective.DefaultForwardingObjective;
import org.onosproject.net.flowobjective.ForwardingObjective;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL;

/**
 * Forwarding objectives to acl flow rules: table, priority, app, lifetime; a match-all
 * objective needs two entries. Refusals are in SixflowPipelinerTest, through the pipeliner.
 */
public class ForwardingObjectiveTranslatorTest {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:shanghai");
    private static final ApplicationId APP = TestApplicationId.create("org.example.acl");
    private static final PipelineModelChecker BMV2 = new PipelineModelChecker(BundledPipeconfs.bmv2().pipelineModel());

    @Test
    public void aTemporaryDropBecomesATemporaryAclEntryAtTheObjectivesPriority() throws Exception {
        ForwardingObjective drop = DefaultForwardingObjective.builder()
                .withSelector(DefaultTrafficSelector.builder().matchEthType((short) 0x88b5).build())
                .withTreatment(DefaultTrafficTreatment.builder().drop().build())
                .withFlag(ForwardingObjective.Flag.VERSATILE).withPriority(12345).fromApp(APP).makeTemporary(30)
                .add();
        List<FlowRule> rules = new ForwardingObjectiveTranslator(DEVICE).translate(drop);
        assertEquals(1, rules.size());
        FlowRule rule = rules.get(0);
        assertEquals(SIXFLOW_INGRESS_ACL_ACL, rule.table());
        assertEquals(12345, rule.priority());
        assertEquals(APP.id(), rule.appId());
        assertEquals(DEVICE, rule.deviceId());
        assertFalse(rule.isPermanent());
        assertEquals(30, rule.timeout());
        assertEquals(List.of(), BMV2.problems(rule));
    }

    @Test
    public void puntingEverythingTakesTwoEntries() throws Exception {
        ForwardingObjective all = DefaultForwardingObjective.builder()
                .withSelector(DefaultTrafficSelector.emptySelector())
                .withTreatment(DefaultTrafficTreatment.builder().punt().wipeDeferred().build())
                .withFlag(ForwardingObjective.Flag.VERSATILE).withPriority(5).fromApp(APP).makePermanent().add();
        List<FlowRule> rules = new ForwardingObjectiveTranslator(DEVICE).translate(all);
        assertEquals(2, rules.size());
        rules.forEach(rule -> assertEquals(List.of(), BMV2.problems(rule)));
    }
}
