// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.sixflow.app.testing.P4Source;

import java.util.Arrays;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.routing.impl.Ipv6Packets.icmpv6;
import static org.sixflow.app.features.routing.impl.Ipv6Packets.inGtpu;
import static org.sixflow.app.features.routing.impl.Ipv6Packets.inMsr6;
import static org.sixflow.app.features.routing.impl.Ipv6Packets.ipv6;
import static org.sixflow.app.features.routing.impl.Ipv6Packets.udp;
import static org.sixflow.app.features.routing.impl.Ipv6Packets.withApn6;

/** Finding the source's packet in what a router grew from it, and what the router added. */
public class GrownPacketTest {

    private static final byte[] SENT = ipv6("fd00:1:1::10", "fd00:1:3::10", 17, udp(1460));

    @Test
    public void anApn6InsertionIsTakenOffAndIsTheGrowth() {
        GrownPacket grown = GrownPacket.of(withApn6(SENT)).get();
        assertEquals(24, grown.growth());
        assertArrayEquals(SENT, grown.original());
        assertEquals(Ip6Address.valueOf("fd00:1:1::10"), grown.source());
        assertFalse(grown.isIcmpv6Error());
    }

    @Test
    public void anMsr6EncapsulationIsTakenOffAndIsTheGrowth() {
        GrownPacket grown = GrownPacket.of(inMsr6(SENT, 3)).get();
        assertEquals(40 + 8 + 48, grown.growth());
        assertArrayEquals(SENT, grown.original());
        assertEquals(Ip6Address.valueOf("fd00:1:1::10"), grown.source());
    }

    @Test
    public void aGtpuTunnelIsTakenOffAndIsTheGrowthWithOrWithoutItsContainer() {
        GrownPacket plain = GrownPacket.of(inGtpu(SENT, 0x17, false)).get();
        assertEquals(40 + 8 + 8, plain.growth());
        assertArrayEquals(SENT, plain.original());
        assertEquals(Ip6Address.valueOf("fd00:1:1::10"), plain.source());
        GrownPacket withQfi = GrownPacket.of(inGtpu(SENT, 0x17, true)).get();
        assertEquals(40 + 8 + 8 + 4 + 4, withQfi.growth());
        assertArrayEquals(SENT, withQfi.original());
        assertEquals("an APN6 option inside counts too", 40 + 8 + 8 + 24,
                     GrownPacket.of(inGtpu(withApn6(SENT), 0x17, false)).get().growth());
    }

    @Test
    public void udpToThePortThatIsNoGpduIsNotATunnelOfOurs() {
        byte[] echo = inGtpu(SENT, 0, false);
        echo[40 + 8 + 1] = 1;    // Echo Request
        assertFalse(GrownPacket.of(echo).isPresent());
        byte[] otherPort = inGtpu(SENT, 0x17, false);
        otherPort[40 + 3] = 0x69;
        assertFalse(GrownPacket.of(otherPort).isPresent());
        byte[] badLength = inGtpu(SENT, 0x17, false);
        badLength[40 + 8 + 3] += 1;
        assertFalse("the GTP-U length disagrees", GrownPacket.of(badLength).isPresent());
        assertFalse("cut off inside the UDP datagram", GrownPacket.of(Arrays.copyOf(inGtpu(SENT, 0x17, true), 200)).isPresent());
    }

    @Test
    public void bothTogetherCountBoth() {
        GrownPacket grown = GrownPacket.of(inMsr6(withApn6(SENT), 2)).get();
        assertEquals(40 + 8 + 32 + 24, grown.growth());
        assertArrayEquals(SENT, grown.original());
    }

    @Test
    public void whatNoRouterGrewIsNotUnderstood() {
        assertFalse("plain IPv6", GrownPacket.of(SENT).isPresent());
        assertFalse("too short", GrownPacket.of(Arrays.copyOf(SENT, 39)).isPresent());
        byte[] ipv4 = SENT.clone();
        ipv4[0] = 0x45;
        assertFalse("no IPv6", GrownPacket.of(withApn6(ipv4)).isPresent());
        assertFalse("an encapsulation cut off before the inner header",
                    GrownPacket.of(Arrays.copyOf(inMsr6(SENT, 3), 40 + 56 + 20)).isPresent());
        byte[] otherOption = withApn6(SENT);
        otherOption[42] = 0x05;
        assertFalse("a Hop-by-Hop header with another option", GrownPacket.of(otherOption).isPresent());
    }

    @Test
    public void aPacketForwardedAsItCameIsItsSourcesWhateverItCarries() {
        GrownPacket plain = GrownPacket.asForwarded(SENT).get();
        assertEquals(0, plain.growth());
        assertArrayEquals(SENT, plain.original());
        byte[] transit = inMsr6(withApn6(SENT), 2);
        GrownPacket encapsulated = GrownPacket.asForwarded(transit).get();
        assertEquals("another node's encapsulation stays", 0, encapsulated.growth());
        assertArrayEquals(transit, encapsulated.original());
        assertEquals(Ip6Address.valueOf("fd00:1::1"), encapsulated.source());
        byte[] ipv4 = SENT.clone();
        ipv4[0] = 0x45;
        assertFalse("no IPv6", GrownPacket.asForwarded(ipv4).isPresent());
        assertFalse("too short", GrownPacket.asForwarded(Arrays.copyOf(SENT, 39)).isPresent());
    }

    @Test
    public void icmpv6ErrorsAreKnownBehindExtensionHeaders() {
        byte[] error = ipv6("fd00:1:1::10", "fd00:1:3::10", 58, icmpv6(1, 48));
        assertTrue(GrownPacket.of(withApn6(error)).get().isIcmpv6Error());
        byte[] echo = ipv6("fd00:1:1::10", "fd00:1:3::10", 58, icmpv6(128, 48));
        assertFalse(GrownPacket.of(withApn6(echo)).get().isIcmpv6Error());
        // An error behind the source's own Destination Options header, inside an encapsulation.
        byte[] options = new byte[8 + 48];
        options[0] = 58;
        options[8] = 2;
        byte[] behind = ipv6("fd00:1:1::10", "fd00:1:3::10", 60, options);
        assertTrue(GrownPacket.of(inMsr6(behind, 1)).get().isIcmpv6Error());
    }

    @Test
    public void codePointsAreTheP4s() {
        assertEquals(P4Source.value("common/define.p4", "PROTO_ICMPV6"), GrownPacket.NEXT_HEADER_ICMPV6);
        assertEquals(P4Source.value("common/define.p4", "PROTO_UDP"), GrownPacket.NEXT_HEADER_UDP);
        assertEquals(P4Source.value("common/define.p4", "UDP_HEADER_BYTES"), GrownPacket.UDP_BYTES);
    }
}
