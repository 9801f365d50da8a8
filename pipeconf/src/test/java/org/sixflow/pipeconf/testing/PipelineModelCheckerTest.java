// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf.testing;

import org.junit.Test;
import org.onlab.util.ImmutableByteSequence;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.TrafficSelector;
import org.onosproject.net.flow.TrafficTreatment;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.group.DefaultGroupBucket;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.DefaultGroupKey;
import org.onosproject.net.group.GroupBucket;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.pi.model.DefaultPiPipeconf;
import org.onosproject.net.pi.model.PiActionId;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.p4runtime.model.P4InfoParser;

import java.net.URL;
import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.onosproject.net.pi.model.PiPipeconf.ExtensionType.P4_INFO_TEXT;
import static org.sixflow.pipeconf.P4InfoConstants.APP_ID;
import static org.sixflow.pipeconf.P4InfoConstants.FLOW_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_EG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_TYPE;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IP_PROTO;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_L4_DPORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_RID;
import static org.sixflow.pipeconf.P4InfoConstants.INDEX;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SEGMENTS_LEFT;
import static org.sixflow.pipeconf.P4InfoConstants.SID;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_ACL;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_DROP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ACL_PUNT_TO_CPU;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_DROP_NO_ROUTE;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6;
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
        return PiCriterion.builder().matchExact(HDR_GROUP, 7).matchExact(HDR_EG_PORT, 2).matchExact(HDR_RID, 0).build();
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
                .withParameter(new PiActionParam(INDEX, 1)).withParameter(new PiActionParam(SEGMENTS_LEFT, (byte) 2))
                .withParameter(new PiActionParam(SID, new byte[16])).build();
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
                .withParameter(new PiActionParam(INDEX, ImmutableByteSequence.copyFrom(0x1_0000)))
                .withParameter(new PiActionParam(SEGMENTS_LEFT, (byte) 2))
                .withParameter(new PiActionParam(SID, new byte[16])).build();
        assertFirstProblem(rule(SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY, copyMatch(), wide), "does not fit 16 bits");
    }

    @Test
    public void aDefaultEntryIsRefusedWhereTheDefaultActionIsConstant() {
        // Every Sixflow table has a const default action: a rule without keys would change it.
        assertFirstProblem(rule(SIXFLOW_INGRESS_ACL_ACL, DefaultTrafficSelector.emptySelector(), PUNT),
                           "is constant");
        assertFirstProblem(rule(SIXFLOW_INGRESS_ROUTING_ROUTING_V6, DefaultTrafficSelector.emptySelector(),
                                PiAction.builder().withId(SIXFLOW_INGRESS_ROUTING_DROP_NO_ROUTE).build()),
                           "is constant");
    }

    @Test
    public void aDefaultOnlyActionIsRefusedInAnEntryWithKeys() {
        // drop_no_route is routing_v6's @defaultonly miss action.
        FlowRule miss = rule(SIXFLOW_INGRESS_ROUTING_ROUTING_V6, PiCriterion.builder()
                .matchLpm(HDR_IPV6_DST, new byte[16], 8).build(),
                             PiAction.builder().withId(SIXFLOW_INGRESS_ROUTING_DROP_NO_ROUTE).build());
        assertEquals(List.of(SIXFLOW_INGRESS_ROUTING_DROP_NO_ROUTE + " is @defaultonly in "
                                     + SIXFLOW_INGRESS_ROUTING_ROUTING_V6 + ": only its default entry may use it"),
                     CHECKER.problems(miss));
    }

    /** A made-up pipeline with what Sixflow's lack: a default action that is not constant, @tableonly, const entries. */
    private static PipelineModelChecker checkerOfTheMadeUpPipeline() throws Exception {
        URL p4Info = PipelineModelCheckerTest.class.getResource("/checker/scopes.p4info.txt");
        PiPipeconf pipeconf = DefaultPiPipeconf.builder().withId(new PiPipeconfId("org.sixflow.checker"))
                .withPipelineModel(P4InfoParser.parse(p4Info)).addExtension(P4_INFO_TEXT, p4Info).build();
        return new PipelineModelChecker(pipeconf);
    }

    @Test
    public void actionScopesAndConstEntriesOfAPipelineThatHasThem() throws Exception {
        PipelineModelChecker checker = checkerOfTheMadeUpPipeline();
        PiTableId open = PiTableId.of("Checker.open_default");
        PiCriterion key = PiCriterion.builder().matchExact(PiMatchFieldId.of("key"), 1).build();
        PiAction anywhere = PiAction.builder().withId(PiActionId.of("Checker.anywhere")).build();
        PiAction inEntries = PiAction.builder().withId(PiActionId.of("Checker.in_entries")).build();
        PiAction asDefault = PiAction.builder().withId(PiActionId.of("Checker.as_default")).build();
        // Its default action may change, to an action allowed there.
        assertEquals(List.of(), checker.problems(rule(open, DefaultTrafficSelector.emptySelector(), anywhere)));
        assertEquals(List.of(), checker.problems(rule(open, DefaultTrafficSelector.emptySelector(), asDefault)));
        assertEquals(List.of(), checker.problems(rule(open, key, inEntries)));
        assertEquals(List.of("Checker.in_entries is @tableonly in Checker.open_default: its default entry may not "
                                     + "use it"),
                     checker.problems(rule(open, DefaultTrafficSelector.emptySelector(), inEntries)));
        assertEquals(List.of("Checker.as_default is @defaultonly in Checker.open_default: only its default entry "
                                     + "may use it"),
                     checker.problems(rule(open, key, asDefault)));
        // A table with const entries takes none.
        assertFirstProblem(checker, rule(PiTableId.of("Checker.fixed"), key, anywhere), "const entries");
    }

    private static void assertFirstProblem(PipelineModelChecker checker, FlowRule rule, String words) {
        List<String> problems = checker.problems(rule);
        assertFalse(rule + " should have a problem", problems.isEmpty());
        assertTrue(problems + " should start with " + words, problems.get(0).contains(words));
    }

    private static final DeviceId S1 = DeviceId.deviceId("device:s1");
    private static final DeviceId S2 = DeviceId.deviceId("device:s2");

    private static GroupDescription group(DeviceId device, GroupDescription.Type type, int id, String key,
                                          long... ports) {
        List<GroupBucket> buckets = new ArrayList<>();
        for (long port : ports) {
            TrafficTreatment out = DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(port)).build();
            buckets.add(type == GroupDescription.Type.CLONE ? DefaultGroupBucket.createCloneGroupBucket(out)
                                : DefaultGroupBucket.createAllGroupBucket(out));
        }
        return new DefaultGroupDescription(device, type, new GroupBuckets(buckets), new DefaultGroupKey(key.getBytes()),
                                           id, TestApplicationId.create("t"));
    }

    @Test
    public void groupsThatShareAnIdOrAKeyOnOneDeviceClash() {
        GroupDescription tree = group(S1, GroupDescription.Type.ALL, 0x401, "tree-1", 1, 2);
        assertEquals(List.of(), PipelineModelChecker.groupProblems(List.of(
                tree, group(S1, GroupDescription.Type.ALL, 0x401, "tree-1", 2, 1),     // the same group again
                group(S2, GroupDescription.Type.ALL, 0x401, "tree-1", 3),              // another device
                group(S1, GroupDescription.Type.ALL, 0x402, "tree-2", 1, 2))));         // another id and key

        List<String> sameId = PipelineModelChecker.groupProblems(List.of(
                tree, group(S1, GroupDescription.Type.ALL, 0x401, "tree-9", 3)));
        assertEquals(1, sameId.size());
        assertTrue(sameId.get(0), sameId.get(0).startsWith("device:s1: group id 0x401 is both ALL group 0x401 with 2 "
                                                                  + "buckets and ALL group 0x401 with 1 buckets"));

        // A clone session and a multicast group with one id: ONOS keeps one group per id on a device.
        assertEquals(1, PipelineModelChecker.groupProblems(List.of(
                tree, group(S1, GroupDescription.Type.CLONE, 0x401, "clone", 255))).size());

        List<String> sameKey = PipelineModelChecker.groupProblems(List.of(
                group(S1, GroupDescription.Type.CLONE, 500, "500", 255), group(S1, GroupDescription.Type.ALL, 0x5F3,
                                                                                 "500", 1, 2)));
        assertEquals(1, sameKey.size());
        assertTrue(sameKey.get(0), sameKey.get(0).contains("GroupKey"));
    }
}
