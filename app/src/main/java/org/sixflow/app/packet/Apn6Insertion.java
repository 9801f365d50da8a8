// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet;

import java.nio.ByteBuffer;

/**
 * The Hop-by-Hop header a Sixflow router's APN6 classifier inserts right after a packet's IPv6
 * header: 24 octets, the APN6 option first (define.p4's APN6_HBH_BYTES and APN6_OPTION_TYPE,
 * held to the P4 by Apn6InsertionTest). Found, and taken off, where the controller needs the
 * packet as the router received it: the source's packet inside a grown one (Packet Too Big), and
 * the quote of an ICMPv6 error about a packet punted after routing, which the classifier had
 * already marked. A source's own header of that shape is taken for one: its quote then lacks
 * it, and its Packet Too Big gives an MTU 24 octets smaller than it needs; neither loses a packet.
 */
public final class Apn6Insertion {

    /** define.p4 APN6_OPTION_TYPE. */
    public static final int OPTION_TYPE = 0x1e;
    /** define.p4 APN6_HBH_BYTES: the whole Hop-by-Hop header an insertion adds. */
    public static final int HBH_BYTES = 24;

    private static final int IPV6_BYTES = 40;
    private static final int NEXT_HEADER_OFFSET = 6;
    private static final int PAYLOAD_LENGTH_OFFSET = 4;
    private static final int NEXT_HEADER_HOP_BY_HOP = 0;

    private Apn6Insertion() {
    }

    /**
     * Tells whether a packet's first extension header is one an insertion adds.
     *
     * @param packet the packet from its IPv6 header on
     * @return true if a 24-octet Hop-by-Hop header with the APN6 option first follows the IPv6 header
     */
    public static boolean isIn(byte[] packet) {
        return packet.length >= IPV6_BYTES + HBH_BYTES
                && Byte.toUnsignedInt(packet[NEXT_HEADER_OFFSET]) == NEXT_HEADER_HOP_BY_HOP
                && Byte.toUnsignedInt(packet[IPV6_BYTES + 1]) == HBH_BYTES / 8 - 1
                && Byte.toUnsignedInt(packet[IPV6_BYTES + 2]) == OPTION_TYPE;
    }

    /**
     * The packet without the header an insertion adds: its Next Header and Payload Length mended.
     *
     * @param packet the packet from its IPv6 header on
     * @return a copy without that header, or a plain copy when it has none ({@link #isIn})
     */
    public static byte[] takenOff(byte[] packet) {
        if (!isIn(packet)) {
            return packet.clone();
        }
        byte[] out = new byte[packet.length - HBH_BYTES];
        System.arraycopy(packet, 0, out, 0, IPV6_BYTES);
        System.arraycopy(packet, IPV6_BYTES + HBH_BYTES, out, IPV6_BYTES, packet.length - IPV6_BYTES - HBH_BYTES);
        out[NEXT_HEADER_OFFSET] = packet[IPV6_BYTES];
        ByteBuffer b = ByteBuffer.wrap(out);
        b.putShort(PAYLOAD_LENGTH_OFFSET,
                   (short) Math.max(0, Short.toUnsignedInt(b.getShort(PAYLOAD_LENGTH_OFFSET)) - HBH_BYTES));
        return out;
    }
}
