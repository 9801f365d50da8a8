// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.api.TimeWindow;
import org.sixflow.app.testing.FeatureExperimentTargets;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Validation names each wrong field by its path with a message that says what would be right.
 */
public class ExperimentValidatorTest {

    private static final ProbePacket PACKET = ProbePacket.of(Ip6Address.valueOf("fd00:1:1::10"),
                                                             Ip6Address.valueOf("fd00:1:3::10"), 40000, 5004, 64);

    /** The experiment's own problems: no feature's target is asked (their tests ask them). */
    private static Map<String, String> problems(Experiment e, long minIntervalNanos) {
        return ExperimentValidator.problems(e, minIntervalNanos, ExperimentTargets.NONE);
    }

    static Experiment.Builder valid() {
        return Experiment.builder("apn6-vs-ipv6").ingress(ConnectPoint.deviceConnectPoint("device:beijing/1"))
                .classes(List.of(ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, PACKET,
                                                    null, null),
                                 ExperimentClass.of("apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT,
                                                    PACKET, null, "p")))
                .packetsPerClass(2000).interval(Duration.ofMillis(1));
    }

    @Test
    public void aValidExperimentHasNoProblems() {
        assertEquals(Map.of(), problems(valid().build(), 50_000));
        assertEquals(Map.of(), problems(FeatureExperimentTargets.preset("apn6-ietf109"), 50_000));
    }

    @Test
    public void eachWrongFieldIsNamed() {
        Experiment e = valid().packetsPerClass(0).frameSizes(List.of(64, 128)).repetitions(0).warmup(-1)
                .classes(List.of(ExperimentClass.of("Bad Name", ExperimentClassRole.BASELINE, LatencyClass.IPV6, null,
                                                    null, null),
                                 ExperimentClass.of("x", ExperimentClassRole.BASELINE, LatencyClass.IPV6,
                                                    ProbePacket.of(Ip6Address.valueOf("ff02::1"),
                                                                   Ip6Address.valueOf("fd00::2"), 70000, 1, 1),
                                                    null, null)))
                .thresholds(List.of(0.01, 20.0)).build();
        Map<String, String> p = problems(e, 50_000);
        assertTrue(p.toString(), p.keySet().containsAll(List.of(
                "packetsPerClass", "frameSizes[0]", "repetitions", "warmup", "classes", "classes[0].name",
                "classes[0].packet", "classes[1].packet.source", "classes[1].packet.sourcePort",
                "classes[1].packet.hopLimit", "thresholds[1]")));
        assertTrue(p.get("classes"), p.get("classes").contains("exactly one class is the BASELINE"));
    }

    @Test
    public void probesCannotGoFasterThanTheControllerSends() {
        Map<String, String> p = problems(valid().interval(Duration.ofNanos(20_000)).build(),
                                                             50_000);
        assertTrue(p.get("interval"), p.get("interval").contains("use HOSTS traffic"));
        Map<String, String> loads = problems(
                valid().interval(null).loadsMbps(List.of(1.0, 1000.0)).build(), 50_000);
        assertTrue(loads.toString(), loads.get("loadsMbps[1]").contains("1000.0 Mbps of 128-byte frames"));
        assertTrue(problems(valid().loadsMbps(List.of(1.0)).build(), 0).containsKey("interval"));
    }

    @Test
    public void runsNumberProbesInTwentyBits() {
        Map<String, String> p = problems(
                valid().packetsPerClass(600_000).repetitions(2).build(), 50_000);
        assertTrue(p.toString(), p.get("packetsPerClass").contains("20-bit flow label"));
    }

    @Test
    public void externalTrafficNeedsAWindowAndOneCell() {
        Experiment e = valid().traffic(ExperimentTraffic.EXTERNAL).frameSizes(List.of(128, 1514)).build();
        Map<String, String> p = problems(e, 0);
        assertTrue(p.toString(), p.containsKey("window") && p.containsKey("frameSizes"));
        Instant t = Instant.parse("2026-11-24T10:00:00Z");
        assertEquals(Map.of("window", "only for external traffic"), problems(
                valid().window(TimeWindow.of(t, t.plusSeconds(60))).build(), 50_000));
    }

    @Test
    public void reservedIdsAndMissingIngress() {
        Map<String, String> p = problems(Experiment.builder("presets").classes(
                valid().build().classes()).build(), 0);
        assertTrue(p.toString(), p.get("id").contains("REST API uses"));
        assertTrue(p.get("ingress").startsWith("required"));
    }

    private static final ProbePacket UPLINK = ProbePacket.gtpu(Ip6Address.valueOf("fd00:1:3::10"),
                                                               Ip6Address.valueOf("fd00:1:1::2152"), 0x1001, 2152,
                                                               PACKET);

    @Test
    public void gpduProbesNeedControllerProbesAndRoomyFrames() {
        Experiment e = valid().classes(List.of(valid().build().classes().get(0), ExperimentClass.of(
                "up", ExperimentClassRole.FEATURE, LatencyClass.GTPU_DECAP, UPLINK, null, null, null)))
                .frameSizes(List.of(128, 142, 1492)).build();
        Map<String, String> p = problems(e, 50_000);
        assertEquals(p.toString(), List.of("frameSizes[0]"), List.copyOf(p.keySet()));
        assertTrue(p.get("frameSizes[0]"), p.get("frameSizes[0]").contains("needs 142..1514 bytes"));
        p = problems(e.toBuilder().frameSizes(List.of(1492)).traffic(ExperimentTraffic.HOSTS).build(), 50_000);
        assertTrue(p.toString(), p.get("classes[1].packet.gtpu").contains("need PROBES traffic"));
    }

    /** A target serving trees that supplies packets and says what it thinks of every class. */
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
        public boolean suppliesPackets() {
            return true;
        }

        @Override
        public void shapeProblems(Experiment e, ExperimentClass c, String at, Map<String, String> problems) {
            if (c.latencyClass() == LatencyClass.MSR6_RLB_ENCAP) {
                problems.put(at + ".latencyClass", "not here");
            }
        }

        @Override
        public Optional<ProbePacket> plan(ExperimentClass c, DeviceId ingress, String at,
                                          Map<String, String> problems) {
            return c.packet();
        }
    };

    /** A target serving policies, which give no packets. */
    private static final ExperimentTarget POLICIES = new ExperimentTarget() {
        @Override
        public Field field() {
            return Field.POLICY;
        }

        @Override
        public Set<LatencyClass> latencyClasses() {
            return Set.of(LatencyClass.APN6_INSERT);
        }

        @Override
        public Optional<ProbePacket> plan(ExperimentClass c, DeviceId ingress, String at,
                                          Map<String, String> problems) {
            return c.packet();
        }
    };

    @Test
    public void targetsJudgeEveryClassAndAnObjectMayGiveTheClassItsPackets() {
        ExperimentClass tree = ExperimentClass.of("te", ExperimentClassRole.FEATURE, LatencyClass.MSR6_TE_ENCAP, null,
                                                  "te", null);
        Experiment e = valid().classes(List.of(valid().build().classes().get(0), tree)).build();
        ExperimentTargets trees = ExperimentTargets.of(List.of(TREES));
        assertEquals("the tree gives the packets", Map.of(), ExperimentValidator.problems(e, 50_000, trees));
        assertEquals("no feature serves trees: planning says so", Map.of(),
                     ExperimentValidator.problems(e, 50_000, ExperimentTargets.NONE));
        ExperimentClass policy = ExperimentClass.of("apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT,
                                                    null, null, "p");
        Experiment withPolicy = valid().classes(List.of(valid().build().classes().get(0), policy)).build();
        assertEquals("no feature serves policies: planning says so", Map.of(),
                     ExperimentValidator.problems(withPolicy, 50_000, trees));
        assertEquals("a policy gives no packets", Set.of("classes[1].packet"), ExperimentValidator.problems(
                withPolicy, 50_000, ExperimentTargets.of(List.of(TREES, POLICIES))).keySet());
        ExperimentClass rlb = ExperimentClass.of("rlb", ExperimentClassRole.FEATURE, LatencyClass.MSR6_RLB_ENCAP,
                                                 PACKET, null, null);
        assertEquals("asked of a class naming none of its objects too", Map.of("classes[1].latencyClass", "not here"),
                     ExperimentValidator.problems(valid().classes(List.of(valid().build().classes().get(0), rlb))
                                                          .build(), 50_000, trees));
    }
}
