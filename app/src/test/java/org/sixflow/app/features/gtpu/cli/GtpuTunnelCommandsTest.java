// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.cli;

import org.junit.Test;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.features.gtpu.api.GtpuChecksumMode;
import org.sixflow.app.features.gtpu.api.GtpuTunnel;
import org.sixflow.app.features.gtpu.impl.GtpuTunnelManagerFixture;

import java.util.List;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * sixflow:gtpu-tunnel-add argument parsing and the text of sixflow:gtpu-tunnels.
 */
public class GtpuTunnelCommandsTest {

    private static GtpuTunnel parse(String teid, String qfi, String checksum, List<String> encap) {
        return GtpuTunnelAddCommand.tunnel("ue-1", "fd00:1:1::ff:1", "fd00:1:4::100", "257", teid, "device:beijing",
                                           List.of("fd00:9:1::/64", "fd00:9:2::/64"), qfi, checksum, true, encap);
    }

    @Test
    public void parsesArgumentsIntoATunnel() {
        GtpuTunnel tunnel = parse("1", "9", "incremental", List.of("device:nanjing"));
        assertEquals(GtpuChecksumMode.INCREMENTAL, tunnel.checksumMode());
        assertEquals(Integer.valueOf(9), tunnel.qfi().orElseThrow());
        assertTrue(tunnel.acceptZeroChecksum());
        assertEquals(Set.of(Ip6Prefix.valueOf("fd00:9:1::/64"), Ip6Prefix.valueOf("fd00:9:2::/64")),
                     tunnel.uePrefixes());
        assertEquals(Set.of(DeviceId.deviceId("device:nanjing")), tunnel.encapDevices());
        GtpuTunnel plain = parse("1", null, null, null);
        assertEquals(GtpuChecksumMode.ZERO, plain.checksumMode());
        assertEquals(Set.of(DeviceId.deviceId("device:beijing")), plain.encapDevices());
    }

    @Test
    public void badArgumentsSayWhich() {
        String[][] cases = {{"x", null, null, "uplinkTeid \"x\""}, {"1", "a", null, "qfi \"a\""},
                {"1", null, "crc", "checksum \"crc\""}, {"0", null, null, "uplinkTeid must be"}};
        for (String[] c : cases) {
            try {
                parse(c[0], c[1], c[2], null);
                fail("accepted " + String.join(" ", c[0], String.valueOf(c[1]), String.valueOf(c[2])));
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage() + " should mention " + c[3], e.getMessage().contains(c[3]));
            }
        }
    }

    @Test
    public void listsAndShowsAnInstalledTunnel() {
        GtpuTunnelManagerFixture fixture = new GtpuTunnelManagerFixture();
        try {
            fixture.manager.create(parse("1", null, "full", null));
            fixture.awaitEvents();
            GtpuTunnel stored = fixture.manager.tunnel("ue-1").orElseThrow();
            String line = GtpuTunnelListCommand.line(stored, fixture.status("ue-1"));
            assertTrue(line, line.startsWith("id=ue-1, counterIndex=0, n3=fd00:1:1::ff:1, peer=fd00:1:4::100,"
                                                     + " downlinkTeid=257, uplinkTeid=1, qfi=none, checksum=FULL"));
            assertTrue(line, line.endsWith("state=INSTALLED"));
            List<String> details = GtpuTunnelListCommand.details(stored, fixture.status("ue-1"), fixture.manager);
            assertEquals("  downlink 0 packets 0 bytes, uplink 0 packets 0 bytes", details.get(1));
            assertEquals("  device:beijing:", details.get(2));
            assertEquals(2 + 1 + 8, details.size());      // n3, decap, two source, two encap and two hairpin entries
            InstallStatus failed = InstallStatus.failed(DeviceId.deviceId("device:beijing"), "refused 1 entry");
            assertTrue(GtpuTunnelListCommand.line(stored, failed)
                               .endsWith("state=FAILED, failedDevice=device:beijing, reason=refused 1 entry"));
        } finally {
            fixture.storage.shutdown();
        }
    }
}
