// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.experiments;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.features.gtpu.api.GtpuChecksumMode;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.testing.TestGtpuTunnelService;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * A class naming a GTP-U tunnel is checked against it when a run is planned, through the tunnel
 * service (the experiments refuse such a class, saying so, on a controller without one): the
 * tunnel must exist, be installed, and match the probes (UE prefix, encapsulating and
 * decapsulating device, checksum mode, N3 address, TEID).
 */
public class TunnelCheckTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final ProbePacket TO_UE = ProbePacket.of(Ip6Address.valueOf("fd00:1:1::10"),
                                                            Ip6Address.valueOf("fd00:99:1::10"), 40000, 5004, 64);
    private static final ProbePacket UPLINK = ProbePacket.gtpu(
            Ip6Address.valueOf("fd00:1:3::10"), Ip6Address.valueOf("fd00:1:1::2152"), 0x1001, 2152,
            ProbePacket.of(Ip6Address.valueOf("fd00:99:1::10"), Ip6Address.valueOf("fd00:1:3::10"), 40000, 5004, 64));

    /** The tunnel service holding tunnel t (checksum mode ZERO, on beijing) in a state. */
    private static TestGtpuTunnelService holding(InstallStatus.State state) {
        TestGtpuTunnelService service = new TestGtpuTunnelService() {
            @Override
            public Optional<InstallStatus> status(String id) {
                return tunnel(id).map(t -> state == InstallStatus.State.INSTALLED ? InstallStatus.INSTALLED
                        : InstallStatus.REQUESTED);
            }
        };
        service.tunnels.add(GtpuTunnel.builder().id("t").uePrefixes(List.of(Ip6Prefix.valueOf("fd00:99:1::/64")))
                                    .n3Address(Ip6Address.valueOf("fd00:1:1::2152"))
                                    .peerAddress(Ip6Address.valueOf("fd00:1:3::10")).downlinkTeid(0x2001)
                                    .uplinkTeid(0x1001).checksumMode(GtpuChecksumMode.ZERO).decapDevice(BEIJING)
                                    .encapDevices(Set.of(BEIJING)).build());
        return service;
    }

    private static Map<String, String> check(LatencyClass latencyClass, ProbePacket packet, String tunnel,
                                             TestGtpuTunnelService tunnels, DeviceId ingress) {
        Map<String, String> problems = new LinkedHashMap<>();
        ExperimentClass c = ExperimentClass.of("c", ExperimentClassRole.FEATURE, latencyClass, packet, null, null,
                                               tunnel);
        assertEquals("the class keeps its packet", Optional.ofNullable(packet),
                     new GtpuTunnelTarget(tunnels).plan(c, ingress, "classes[1]", problems));
        return problems;
    }

    @Test
    public void theTunnelMustExistAndBeInstalled() {
        assertEquals(Map.of("classes[1].tunnel", "no GTP-U tunnel other"),
                     check(LatencyClass.GTPU_ENCAP_ZERO, TO_UE, "other", holding(InstallStatus.State.INSTALLED),
                           BEIJING));
        Map<String, String> p = check(LatencyClass.GTPU_ENCAP_ZERO, TO_UE, "t", holding(InstallStatus.State.REQUESTED),
                                      BEIJING);
        assertTrue(p.toString(), p.get("classes[1].tunnel").contains("is REQUESTED, not INSTALLED"));
        assertEquals(Map.of(), check(LatencyClass.GTPU_ENCAP_ZERO, TO_UE, "t", holding(InstallStatus.State.INSTALLED),
                                     BEIJING));
        assertEquals(Map.of(), check(LatencyClass.GTPU_DECAP, UPLINK, "t", holding(InstallStatus.State.INSTALLED),
                                     BEIJING));
    }

    @Test
    public void downlinkProbesMustBeTheTunnelsPackets() {
        ProbePacket elsewhere = ProbePacket.of(TO_UE.source(), Ip6Address.valueOf("fd00:98::1"), 40000, 5004, 64);
        Map<String, String> p = check(LatencyClass.GTPU_ENCAP_FULL, elsewhere, "t",
                                      holding(InstallStatus.State.INSTALLED), DeviceId.deviceId("device:nanjing"));
        assertTrue(p.toString(), p.get("classes[1].latencyClass").contains("gtpu-encap-zero, not gtpu-encap-full"));
        assertTrue(p.toString(), p.get("classes[1].tunnel").contains("not at the ingress device device:nanjing"));
        assertTrue(p.toString(), p.get("classes[1].packet.destination").contains("in none of tunnel t's UE prefixes"));
    }

    @Test
    public void uplinkProbesMustCarryTheTunnelsN3AddressAndTeid() {
        ProbePacket wrong = ProbePacket.gtpu(Ip6Address.valueOf("fd00:1:3::10"), Ip6Address.valueOf("fd00:1:1::9"), 7,
                                             2152, ProbePacket.of(TO_UE.destination(), TO_UE.source(), 1, 2, 64));
        Map<String, String> p = check(LatencyClass.GTPU_DECAP, wrong, "t", holding(InstallStatus.State.INSTALLED),
                                      DeviceId.deviceId("device:wuhan"));
        assertTrue(p.toString(), p.get("classes[1].tunnel").contains("decapsulates at device:beijing"));
        assertTrue(p.toString(), p.get("classes[1].packet.gtpu.n3Address").contains("is fd00:1:1::2152"));
        assertTrue(p.toString(), p.get("classes[1].packet.gtpu.teid").contains("uplink TEID is 4097, not 7"));
    }

    @Test
    public void eachChecksumModeMakesItsOwnDownlinkClass() {
        assertEquals(LatencyClass.GTPU_ENCAP_ZERO, GtpuClasses.encapClass(GtpuChecksumMode.ZERO));
        assertEquals(LatencyClass.GTPU_ENCAP_FULL, GtpuClasses.encapClass(GtpuChecksumMode.FULL));
        assertEquals(LatencyClass.GTPU_ENCAP_INCREMENTAL, GtpuClasses.encapClass(GtpuChecksumMode.INCREMENTAL));
    }
}
