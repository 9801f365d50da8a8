// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.apn6;

import com.google.common.collect.ListMultimap;
import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.TestApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.api.Apn6Policy;
import org.sixflow.app.testing.PipelineModelChecker;
import org.sixflow.app.testing.TestPipeconfs;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_SLA;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_STRIP;

/**
 * Policies to entries, every entry checked against the pipeline model of the committed P4Info.
 */
public class Apn6PolicyCompilerTest {

    private static final PipelineModelChecker CHECKER = new PipelineModelChecker(TestPipeconfs.bmv2().pipelineModel());
    private static final PipelineModelChecker TOFINO = new PipelineModelChecker(TestPipeconfs.tofino().pipelineModel());
    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final DeviceId SHANGHAI = DeviceId.deviceId("device:shanghai");
    private static final DeviceId WUHAN = DeviceId.deviceId("device:wuhan");
    private static final Map<DeviceId, Set<ConnectPoint>> EDGES = Map.of(
            BEIJING, Set.of(ConnectPoint.deviceConnectPoint("device:beijing/3")),
            SHANGHAI, Set.of(ConnectPoint.deviceConnectPoint("device:shanghai/3")));

    private static long count(ListMultimap<DeviceId, FlowRule> rules, DeviceId device, Object table) {
        return rules.get(device).stream().filter(r -> r.table().equals(table)).count();
    }

    @Test
    public void everyDimensionCompilesIntoEntriesThatFit() {
        Apn6Match match = Apn6Match.builder().source(Ip6Prefix.valueOf("fd00:1:1::/64"))
                .destination(Ip6Prefix.valueOf("fd00:1:4::/48")).nextHeader(17)
                .sourcePorts(PortRange.of(1000, 2000)).destinationPorts(PortRange.of(5004, 5004))
                .ingressPorts(Set.of(ConnectPoint.deviceConnectPoint("device:beijing/3"))).build();
        Apn6Policy policy = Apn6Policy.of("video", "video gold", 100, match,
                                          ApplicationAwareId.of(3, 0x1234, 0xabc, 0xffffffffL), 5, true);
        ListMultimap<DeviceId, FlowRule> rules = new Apn6PolicyCompiler(TestApplicationId.create("t"))
                .compile(policy, EDGES, List.of(BEIJING, WUHAN, SHANGHAI));
        for (FlowRule rule : rules.values()) {
            assertEquals(rule.toString(), List.of(), CHECKER.problems(rule));
            assertEquals("fits Tofino too: " + rule, List.of(), TOFINO.problems(rule));
            assertEquals(100, rule.priority());
        }
        assertEquals(1, count(rules, BEIJING, SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER));
        assertEquals(0, count(rules, SHANGHAI, SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER));  // port on Beijing
        assertEquals(1, count(rules, WUHAN, SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_SLA));
        assertEquals(1, count(rules, SHANGHAI, SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_STRIP));
    }

    @Test
    public void wildcardPolicyGoesToEveryEdgeWithoutSlaOrStrip() {
        Apn6Policy policy = Apn6Policy.of("all", null, 1, Apn6Match.builder().build(), ApplicationAwareId.of(1, 2, 3, 4),
                                          null, false);
        ListMultimap<DeviceId, FlowRule> rules = new Apn6PolicyCompiler(TestApplicationId.create("t"))
                .compile(policy, EDGES, List.of(BEIJING, WUHAN, SHANGHAI));
        assertEquals(2, rules.size());
        rules.values().forEach(rule -> assertEquals(List.of(), CHECKER.problems(rule)));
    }
}
