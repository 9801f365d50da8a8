// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.gtpu;

import org.junit.Test;
import org.onlab.packet.DeserializationException;
import org.onlab.packet.Ethernet;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.OptionalInt;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.app.packet.gtpu.GtpuFrames.S;
import static org.sixflow.app.packet.gtpu.GtpuFrames.V1;
import static org.sixflow.app.packet.gtpu.GtpuFrames.gtpu;
import static org.sixflow.app.packet.gtpu.GtpuFrames.hex;
import static org.sixflow.app.packet.gtpu.GtpuFrames.udpFrame;

/** Punted frames: which are GTP-U, and what is read from them. */
public class GtpuPacketTest {

    private static final String ROUTER = "00:aa:00:00:00:01";
    private static final String PEER_MAC = "00:00:00:00:05:50";
    private static final String PEER = "fd00:1:5::50";
    private static final String N3 = "fd00:1:1::3:1";
    private static final byte[] ECHO = gtpu(V1 | S, 1, 0, hex("1234 0000"));

    @Test
    public void udpToPort2152IsGtpu() {
        assertTrue(GtpuPacket.isGtpu(parse(udpFrame(ROUTER, PEER_MAC, PEER, N3, 40000, 2152, ECHO))));
        assertFalse("from 2152 to another port", GtpuPacket.isGtpu(
                parse(udpFrame(ROUTER, PEER_MAC, PEER, N3, 2152, 40000, ECHO))));
        assertFalse(GtpuPacket.isGtpu(null));
    }

    @Test
    public void udpBehindAnExtensionHeaderIsNotGtpu() {
        // The data plane takes GTP-U only right after the fixed IPv6 header: a Destination
        // Options header in between makes it some other packet.
        byte[] plain = udpFrame(ROUTER, PEER_MAC, PEER, N3, 40000, 2152, ECHO);
        byte[] options = hex("11 00 01 04 00000000");               // next header UDP, PadN
        ByteBuffer b = ByteBuffer.allocate(plain.length + options.length);
        b.put(plain, 0, 54).put(options).put(plain, 54, plain.length - 54);
        b.putShort(18, (short) (plain.length - 54 + options.length)).put(20, (byte) 60);
        assertFalse(GtpuPacket.isGtpu(parse(b.array())));
    }

    @Test
    public void aVlanTaggedFrameIsNotGtpu() {
        byte[] plain = udpFrame(ROUTER, PEER_MAC, PEER, N3, 40000, 2152, ECHO);
        ByteBuffer b = ByteBuffer.allocate(plain.length + 4);
        b.put(plain, 0, 12).putShort((short) 0x8100).putShort((short) 10).put(plain, 12, plain.length - 12);
        assertFalse(GtpuPacket.isGtpu(parse(b.array())));
    }

    @Test
    public void theFieldsAnAnswerNeeds() throws GtpuFormatException {
        GtpuPacket p = GtpuPacket.read(udpFrame(ROUTER, PEER_MAC, PEER, N3, 40000, 2152, ECHO));
        assertEquals(MacAddress.valueOf(PEER_MAC), p.ethernetSource());
        assertEquals(Ip6Address.valueOf(PEER), p.source());
        assertEquals(Ip6Address.valueOf(N3), p.destination());
        assertEquals(40000, p.sourcePort());
        assertEquals(1, p.header().messageType());
        assertEquals(OptionalInt.of(0x1234), p.header().sequenceNumber());
    }

    @Test
    public void ethernetPaddingAfterTheDatagramIsIgnored() throws GtpuFormatException {
        byte[] frame = udpFrame(ROUTER, PEER_MAC, PEER, N3, 40000, 2152, ECHO);
        GtpuPacket p = GtpuPacket.read(Arrays.copyOf(frame, frame.length + 6));
        assertEquals(OptionalInt.of(0x1234), p.header().sequenceNumber());
    }

    @Test
    public void aZeroChecksumIsNoChecksum() throws GtpuFormatException {
        byte[] frame = udpFrame(ROUTER, PEER_MAC, PEER, N3, 40000, 2152, ECHO);
        frame[60] = 0;
        frame[61] = 0;
        assertEquals(1, GtpuPacket.read(frame).header().messageType());
    }

    @Test
    public void brokenFramesAreRefused() {
        byte[] frame = udpFrame(ROUTER, PEER_MAC, PEER, N3, 40000, 2152, ECHO);
        refused("cut inside the GTP-U header", Arrays.copyOf(frame, frame.length - 3));
        refused("cut inside the UDP header", Arrays.copyOf(frame, 58));
        byte[] badChecksum = frame.clone();
        badChecksum[61] ^= 0x01;
        refused("bad checksum", badChecksum);
        byte[] udpLonger = frame.clone();
        udpLonger[59] += 2;
        refused("UDP length over the IPv6 payload", udpLonger);
        refused("a datagram too short for GTP-U", udpFrame(ROUTER, PEER_MAC, PEER, N3, 40000, 2152, hex("3201")));
        refused("garbage", udpFrame(ROUTER, PEER_MAC, PEER, N3, 40000, 2152, hex("deadbeef 01020304 05060708")));
        refused("from a multicast source", udpFrame(ROUTER, PEER_MAC, "ff02::1", N3, 40000, 2152, ECHO));
        refused("from the unspecified address", udpFrame(ROUTER, PEER_MAC, "::", N3, 40000, 2152, ECHO));
    }

    private static void refused(String what, byte[] frame) {
        try {
            GtpuPacket.read(frame);
            fail(what + ": read");
        } catch (GtpuFormatException e) {
            assertFalse(what, e.getMessage().isEmpty());
        }
    }

    /**
     * ONOS's parse of a frame, as a packet-in carries it (also the echo responder's tests').
     *
     * @param frame the frame's bytes
     * @return the parsed frame
     */
    public static Ethernet parse(byte[] frame) {
        try {
            return Ethernet.deserializer().deserialize(frame, 0, frame.length);
        } catch (DeserializationException e) {
            throw new AssertionError(e);
        }
    }

    @Test
    public void theClaimedTypeIsReadWithoutTheRest() {
        byte[] frame = udpFrame("00:aa:00:00:00:01", "00:00:00:00:05:50", "fd00:1:5::50", "fd00:1:1::3:1", 40000, 2152,
                                gtpu(V1 | S, 1, 0, hex("1234 0000")));
        assertEquals(1, GtpuPacket.claimedMessageType(frame));
        assertEquals(-1, GtpuPacket.claimedMessageType(Arrays.copyOf(frame, 14 + 40 + 8 + 1)));
    }
}
