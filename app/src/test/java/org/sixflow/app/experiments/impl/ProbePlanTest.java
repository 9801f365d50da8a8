// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.experiments.ExperimentTargets;

import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A plan asks the feature of the tree, policy or tunnel a class names to check the class and give
 * its packet, and after the run what changed; a class naming an object no running feature serves
 * is refused, saying so, for each kind alike.
 */
public class ProbePlanTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final ProbePacket PACKET = ProbePacket.of(Ip6Address.valueOf("fd00:1:1::10"),
                                                             Ip6Address.valueOf("fd00:1:3::10"), 40000, 5004, 64);
    private static final ProbePacket GIVEN = ProbePacket.of(Ip6Address.valueOf("fd00:1:1::20"),
                                                            Ip6Address.valueOf("ff3e::1"), 40000, 5004, 64);

    /** A tree target: tree "te" exists and gives its packet, "gone" does not; "moved" changed during runs. */
    private static final ExperimentTarget TREES = new ExperimentTarget() {
        @Override
        public Field field() {
            return Field.TREE;
        }

        @Override
        public Set<LatencyClass> latencyClasses() {
            return Set.of(LatencyClass.MSR6_TE_ENCAP);
        }

        @Override
        public Optional<ProbePacket> plan(ExperimentClass c, DeviceId ingress, String at,
                                          Map<String, String> problems) {
            assertEquals(BEIJING, ingress);
            if (c.tree().orElseThrow().equals("gone")) {
                problems.put(at + ".tree", "no tree gone");
                return Optional.empty();
            }
            return Optional.of(GIVEN);
        }

        @Override
        public Optional<String> changedDuringRun(ExperimentClass c) {
            return c.tree().filter("moved"::equals).map(id -> "tree " + id + " moved");
        }
    };

    private static ProbePlan.Network network(ExperimentTargets targets) {
        return network(new AtomicReference<>(targets));
    }

    private static ProbePlan.Network network(AtomicReference<ExperimentTargets> targets) {
        return new ProbePlan.Network() {
            @Override
            public boolean hasDevice(DeviceId device) {
                return true;
            }

            @Override
            public boolean reports(DeviceId device) {
                return true;
            }

            @Override
            public Optional<ConnectPoint> linkInto(ConnectPoint port) {
                return Optional.of(ConnectPoint.deviceConnectPoint("device:wuhan/1"));
            }

            @Override
            public Optional<MacAddress> routerMac(DeviceId device) {
                return Optional.of(MacAddress.valueOf("00:aa:00:00:00:01"));
            }

            @Override
            public boolean generatorServes(ConnectPoint port) {
                return false;
            }

            @Override
            public ExperimentTargets targets() {
                return targets.get();
            }
        };
    }

    private static Experiment experiment(ExperimentClass feature) {
        return Experiment.builder("e").ingress(ConnectPoint.deviceConnectPoint("device:beijing/1"))
                .classes(List.of(ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, PACKET,
                                                    null, null), feature))
                .packetsPerClass(10).interval(Duration.ofMillis(1)).build();
    }

    private static ExperimentClass naming(String tree, String policy, String tunnel) {
        return ExperimentClass.of("f", ExperimentClassRole.FEATURE, LatencyClass.MSR6_TE_ENCAP,
                                  tree == null ? PACKET : null, tree, policy, tunnel);
    }

    @Test
    public void aClassNamingAnObjectNoFeatureServesIsRefusedSayingSo() {
        Map<String, String> problems = new LinkedHashMap<>();
        assertTrue(ProbePlan.resolve(experiment(naming(null, null, "t")), network(ExperimentTargets.NONE), problems)
                           .isEmpty());
        assertEquals(Map.of("classes[1].tunnel", "GTP-U tunnels unavailable: this controller has no GTP-U tunnel "
                + "service to look the tunnel up in (tunnel t)"), problems);
        problems.clear();
        ProbePlan.resolve(experiment(naming(null, "p", null)), network(ExperimentTargets.NONE), problems);
        assertEquals(Map.of("classes[1].policy", "APN6 policies unavailable: this controller has no APN6 policy "
                + "service to look the policy up in (policy p)"), problems);
        problems.clear();
        ProbePlan.resolve(experiment(naming("te", null, null)), network(ExperimentTargets.NONE), problems);
        assertEquals(Map.of("classes[1].tree", "MSR6 trees unavailable: this controller has no MSR6 tree "
                + "service to look the tree up in (tree te)"), problems);
        problems.clear();
        assertTrue("a class naming nothing is not looked at", ProbePlan.resolve(
                experiment(naming(null, null, null)), network(ExperimentTargets.NONE), problems).isPresent());
        assertEquals(Map.of(), problems);
    }

    @Test
    public void theServingFeatureChecksTheClassAndMayGiveItsPacket() {
        ExperimentTargets trees = ExperimentTargets.of(List.of(TREES));
        Map<String, String> problems = new LinkedHashMap<>();
        ProbePlan plan = ProbePlan.resolve(experiment(naming("te", null, null)), network(trees), problems)
                .orElseThrow(() -> new AssertionError(problems));
        assertEquals(List.of(PACKET, GIVEN), plan.packets());
        assertEquals("the group's 33:33 MAC", MacAddress.valueOf("33:33:00:00:00:01"), plan.destinationMacs().get(1));

        assertTrue(ProbePlan.resolve(experiment(naming("gone", null, null)), network(trees), problems).isEmpty());
        assertEquals(Map.of("classes[1].tree", "no tree gone"), problems);
        problems.clear();
        ProbePlan.resolve(experiment(naming(null, null, "t")), network(trees), problems);
        assertTrue(problems.toString(), problems.get("classes[1].tunnel").startsWith("GTP-U tunnels unavailable"));
    }

    @Test
    public void whatChangedDuringTheRunIsAskedOfTheFeaturesStillRunning() {
        AtomicReference<ExperimentTargets> running = new AtomicReference<>(ExperimentTargets.of(List.of(TREES)));
        Experiment moved = experiment(naming("moved", null, null));
        ProbePlan plan = ProbePlan.resolve(moved, network(running), new LinkedHashMap<>()).orElseThrow();
        assertEquals(Optional.of("tree moved moved during the run: its probes could not be counted; run it again"),
                     plan.objectsChangedDuringRun(moved));
        Experiment te = experiment(naming("te", null, null));
        assertEquals(Optional.empty(), ProbePlan.resolve(te, network(running), new LinkedHashMap<>()).orElseThrow()
                .objectsChangedDuringRun(te));
        running.set(ExperimentTargets.NONE);
        assertEquals("a feature that stopped has nothing to say", Optional.empty(),
                     plan.objectsChangedDuringRun(moved));
    }

    @Test
    public void aSessionsClassIsPlannedWithItsIngressPortAndFramesThatHoldItsFraming() {
        ConnectPoint line = ConnectPoint.deviceConnectPoint("device:beijing/1");
        ProbePacket framed = PACKET.withPppoe(ProbePacket.Pppoe.of(1, 100, 11, MacAddress.valueOf("02:00:00:00:00:01"),
                                                                   MacAddress.valueOf("02:00:00:00:00:02")));
        ExperimentTarget sessions = new ExperimentTarget() {
            @Override
            public Field field() {
                return Field.SESSION;
            }

            @Override
            public Set<LatencyClass> latencyClasses() {
                return Set.of(LatencyClass.IPV6);
            }

            @Override
            public Optional<ProbePacket> plan(ExperimentClass c, DeviceId ingress, String at,
                                              Map<String, String> problems) {
                throw new AssertionError("planned without its port");
            }

            @Override
            public Optional<ProbePacket> plan(ExperimentClass c, ConnectPoint ingress, String at,
                                              Map<String, String> problems) {
                assertEquals(line, ingress);
                return Optional.of(framed);
            }
        };
        ExperimentClass c = ExperimentClass.of("up", ExperimentClassRole.FEATURE, LatencyClass.IPV6, PACKET, null,
                                               null).withSession("sub1@sixflow");
        Map<String, String> problems = new LinkedHashMap<>();
        Experiment fits = experiment(c).toBuilder().frameSizes(List.of(102, 1514)).build();
        ProbePlan plan = ProbePlan.resolve(fits, network(ExperimentTargets.of(List.of(sessions))), problems)
                .orElseThrow();
        assertEquals(Map.of(), problems);
        assertEquals(framed, plan.packets().get(1));
        Experiment small = experiment(c).toBuilder().frameSizes(List.of(128, 101)).build();
        assertTrue(ProbePlan.resolve(small, network(ExperimentTargets.of(List.of(sessions))), problems).isEmpty());
        assertEquals(Map.of("frameSizes[1]", "a probe of classes[1] in its PPPoE session's framing needs 102..1514 "
                + "bytes, got 101"), problems);
    }
}
