// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.impl.compile;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiMatchFieldId;
import org.onosproject.net.pi.model.PiTableId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6TreeEntries;
import org.sixflow.app.features.msr6.impl.encoding.EncodedTree;
import org.sixflow.app.features.msr6.impl.encoding.MrhEncoder;
import org.sixflow.app.features.msr6.impl.encoding.UnicastRoutes;
import org.sixflow.app.features.msr6.impl.tree.Graph;
import org.sixflow.app.features.msr6.impl.tree.MulticastTree;
import org.sixflow.app.features.msr6.impl.tree.ShortestPathUnion;
import org.sixflow.app.packet.msr6.Msid;
import org.sixflow.pipeconf.GroupIds;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.math.BigInteger;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_EG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_DELIVER;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_RID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_SID;
import static org.sixflow.pipeconf.P4InfoConstants.INDEX;
import static org.sixflow.pipeconf.P4InfoConstants.SEGMENTS_LEFT;
import static org.sixflow.pipeconf.P4InfoConstants.SID;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_DELIVER_LOCALLY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_ADJACENCY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_LOCAL_SID;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP;

/**
 * The study's tree compiled to entries and groups, every entry checked against the pipeline
 * model ONOS parses from the committed P4Info.
 */
public class Msr6RuleCompilerTest {

    private static final String[] CITIES = {"beijing", "wuhan", "nanjing", "shanghai", "guangzhou"};
    private static final Ip6Address GROUP = Ip6Address.valueOf("ff3e::1234");
    private static final PipelineModelChecker CHECKER =
            new PipelineModelChecker(BundledPipeconfs.bmv2().pipelineModel());

    /** Beijing 0 - Wuhan 1, Beijing - Nanjing 2, Wuhan - Nanjing, Wuhan - Guangzhou 4, Nanjing - Shanghai 3. */
    private static final Graph STUDY = Graph.builder(5).link(0, 1, 1).link(0, 2, 1).link(1, 2, 1).link(1, 4, 1)
            .link(2, 3, 1).link(3, 4, 1).build();

    private static final TreeNetwork NETWORK = new StudyNetwork();

    /** The study's devices, ports, MACs and locators; receivers on port 9 of every node past Wuhan. */
    private static class StudyNetwork implements TreeNetwork {
        @Override
        public DeviceId device(int vertex) {
            return DeviceId.deviceId("device:" + CITIES[vertex]);
        }

        @Override
        public PortNumber port(int edge) {
            return PortNumber.portNumber(1 + edge - edgeOffset(STUDY.source(edge)));
        }

        @Override
        public MacAddress routerMac(int vertex) {
            return MacAddress.valueOf("00:aa:00:00:00:0" + (vertex + 1));
        }

        @Override
        public Ip6Prefix locator(int vertex) {
            return Ip6Prefix.valueOf("fd00:1:" + (vertex + 1) + "::/64");
        }

        @Override
        public Set<PortNumber> receiverPorts(int vertex) {
            return vertex == 0 || vertex == 1 ? Set.of() : Set.of(PortNumber.portNumber(9));
        }
    }

    /** Ports count from 1 per device in edge order. */
    private static int edgeOffset(int vertex) {
        for (int e = 0; e < STUDY.edgeCount(); e++) {
            if (STUDY.source(e) == vertex) {
                return e;
            }
        }
        return 0;
    }

    private static Msr6TreeEntries compile(Msr6Mode mode) {
        return compile(mode, 7, GROUP, null, Set.of(2, 3, 4));
    }

    static Msr6TreeEntries compile(Msr6Mode mode, int number, Ip6Address group, Ip6Address source,
                                Set<Integer> receivers) {
        MulticastTree tree = new ShortestPathUnion().compute(STUDY, 0, receivers);
        EncodedTree encoded = encode(mode, number, receivers);
        return new Msr6RuleCompiler(TestApplicationId.create("org.sixflow.app"))
                .compile(number, group, source, STUDY, tree, encoded, NETWORK);
    }

    @Test
    public void aNodeTheEncoderLeftOutGetsNothingAndItsParentSendsThroughIt() {
        MulticastTree tree = new ShortestPathUnion().compute(STUDY, 0, Set.of(2, 3, 4));
        EncodedTree encoded = new MrhEncoder(NETWORK::locator, e -> -1)
                .encode(STUDY, tree, Msr6Mode.TE, 7, (edge, towards) -> STUDY.target(edge) == towards);
        Msr6TreeEntries compiled = new Msr6RuleCompiler(TestApplicationId.create("org.sixflow.app"))
                .compile(7, GROUP, null, STUDY, tree, encoded, NETWORK);
        // Wuhan routes the copy to Guangzhou: no SID, group or entry of the tree there.
        assertFalse(compiled.rules().containsKey(DeviceId.deviceId("device:wuhan")));
        assertFalse(compiled.groups().containsKey(DeviceId.deviceId("device:wuhan")));
        // Beijing's copy 0 (addressed to Guangzhou) leaves by its link to Wuhan, with Wuhan's MAC.
        PortNumber toWuhan = NETWORK.port(tree.parentEdge(1));
        List<FlowRule> adjacencies = rules(compiled, "beijing", SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_ADJACENCY);
        FlowRule first = adjacencies.stream().filter(r -> r.selector().toString()
                .contains("eg_port=0x" + Long.toHexString(toWuhan.toLong()))).findFirst().orElseThrow();
        assertTrue(first.treatment().toString(), first.treatment().toString().contains("dmac=0xaa00000002"));
        for (FlowRule rule : compiled.rules().values()) {
            assertEquals(rule.toString(), List.of(), CHECKER.problems(rule));
        }
    }

    private static List<FlowRule> rules(Msr6TreeEntries compiled, String city, PiTableId table) {
        return compiled.rules().get(DeviceId.deviceId("device:" + city)).stream()
                .filter(r -> r.table().equals(table)).collect(Collectors.toList());
    }

    private static List<PiTableId> tables(Msr6TreeEntries compiled, String city) {
        return compiled.rules().get(DeviceId.deviceId("device:" + city)).stream()
                .map(r -> (PiTableId) r.table()).collect(Collectors.toList());
    }

    @Test
    public void everyEntryFitsThePipeline() {
        for (Msr6Mode mode : Msr6Mode.values()) {
            for (FlowRule rule : compile(mode).rules().values()) {
                assertEquals(rule.toString(), List.of(), CHECKER.problems(rule));
            }
        }
    }

    @Test
    public void teTreePutsEachPieceOnItsDevice() {
        Msr6TreeEntries compiled = compile(Msr6Mode.TE);
        // Beijing encapsulates and, with two children, replicates itself.
        assertTrue(tables(compiled, "beijing").contains(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP));
        assertTrue(tables(compiled, "beijing").contains(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO));
        assertEquals(2, compiled.groups().get(DeviceId.deviceId("device:beijing")).get(0).buckets().buckets().size());
        // Nanjing forwards to Shanghai and delivers to its own receivers.
        List<FlowRule> nanjing = compiled.rules().get(DeviceId.deviceId("device:nanjing"));
        assertTrue(nanjing.stream().anyMatch(r -> r.table().equals(SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY)
                && r.treatment().toString().contains(SIXFLOW_EGRESS_MSR6_EGRESS_DELIVER_LOCALLY.id())));
        assertTrue(tables(compiled, "nanjing").contains(SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP));
        GroupDescription nanjingGroup = compiled.groups().get(DeviceId.deviceId("device:nanjing")).get(0);
        assertEquals(2, nanjingGroup.buckets().buckets().size());   // Shanghai link + receiver port
        // Leaves with one receiver port: delivered by unicast from the SID's entry, which carries
        // the port and MACs; no group, copy or adjacency.
        assertFalse(compiled.groups().containsKey(DeviceId.deviceId("device:shanghai")));
        assertFalse(tables(compiled, "shanghai").contains(SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY));
        assertFalse(tables(compiled, "shanghai").contains(SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_ADJACENCY));
        PiAction deliver = action(rules(compiled, "shanghai", SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP).get(0));
        assertEquals(SIXFLOW_INGRESS_MSR6_INGRESS_DELIVER, deliver.id());
        assertEquals(9, param(deliver, PORT).intValueExact());
        assertEquals(0x00aa00000004L, param(deliver, SMAC).longValueExact());           // Shanghai's router MAC
        assertEquals(0x3333_0000_1234L, param(deliver, DMAC).longValueExact());         // ff3e::1234's (RFC 2464)
    }

    @Test
    public void aLeafWithSeveralReceiverPortsDeliversThroughItsGroup() {
        TreeNetwork twoPorts = new StudyNetwork() {
            @Override
            public Set<PortNumber> receiverPorts(int vertex) {
                return vertex == 3 ? Set.of(PortNumber.portNumber(9), PortNumber.portNumber(10))
                        : super.receiverPorts(vertex);
            }
        };
        MulticastTree tree = new ShortestPathUnion().compute(STUDY, 0, Set.of(2, 3, 4));
        Msr6TreeEntries compiled = new Msr6RuleCompiler(TestApplicationId.create("org.sixflow.app"))
                .compile(7, GROUP, null, STUDY, tree, encode(Msr6Mode.TE, 7, Set.of(2, 3, 4)), twoPorts);
        PiAction replicate = action(rules(compiled, "shanghai", SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP).get(0));
        assertEquals(SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, replicate.id());
        assertEquals(GroupIds.treeGroup(7), param(replicate, org.sixflow.pipeconf.P4InfoConstants.GROUP).intValueExact());
        GroupDescription shanghai = compiled.groups().get(DeviceId.deviceId("device:shanghai")).get(0);
        assertEquals(2, shanghai.buckets().buckets().size());
        List<FlowRule> adjacencies = rules(compiled, "shanghai", SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_ADJACENCY);
        assertEquals(2, adjacencies.size());
        for (FlowRule adjacency : adjacencies) {
            assertEquals(0x3333_0000_1234L, param(action(adjacency), DMAC).longValueExact());
        }
        for (FlowRule rule : compiled.rules().values()) {
            assertEquals(rule.toString(), List.of(), CHECKER.problems(rule));
        }
    }

    @Test
    public void theIngressEdgeGetsTheActionsOfItsTreesTypeAndCount() {
        for (Msr6Mode mode : Msr6Mode.values()) {
            EncodedTree encoded = encode(mode, 7, Set.of(2, 3, 4));
            int count = encoded.msids().size();
            Msr6TreeEntries compiled = compile(mode);
            PiAction encap = action(rules(compiled, "beijing", SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP).get(0));
            assertEquals((mode == Msr6Mode.RLB ? "SixflowIngress.msr6_ingress.encap_rlb_"
                    : "SixflowIngress.msr6_ingress.encap_te_") + count, encap.id().id());
            // The tree, its source and group: the count and type are the action's own.
            assertEquals(3, encap.parameters().size());
            PiAction sids = action(rules(compiled, "beijing", SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO).get(0));
            assertEquals("SixflowIngress.msr6_ingress.set_msids_" + count, sids.id().id());
            List<Ip6Address> written = sids.parameters().stream()
                    .sorted(Comparator.comparing(p -> p.id().id()))
                    .map(p -> Ip6Address.valueOf(p.value().asArray())).collect(Collectors.toList());
            assertEquals(encoded.msids(), written);
        }
    }

    @Test
    public void rlbTreeUsesItsOwnGroupAtEveryNode() {
        Msr6TreeEntries compiled = compile(Msr6Mode.RLB);
        EncodedTree encoded = encode(Msr6Mode.RLB, 7, Set.of(2, 3, 4));
        // Wuhan (End.RLB.X) maps its own SID, which names the tree, to the tree's group.
        FlowRule wuhan = rules(compiled, "wuhan", SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP).get(0);
        assertEquals(encoded.sids().get(1), Ip6Address.valueOf(matched(wuhan, HDR_SID)));
        for (GroupDescription group : compiled.groups().values()) {
            assertEquals(group.deviceId().toString(), GroupIds.treeGroup(7), (int) group.givenGroupId());
        }
    }

    @Test
    public void everyCopyCarriesItsSegmentsLeftAndTheMsidThere() {
        for (Msr6Mode mode : Msr6Mode.values()) {
            EncodedTree encoded = encode(mode, 7, Set.of(2, 3, 4));
            Msr6TreeEntries compiled = compile(mode);
            int copies = 0;
            for (int v = 0; v < CITIES.length; v++) {
                // The ingress edge copies from M-SID 0; every other replicating node from its Pointer.
                int pointer = v == 0 ? 0 : encoded.sids().containsKey(v) ? Msid.pointer(encoded.sids().get(v)) : -1;
                for (FlowRule copy : rules(compiled, CITIES[v], SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY)) {
                    PiAction action = action(copy);
                    if (!action.id().equals(SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY)) {
                        continue;
                    }
                    int index = param(action, INDEX).intValueExact();
                    int segmentsLeft = param(action, SEGMENTS_LEFT).intValueExact();
                    assertEquals(mode + " " + CITIES[v], pointer + index, segmentsLeft);
                    assertEquals(mode + " " + CITIES[v], encoded.msids().get(segmentsLeft),
                                 Ip6Address.valueOf(bytes(param(action, SID))));
                    copies++;
                }
            }
            // Beijing's 2 copies, Wuhan's 1 (to Guangzhou) and Nanjing's 1 (to Shanghai).
            assertEquals(mode.toString(), 4, copies);
        }
    }

    @Test
    public void treesNeverShareAKeyOnADevice() {
        // Every pair of trees, TE and RLB, overlapping receivers, one group or two.
        List<Msr6TreeEntries> trees = List.of(
                compile(Msr6Mode.TE, 1, GROUP, null, Set.of(2, 3, 4)),
                compile(Msr6Mode.RLB, 2, GROUP, Ip6Address.valueOf("fd00:1:1::10"), Set.of(2, 3, 4)),
                compile(Msr6Mode.RLB, 3, Ip6Address.valueOf("ff3e::2"), null, Set.of(3, 4)),
                compile(Msr6Mode.RLB, 4, Ip6Address.valueOf("ff3e::3"), null, Set.of(2, 3)),
                compile(Msr6Mode.TE, 5, Ip6Address.valueOf("ff3e::4"), null, Set.of(3)));
        Set<String> keys = new HashSet<>();
        for (Msr6TreeEntries tree : trees) {
            Set<String> own = new HashSet<>();
            for (FlowRule rule : tree.rules().values()) {
                own.add(rule.deviceId() + " " + rule.table() + " " + rule.selector() + " " + rule.priority());
            }
            for (GroupDescription group : tree.groups().values()) {
                own.add(group.deviceId() + " group " + group.givenGroupId());
            }
            for (String key : own) {
                assertTrue("two trees share " + key, keys.add(key));
            }
        }
    }

    private static EncodedTree encode(Msr6Mode mode, int number, Set<Integer> receivers) {
        return new MrhEncoder(NETWORK::locator, e -> (int) NETWORK.port(e).toLong() - 1)
                .encode(STUDY, new ShortestPathUnion().compute(STUDY, 0, receivers), mode, number);
    }

    private static PiAction action(FlowRule rule) {
        return (PiAction) ((PiInstruction) rule.treatment().allInstructions().get(0)).action();
    }

    private static BigInteger param(PiAction action, PiActionParamId id) {
        return new BigInteger(1, action.parameters().stream().filter(p -> p.id().equals(id)).findFirst()
                .orElseThrow(() -> new AssertionError(action + " has no " + id)).value().asArray());
    }

    private static byte[] bytes(BigInteger value) {
        byte[] raw = value.toByteArray();
        byte[] out = new byte[16];
        int n = Math.min(raw.length, 16);
        System.arraycopy(raw, raw.length - n, out, 16 - n, n);
        return out;
    }

    private static byte[] matched(FlowRule rule, PiMatchFieldId field) {
        PiCriterion criterion = (PiCriterion) rule.selector().criteria().iterator().next();
        return ((PiExactFieldMatch) criterion.fieldMatch(field).orElseThrow()).value().asArray();
    }

    @Test
    public void aSplitNodeGetsTwoCopiesByOneLinkAndDeliversItsLeafSidByItsOwnGroup() {
        MulticastTree tree = new ShortestPathUnion().compute(STUDY, 0, Set.of(2, 3, 4));
        EncodedTree encoded = new MrhEncoder(NETWORK::locator, e -> -1)
                .encode(STUDY, tree, Msr6Mode.TE, 7, UnicastRoutes.NONE, Set.of(2));
        Msr6TreeEntries compiled = new Msr6RuleCompiler(TestApplicationId.create("org.sixflow.app"))
                .compile(7, GROUP, null, STUDY, tree, encoded, NETWORK);
        // Beijing: copies to Wuhan (rid 0), then Nanjing's replicating SID (rid 0) and leaf SID
        // (rid 1) by its one link to Nanjing, in bucket order, as ONOS numbers them.
        PortNumber toNanjing = NETWORK.port(tree.parentEdge(2));
        GroupDescription beijing = compiled.groups().get(DeviceId.deviceId("device:beijing")).get(0);
        List<String> outputs = beijing.buckets().buckets().stream().map(b -> b.treatment().allInstructions().toString())
                .collect(Collectors.toList());
        assertEquals(3, outputs.size());
        assertEquals(outputs.get(1), outputs.get(2));
        assertTrue(outputs.get(1), outputs.get(1).contains("OUTPUT:" + toNanjing));
        Map<Integer, Integer> segmentsLeftByRid = new HashMap<>();
        for (FlowRule copy : rules(compiled, "beijing", SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY)) {
            if (new BigInteger(1, matched(copy, HDR_EG_PORT)).longValueExact() == toNanjing.toLong()) {
                segmentsLeftByRid.put(new BigInteger(1, matched(copy, HDR_RID)).intValueExact(),
                                      param(action(copy), SEGMENTS_LEFT).intValueExact());
            }
        }
        assertEquals(Map.of(0, 1, 1, 2), segmentsLeftByRid);
        assertEquals(encoded.splitLeafSids().get(2), encoded.msids().get(2));
        // One adjacency per (group, port), whichever copy.
        assertEquals(2, rules(compiled, "beijing", SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_ADJACENCY).size());
        // Nanjing: its replicating SID to the tree group (the Shanghai link only, nothing
        // delivered locally), its leaf SID delivered to its one receiver port by unicast, one
        // local SID.
        DeviceId nanjing = DeviceId.deviceId("device:nanjing");
        Map<Integer, GroupDescription> groups = compiled.groups().get(nanjing).stream()
                .collect(Collectors.toMap(GroupDescription::givenGroupId, g -> g));
        assertEquals(Set.of(GroupIds.treeGroup(7)), groups.keySet());
        assertEquals(1, groups.get(GroupIds.treeGroup(7)).buckets().buckets().size());
        assertFalse(compiled.rules().get(nanjing).stream().anyMatch(
                r -> r.treatment().toString().contains(SIXFLOW_EGRESS_MSR6_EGRESS_DELIVER_LOCALLY.id())));
        Map<Ip6Address, String> sidGroups = new HashMap<>();
        for (FlowRule rule : rules(compiled, "nanjing", SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP)) {
            sidGroups.put(Ip6Address.valueOf(matched(rule, HDR_SID)), rule.treatment().toString());
        }
        assertTrue(sidGroups.get(encoded.sids().get(2)).contains("group=0x" + Integer.toHexString(GroupIds.treeGroup(7))));
        assertTrue(sidGroups.get(encoded.splitLeafSids().get(2)),
                   sidGroups.get(encoded.splitLeafSids().get(2)).contains(SIXFLOW_INGRESS_MSR6_INGRESS_DELIVER.id()
                                                                               + "(dmac=0x333300001234, port=0x9"));
        assertEquals(1, rules(compiled, "nanjing", SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_LOCAL_SID).size());
        for (FlowRule rule : compiled.rules().values()) {
            assertEquals(rule.toString(), List.of(), CHECKER.problems(rule));
        }
    }

    @Test
    public void aSingleChildRootCopiesByTheTreesLink() {
        // Beijing -> Wuhan -> Guangzhou: one child at the root, whose copy must leave by the tree's
        // link (port 1 to Wuhan) with copy index 0, not be routed on M-SID[0].
        Msr6TreeEntries compiled = compile(Msr6Mode.TE, 3, GROUP, null, Set.of(4));
        DeviceId beijing = DeviceId.deviceId("device:beijing");
        GroupDescription group = compiled.groups().get(beijing).get(0);
        assertEquals(GroupIds.treeGroup(3), (int) group.givenGroupId());
        assertEquals(1, group.buckets().buckets().size());
        assertTrue(group.buckets().buckets().get(0).treatment().toString().contains("OUTPUT:1"));
        assertEquals(1, rules(compiled, "beijing", SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY).size());
        assertEquals(1, rules(compiled, "beijing", SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_ADJACENCY).size());
        FlowRule encap = rules(compiled, "beijing", SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP).get(0);
        assertTrue(encap.treatment().toString(), encap.treatment().toString()
                .contains("group=0x" + Integer.toHexString(GroupIds.treeGroup(3))));
    }

    @Test
    public void localReceiversOfAReplicatingNodeGetTheirAdjacency() {
        Msr6TreeEntries compiled = compile(Msr6Mode.TE);
        // Nanjing copies to Shanghai (port 3) and delivers to its receiver port 9: both have MACs.
        List<FlowRule> adjacencies = rules(compiled, "nanjing", SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_ADJACENCY);
        FlowRule receiver = adjacencies.stream().filter(r -> r.selector().toString().contains("0x9"))
                .findFirst().orElseThrow(() -> new AssertionError("no adjacency for receiver port 9: " + adjacencies));
        assertTrue(receiver.treatment().toString(), receiver.treatment().toString().contains("dmac=0x333300001234"));
        // Keyed by the tree's group and the port, like the copy index.
        String group = "0x" + Integer.toHexString(GroupIds.treeGroup(7));
        assertTrue(adjacencies.toString(), adjacencies.stream().allMatch(r -> r.selector().toString().contains(group)));
    }

    @Test
    public void treesGetTheirOwnGroupsAboveCloneSessions() {
        Msr6TreeEntries compiled = compile(Msr6Mode.TE);
        for (GroupDescription group : compiled.groups().values()) {
            assertEquals(GroupIds.treeGroup(7), (int) group.givenGroupId());
            assertFalse(GroupIds.isCloneSession(group.givenGroupId()));
        }
    }

    @Test
    public void sourceSpecificEncapsulationOutranksAnySource() {
        FlowRule any = rules(compile(Msr6Mode.TE, 1, GROUP, null, Set.of(2)), "beijing",
                             SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP).get(0);
        FlowRule specific = rules(compile(Msr6Mode.TE, 2, GROUP, Ip6Address.valueOf("fd00:1:1::10"), Set.of(2)),
                                  "beijing", SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP).get(0);
        assertTrue(specific.priority() > any.priority());
    }
}
