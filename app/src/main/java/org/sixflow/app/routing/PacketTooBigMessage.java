// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.routing;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;

import java.nio.ByteBuffer;

/**
 * An ICMPv6 Packet Too Big in its Ethernet frame (RFC 4443 section 3.2): type 2, code 0, the
 * MTU, then as much of the invoking packet as keeps the whole IPv6 packet within the minimum
 * MTU of 1280 octets (section 2.4 c).
 */
final class PacketTooBigMessage {

    static final int ETHERNET_BYTES = 14;
    static final int ETHERTYPE_IPV6 = 0x86dd;
    static final int IPV6_BYTES = GrownPacket.IPV6_BYTES;
    static final int ICMPV6_BYTES = 8;
    static final int TYPE_PACKET_TOO_BIG = 2;
    /** The minimum IPv6 MTU (RFC 8200 section 5): no MTU below it is ever given. */
    static final int MIN_MTU = 1280;
    static final int HOP_LIMIT = 255;

    private PacketTooBigMessage() {
    }

    /**
     * Builds the frame.
     *
     * @param srcMac   the router's MAC
     * @param dstMac   the next hop towards the source: the source itself, or a router
     * @param from     the router's address the message comes from
     * @param to       the invoking packet's source
     * @param mtu      the MTU to give (raised to 1280 if below)
     * @param invoking the invoking packet from its IPv6 header on
     * @return the Ethernet frame
     */
    static byte[] frame(MacAddress srcMac, MacAddress dstMac, Ip6Address from, Ip6Address to, int mtu,
                        byte[] invoking) {
        int quoted = Math.min(invoking.length, MIN_MTU - IPV6_BYTES - ICMPV6_BYTES);
        int icmpLength = ICMPV6_BYTES + quoted;
        ByteBuffer b = ByteBuffer.allocate(ETHERNET_BYTES + IPV6_BYTES + icmpLength);
        b.put(dstMac.toBytes()).put(srcMac.toBytes()).putShort((short) ETHERTYPE_IPV6);
        b.putInt(0x6000_0000).putShort((short) icmpLength).put((byte) GrownPacket.NEXT_HEADER_ICMPV6)
                .put((byte) HOP_LIMIT).put(from.toOctets()).put(to.toOctets());
        int icmp = b.position();
        b.put((byte) TYPE_PACKET_TOO_BIG).put((byte) 0).putShort((short) 0).putInt(Math.max(MIN_MTU, mtu))
                .put(invoking, 0, quoted);
        b.putShort(icmp + 2, (short) checksum(from, to, b.array(), icmp, icmpLength));
        return b.array();
    }

    /** The ICMPv6 checksum: over the pseudo-header (RFC 8200 section 8.1) and the message. */
    static int checksum(Ip6Address from, Ip6Address to, byte[] data, int offset, int length) {
        long sum = sumOf(from.toOctets(), 0, 16) + sumOf(to.toOctets(), 0, 16) + (length >>> 16) + (length & 0xffff)
                + GrownPacket.NEXT_HEADER_ICMPV6 + sumOf(data, offset, length);
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        int result = (int) (~sum & 0xffff);
        return result == 0 ? 0xffff : result;
    }

    private static long sumOf(byte[] data, int offset, int length) {
        long sum = 0;
        for (int i = 0; i < length; i += 2) {
            int high = Byte.toUnsignedInt(data[offset + i]) << 8;
            int low = i + 1 < length ? Byte.toUnsignedInt(data[offset + i + 1]) : 0;
            sum += high | low;
        }
        return sum;
    }
}
