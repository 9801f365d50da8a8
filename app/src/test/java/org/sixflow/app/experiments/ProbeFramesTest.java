// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.sixflow.app.api.ProbePacket;

import java.nio.ByteBuffer;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.testing.Rejections.assertRejected;
import static org.sixflow.app.experiments.ExperimentReference.JSON;

/**
 * Probes are byte for byte what the lab's hosttools.py builds for the same packet (so a host's
 * capture reads them), with the tag in traffic class and flow label; reports give it back.
 */
public class ProbeFramesTest {

    @Test
    public void sameBytesAsHosttools() {
        JsonNode f = JSON.path("frame");
        ProbePacket packet = ProbePacket.of(Ip6Address.valueOf(f.path("src").asText()),
                                            Ip6Address.valueOf(f.path("dst").asText()), f.path("sport").asInt(),
                                            f.path("dport").asInt(), f.path("hopLimit").asInt());
        ProbeTag tag = ProbeTag.read(6 << 28 | f.path("trafficClass").asInt() << 20 | f.path("flowLabel").asInt())
                .orElseThrow();
        byte[] frame = ProbeFrames.build(MacAddress.valueOf(f.path("srcMac").asText()),
                                         MacAddress.valueOf(f.path("dstMac").asText()), packet,
                                         f.path("frameSize").asInt(), tag, f.path("flowId").asLong(),
                                         f.path("sentNanos").asLong());
        assertArrayEquals(hex(f.path("hex").asText()), frame);
    }

    @Test
    public void aReportCarriesTheTagBack() {
        ProbeTag tag = ProbeTag.of(1, 3, 777);
        byte[] probe = ProbeFrames.build(MacAddress.valueOf("02:00:00:00:00:01"), MacAddress.valueOf("00:aa:00:00:00:01"),
                                         ProbePacket.of(Ip6Address.valueOf("fd00::1"), Ip6Address.valueOf("fd00::2"),
                                                        1, 2, 64), 128, tag, 5, 0);
        ByteBuffer report = ByteBuffer.allocate(42 + 128);
        report.put(new byte[12]).putShort((short) 0x88b5).put(new byte[28]).put(probe);
        assertEquals(tag, ProbeReports.tagOf(report.array()).orElseThrow());
        assertEquals(false, ProbeReports.tagOf(new byte[50]).isPresent());
    }

    /**
     * A report of an MSR6-encapsulated probe as msr6.p4 builds it: the outer IPv6 header keeps the
     * inner traffic class (RFC 6040) and carries the flow's hash as its label (RFC 6438), then an
     * MRH of n M-SIDs.
     */
    private static byte[] encapsulatedReport(ProbeTag tag, int msids, int outerFlowLabel) {
        byte[] probe = ProbeFrames.build(MacAddress.valueOf("02:00:00:00:00:01"), MacAddress.valueOf("00:aa:00:00:00:01"),
                                         ProbePacket.of(Ip6Address.valueOf("fd00::1"), Ip6Address.valueOf("ff3e::1"),
                                                        1, 2, 64), 128, tag, 5, 0);
        ByteBuffer packet = ByteBuffer.allocate(14 + 40 + 8 + 16 * msids + probe.length - 14);
        packet.put(probe, 0, 14);
        packet.putInt(6 << 28 | tag.trafficClass() << 20 | outerFlowLabel).putShort((short) 0).put((byte) 43).put((byte) 64).put(new byte[32]);
        packet.put((byte) 41).put((byte) (2 * msids)).put((byte) 253).put((byte) 0).putInt(1 << 24);
        packet.put(new byte[16 * msids]);
        packet.put(probe, 14, probe.length - 14);
        byte[] whole = packet.array();
        ByteBuffer report = ByteBuffer.allocate(42 + Math.min(128, whole.length));
        report.put(new byte[12]).putShort((short) 0x88b5).put(new byte[28]).put(whole, 0, Math.min(128, whole.length));
        return report.array();
    }

    @Test
    public void anEncapsulatedProbeIsReadByItsInnerHeader() {
        ProbeTag tag = ProbeTag.of(2, 1, 4242);
        for (int msids = 1; msids <= 3; msids++) {
            assertEquals("MRH of " + msids, tag,
                         ProbeReports.tagOf(encapsulatedReport(tag, msids, 0x5a3c1)).orElseThrow());
        }
        assertEquals("the inner header lies past the report's 128 bytes, and the outer one is not the probe's",
                     false, ProbeReports.tagOf(encapsulatedReport(tag, 4, 0x5a3c1)).isPresent());
    }

    /** The outer header looks like a probe of the same run and class: its label must not be taken for the sequence. */
    @Test
    public void anEncapsulatedProbeIsNotReadByItsOuterFlowLabel() {
        ProbeTag tag = ProbeTag.of(1, 0, 17);
        assertEquals(tag, ProbeReports.tagOf(encapsulatedReport(tag, 2, 0xfffff)).orElseThrow());
        assertEquals(tag, ProbeReports.tagOf(encapsulatedReport(tag, 2, 18)).orElseThrow());
    }

    @Test
    public void multicastGoesToTheGroupsMac() {
        assertEquals(MacAddress.valueOf("33:33:00:00:00:e1"),
                     ProbeFrames.destinationMac(Ip6Address.valueOf("ff3e::e1"), MacAddress.valueOf("00:aa:00:00:00:01")));
        assertEquals(MacAddress.valueOf("00:aa:00:00:00:01"),
                     ProbeFrames.destinationMac(Ip6Address.valueOf("fd00::1"), MacAddress.valueOf("00:aa:00:00:00:01")));
    }

    @Test
    public void sizesOutsideTheProbeRangeAreRefused() {
        ProbePacket p = ProbePacket.of(Ip6Address.valueOf("fd00::1"), Ip6Address.valueOf("fd00::2"), 1, 2, 64);
        MacAddress mac = MacAddress.valueOf("02:00:00:00:00:01");
        assertRejected(() -> ProbeFrames.build(mac, mac, p, 85, ProbeTag.of(0, 0, 0), 1, 0), "outside");
        assertEquals(1514, ProbeFrames.build(mac, mac, p, 1514, ProbeTag.of(0, 0, 0), 1, 0).length);
        assertEquals(86, ProbeFrames.MIN_FRAME);
    }

    private static final ProbePacket UPLINK = ProbePacket.gtpu(
            Ip6Address.valueOf("fd00:1:3::10"), Ip6Address.valueOf("fd00:1:1::2152"), 0xdeadbeefL, 2152,
            ProbePacket.of(Ip6Address.valueOf("fd00:99:1::10"), Ip6Address.valueOf("fd00:1:3::10"), 40001, 5004, 63));

    /**
     * An uplink G-PDU probe: outer IPv6 from the peer to the N3 address, UDP to 2152 with a correct
     * non-zero checksum over the whole datagram, GTP-U 0x30/0xFF/length/TEID, then the plain probe
     * of the same frame size less the G-PDU's 56 octets, byte for byte.
     */
    @Test
    public void anUplinkProbeIsAGpduAroundThePlainProbe() {
        ProbeTag tag = ProbeTag.of(1, 4, 12345);
        MacAddress src = MacAddress.valueOf("02:00:00:00:00:01");
        MacAddress dst = MacAddress.valueOf("00:aa:00:00:00:01");
        for (int size : new int[]{ProbeFrames.MIN_GTPU_FRAME, 200, 1491, 1492, 1514}) {
            byte[] frame = ProbeFrames.build(src, dst, UPLINK, size, tag, 7, 99);
            assertEquals(size, frame.length);
            ByteBuffer b = ByteBuffer.wrap(frame);
            assertEquals(0x86dd, Short.toUnsignedInt(b.getShort(12)));
            assertEquals("outer: no tag", 6 << 28, b.getInt(14));
            assertEquals(size - 54, Short.toUnsignedInt(b.getShort(18)));
            assertEquals(17, frame[20]);
            assertEquals(63, frame[21]);
            assertArrayEquals(Ip6Address.valueOf("fd00:1:3::10").toOctets(), slice(frame, 22, 16));
            assertArrayEquals(Ip6Address.valueOf("fd00:1:1::2152").toOctets(), slice(frame, 38, 16));
            assertEquals(2152, Short.toUnsignedInt(b.getShort(54)));
            assertEquals(2152, Short.toUnsignedInt(b.getShort(56)));
            assertEquals(size - 54, Short.toUnsignedInt(b.getShort(58)));
            assertEquals(0x30, frame[62] & 0xff);
            assertEquals(0xff, frame[63] & 0xff);
            assertEquals("GTP-U length: the inner packet", size - 70, Short.toUnsignedInt(b.getShort(64)));
            assertEquals(0xdeadbeef, b.getInt(66));
            byte[] plain = ProbeFrames.build(src, dst, ProbePacket.of(UPLINK.source(), UPLINK.destination(), 40001,
                                                                      5004, 63), size - 56, tag, 7, 99);
            assertArrayEquals("the inner packet", slice(plain, 14, plain.length - 14), slice(frame, 70, size - 70));
            assertEquals(0xffff, onesComplementSum(frame, 22, 54, size - 54));
            assertEquals(0xffff, onesComplementSum(frame, 78, 110, size - 110));
            assertTrue("never a zero checksum", b.getShort(60) != 0);
            assertEquals("the payload a delivered probe counts: the inner UDP datagram's less its header",
                         Short.toUnsignedInt(b.getShort(114)) - 8, ProbeFrames.payloadBytes(UPLINK, size));
        }
        assertRejected(() -> ProbeFrames.build(src, dst, UPLINK, ProbeFrames.MIN_GTPU_FRAME - 1, tag, 7, 99),
                       "outside 142..1514");
        assertRejected(() -> ProbeFrames.build(src, dst, UPLINK, 1515, tag, 7, 99), "outside");
    }

    /**
     * An independent check of a UDP checksum: the ones' complement sum of the IPv6 pseudo-header
     * (addresses at {@code addresses}, length, next header 17) and the datagram with its checksum
     * field in place is 0xffff when the checksum is right (RFC 768, RFC 8200 8.1).
     */
    private static int onesComplementSum(byte[] frame, int addresses, int udp, int length) {
        long sum = 0;
        for (int i = 0; i < 32; i += 2) {
            sum += ((frame[addresses + i] & 0xff) << 8) + (frame[addresses + i + 1] & 0xff);
        }
        sum += (length >>> 16) + (length & 0xffff) + 17;
        for (int i = 0; i < length; i++) {
            sum += (i % 2 == 0 ? (frame[udp + i] & 0xff) << 8 : frame[udp + i] & 0xff);
        }
        while (sum > 0xffff) {
            sum = (sum & 0xffff) + (sum >> 16);
        }
        return (int) sum;
    }

    private static byte[] slice(byte[] bytes, int from, int length) {
        byte[] part = new byte[length];
        System.arraycopy(bytes, from, part, 0, length);
        return part;
    }

    private static byte[] hex(String text) {
        byte[] bytes = new byte[text.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(text.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }

    @Test
    public void anUpstreamProbeIsThePlainProbeInItsSessionsFraming() {
        MacAddress subscriber = MacAddress.valueOf("52:54:00:5f:00:01");
        MacAddress bng = MacAddress.valueOf("00:aa:00:00:0b:01");
        ProbePacket plain = ProbePacket.of(Ip6Address.valueOf("fd33:0:0:1::10:1"), Ip6Address.valueOf("fd00:b:1::13"),
                                           40000, 5004, 64);
        ProbePacket upstream = plain.withPppoe(ProbePacket.Pppoe.of(0x1234, 100, 11, subscriber, bng));
        ProbeTag tag = ProbeTag.of(1, 2, 99);
        byte[] frame = ProbeFrames.build(MacAddress.ZERO, MacAddress.ZERO, upstream, 128, tag, 5, 7);
        byte[] inner = ProbeFrames.build(MacAddress.ZERO, MacAddress.ZERO, plain, 128 - 16, tag, 5, 7);
        ByteBuffer expected = ByteBuffer.allocate(128).put(bng.toBytes()).put(subscriber.toBytes())
                .putShort((short) 0x88a8).putShort((short) 100).putShort((short) 0x8100).putShort((short) 11)
                .putShort((short) 0x8864).put((byte) 0x11).put((byte) 0).putShort((short) 0x1234)
                .putShort((short) (128 - 28)).putShort((short) 0x0057).put(inner, 14, inner.length - 14);
        assertArrayEquals(expected.array(), frame);
        assertEquals(16, upstream.pppoe().orElseThrow().overhead());
        assertEquals(ProbeFrames.MIN_FRAME + 16, ProbeFrames.minFrame(upstream));
        assertEquals(ProbeFrames.payloadBytes(plain, 112), ProbeFrames.payloadBytes(upstream, 128));
        assertRejected(() -> ProbeFrames.build(MacAddress.ZERO, MacAddress.ZERO, upstream, ProbeFrames.MIN_FRAME, tag,
                                               5, 7), "frame size 86 outside 102..1514");
    }

    @Test
    public void aSessionsFramingIsCheckedWhenMade() {
        MacAddress mac = MacAddress.valueOf("52:54:00:5f:00:01");
        assertRejected(() -> ProbePacket.Pppoe.of(0, 0, 0, mac, mac), "PPPoE session id must be 1..65534, got 0");
        assertRejected(() -> ProbePacket.Pppoe.of(0xffff, 0, 0, mac, mac), "PPPoE session id must be 1..65534");
        assertRejected(() -> ProbePacket.Pppoe.of(1, 4095, 1, mac, mac), "VLAN ids must be 0 (none) or 1..4094");
        assertRejected(() -> ProbePacket.Pppoe.of(1, 100, 0, mac, mac), "an S-tag needs a C-tag inside it");
        assertEquals(8, ProbePacket.Pppoe.of(1, 0, 0, mac, mac).overhead());
        ProbePacket uplink = ProbePacket.gtpu(Ip6Address.valueOf("fd00:1:3::10"), Ip6Address.valueOf("fd00:1:1::2152"),
                                              1, 2152, ProbePacket.of(Ip6Address.valueOf("fd00:99:1::10"),
                                                                      Ip6Address.valueOf("fd00:1:3::10"), 1, 2, 64));
        assertRejected(() -> uplink.withPppoe(ProbePacket.Pppoe.of(1, 0, 0, mac, mac)),
                       "a GTP-U probe is not sent in PPPoE framing");
    }
}
