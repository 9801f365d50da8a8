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

    private static byte[] hex(String text) {
        byte[] bytes = new byte[text.length() / 2];
        for (int i = 0; i < bytes.length; i++) {
            bytes[i] = (byte) Integer.parseInt(text.substring(2 * i, 2 * i + 2), 16);
        }
        return bytes;
    }
}
