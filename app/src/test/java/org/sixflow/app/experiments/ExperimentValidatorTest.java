// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.api.TimeWindow;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * Validation names each wrong field by its path with a message that says what would be right.
 */
public class ExperimentValidatorTest {

    private static final ProbePacket PACKET = ProbePacket.of(Ip6Address.valueOf("fd00:1:1::10"),
                                                             Ip6Address.valueOf("fd00:1:3::10"), 40000, 5004, 64);

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
        assertEquals(Map.of(), ExperimentValidator.problems(valid().build(), 50_000));
        assertEquals(Map.of(), ExperimentValidator.problems(ExperimentPresets.all().get(0), 50_000));
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
        Map<String, String> p = ExperimentValidator.problems(e, 50_000);
        assertTrue(p.toString(), p.keySet().containsAll(List.of(
                "packetsPerClass", "frameSizes[0]", "repetitions", "warmup", "classes", "classes[0].name",
                "classes[0].packet", "classes[1].packet.source", "classes[1].packet.sourcePort",
                "classes[1].packet.hopLimit", "thresholds[1]")));
        assertTrue(p.get("classes"), p.get("classes").contains("exactly one class is the BASELINE"));
    }

    @Test
    public void probesCannotGoFasterThanTheControllerSends() {
        Map<String, String> p = ExperimentValidator.problems(valid().interval(Duration.ofNanos(20_000)).build(),
                                                             50_000);
        assertTrue(p.get("interval"), p.get("interval").contains("use HOSTS traffic"));
        Map<String, String> loads = ExperimentValidator.problems(
                valid().interval(null).loadsMbps(List.of(1.0, 1000.0)).build(), 50_000);
        assertTrue(loads.toString(), loads.get("loadsMbps[1]").contains("1000.0 Mbps of 128-byte frames"));
        assertTrue(ExperimentValidator.problems(valid().loadsMbps(List.of(1.0)).build(), 0).containsKey("interval"));
    }

    @Test
    public void runsNumberProbesInTwentyBits() {
        Map<String, String> p = ExperimentValidator.problems(
                valid().packetsPerClass(600_000).repetitions(2).build(), 50_000);
        assertTrue(p.toString(), p.get("packetsPerClass").contains("20-bit flow label"));
    }

    @Test
    public void externalTrafficNeedsAWindowAndOneCell() {
        Experiment e = valid().traffic(ExperimentTraffic.EXTERNAL).frameSizes(List.of(128, 1514)).build();
        Map<String, String> p = ExperimentValidator.problems(e, 0);
        assertTrue(p.toString(), p.containsKey("window") && p.containsKey("frameSizes"));
        Instant t = Instant.parse("2026-11-24T10:00:00Z");
        assertEquals(Map.of("window", "only for external traffic"), ExperimentValidator.problems(
                valid().window(TimeWindow.of(t, t.plusSeconds(60))).build(), 50_000));
    }

    @Test
    public void reservedIdsAndMissingIngress() {
        Map<String, String> p = ExperimentValidator.problems(Experiment.builder("presets").classes(
                valid().build().classes()).build(), 0);
        assertTrue(p.toString(), p.get("id").contains("REST API uses"));
        assertTrue(p.get("ingress").startsWith("required"));
    }

    private static final ProbePacket UPLINK = ProbePacket.gtpu(Ip6Address.valueOf("fd00:1:3::10"),
                                                               Ip6Address.valueOf("fd00:1:1::2152"), 0x1001, 2152,
                                                               PACKET);

    private static Experiment withClass(ExperimentClass c) {
        return valid().classes(List.of(valid().build().classes().get(0), c)).frameSizes(List.of(1492)).build();
    }

    @Test
    public void gtpuClassesAreCheckedForTheirShape() {
        assertEquals(Map.of(), ExperimentValidator.problems(withClass(ExperimentClass.of(
                "gtpu", ExperimentClassRole.FEATURE, LatencyClass.GTPU_ENCAP_ZERO, PACKET, null, null, "t-1")), 50_000));
        assertEquals(Map.of(), ExperimentValidator.problems(withClass(ExperimentClass.of(
                "up", ExperimentClassRole.FEATURE, LatencyClass.GTPU_DECAP, UPLINK, null, null, "t-1")), 50_000));
        Map<String, String> p = ExperimentValidator.problems(withClass(ExperimentClass.of(
                "gtpu", ExperimentClassRole.FEATURE, LatencyClass.GTPU_ENCAP_FULL, UPLINK, null, null, "Bad_Id")),
                                                             50_000);
        assertTrue(p.toString(), p.get("classes[1].tunnel").contains("not a tunnel id"));
        assertTrue(p.toString(), p.get("classes[1].packet.gtpu").contains("the tunnel encapsulates them"));
        p = ExperimentValidator.problems(withClass(ExperimentClass.of(
                "up", ExperimentClassRole.FEATURE, LatencyClass.GTPU_DECAP, PACKET, null, null, null)), 50_000);
        assertTrue(p.toString(), p.get("classes[1].packet.gtpu").startsWith("required for gtpu-decap"));
        p = ExperimentValidator.problems(withClass(ExperimentClass.of(
                "apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT, PACKET, null, "p", "t")), 50_000);
        assertTrue(p.toString(), p.get("classes[1]").contains("one tree, policy or tunnel"));
        assertTrue(p.toString(), p.get("classes[1].tunnel").contains("not apn6-insert"));
    }

    @Test
    public void gpduProbesNeedControllerProbesAndRoomyFrames() {
        Experiment e = valid().classes(List.of(valid().build().classes().get(0), ExperimentClass.of(
                "up", ExperimentClassRole.FEATURE, LatencyClass.GTPU_DECAP, UPLINK, null, null, null)))
                .frameSizes(List.of(128, 142, 1492)).build();
        Map<String, String> p = ExperimentValidator.problems(e, 50_000);
        assertEquals(p.toString(), List.of("frameSizes[0]"), List.copyOf(p.keySet()));
        assertTrue(p.get("frameSizes[0]"), p.get("frameSizes[0]").contains("needs 142..1514 bytes"));
        p = ExperimentValidator.problems(e.toBuilder().frameSizes(List.of(1492)).traffic(ExperimentTraffic.HOSTS)
                                                 .build(), 50_000);
        assertTrue(p.toString(), p.get("classes[1].packet.gtpu").contains("need PROBES traffic"));
    }
}
