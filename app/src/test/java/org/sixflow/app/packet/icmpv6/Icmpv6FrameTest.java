// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.icmpv6;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;

import java.nio.ByteBuffer;
import java.util.Arrays;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * The ICMPv6 errors' frames, octet by octet as RFC 4443 (sections 2.1, 3.1, 3.3) and RFC 8200
 * lay them out; the checksums were worked out apart from this code (RFC 1071 over the RFC 8200
 * section 8.1 pseudo-header, and Scapy 2.5 agrees).
 */
public class Icmpv6FrameTest {

    private static final MacAddress ROUTER = MacAddress.valueOf("00:aa:00:00:00:01");
    private static final MacAddress HOST = MacAddress.valueOf("00:00:00:00:01:10");
    private static final Ip6Address GATEWAY = Ip6Address.valueOf("fd00:1:1::1");
    private static final Ip6Address H_BJ = Ip6Address.valueOf("fd00:1:1::10");

    /** h_bj's UDP datagram to fd00:1:4::10 at hop limit 1: ports 5000 -> 6000, "sixflow". */
    static final String INVOKING = "60000000" + "000f" + "11" + "01"
            + "fd000001000100000000000000000010" + "fd000001000400000000000000000010"
            + "1388" + "1770" + "000f" + "0b70" + "736978666c6f77";

    private static String frame(String typeCodeChecksum) {
        return "000000000110" + "00aa00000001" + "86dd"                       // Ethernet: to h_bj, from the router
                + "60000000" + "003f" + "3a" + "ff"                           // IPv6: 63 octets of ICMPv6, hop limit 255
                + "fd000001000100000000000000000001"                          // from the gateway fd00:1:1::1
                + "fd000001000100000000000000000010"                          // to h_bj
                + typeCodeChecksum + "00000000"                               // type, code, checksum, unused
                + INVOKING;                                                   // the invoking packet, whole
    }

    @Test
    public void timeExceededQuotesTheInvokingPacket() {
        byte[] built = Icmpv6Frame.error(ROUTER, HOST, GATEWAY, H_BJ, 3, 0, 0, hex(INVOKING));
        assertArrayEquals(hex(frame("03" + "00" + "917f")), built);
    }

    @Test
    public void destinationUnreachableNoRoute() {
        byte[] built = Icmpv6Frame.error(ROUTER, HOST, GATEWAY, H_BJ, Icmpv6Frame.TYPE_DESTINATION_UNREACHABLE,
                                         Icmpv6Frame.CODE_NO_ROUTE, 0, hex(INVOKING));
        assertArrayEquals(hex(frame("01" + "00" + "937f")), built);
    }

    @Test
    public void aBigInvokingPacketIsCutToKeepTheErrorWithin1280Octets() {
        byte[] big = new byte[1500];
        System.arraycopy(hex(INVOKING), 0, big, 0, 40);
        for (int i = 40; i < big.length; i++) {
            big[i] = (byte) i;
        }
        byte[] built = Icmpv6Frame.error(ROUTER, HOST, GATEWAY, H_BJ, 3, 0, 0, big);
        assertEquals("1280 octets of IPv6 after the Ethernet header", 14 + 1280, built.length);
        assertEquals(1280 - 40, Short.toUnsignedInt(ByteBuffer.wrap(built).getShort(18)));
        assertArrayEquals(Arrays.copyOf(big, 1280 - 48), Arrays.copyOfRange(built, 62, built.length));
        assertTrue("the checksum covers what was sent",
                   Icmpv6Frame.checksumValid(GATEWAY, H_BJ, built, 54, 1280 - 40));
    }

    @Test
    public void anIpv6PacketIsTakenOnlyFromAFrameThatCarriesOneWhole() {
        byte[] frame = hex("000000000110" + "00aa00000001" + "86dd" + INVOKING);
        assertArrayEquals(hex(INVOKING), Icmpv6Frame.ipv6PacketOf(frame).orElseThrow());
        byte[] ipv4 = frame.clone();
        ipv4[12] = 0x08;
        ipv4[13] = 0x00;
        assertFalse("EtherType IPv4", Icmpv6Frame.ipv6PacketOf(ipv4).isPresent());
        byte[] version4 = frame.clone();
        version4[14] = 0x45;
        assertFalse("Version 4", Icmpv6Frame.ipv6PacketOf(version4).isPresent());
        assertFalse("a header cut short", Icmpv6Frame.ipv6PacketOf(Arrays.copyOf(frame, 14 + 39)).isPresent());
    }

    @Test
    public void errorsAreKnownThroughExtensionHeaders() {
        assertFalse("UDP", Icmpv6Frame.isError(hex(INVOKING)));
        String errorAfterHopByHop = "60000000" + "0010" + "00" + "40" + "00".repeat(32)
                + "3a" + "00" + "010400000000" + "03000000" + "00000000";
        assertTrue("Time Exceeded behind a Hop-by-Hop header", Icmpv6Frame.isError(hex(errorAfterHopByHop)));
        String echo = "60000000" + "0008" + "3a" + "40" + "00".repeat(32) + "8000000000000000";
        assertFalse("an Echo Request is informational", Icmpv6Frame.isError(hex(echo)));
        assertTrue("cut off inside its chain: stay silent", Icmpv6Frame.isError(hex(errorAfterHopByHop.substring(0, 82))));
    }

    static byte[] hex(String hex) {
        byte[] out = new byte[hex.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return out;
    }
}
