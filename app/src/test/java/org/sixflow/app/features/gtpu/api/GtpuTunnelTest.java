// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.api;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.DeviceId;

import java.util.Collections;
import java.util.List;
import java.util.Set;
import java.util.function.UnaryOperator;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * GtpuTunnel's factory: defaults, and each wrong field named.
 */
public class GtpuTunnelTest {

    private static GtpuTunnel.Builder valid() {
        return GtpuTunnel.builder().id("ue-1").uePrefixes(List.of(Ip6Prefix.valueOf("fd00:9:1::/64")))
                .n3Address(Ip6Address.valueOf("fd00:1:1::ff:1")).peerAddress(Ip6Address.valueOf("fd00:1:4::100"))
                .downlinkTeid(1).uplinkTeid(4294967295L).decapDevice(DeviceId.deviceId("device:beijing"));
    }

    @Test
    public void defaultsToZeroChecksumsNoQfiAndTheDecapDevice() {
        GtpuTunnel tunnel = valid().build();
        assertEquals(GtpuChecksumMode.ZERO, tunnel.checksumMode());
        assertFalse(tunnel.qfi().isPresent());
        assertFalse(tunnel.acceptZeroChecksum());
        assertEquals(Set.of(DeviceId.deviceId("device:beijing")), tunnel.encapDevices());
        assertFalse(tunnel.counterIndex().isPresent());
        assertEquals(3, tunnel.withCounterIndex(3).counterIndex().getAsInt());
        assertEquals(tunnel, tunnel.withCounterIndex(3).withoutCounterIndex());
    }

    @Test
    public void namesTheWrongField() {
        Object[][] cases = {
                {(UnaryOperator<GtpuTunnel.Builder>) b -> b.id("UE"), "id"},
                {(UnaryOperator<GtpuTunnel.Builder>) b -> b.uePrefixes(List.of()), "uePrefixes"},
                {(UnaryOperator<GtpuTunnel.Builder>) b -> b.uePrefixes(Collections.nCopies(
                        17, Ip6Prefix.valueOf("fd00:9::/64"))), "uePrefixes"},
                {(UnaryOperator<GtpuTunnel.Builder>) b -> b.uePrefixes(List.of(Ip6Prefix.valueOf("::/0"))),
                        "uePrefixes"},
                {(UnaryOperator<GtpuTunnel.Builder>) b -> b.n3Address(Ip6Address.valueOf("ff02::1")), "n3Address"},
                {(UnaryOperator<GtpuTunnel.Builder>) b -> b.n3Address(null), "n3Address"},
                {(UnaryOperator<GtpuTunnel.Builder>) b -> b.peerAddress(Ip6Address.valueOf("fe80::1")),
                        "peerAddress"},
                {(UnaryOperator<GtpuTunnel.Builder>) b -> b.peerAddress(Ip6Address.valueOf("fd00:1:1::ff:1")),
                        "peerAddress must differ"},
                {(UnaryOperator<GtpuTunnel.Builder>) b -> b.downlinkTeid(0), "downlinkTeid"},
                {(UnaryOperator<GtpuTunnel.Builder>) b -> b.uplinkTeid(4294967296L), "uplinkTeid"},
                {(UnaryOperator<GtpuTunnel.Builder>) b -> b.qfi(64), "qfi"},
                {(UnaryOperator<GtpuTunnel.Builder>) b -> b.checksumMode(null), "checksumMode"},
                {(UnaryOperator<GtpuTunnel.Builder>) b -> b.decapDevice(null), "decapDevice"},
        };
        for (Object[] c : cases) {
            @SuppressWarnings("unchecked")
            UnaryOperator<GtpuTunnel.Builder> change = (UnaryOperator<GtpuTunnel.Builder>) c[0];
            try {
                change.apply(valid()).build();
                fail("accepted a wrong " + c[1]);
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage() + " should name " + c[1], e.getMessage().startsWith((String) c[1]));
            }
        }
    }
}
