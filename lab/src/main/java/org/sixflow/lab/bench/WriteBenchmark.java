// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.bench;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.sixflow.lab.LabSouthbound;
import org.sixflow.lab.config.LabState;
import org.sixflow.pipeconf.PipeconfArtifacts;
import org.sixflow.pipeconf.PipeconfFactory;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.StreamSupport;

import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_SID;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;

/**
 * How fast the southbound writes to one bmv2 (simple_switch_grpc, started here with the bmv2
 * pipeconf pushed): rounds of inserting then deleting full routing_v6 (LPM) and msr6_sid_group
 * (128-bit exact) tables through FlowRuleService, one applyFlowRules/removeFlowRules per round (so
 * one WriteRequest per {@code DeviceWrites.CHUNK} updates), then the same entries written one
 * rule per call. Prints entries per second; asserts nothing. Needs simple_switch_grpc and root.
 *
 * <p>Arguments: [rounds (default 3)] [entries per table, at most the smaller of the two tables'
 * sizes in the bmv2 P4Info (the default)].
 */
public final class WriteBenchmark {

    private static final DeviceId DEVICE = DeviceId.deviceId("device:bench");

    private WriteBenchmark() {
    }

    /**
     * Runs the benchmark and prints its figures.
     *
     * @param args [rounds] [entries per table]
     * @throws Exception if the switch cannot be started or driven
     */
    /**
     * Runs the benchmark; exits 1 on any failure (the southbound's threads would keep the JVM alive).
     *
     * @param args [rounds [entries per table]]
     */
    public static void main(String[] args) {
        try {
            run(args);
        } catch (Exception | Error e) {
            e.printStackTrace();
            System.exit(1);
        }
        System.exit(0);
    }

    // The entries both tables hold, as the bmv2 P4Info sizes them.
    private static int tableCapacity() throws Exception {
        PiPipelineModel model = PipeconfFactory.bmv2(SixflowPipeconfs.FULL_BMV2, PipeconfArtifacts.ofResources(
                PipeconfFactory.class, SixflowPipeconfs.bundleFolder(SixflowPipeconfs.FULL_PROFILE, PipeconfTarget.BMV2))).pipelineModel();
        return Math.toIntExact(Math.min(model.table(SIXFLOW_INGRESS_ROUTING_ROUTING_V6).orElseThrow().maxSize(),
                                        model.table(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP).orElseThrow()
                                                .maxSize()));
    }

    private static void run(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 3;
        int capacity = tableCapacity();
        int perTable = args.length > 1 ? Math.min(capacity, Integer.parseInt(args[1])) : capacity;
        try (Bmv2Process bmv2 = Bmv2Process.start("bench", 1)) {
            LabSouthbound southbound = new LabSouthbound(LabState.of(List.of(bmv2.asSwitch())));
            ObjectNode netcfg = (ObjectNode) new ObjectMapper().readTree(
                    "{\"devices\": {\"device:bench\": {\"basic\": {\"pipeconf\": \"org.sixflow.full.bmv2\"}}}}");
            southbound.netcfg().load(netcfg);
            southbound.start();
            while (!southbound.devices().isAvailable(DEVICE)) {
                Thread.sleep(50);
            }
            ApplicationId app = southbound.core().registerApplication("org.sixflow.bench");
            List<FlowRule> rules = rules(app, perTable);
            System.out.printf("WriteBenchmark: %d entries per round (%d routing_v6 LPM + %d msr6_sid_group exact) "
                                      + "to one simple_switch_grpc, %d rounds%n", rules.size(), perTable, perTable,
                              rounds);
            for (int round = 1; round <= rounds; round++) {
                long start = System.nanoTime();
                southbound.flows().applyFlowRules(rules.toArray(new FlowRule[0]));
                southbound.flows().flush();
                double insert = seconds(start);
                check(southbound, app, rules.size());
                start = System.nanoTime();
                southbound.flows().removeFlowRules(rules.toArray(new FlowRule[0]));
                southbound.flows().flush();
                double delete = seconds(start);
                System.out.printf("  round %d batched: insert %,.0f entries/s (%.2f s), delete %,.0f entries/s "
                                          + "(%.2f s)%n", round, rules.size() / insert, insert,
                                  rules.size() / delete, delete);
            }
            List<FlowRule> few = rules.subList(0, Math.min(1000, rules.size()));
            long start = System.nanoTime();
            for (FlowRule rule : few) {
                southbound.flows().applyFlowRules(rule);
            }
            southbound.flows().flush();
            double single = seconds(start);
            check(southbound, app, few.size());
            System.out.printf("  one rule per call: insert %,.0f entries/s (%d entries, %.2f s)%n",
                              few.size() / single, few.size(), single);
            southbound.stop();
        }
    }

    /** The benchmark's own entries must all be ADDED (the Pipeliner's packet-request punts are not counted). */
    private static void check(LabSouthbound southbound, ApplicationId app, int expected) {
        long added = StreamSupport.stream(southbound.flows().getFlowEntries(DEVICE).spliterator(), false)
                .filter(e -> e.appId() == app.id() && e.state() == FlowEntry.FlowEntryState.ADDED).count();
        if (added != expected) {
            throw new IllegalStateException(added + " of " + expected + " entries ADDED");
        }
    }

    private static double seconds(long startNanos) {
        return (System.nanoTime() - startNanos) / 1e9;
    }

    private static List<FlowRule> rules(ApplicationId app, int perTable) {
        List<FlowRule> rules = new ArrayList<>();
        PiAction nextHop = PiAction.builder().withId(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP)
                .withParameter(new PiActionParam(PORT, 1))
                .withParameter(new PiActionParam(SMAC, MacAddress.valueOf("00:aa:00:00:00:01").toBytes()))
                .withParameter(new PiActionParam(DMAC, MacAddress.valueOf("00:aa:00:00:00:02").toBytes()))
                .build();
        for (int i = 0; i < perTable; i++) {
            byte[] prefix = Ip6Address.valueOf("fd00::").toOctets();
            prefix[2] = (byte) (i >> 8);
            prefix[3] = (byte) i;
            rules.add(rule(app, SIXFLOW_INGRESS_ROUTING_ROUTING_V6,
                           PiCriterion.builder().matchLpm(HDR_IPV6_DST, prefix, 64).build(), nextHop));
            byte[] sid = Ip6Address.valueOf("fd00:0:1::").toOctets();
            sid[14] = (byte) (i >> 8);
            sid[15] = (byte) i;
            rules.add(rule(app, SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP,
                           PiCriterion.builder().matchExact(HDR_SID, sid).build(),
                           PiAction.builder().withId(SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE)
                                   .withParameter(new PiActionParam(GROUP, (short) (1 + i % 1000))).build()));
        }
        return rules;
    }

    private static FlowRule rule(ApplicationId app, org.onosproject.net.pi.model.PiTableId table, PiCriterion match,
                                 PiAction action) {
        return DefaultFlowRule.builder().forDevice(DEVICE).forTable(table)
                .withSelector(DefaultTrafficSelector.builder().matchPi(match).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(action).build())
                .withPriority(10).fromApp(app).makePermanent().build();
    }
}
