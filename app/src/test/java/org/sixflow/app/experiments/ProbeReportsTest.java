// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.sixflow.app.api.ProbePacket;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;

import static org.junit.Assert.assertEquals;

/**
 * Reports of GTP-U packets give the tag of the probe inside: downlink packets as gtpu.p4 encapsulates
 * them (with and without the optional fields and a PDU Session Container), uplink probes before
 * decapsulation; cut-off or odd headers give nothing, never an exception, and never the outer tag.
 */
public class ProbeReportsTest {

    private static final MacAddress MAC = MacAddress.valueOf("02:00:00:00:00:01");
    private static final ProbePacket TO_UE = ProbePacket.of(Ip6Address.valueOf("fd00:1:1::10"),
                                                            Ip6Address.valueOf("fd00:99:1::10"), 40000, 5004, 64);

    /**
     * A downlink packet as gtpu.p4's encap builds it: the outer header keeps the inner traffic class and
     * labels the flow by a hash, UDP to 2152, GTP-U with flags, then the probe.
     *
     * @param gtpuExtra what follows the mandatory 8 GTP-U octets (options, extension headers)
     * @param flags     the GTP-U flags octet
     * @param type      the GTP-U message type
     */
    private static byte[] encapsulated(ProbeTag tag, int flags, int type, byte[] gtpuExtra) {
        byte[] probe = ProbeFrames.build(MAC, MAC, TO_UE, 1492, tag, 5, 0);
        int inner = probe.length - 14;
        ByteBuffer b = ByteBuffer.allocate(14 + 40 + 8 + 8 + gtpuExtra.length + inner);
        b.put(probe, 0, 14);
        b.putInt(6 << 28 | tag.trafficClass() << 20 | 0x5a3c1).putShort((short) (16 + gtpuExtra.length + inner))
                .put((byte) 17).put((byte) 64);
        b.put(Ip6Address.valueOf("fd00:1:1::2152").toOctets()).put(Ip6Address.valueOf("fd00:1:3::10").toOctets());
        b.putShort((short) 0xc123).putShort((short) 2152).putShort((short) (16 + gtpuExtra.length + inner))
                .putShort((short) 0);
        b.put((byte) flags).put((byte) type).putShort((short) (gtpuExtra.length + inner)).putInt(0x2001);
        b.put(gtpuExtra).put(probe, 14, inner);
        return b.array();
    }

    /** A report of a packet: report Ethernet and report_t, then the packet's first 128 bytes. */
    private static byte[] report(byte[] packet, int keep) {
        ByteBuffer report = ByteBuffer.allocate(42 + Math.min(keep, packet.length));
        report.put(new byte[12]).putShort((short) 0x88b5).put(new byte[28]).put(packet, 0, Math.min(keep, packet.length));
        return report.array();
    }

    private static Optional<ProbeTag> read(byte[] packet) {
        return ProbeReports.tagOf(report(packet, 128));
    }

    /** Options with no extension (S set), and options naming a DL PDU Session Container (E set, QFI 9). */
    private static final byte[] OPTIONS = {0x12, 0x34, 0x00, 0x00};
    private static final byte[] OPTIONS_PSC = {0x00, 0x00, 0x00, (byte) 0x85, 0x01, 0x00, 0x09, 0x00};

    @Test
    public void aDownlinkPacketIsReadByItsInnerHeader() {
        ProbeTag tag = ProbeTag.of(1, 2, 4242);
        assertEquals(tag, read(encapsulated(tag, 0x30, 0xff, new byte[0])).orElseThrow());
        assertEquals("S set: 4 optional octets", tag, read(encapsulated(tag, 0x32, 0xff, OPTIONS)).orElseThrow());
        assertEquals("PN set: 4 optional octets", tag, read(encapsulated(tag, 0x31, 0xff, OPTIONS)).orElseThrow());
        assertEquals("E set: options and a PDU Session Container", tag,
                     read(encapsulated(tag, 0x34, 0xff, OPTIONS_PSC)).orElseThrow());
    }

    @Test
    public void extensionHeadersAreSkippedByTheirLengthOctets() {
        ProbeTag tag = ProbeTag.of(3, 31, 1);
        // A container of 2 units (8 octets) naming another of 1 unit, which ends the chain.
        byte[] chain = {0, 0, 0, (byte) 0x85, 0x02, 0x10, 0x09, 0, 0, 0, 0, (byte) 0x85, 0x01, 0x00, 0x05, 0x00};
        assertEquals(tag, read(encapsulated(tag, 0x34, 0xff, chain)).orElseThrow());
    }

    @Test
    public void theOuterHeaderIsNeverTakenForTheProbe() {
        ProbeTag tag = ProbeTag.of(1, 0, 17);
        byte[] packet = encapsulated(tag, 0x30, 0xff, new byte[0]);
        assertEquals("the outer label is a hash, not the sequence", tag, read(packet).orElseThrow());
        assertEquals("an echo request carries no packet", Optional.empty(),
                     read(encapsulated(tag, 0x30, 0x01, new byte[0])));
        byte[] zeroLength = {0, 0, 0, (byte) 0x85, 0x00, 0x00, 0x09, 0x00};
        assertEquals("an extension of length 0", Optional.empty(),
                     read(encapsulated(tag, 0x34, 0xff, zeroLength)));
    }

    @Test
    public void truncatedReportsGiveNothing() {
        ProbeTag tag = ProbeTag.of(2, 5, 99);
        for (byte[] packet : new byte[][]{encapsulated(tag, 0x30, 0xff, new byte[0]),
                                         encapsulated(tag, 0x34, 0xff, OPTIONS_PSC)}) {
            int whole = 14 + 40 + 8 + 8 + (packet[14 + 40 + 8] == 0x34 ? 8 : 0) + 4;
            assertEquals(tag, ProbeReports.tagOf(report(packet, whole)).orElseThrow());
            for (int keep = 0; keep < whole; keep++) {
                assertEquals("cut after " + keep + " octets", Optional.empty(),
                             ProbeReports.tagOf(report(packet, keep)));
            }
        }
        // Extension headers that run past the report's 128 bytes.
        byte[] longChain = new byte[4 + 60];
        longChain[3] = (byte) 0x85;
        longChain[4] = 15;
        assertEquals(Optional.empty(), read(encapsulated(tag, 0x34, 0xff, longChain)));
        // Every octet of the GTP-U headers odd: no exception, whatever it gives.
        byte[] packet = encapsulated(tag, 0x34, 0xff, OPTIONS_PSC);
        for (int at = 14 + 40 + 8; at < 14 + 40 + 8 + 16; at++) {
            for (int value : new int[]{0x00, 0x01, 0x7f, 0x80, 0xff}) {
                byte[] odd = Arrays.copyOf(packet, packet.length);
                odd[at] = (byte) value;
                ProbeReports.tagOf(report(odd, 128));
            }
        }
    }

    @Test
    public void aDatagramToPort2152ThatIsNoGtpuIsAPlainProbe() {
        ProbeTag tag = ProbeTag.of(0, 4, 321);
        ProbePacket toGtpuPort = ProbePacket.of(Ip6Address.valueOf("fd00::1"), Ip6Address.valueOf("fd00::2"), 40000,
                                                2152, 64);
        // Its payload starts with "SXFL": 'S' = 0x53 is no GTP-U version 1 flags octet.
        assertEquals(tag, read(ProbeFrames.build(MAC, MAC, toGtpuPort, 128, tag, 5, 0)).orElseThrow());
    }

    @Test
    public void anUplinkProbeIsReadByItsInnerHeaderBeforeDecapsulation() {
        ProbeTag tag = ProbeTag.of(2, 4, 1000);
        ProbePacket uplink = ProbePacket.gtpu(Ip6Address.valueOf("fd00:1:3::10"), Ip6Address.valueOf("fd00:1:1::2152"),
                                              0x1001, 2152, ProbePacket.of(Ip6Address.valueOf("fd00:99:1::10"),
                                                                           Ip6Address.valueOf("fd00:1:3::10"), 40000,
                                                                           5004, 64));
        assertEquals(tag, read(ProbeFrames.build(MAC, MAC, uplink, 1492, tag, 5, 0)).orElseThrow());
        assertEquals(tag, read(ProbeFrames.build(MAC, MAC, uplink, ProbeFrames.MIN_GTPU_FRAME, tag, 5, 0))
                .orElseThrow());
    }

    private static final ProbePacket.Pppoe SESSION = ProbePacket.Pppoe.of(
            0x1234, 100, 11, MacAddress.valueOf("52:54:00:5f:00:01"), MacAddress.valueOf("00:aa:00:00:0b:01"));

    @Test
    public void aProbeInPppoeFramingIsReadBehindTheTagsAndPpp() {
        ProbeTag tag = ProbeTag.of(1, 3, 77);
        ProbePacket upstream = TO_UE.withPppoe(SESSION);
        assertEquals(tag, read(ProbeFrames.build(MAC, MAC, upstream, 128, tag, 5, 0)).orElseThrow());
        ProbePacket untagged = TO_UE.withPppoe(ProbePacket.Pppoe.of(7, 0, 0, MAC, MAC));
        assertEquals(tag, read(ProbeFrames.build(MAC, MAC, untagged, 128, tag, 5, 0)).orElseThrow());
        ProbePacket cTagOnly = TO_UE.withPppoe(ProbePacket.Pppoe.of(7, 0, 20, MAC, MAC));
        assertEquals(tag, read(ProbeFrames.build(MAC, MAC, cTagOnly, 128, tag, 5, 0)).orElseThrow());
    }

    @Test
    public void pppoeThatCarriesNoIpv6GivesNoTag() {
        ProbeTag tag = ProbeTag.of(1, 3, 77);
        byte[] frame = ProbeFrames.build(MAC, MAC, TO_UE.withPppoe(SESSION), 128, tag, 5, 0);
        byte[] lcp = frame.clone();
        lcp[28] = (byte) 0xc0;   // PPP protocol 0xc021: LCP
        lcp[29] = 0x21;
        assertEquals(Optional.empty(), read(lcp));
        byte[] discovery = frame.clone();
        discovery[21] = 0x63;    // 0x8863: discovery stage
        assertEquals(Optional.empty(), read(discovery));
        byte[] badVersion = frame.clone();
        badVersion[22] = 0x21;
        assertEquals(Optional.empty(), read(badVersion));
        byte[] threeTags = ByteBuffer.allocate(frame.length + 4).put(frame, 0, 16).putShort((short) 0x8100)
                .putShort((short) 5).put(frame, 16, frame.length - 16).array();
        assertEquals("a subscriber's line has two tags at most", Optional.empty(), read(threeTags));
        for (int keep = 0; keep < 30 + 40; keep++) {
            assertEquals("cut at " + keep, Optional.empty(), read(Arrays.copyOf(frame, keep)));
        }
    }
}
