// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.icmpv6;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.sixflow.app.packet.Ipv6Checksum;
import org.sixflow.app.packet.Ipv6Packets;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;

/**
 * The one builder of the ICMPv6 messages the controller sends for a Sixflow router (RFC 4443), in
 * their Ethernet frames: the errors (Destination Unreachable, Packet Too Big, Time Exceeded,
 * Parameter Problem: type, code, a 32-bit field, then as much of the invoking packet as keeps the IPv6 packet within the
 * minimum MTU of 1280 octets, section 2.4 c) and Echo Replies; and their checksum (section 2.3,
 * over the pseudo-header of RFC 8200 section 8.1).
 */
public final class Icmpv6Frame {

    public static final int ETHERNET_BYTES = 14;
    public static final int ETHERTYPE_IPV6 = 0x86dd;
    public static final int IPV6_BYTES = 40;
    /** Type, code, checksum and the 32-bit field every message here has (unused, MTU, identifier and sequence). */
    public static final int ICMPV6_HEADER_BYTES = 8;
    public static final int NEXT_HEADER_ICMPV6 = 58;
    /** The minimum IPv6 MTU (RFC 8200 section 5): an error never makes a bigger packet. */
    public static final int MIN_MTU = 1280;
    /** Hop limit of the messages sent (the controller's packets leave the router as the router's own). */
    public static final int HOP_LIMIT = 255;

    public static final int TYPE_DESTINATION_UNREACHABLE = 1;
    public static final int TYPE_PACKET_TOO_BIG = 2;
    public static final int TYPE_TIME_EXCEEDED = 3;
    public static final int TYPE_PARAMETER_PROBLEM = 4;
    /** ICMPv6 types below this are errors (RFC 4443 section 2.1). */
    public static final int FIRST_INFORMATIONAL = 128;
    public static final int TYPE_ECHO_REQUEST = 128;
    public static final int TYPE_ECHO_REPLY = 129;
    /** Destination Unreachable code 0: no route to destination. */
    public static final int CODE_NO_ROUTE = 0;
    /** Destination Unreachable code 2: beyond the scope of the source address. */
    public static final int CODE_BEYOND_SCOPE = 2;
    /** Time Exceeded code 0: hop limit exceeded in transit. */
    public static final int CODE_HOP_LIMIT_EXCEEDED = 0;
    /** Parameter Problem code 0: erroneous header field encountered (its 32-bit field points at it). */
    public static final int CODE_ERRONEOUS_HEADER_FIELD = 0;

    private static final int HOP_LIMIT_OFFSET = 7;
    private static final int MAX_HOP_LIMIT = 255;
    private static final int NEXT_HEADER_HOP_BY_HOP = 0;
    private static final int NEXT_HEADER_ROUTING = 43;
    private static final int NEXT_HEADER_FRAGMENT = 44;
    private static final int NEXT_HEADER_DESTINATION_OPTIONS = 60;

    private Icmpv6Frame() {
    }

    /**
     * Gives a packet punted after routing back the hop limit routing took from it, so that an
     * error quotes it as it came in.
     *
     * @param packet the packet from its IPv6 header on; its hop limit is raised by one (at most to 255)
     */
    public static void giveBackHopLimit(byte[] packet) {
        packet[HOP_LIMIT_OFFSET] = (byte) Math.min(MAX_HOP_LIMIT, Byte.toUnsignedInt(packet[HOP_LIMIT_OFFSET]) + 1);
    }

    /**
     * Builds an ICMPv6 error message's frame.
     *
     * @param srcMac   the router's MAC
     * @param dstMac   the next hop towards the invoking packet's source
     * @param from     the router's address the message comes from
     * @param to       the invoking packet's source
     * @param type     the error's type (below 128)
     * @param code     its code
     * @param field    the 32-bit field after the checksum (0, unused; the MTU of a Packet Too Big; the
     *                 pointer of a Parameter Problem)
     * @param invoking the invoking packet from its IPv6 header on
     * @return the Ethernet frame
     */
    public static byte[] error(MacAddress srcMac, MacAddress dstMac, Ip6Address from, Ip6Address to, int type,
                               int code, int field, byte[] invoking) {
        int quoted = Math.min(invoking.length, MIN_MTU - IPV6_BYTES - ICMPV6_HEADER_BYTES);
        ByteBuffer rest = ByteBuffer.allocate(4 + quoted).putInt(field).put(invoking, 0, quoted);
        return message(srcMac, dstMac, from, to, type, code, rest.array());
    }

    /**
     * Builds an ICMPv6 message's frame.
     *
     * @param srcMac the router's MAC
     * @param dstMac the next hop
     * @param from   the IPv6 source
     * @param to     the IPv6 destination
     * @param type   the ICMPv6 type
     * @param code   the ICMPv6 code
     * @param rest   what follows the checksum: the 32-bit field and the message's data
     * @return the Ethernet frame
     */
    public static byte[] message(MacAddress srcMac, MacAddress dstMac, Ip6Address from, Ip6Address to, int type,
                                 int code, byte[] rest) {
        byte[] packet = packet(from, to, type, code, rest);
        return ByteBuffer.allocate(ETHERNET_BYTES + packet.length).put(dstMac.toBytes()).put(srcMac.toBytes())
                .putShort((short) ETHERTYPE_IPV6).put(packet).array();
    }

    /**
     * Builds an ICMPv6 message's IPv6 packet, for a link that carries IPv6 bare (PPP, RFC 5072).
     *
     * @param from the IPv6 source
     * @param to   the IPv6 destination
     * @param type the ICMPv6 type
     * @param code the ICMPv6 code
     * @param rest what follows the checksum: the 32-bit field and the message's data
     * @return the IPv6 packet
     */
    public static byte[] packet(Ip6Address from, Ip6Address to, int type, int code, byte[] rest) {
        byte[] message = ByteBuffer.allocate(4 + rest.length).put((byte) type).put((byte) code).putShort((short) 0)
                .put(rest).array();
        return Ipv6Packets.of(from, to, NEXT_HEADER_ICMPV6, HOP_LIMIT, message, 2);
    }

    /**
     * The checksum to write into an ICMPv6 message whose checksum field is 0.
     *
     * @param from   the IPv6 source
     * @param to     the IPv6 destination
     * @param data   holds the message
     * @param offset where the message starts
     * @param length its length, octets
     * @return the checksum (a computed 0 is sent as 0xFFFF)
     */
    public static int checksum(Ip6Address from, Ip6Address to, byte[] data, int offset, int length) {
        return Ipv6Checksum.of(from, to, NEXT_HEADER_ICMPV6, data, offset, length);
    }

    /**
     * Whether a received ICMPv6 message's checksum is right: the message, its checksum included,
     * and the pseudo-header sum to 0xFFFF.
     *
     * @param from   the IPv6 source
     * @param to     the IPv6 destination
     * @param data   holds the message
     * @param offset where the message starts
     * @param length its length, octets
     * @return true when it verifies
     */
    public static boolean checksumValid(Ip6Address from, Ip6Address to, byte[] data, int offset, int length) {
        return Ipv6Checksum.valid(from, to, NEXT_HEADER_ICMPV6, data, offset, length);
    }

    /**
     * The IPv6 packet an untagged Ethernet frame carries, if it carries one: EtherType IPv6, a
     * whole fixed header, Version 6.
     *
     * @param frame the frame's bytes
     * @return the packet from its IPv6 header on (a copy), or empty
     */
    public static Optional<byte[]> ipv6PacketOf(byte[] frame) {
        if (frame.length < ETHERNET_BYTES + IPV6_BYTES
                || Short.toUnsignedInt(ByteBuffer.wrap(frame).getShort(ETHERNET_BYTES - 2)) != ETHERTYPE_IPV6
                || (frame[ETHERNET_BYTES] & 0xf0) != 0x60) {
            return Optional.empty();
        }
        return Optional.of(Arrays.copyOfRange(frame, ETHERNET_BYTES, frame.length));
    }

    /**
     * Whether a packet is an ICMPv6 error message, which is never answered with another (RFC 4443
     * section 2.4 e.1). An extension-header chain cut off before its end counts as one: when in
     * doubt, stay silent.
     *
     * @param packet the packet from its IPv6 header on
     * @return true for an ICMPv6 error, or a packet too short to tell
     */
    public static boolean isError(byte[] packet) {
        if (packet.length < IPV6_BYTES) {
            return true;
        }
        int next = Byte.toUnsignedInt(packet[6]);
        int at = IPV6_BYTES;
        while (true) {
            if (next == NEXT_HEADER_ICMPV6) {
                return at >= packet.length || Byte.toUnsignedInt(packet[at]) < FIRST_INFORMATIONAL;
            }
            if (next != NEXT_HEADER_HOP_BY_HOP && next != NEXT_HEADER_ROUTING
                    && next != NEXT_HEADER_DESTINATION_OPTIONS && next != NEXT_HEADER_FRAGMENT) {
                return false;
            }
            if (at + 2 > packet.length) {
                return true;
            }
            int length = next == NEXT_HEADER_FRAGMENT ? 8 : 8 * (Byte.toUnsignedInt(packet[at + 1]) + 1);
            next = Byte.toUnsignedInt(packet[at]);
            at += length;
        }
    }
}
