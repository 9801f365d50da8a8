// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.gtpu;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;

/**
 * GTP-U packets written by hand for the tests (TS 29.281 section 5, RFC 8200, RFC 768), with a
 * UDP checksum computed here, not by the code under test. Shared with the signalling tests.
 */
public final class GtpuFrames {

    /** Version 1, PT 1 and the flags: E, S, PN. */
    public static final int V1 = 0x30;
    public static final int E = 0x04;
    public static final int S = 0x02;
    public static final int PN = 0x01;

    private GtpuFrames() {
    }

    /**
     * A GTP-U message: the mandatory header with a Length counting what follows.
     *
     * @param flags the first octet
     * @param type  the message type
     * @param teid  the TEID
     * @param after the optional fields, extension headers and IEs
     */
    public static byte[] gtpu(int flags, int type, long teid, byte[] after) {
        return ByteBuffer.allocate(8 + after.length).put((byte) flags).put((byte) type)
                .putShort((short) after.length).putInt((int) teid).put(after).array();
    }

    /** Octets written as hex, spaces allowed. */
    public static byte[] hex(String hex) {
        String digits = hex.replace(" ", "");
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (int i = 0; i < digits.length(); i += 2) {
            out.write(Integer.parseInt(digits.substring(i, i + 2), 16));
        }
        return out.toByteArray();
    }

    /**
     * An Ethernet / IPv6 / UDP frame carrying a payload, its checksum right.
     *
     * @param ethDst  Ethernet destination
     * @param ethSrc  Ethernet source
     * @param src     IPv6 source
     * @param dst     IPv6 destination
     * @param srcPort UDP source port
     * @param dstPort UDP destination port
     * @param payload the UDP payload
     */
    public static byte[] udpFrame(String ethDst, String ethSrc, String src, String dst, int srcPort, int dstPort,
                           byte[] payload) {
        byte[] datagram = ByteBuffer.allocate(8 + payload.length).putShort((short) srcPort)
                .putShort((short) dstPort).putShort((short) (8 + payload.length)).putShort((short) 0)
                .put(payload).array();
        int sum = checksum(Ip6Address.valueOf(src).toOctets(), Ip6Address.valueOf(dst).toOctets(), datagram);
        datagram[6] = (byte) (sum >> 8);
        datagram[7] = (byte) sum;
        return ByteBuffer.allocate(14 + 40 + datagram.length).put(MacAddress.valueOf(ethDst).toBytes())
                .put(MacAddress.valueOf(ethSrc).toBytes()).putShort((short) 0x86dd)
                .putInt(0x6000_0000).putShort((short) datagram.length).put((byte) 17).put((byte) 63)
                .put(Ip6Address.valueOf(src).toOctets()).put(Ip6Address.valueOf(dst).toOctets()).put(datagram)
                .array();
    }

    /**
     * RFC 1071 over the IPv6 pseudo-header (RFC 8200 8.1) and a UDP datagram whose checksum field
     * is 0, as 16-bit words; a result of 0 is sent as 0xFFFF (RFC 768).
     */
    public static int checksum(byte[] source, byte[] destination, byte[] datagram) {
        ByteBuffer all = ByteBuffer.allocate(40 + datagram.length + datagram.length % 2);
        all.put(source).put(destination).putInt(datagram.length).putInt(17).put(datagram);
        all.rewind();
        int sum = 0;
        while (all.remaining() >= 2) {
            sum += all.getShort() & 0xffff;
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        int result = ~sum & 0xffff;
        return result == 0 ? 0xffff : result;
    }
}
