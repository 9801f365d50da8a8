// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.echo;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.sixflow.app.packet.gtpu.GtpuFormatException;
import org.sixflow.app.packet.gtpu.GtpuFrames;
import org.sixflow.app.packet.gtpu.GtpuPacket;

import java.util.Arrays;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.sixflow.app.packet.gtpu.GtpuFrames.E;
import static org.sixflow.app.packet.gtpu.GtpuFrames.S;
import static org.sixflow.app.packet.gtpu.GtpuFrames.V1;
import static org.sixflow.app.packet.gtpu.GtpuFrames.gtpu;
import static org.sixflow.app.packet.gtpu.GtpuFrames.hex;
import static org.sixflow.app.packet.gtpu.GtpuFrames.udpFrame;

/**
 * Echo responses compared with frames written independently: the golden frames below were
 * built with scapy (Ether / IPv6 / UDP / the 14 GTP-U octets as raw bytes, scapy computing the
 * UDP checksum), and the checksum is also recomputed here.
 */
public class GtpuEchoResponseTest {

    private static final MacAddress BEIJING = MacAddress.valueOf("00:aa:00:00:00:01");
    private static final String PEER_MAC = "00:00:00:00:05:50";
    private static final String PEER = "fd00:1:5::50";
    private static final String N3 = "fd00:1:1::3:1";

    /** To 00:00:00:00:05:50 from beijing; fd00:1:1::3:1 -> fd00:1:5::50, hop limit 64; 2152 -> 40000; sequence 0x1234. */
    static final byte[] ANSWER_1234 = hex(
            "000000000550 00aa00000001 86dd"
            + "60000000 0016 11 40 fd000001000100000000000000030001 fd000001000500000000000000000050"
            + "0868 9c40 0016 0e80"
            + "32 02 0006 00000000 1234 00 00 0e 00");
    /** The same with sequence number 0. */
    static final byte[] ANSWER_0 = hex(
            "000000000550 00aa00000001 86dd"
            + "60000000 0016 11 40 fd000001000100000000000000030001 fd000001000500000000000000000050"
            + "0868 9c40 0016 20b4"
            + "32 02 0006 00000000 0000 00 00 0e 00");

    @Test
    public void theSequenceNumberIsCopied() throws GtpuFormatException {
        assertArrayEquals(ANSWER_1234, answer(gtpu(V1 | S, 1, 0, hex("1234 0000"))));
        assertEquals(0x0e80, GtpuFrames.checksum(Ip6Address.valueOf(N3).toOctets(),
                                                 Ip6Address.valueOf(PEER).toOctets(), datagramOf(ANSWER_1234)));
    }

    @Test
    public void noSequenceNumberIsAnsweredWithZero() throws GtpuFormatException {
        assertArrayEquals(ANSWER_0, answer(gtpu(V1, 1, 0, hex(""))));
        assertEquals(0x20b4, GtpuFrames.checksum(Ip6Address.valueOf(N3).toOctets(),
                                                 Ip6Address.valueOf(PEER).toOctets(), datagramOf(ANSWER_0)));
    }

    @Test
    public void extensionHeadersAndInformationElementsAreNotEchoed() throws GtpuFormatException {
        // UDP Port extension header, then a Private Extension IE (255, length 3: id 0x0001, 0xaa).
        assertArrayEquals(ANSWER_1234, answer(gtpu(V1 | E | S, 1, 0, hex("1234 00 40  01 0868 00  ff 0003 0001 aa"))));
    }

    private static byte[] answer(byte[] gtpu) throws GtpuFormatException {
        return GtpuEchoResponse.frame(GtpuPacket.read(udpFrame(BEIJING.toString(), PEER_MAC, PEER, N3, 40000, 2152,
                                                               gtpu)), BEIJING);
    }

    /** The UDP datagram of a frame, its checksum field zeroed. */
    private static byte[] datagramOf(byte[] frame) {
        byte[] datagram = Arrays.copyOfRange(frame, 54, frame.length);
        datagram[6] = 0;
        datagram[7] = 0;
        return datagram;
    }
}
