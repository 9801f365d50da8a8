// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import org.junit.Test;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.testing.P4Source;

import java.io.File;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.time.Instant;
import java.util.Arrays;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Report frames built byte by byte as header.p4's report_t lays them out, good and malformed.
 */
public class TelemetryReportParserTest {

    private static final Instant NOW = Instant.parse("2026-11-22T15:00:00Z");
    private static final String DEVICE = "device:leaf1";
    private final TelemetryReportParser bmv2 = new TelemetryReportParser(1000);

    /** A report frame; fields as the v1model egress deparser writes them. */
    static byte[] frame(int version, int latClass, int replica, long sequence, int ingressPort, int egressPort,
                        long ingressTs, long egressTs, long delta) {
        ByteBuffer b = ByteBuffer.allocate(14 + 28 + 20);
        b.put(new byte[12]).putShort((short) 0x88b5);
        b.put((byte) version).put((byte) (latClass << 4)).putShort((short) replica).putInt((int) sequence);
        b.putShort((short) ingressPort).putShort((short) egressPort);
        b.putShort((short) (ingressTs >>> 32)).putInt((int) ingressTs);
        b.putShort((short) (egressTs >>> 32)).putInt((int) egressTs);
        b.putInt((int) delta);
        return b.array();  // followed by the measured packet's first bytes (zeros here)
    }

    private static byte[] good() {
        return frame(1, LatencyClass.MSR6_REPLICATE.code(), 3, 0xfffffffeL, 1, 300,
                     0x0123_4567_89abL, 0x0123_4567_89abL + 364, 364);
    }

    @Test
    public void parsesEveryField() {
        LatencySample s = bmv2.parse(good(), DEVICE, NOW).sample().get();
        assertEquals(LatencySample.of(NOW, DEVICE, LatencyClass.MSR6_REPLICATE.code(), 3, 1, 300, 0xfffffffeL,
                                      364_000).withIngressTimestamp(0x0123_4567_89abL * 1000), s);
    }

    @Test
    public void deltaAcrossTimestampWrap() {
        long ingress = 0xffff_ffff_fff0L;
        byte[] f = frame(1, 0, 0, 7, 2, 3, ingress, 0x10, 0x20);
        assertEquals(0x20 * 1000, bmv2.parse(f, DEVICE, NOW).sample().get().deltaNanos());
    }

    @Test
    public void rejectsMalformedWithAReason() {
        assertRejected(ReportRejection.TRUNCATED, null);
        assertRejected(ReportRejection.TRUNCATED, Arrays.copyOf(good(), 41));
        byte[] wrongType = good();
        wrongType[13] = (byte) 0xb6;
        assertRejected(ReportRejection.NOT_A_REPORT, wrongType);
        assertRejected(ReportRejection.UNKNOWN_VERSION, frame(2, 0, 0, 0, 1, 2, 10, 20, 10));
        assertRejected(ReportRejection.UNKNOWN_CLASS, frame(1, 15, 0, 0, 1, 2, 10, 20, 10));
        byte[] padded = good();
        padded[15] |= 0x01;
        assertRejected(ReportRejection.NONZERO_PADDING, padded);
        assertRejected(ReportRejection.NONZERO_PADDING, frame(1, 0, 0, 0, 0x200, 2, 10, 20, 10));
        assertRejected(ReportRejection.INCONSISTENT_DELTA, frame(1, 0, 0, 0, 1, 2, 10, 20, 11));
    }

    private void assertRejected(ReportRejection reason, byte[] frame) {
        TelemetryReportParser.Result r = bmv2.parse(frame, DEVICE, NOW);
        assertFalse(r.sample().isPresent());
        assertEquals(reason, r.rejection().get());
    }

    @Test
    public void constantsAreTheDataPlanes() throws Exception {
        assertEquals(P4Source.value("common/define.p4", "ETHERTYPE_SIXFLOW_REPORT"),
                     TelemetryReportParser.ETHERTYPE_REPORT);
        // The versions are P4Defines' (generated from define.p4, held to it by P4DefinesTest).
        // REPORT_TRUNCATE_BYTES keeps packet_in (2) + Ethernet + report + 128 bytes of the packet.
        assertEquals(P4Source.value("v1model/define_v1model.p4", "REPORT_TRUNCATE_BYTES"),
                     2 + TelemetryReportParser.ETHERNET_BYTES + TelemetryReportParser.REPORT_BYTES + 128);
        String header = new String(Files.readAllBytes(new File("../pipeconf/p4src/common/header.p4").toPath()),
                                   StandardCharsets.UTF_8);
        Matcher m = Pattern.compile("header report_t \\{([^}]*)\\}").matcher(header);
        assertTrue(m.find());
        int bits = 0;
        Matcher field = Pattern.compile("bit<(\\d+)>|port_num_t").matcher(m.group(1));
        while (field.find()) {
            bits += field.group(1) == null ? 9 : Integer.parseInt(field.group(1));
        }
        assertEquals(TelemetryReportParser.REPORT_BYTES * 8, bits);
    }
}
