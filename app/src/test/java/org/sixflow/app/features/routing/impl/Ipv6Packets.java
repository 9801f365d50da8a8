// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.onlab.packet.Ip6Address;

import java.nio.ByteBuffer;

/**
 * IPv6 packets written out octet by octet for the Packet Too Big tests: a source's UDP datagram,
 * the APN6 Hop-by-Hop header a router inserts and the MSR6 encapsulation it adds
 * (docs/features/apn6.md, msr6.md), each from the RFCs' layouts rather than from the code under test.
 */
final class Ipv6Packets {

    private Ipv6Packets() {
    }

    /** An IPv6 header and its payload. */
    static byte[] ipv6(String src, String dst, int nextHeader, byte[] payload) {
        return ByteBuffer.allocate(40 + payload.length).putInt(0x6000_0000).putShort((short) payload.length)
                .put((byte) nextHeader).put((byte) 64).put(Ip6Address.valueOf(src).toOctets())
                .put(Ip6Address.valueOf(dst).toOctets()).put(payload).array();
    }

    /** A UDP datagram of the given length (header included), its payload counting up; checksum left 0. */
    static byte[] udp(int length) {
        ByteBuffer b = ByteBuffer.allocate(length).putShort((short) 40000).putShort((short) 5004)
                .putShort((short) length).putShort((short) 0);
        for (int i = 8; i < length; i++) {
            b.put((byte) i);
        }
        return b.array();
    }

    /** An ICMPv6 message of a type (checksum left 0). */
    static byte[] icmpv6(int type, int length) {
        ByteBuffer b = ByteBuffer.allocate(length).put((byte) type);
        return b.array();
    }

    /** The packet with the 24-octet APN6 Hop-by-Hop header inserted after its IPv6 header. */
    static byte[] withApn6(byte[] packet) {
        ByteBuffer hbh = ByteBuffer.allocate(24).put(packet[6]).put((byte) 2)
                .put((byte) 0x1e).put((byte) 16).putInt(3).putInt(4660).putInt(7).putInt(1)
                .put((byte) 1).put((byte) 2).putShort((short) 0);
        ByteBuffer out = ByteBuffer.allocate(packet.length + 24);
        out.put(packet, 0, 40).put(hbh.array()).put(packet, 40, packet.length - 40);
        out.put(6, (byte) 0);
        out.putShort(4, (short) (packet.length - 40 + 24));
        return out.array();
    }

    /** The packet encapsulated in an outer IPv6 header and an MRH with {@code msids} M-SIDs. */
    static byte[] inMsr6(byte[] packet, int msids) {
        int routing = 8 + 16 * msids;
        ByteBuffer rh = ByteBuffer.allocate(routing).put((byte) 41).put((byte) (routing / 8 - 1))
                .put((byte) 253).put((byte) (msids - 1)).put((byte) 1).put(new byte[3]);
        for (int i = 0; i < msids; i++) {
            rh.put(Ip6Address.valueOf("fd00:0:" + (i + 2) + "::100:0:1").toOctets());
        }
        byte[] payload = ByteBuffer.allocate(routing + packet.length).put(rh.array()).put(packet).array();
        return ipv6("fd00:1::1", "fd00:0:2::100:0:1", 43, payload);
    }

    /**
     * The packet in a GTP-U tunnel as a Sixflow router encapsulates it: outer IPv6 from an N3
     * address, UDP 2152 (checksum 0), a G-PDU header and, with a QFI, the optional fields and a
     * DL PDU Session Container of one unit.
     */
    static byte[] inGtpu(byte[] packet, long teid, boolean qfi) {
        int gtpu = 8 + (qfi ? 8 : 0);
        ByteBuffer udp = ByteBuffer.allocate(8 + gtpu + packet.length).putShort((short) 40000).putShort((short) 2152)
                .putShort((short) (8 + gtpu + packet.length)).putShort((short) 0)
                .put((byte) (qfi ? 0x34 : 0x30)).put((byte) 0xff).putShort((short) (gtpu - 8 + packet.length))
                .putInt((int) teid);
        if (qfi) {
            udp.putShort((short) 0).put((byte) 0).put((byte) 0x85).put((byte) 1).put((byte) 0).put((byte) 5).put((byte) 0);
        }
        return ipv6("fd00:3::1", "fd00:0:2::9", 17, udp.put(packet).array());
    }
}
