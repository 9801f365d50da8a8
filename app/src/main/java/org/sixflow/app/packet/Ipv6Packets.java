// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet;

import org.onlab.packet.Ip6Address;

import java.nio.ByteBuffer;

/**
 * The one builder of the IPv6 packets the controller originates whole (ICMPv6 messages, the BNG's
 * DHCPv6 answers): the fixed header before an upper-layer message, whose checksum over the
 * pseudo-header it fills in.
 */
public final class Ipv6Packets {

    /** Octets of the fixed IPv6 header. */
    public static final int HEADER_BYTES = 40;

    private Ipv6Packets() {
    }

    /**
     * Builds a packet.
     *
     * @param from       the source
     * @param to         the destination
     * @param nextHeader the message's protocol ({@link Ipv6Checksum#UDP}, {@link Ipv6Checksum#ICMPV6})
     * @param hopLimit   the hop limit
     * @param message    the message, its checksum field 0
     * @param checksumAt where the message's checksum field is, from the message's start
     * @return the packet
     */
    public static byte[] of(Ip6Address from, Ip6Address to, int nextHeader, int hopLimit, byte[] message,
                            int checksumAt) {
        ByteBuffer out = ByteBuffer.allocate(HEADER_BYTES + message.length);
        out.putInt(0x6000_0000).putShort((short) message.length).put((byte) nextHeader).put((byte) hopLimit)
                .put(from.toOctets()).put(to.toOctets()).put(message);
        byte[] bytes = out.array();
        int checksum = Ipv6Checksum.of(from, to, nextHeader, bytes, HEADER_BYTES, message.length);
        ByteBuffer.wrap(bytes).putShort(HEADER_BYTES + checksumAt, (short) checksum);
        return bytes;
    }
}
