// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.experiments;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentTarget;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.experiments.ExperimentTargets;
import org.sixflow.app.experiments.ExperimentValidator;

import java.time.Duration;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * GTP-U classes are checked for their shape when an experiment is validated, by the GTP-U
 * experiment target beside the experiments' own checks: a tunnel id's form, a tunnel named only
 * by a GTP-U class, plain probes for the downlink and G-PDUs for the uplink. Their results are
 * laid out per load point.
 */
public class GtpuClassesTest {

    private static final ProbePacket PACKET = ProbePacket.of(Ip6Address.valueOf("fd00:1:1::10"),
                                                             Ip6Address.valueOf("fd00:1:3::10"), 40000, 5004, 64);
    private static final ProbePacket UPLINK = ProbePacket.gtpu(Ip6Address.valueOf("fd00:1:3::10"),
                                                               Ip6Address.valueOf("fd00:1:1::2152"), 0x1001, 2152,
                                                               PACKET);
    private static final ExperimentTargets GTPU = ExperimentTargets.of(List.of(new GtpuTunnelTarget()));

    private static Map<String, String> problems(ExperimentClass c) {
        Experiment e = Experiment.builder("gtpu").ingress(ConnectPoint.deviceConnectPoint("device:beijing/1"))
                .classes(List.of(ExperimentClass.of("ipv6", ExperimentClassRole.BASELINE, LatencyClass.IPV6, PACKET,
                                                    null, null), c))
                .packetsPerClass(2000).interval(Duration.ofMillis(1)).frameSizes(List.of(1492)).build();
        return ExperimentValidator.problems(e, 50_000, GTPU);
    }

    @Test
    public void gtpuClassesAreCheckedForTheirShape() {
        assertEquals(Map.of(), problems(ExperimentClass.of(
                "gtpu", ExperimentClassRole.FEATURE, LatencyClass.GTPU_ENCAP_ZERO, PACKET, null, null, "t-1")));
        assertEquals(Map.of(), problems(ExperimentClass.of(
                "up", ExperimentClassRole.FEATURE, LatencyClass.GTPU_DECAP, UPLINK, null, null, "t-1")));
        Map<String, String> p = problems(ExperimentClass.of(
                "gtpu", ExperimentClassRole.FEATURE, LatencyClass.GTPU_ENCAP_FULL, UPLINK, null, null, "Bad_Id"));
        assertTrue(p.toString(), p.get("classes[1].tunnel").contains("not a tunnel id"));
        assertTrue(p.toString(), p.get("classes[1].packet.gtpu").contains("the tunnel encapsulates them"));
        p = problems(ExperimentClass.of(
                "up", ExperimentClassRole.FEATURE, LatencyClass.GTPU_DECAP, PACKET, null, null, null));
        assertTrue(p.toString(), p.get("classes[1].packet.gtpu").startsWith("required for gtpu-decap"));
        p = problems(ExperimentClass.of(
                "apn6", ExperimentClassRole.FEATURE, LatencyClass.APN6_INSERT, PACKET, null, "p", "t"));
        assertTrue(p.toString(), p.get("classes[1]").contains("one tree, policy, tunnel or session"));
        assertTrue(p.toString(), p.get("classes[1].tunnel").contains("not apn6-insert"));
        p = problems(ExperimentClass.of(
                "ipv6-gpdu", ExperimentClassRole.FEATURE, LatencyClass.IPV6, UPLINK, null, null, null));
        assertTrue(p.toString(), p.get("classes[1].packet.gtpu").startsWith("only gtpu-decap probes are G-PDUs"));
    }

    @Test
    public void theTargetServesTunnelsAndTheirModesAreComparedPerLoadPoint() {
        GtpuTunnelTarget target = new GtpuTunnelTarget();
        assertEquals(ExperimentTarget.Field.TUNNEL, target.field());
        assertEquals(GtpuClasses.ALL, target.latencyClasses());
        assertEquals(4, target.latencyClasses().size());
        assertTrue(GTPU.tabledPerLoadPoint(LatencyClass.GTPU_DECAP));
        assertTrue(GTPU.tabledPerLoadPoint(LatencyClass.GTPU_ENCAP_INCREMENTAL));
        assertFalse(GTPU.tabledPerLoadPoint(LatencyClass.IPV6));
    }
}
