// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A class naming a GTP-U tunnel is checked against it when a run is planned: without a tunnel
 * service the run is refused saying so; otherwise the tunnel must exist, be installed, and match
 * the probes (UE prefix, encapsulating and decapsulating device, checksum mode, N3 address, TEID).
 */
public class TunnelCheckTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final ProbePacket TO_UE = ProbePacket.of(Ip6Address.valueOf("fd00:1:1::10"),
                                                            Ip6Address.valueOf("fd00:99:1::10"), 40000, 5004, 64);
    private static final ProbePacket UPLINK = ProbePacket.gtpu(
            Ip6Address.valueOf("fd00:1:3::10"), Ip6Address.valueOf("fd00:1:1::2152"), 0x1001, 2152,
            ProbePacket.of(Ip6Address.valueOf("fd00:99:1::10"), Ip6Address.valueOf("fd00:1:3::10"), 40000, 5004, 64));

    private static ProbeTunnel tunnel(String state) {
        return ProbeTunnel.of("t", state, List.of(Ip6Prefix.valueOf("fd00:99:1::/64")),
                              Ip6Address.valueOf("fd00:1:1::2152"), 0x1001, LatencyClass.GTPU_ENCAP_ZERO, BEIJING,
                              Set.of(BEIJING));
    }

    private static TunnelDirectory holding(ProbeTunnel t) {
        return new TunnelDirectory() {
            @Override
            public Optional<String> unavailable() {
                return Optional.empty();
            }

            @Override
            public Optional<ProbeTunnel> tunnel(String id) {
                return Optional.ofNullable(t).filter(x -> x.id().equals(id));
            }
        };
    }

    private static Map<String, String> check(LatencyClass latencyClass, ProbePacket packet, String tunnel,
                                             TunnelDirectory tunnels, DeviceId ingress) {
        Map<String, String> problems = new LinkedHashMap<>();
        ExperimentClass c = ExperimentClass.of("c", ExperimentClassRole.FEATURE, latencyClass, packet, null, null,
                                               tunnel);
        TunnelCheck.check(c, packet, ingress, "classes[1]", tunnels, problems);
        return problems;
    }

    @Test
    public void withoutATunnelServiceTheRunIsRefusedSayingSo() {
        Map<String, String> p = check(LatencyClass.GTPU_ENCAP_ZERO, TO_UE, "t", TunnelDirectory.UNAVAILABLE, BEIJING);
        assertEquals(List.of("classes[1].tunnel"), List.copyOf(p.keySet()));
        assertTrue(p.get("classes[1].tunnel"), p.get("classes[1].tunnel").startsWith("GTP-U tunnels unavailable"));
        assertEquals("a class naming no tunnel is not looked at", Map.of(),
                     check(LatencyClass.IPV6, TO_UE, null, TunnelDirectory.UNAVAILABLE, BEIJING));
    }

    @Test
    public void theTunnelMustExistAndBeInstalled() {
        assertEquals(Map.of("classes[1].tunnel", "no GTP-U tunnel other"),
                     check(LatencyClass.GTPU_ENCAP_ZERO, TO_UE, "other", holding(tunnel("INSTALLED")), BEIJING));
        Map<String, String> p = check(LatencyClass.GTPU_ENCAP_ZERO, TO_UE, "t", holding(tunnel("REQUESTED")), BEIJING);
        assertTrue(p.toString(), p.get("classes[1].tunnel").contains("is REQUESTED, not INSTALLED"));
        assertEquals(Map.of(), check(LatencyClass.GTPU_ENCAP_ZERO, TO_UE, "t", holding(tunnel("INSTALLED")), BEIJING));
        assertEquals(Map.of(), check(LatencyClass.GTPU_DECAP, UPLINK, "t", holding(tunnel("INSTALLED")), BEIJING));
    }

    @Test
    public void downlinkProbesMustBeTheTunnelsPackets() {
        ProbePacket elsewhere = ProbePacket.of(TO_UE.source(), Ip6Address.valueOf("fd00:98::1"), 40000, 5004, 64);
        Map<String, String> p = check(LatencyClass.GTPU_ENCAP_FULL, elsewhere, "t", holding(tunnel("INSTALLED")),
                                      DeviceId.deviceId("device:nanjing"));
        assertTrue(p.toString(), p.get("classes[1].latencyClass").contains("gtpu-encap-zero, not gtpu-encap-full"));
        assertTrue(p.toString(), p.get("classes[1].tunnel").contains("not at the ingress device device:nanjing"));
        assertTrue(p.toString(), p.get("classes[1].packet.destination").contains("in none of tunnel t's UE prefixes"));
    }

    @Test
    public void uplinkProbesMustCarryTheTunnelsN3AddressAndTeid() {
        ProbePacket wrong = ProbePacket.gtpu(Ip6Address.valueOf("fd00:1:3::10"), Ip6Address.valueOf("fd00:1:1::9"), 7,
                                             2152, ProbePacket.of(TO_UE.destination(), TO_UE.source(), 1, 2, 64));
        Map<String, String> p = check(LatencyClass.GTPU_DECAP, wrong, "t", holding(tunnel("INSTALLED")),
                                      DeviceId.deviceId("device:wuhan"));
        assertTrue(p.toString(), p.get("classes[1].tunnel").contains("decapsulates at device:beijing"));
        assertTrue(p.toString(), p.get("classes[1].packet.gtpu.n3Address").contains("is fd00:1:1::2152"));
        assertTrue(p.toString(), p.get("classes[1].packet.gtpu.teid").contains("uplink TEID is 4097, not 7"));
    }
}
