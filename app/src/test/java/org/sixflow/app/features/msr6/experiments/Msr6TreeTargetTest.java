// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.msr6.experiments;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentPreset;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.features.msr6.api.Msr6Mode;
import org.sixflow.app.features.msr6.api.Msr6Tree;
import org.sixflow.app.features.msr6.api.Msr6TreeRequest;
import org.sixflow.app.testing.TestMsr6TreeService;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A class naming an MSR6 tree is checked against the tree as a run is planned: its latency class
 * is the tree's mode's, its packets go to the tree's group (from the tree's source address when
 * the class gives none), and the tree's MRH is short enough for a report to show the probe; after
 * the run, a tree removed or rebuilt past that leaves the class's figures standing on nothing.
 * Its packets are also measured where they are copied and leave the tree; the target offers the
 * MSR6 study's preset.
 */
public class Msr6TreeTargetTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final Ip6Address GROUP = Ip6Address.valueOf("ff3e::7");
    private static final Ip6Address SOURCE = Ip6Address.valueOf("fd00:1:1::10");

    private final TestMsr6TreeService trees = new TestMsr6TreeService();
    private final Msr6TreeTarget target = new Msr6TreeTarget(trees);

    private void holds(Msr6Mode mode, int msids, Ip6Address source) {
        Msr6TreeRequest request = Msr6TreeRequest.of("te", ConnectPoint.deviceConnectPoint("device:beijing/3"), GROUP,
                                                     Set.of(ConnectPoint.deviceConnectPoint("device:nanjing/4")),
                                                     mode, Msr6TreeRequest.Algorithm.SHORTEST_PATHS);
        Msr6Tree tree = new Msr6Tree(source == null ? request : request.withSourceAddress(source), 3, List.of(),
                                     msids(msids), 1, Map.of());
        trees.lookup = id -> id.equals("te") ? Optional.of(tree) : Optional.empty();
    }

    private static List<Ip6Address> msids(int count) {
        List<Ip6Address> msids = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            msids.add(Ip6Address.valueOf("fd00:1:" + (i + 2) + "::100:3:0:0"));
        }
        return msids;
    }

    private static ExperimentClass naming(String tree, LatencyClass latencyClass, ProbePacket packet) {
        return ExperimentClass.of("te", ExperimentClassRole.FEATURE, latencyClass, packet, tree, null);
    }

    @Test
    public void theTargetServesTreesAndGivesTheirClassesPackets() {
        assertEquals(ExperimentTarget.Field.TREE, target.field());
        assertEquals(Set.of(LatencyClass.MSR6_TE_ENCAP, LatencyClass.MSR6_RLB_ENCAP), target.latencyClasses());
        assertTrue(target.suppliesPackets());
    }

    @Test
    public void aTreesPacketsAreAlsoMeasuredWhereTheyAreCopiedAndLeaveIt() {
        assertEquals(Set.of(LatencyClass.MSR6_REPLICATE, LatencyClass.MSR6_DECAP), target.downstreamClasses());
    }

    @Test
    public void itOffersTheIetf119StudysPresetWhoseClassesNameTrees() {
        List<ExperimentPreset> presets = target.presets();
        assertEquals(List.of(ExperimentPreset.of(Msr6Presets.IETF119_ORDER, Msr6Presets.ietf119())), presets);
        Experiment e = presets.get(0).experiment();
        assertEquals("msr6-ietf119", e.id());
        assertEquals(List.of(Optional.empty(), Optional.of("te"), Optional.of("rlb")),
                     e.classes().stream().map(ExperimentClass::tree).collect(Collectors.toList()));
        assertTrue("the trees give the packets", e.classes().stream().skip(1).allMatch(c -> c.packet().isEmpty()));
    }

    @Test
    public void aClassWithoutAPacketGoesToTheGroupFromTheTreesSource() {
        holds(Msr6Mode.TE, 2, SOURCE);
        Map<String, String> problems = new LinkedHashMap<>();
        Optional<ProbePacket> packet = target.plan(naming("te", LatencyClass.MSR6_TE_ENCAP, null), BEIJING,
                                                   "classes[1]", problems);
        assertEquals(Map.of(), problems);
        assertEquals(Optional.of(ProbePacket.of(SOURCE, GROUP, ProbePacket.DEFAULT_SOURCE_PORT,
                                                ProbePacket.DEFAULT_DESTINATION_PORT, ProbePacket.DEFAULT_HOP_LIMIT)),
                     packet);

        holds(Msr6Mode.TE, 2, null);
        assertEquals(Optional.empty(), target.plan(naming("te", LatencyClass.MSR6_TE_ENCAP, null), BEIJING,
                                                   "classes[1]", problems));
        assertEquals(Map.of("classes[1].packet", "tree te has no source address: give packet.source"), problems);
    }

    @Test
    public void theTreeMustExistAndFitTheClass() {
        Map<String, String> problems = new LinkedHashMap<>();
        assertEquals(Optional.empty(), target.plan(naming("none", LatencyClass.MSR6_TE_ENCAP, null), BEIJING,
                                                   "classes[1]", problems));
        assertEquals(Map.of("classes[1].tree", "no MSR6 tree none"), problems);

        problems.clear();
        holds(Msr6Mode.TE, 4, SOURCE);
        ProbePacket elsewhere = ProbePacket.of(SOURCE, Ip6Address.valueOf("ff3e::8"), 40000, 5004, 64);
        assertEquals(Optional.of(elsewhere), target.plan(naming("te", LatencyClass.MSR6_RLB_ENCAP, elsewhere), BEIJING,
                                                         "classes[1]", problems));
        assertEquals("tree te is TE: its packets are measured as msr6-te-encap at its ingress",
                     problems.get("classes[1].latencyClass"));
        assertTrue(problems.toString(), problems.get("classes[1].tree").startsWith("tree te's MRH holds 4 M-SIDs"));
        assertEquals("tree te carries ff3e::7, not ff3e::8", problems.get("classes[1].packet.destination"));
    }

    @Test
    public void aTreeRemovedOrRebuiltPastWhatReportsShowLeavesTheFiguresStandingOnNothing() {
        ExperimentClass c = naming("te", LatencyClass.MSR6_TE_ENCAP, null);
        holds(Msr6Mode.RLB, 3, SOURCE);
        assertEquals(Optional.empty(), target.changedDuringRun(c));
        holds(Msr6Mode.RLB, 4, SOURCE);
        assertEquals(Optional.of("tree te was rebuilt with 4 M-SIDs, past the 3 behind which a telemetry report "
                                         + "still shows a probe"), target.changedDuringRun(c));
        trees.lookup = id -> Optional.empty();
        assertEquals(Optional.of("tree te was removed"), target.changedDuringRun(c));
    }
}
