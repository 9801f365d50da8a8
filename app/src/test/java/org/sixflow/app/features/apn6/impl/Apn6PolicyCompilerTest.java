// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import com.google.common.collect.ListMultimap;
import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.TestApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.runtime.PiTernaryFieldMatch;
import org.sixflow.app.features.apn6.api.Apn6Match;
import org.sixflow.app.features.apn6.api.Apn6Policy;
import org.sixflow.app.features.apn6.api.ApplicationAwareId;
import org.sixflow.app.features.apn6.api.PortRange;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IP_PROTO;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_SLA;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_STRIP;

/**
 * Policies to entries, every entry checked against the pipeline model of the committed P4Info.
 */
public class Apn6PolicyCompilerTest {

    private static final PipelineModelChecker CHECKER =
            new PipelineModelChecker(BundledPipeconfs.bmv2().pipelineModel());
    private static final PipelineModelChecker TOFINO =
            new PipelineModelChecker(BundledPipeconfs.tofino().pipelineModel());
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
        assertEquals(4, rules.size());   // two classifier entries per edge
        rules.values().forEach(rule -> assertEquals(List.of(), CHECKER.problems(rule)));
        assertEquals(List.of(), rules.get(WUHAN));
    }

    @Test
    public void matchAllIsTwoRealClassifierEntriesPerEdgeThatMatchEveryPacket() {
        Apn6Policy policy = Apn6Policy.of("all", null, 7, Apn6Match.builder().build(), ApplicationAwareId.of(1, 2, 3, 4),
                                          2, true);
        ListMultimap<DeviceId, FlowRule> rules = new Apn6PolicyCompiler(TestApplicationId.create("t"))
                .compile(policy, EDGES, List.of(BEIJING, WUHAN, SHANGHAI));
        for (DeviceId edge : EDGES.keySet()) {
            List<FlowRule> classifiers = rules.get(edge).stream()
                    .filter(r -> r.table().equals(SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER))
                    .collect(Collectors.toList());
            assertEquals(edge.toString(), 2, classifiers.size());
            for (FlowRule rule : classifiers) {
                // A real entry at the policy's priority: never the table's default entry, no don't-care key.
                assertEquals(rule.toString(), List.of(), CHECKER.problems(rule));
                assertEquals("fits Tofino too: " + rule, List.of(), TOFINO.problems(rule));
                assertEquals(7, rule.priority());
            }
            // Between them the two entries match every packet: each ip_proto value exactly once, no other key.
            for (int proto = 0; proto <= 255; proto++) {
                int matching = 0;
                for (FlowRule rule : classifiers) {
                    PiCriterion match = (PiCriterion) rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
                    assertEquals(1, match.fieldMatches().size());
                    PiTernaryFieldMatch field = (PiTernaryFieldMatch) match.fieldMatch(HDR_IP_PROTO).orElseThrow();
                    int mask = field.mask().asArray()[0] & 0xff;
                    if ((proto & mask) == (field.value().asArray()[0] & 0xff)) {
                        matching++;
                    }
                }
                assertEquals("ip_proto " + proto, 1, matching);
            }
        }
        assertEquals(1, count(rules, WUHAN, SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_SLA));
        assertEquals(1, count(rules, SHANGHAI, SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_STRIP));
    }

    @Test
    public void aMatchOnIngressPortsAloneIsOneEntryPerPort() {
        Apn6Policy policy = Apn6Policy.of("port", null, 3, Apn6Match.builder()
                .ingressPorts(Set.of(ConnectPoint.deviceConnectPoint("device:beijing/3"))).build(),
                                          ApplicationAwareId.of(1, 2, 3, 4), null, false);
        ListMultimap<DeviceId, FlowRule> rules = new Apn6PolicyCompiler(TestApplicationId.create("t"))
                .compile(policy, EDGES, List.of(BEIJING, WUHAN, SHANGHAI));
        assertEquals(1, rules.size());
        assertEquals(List.of(), CHECKER.problems(rules.get(BEIJING).get(0)));
    }
}
