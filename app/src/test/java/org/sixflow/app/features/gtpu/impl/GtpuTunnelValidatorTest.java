// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.sixflow.app.features.gtpu.api.GtpuChecksumMode;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.gtpu.impl.GtpuTunnelManagerFixture.tunnel;

/**
 * Each refusal of GtpuTunnelValidator, naming what is wrong.
 */
public class GtpuTunnelValidatorTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final DeviceId TOFINO = DeviceId.deviceId("device:tofino");
    private static final DeviceId FOREIGN = DeviceId.deviceId("device:foreign");
    private static final DeviceId CORE = DeviceId.deviceId("device:core");
    private static final GtpuNetwork NETWORK = new GtpuNetwork(
            Set.of(BEIJING, TOFINO, FOREIGN, CORE),
            Map.of(BEIJING, new GtpuNetwork.Router(BEIJING, SixflowPipeconfs.FULL_BMV2, true,
                                                   Ip6Prefix.valueOf("fd00:1:1::/64"), Set.of(0x100L, 0x200L)),
                   TOFINO, new GtpuNetwork.Router(TOFINO, SixflowPipeconfs.id("gtpu", PipeconfTarget.TOFINO), false,
                                                  Ip6Prefix.valueOf("fd00:1:6::/64"), Set.of(0x100L, 0x200L)),
                   CORE, new GtpuNetwork.Router(CORE, SixflowPipeconfs.id("core", PipeconfTarget.BMV2), true,
                                                Ip6Prefix.valueOf("fd00:1:7::/64"), Set.of(0x100L, 0x200L))),
            Map.of(Ip6Address.valueOf("fd00:1:1::10"), HostId.hostId("00:00:00:00:01:10/None")));

    private static List<String> problems(GtpuTunnel.Builder candidate, GtpuTunnel... stored) {
        return GtpuTunnelValidator.problems(candidate.build(), List.of(stored), NETWORK);
    }

    private static void assertOneProblem(String expected, List<String> problems) {
        assertEquals(problems.toString(), 1, problems.size());
        assertTrue(problems.get(0), problems.get(0).startsWith(expected));
    }

    @Test
    public void aTunnelInsideTheLocatorIsValid() {
        assertEquals(List.of(), problems(tunnel("ue-1", "fd00:9:1::/64", 1)));
    }

    @Test
    public void devicesMustBeKnownAndSixflows() {
        assertOneProblem("decapDevice: device:nowhere is not a device ONOS knows",
                         problems(tunnel("ue-1", "fd00:9:1::/64", 1).decapDevice(DeviceId.deviceId("device:nowhere"))
                                          .encapDevices(List.of(BEIJING))));
        assertOneProblem("encapDevices: device:foreign is not a Sixflow device",
                         problems(tunnel("ue-1", "fd00:9:1::/64", 1).encapDevices(List.of(BEIJING, FOREIGN))));
    }

    @Test
    public void aDeviceWhoseProfileHasNoGtpuIsRefusedByName() {
        assertOneProblem("encapDevices: device:core runs profile core, which has no GTPU",
                         problems(tunnel("ue-1", "fd00:9:1::/64", 1).encapDevices(List.of(BEIJING, CORE))));
        assertOneProblem("decapDevice: device:core runs profile core, which has no GTPU",
                         problems(tunnel("ue-1", "fd00:9:1::/64", 1).decapDevice(CORE).encapDevices(List.of(BEIJING))
                                          .n3Address(Ip6Address.valueOf("fd00:1:7::1"))));
    }

    @Test
    public void fullChecksumsAreRefusedOnATofinoEncapDevice() {
        assertOneProblem("checksumMode FULL: encap device device:tofino runs org.sixflow.gtpu.tofino",
                         problems(tunnel("ue-1", "fd00:9:1::/64", 1).checksumMode(GtpuChecksumMode.FULL)
                                          .encapDevices(List.of(TOFINO))));
        assertEquals(List.of(), problems(tunnel("ue-1", "fd00:9:1::/64", 1).checksumMode(GtpuChecksumMode.FULL)));
    }

    @Test
    public void theN3AddressIsInTheLocatorAndNoSidOrHost() {
        assertOneProblem("n3Address fd00:1:2::1 is not inside decapDevice device:beijing's locator",
                         problems(tunnel("ue-1", "fd00:9:1::/64", 1).n3Address(Ip6Address.valueOf("fd00:1:2::1"))));
        assertOneProblem("n3Address fd00:1:1:0:100::1 is in decapDevice device:beijing's SID space",
                         problems(tunnel("ue-1", "fd00:9:1::/64", 1)
                                          .n3Address(Ip6Address.valueOf("fd00:1:1:0:100::1"))));
        assertOneProblem("n3Address fd00:1:1::10 is host 00:00:00:00:01:10/None's address",
                         problems(tunnel("ue-1", "fd00:9:1::/64", 1).n3Address(Ip6Address.valueOf("fd00:1:1::10"))));
    }

    @Test
    public void otherTunnelsOfTheAddressAndTheDevices() {
        GtpuTunnel first = tunnel("ue-1", "fd00:9:1::/64", 1).counterIndex(0).build();
        assertOneProblem("uplinkTeid 1 is tunnel ue-1's at n3Address fd00:1:1::ff:1",
                         problems(tunnel("ue-2", "fd00:9:2::/64", 1), first));
        assertOneProblem("acceptZeroChecksum must be false as tunnel ue-1 has it",
                         problems(tunnel("ue-2", "fd00:9:2::/64", 2).acceptZeroChecksum(true), first));
        assertOneProblem("uePrefixes: fd00:9::/32 overlaps tunnel ue-1's fd00:9:1::/64 on encap device device:beijing",
                         problems(tunnel("ue-2", "fd00:9::/32", 2), first));
        assertEquals(List.of(), problems(tunnel("ue-1", "fd00:9:1::/64", 1), first));  // itself
    }
}
