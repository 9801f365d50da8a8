// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.InboundPacket;
import org.sixflow.app.packet.icmpv6.Icmpv6Frame;
import org.sixflow.pipeconf.PuntReason;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The packets the ICMPv6 answerers' tests punt and the fields they read back from an answer's
 * frame (Ethernet, IPv6 without extension headers, ICMPv6).
 */
public final class PuntedFrames {

    /** Where an answer frame's IPv6 source and destination addresses start. */
    public static final int SOURCE_AT = 22;
    public static final int DESTINATION_AT = 38;
    /** Where its ICMPv6 message starts. */
    public static final int ICMPV6_AT = 54;

    private PuntedFrames() {
    }

    /**
     * A UDP datagram (ports 5000 -> 6000, checksum 0) with data 0, 1, 2 ...
     *
     * @param src        IPv6 source
     * @param dst        IPv6 destination
     * @param hopLimit   its hop limit
     * @param dataLength octets of data
     * @return the IPv6 packet
     */
    public static byte[] udp(String src, String dst, int hopLimit, int dataLength) {
        ByteBuffer b = ByteBuffer.allocate(40 + 8 + dataLength).putInt(0x6000_0000).putShort((short) (8 + dataLength))
                .put((byte) 17).put((byte) hopLimit).put(Ip6Address.valueOf(src).toOctets())
                .put(Ip6Address.valueOf(dst).toOctets()).putShort((short) 5000).putShort((short) 6000)
                .putShort((short) (8 + dataLength)).putShort((short) 0);
        for (int i = 0; i < dataLength; i++) {
            b.put((byte) i);
        }
        return b.array();
    }

    /**
     * A packet punted in an Ethernet frame, with its reason in the cookie as the interpreter puts it.
     *
     * @param at     where it came up
     * @param src    the frame's source MAC
     * @param dst    its destination MAC
     * @param packet the IPv6 packet
     * @param reason packet_in.punt_reason
     * @return the inbound packet, unparsed
     */
    public static InboundPacket punted(ConnectPoint at, MacAddress src, MacAddress dst, byte[] packet, int reason) {
        ByteBuffer frame = ByteBuffer.allocate(14 + packet.length).put(dst.toBytes()).put(src.toBytes())
                .putShort((short) 0x86dd).put(packet);
        return new DefaultInboundPacket(at, null, ByteBuffer.wrap(frame.array()), PuntReason.cookie(reason));
    }

    /**
     * An IPv6 address in a frame.
     *
     * @param frame the frame
     * @param at    where the address starts
     * @return the address
     */
    public static Ip6Address address(byte[] frame, int at) {
        return Ip6Address.valueOf(Arrays.copyOfRange(frame, at, at + 16));
    }

    /**
     * Whether an answer's ICMPv6 checksum is right over its pseudo-header and message.
     *
     * @param frame the answer's frame
     * @return true when it verifies
     */
    public static boolean checksumRight(byte[] frame) {
        return Icmpv6Frame.checksumValid(address(frame, SOURCE_AT), address(frame, DESTINATION_AT), frame, ICMPV6_AT,
                                         frame.length - ICMPV6_AT);
    }
}
