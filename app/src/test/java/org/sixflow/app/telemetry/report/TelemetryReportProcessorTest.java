// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.PortNumber;
import org.onosproject.net.packet.DefaultInboundPacket;
import org.onosproject.net.packet.DefaultPacketContext;
import org.onosproject.net.packet.InboundPacket;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.TooBigReport;

import java.nio.ByteBuffer;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

public class TelemetryReportProcessorTest {

    private static final Instant NOW = Instant.parse("2026-11-22T15:00:00Z");
    private final List<LatencySample> samples = new ArrayList<>();
    private final List<TooBigReport> tooBig = new ArrayList<>();
    private final TelemetryReportProcessor processor = new TelemetryReportProcessor(
            new TelemetryReportParser(1000), samples::add, tooBig::add, Clock.fixed(NOW, ZoneOffset.UTC));

    private static final class Context extends DefaultPacketContext {
        Context(byte[] frame) {
            super(0, inbound(frame), null, false);
        }

        @Override
        public void send() {
        }
    }

    private static InboundPacket inbound(byte[] frame) {
        return new DefaultInboundPacket(ConnectPoint.deviceConnectPoint("device:leaf1/255"), null,
                                        ByteBuffer.wrap(frame));
    }

    @Test
    public void reportBecomesASampleAndIsBlocked() {
        Context c = new Context(TelemetryReportParserTest.frame(1, 0, 0, 9, 1, 2, 100, 105, 5));
        processor.process(c);
        assertTrue(c.isHandled());
        assertEquals(1, samples.size());
        assertEquals("device:leaf1", samples.get(0).deviceId());
        assertEquals(5000, samples.get(0).deltaNanos());
        assertEquals(1, processor.accepted());
    }

    @Test
    public void malformedReportIsCountedAndBlocked() {
        Context c = new Context(TelemetryReportParserTest.frame(1, 0, 0, 9, 1, 2, 100, 105, 6));
        processor.process(c);
        assertTrue(c.isHandled());
        assertTrue(samples.isEmpty());
        assertEquals(Long.valueOf(1), processor.rejected().get(ReportRejection.INCONSISTENT_DELTA));
        Context truncated = new Context(new byte[]{0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, (byte) 0x88, (byte) 0xb5});
        processor.process(truncated);
        assertEquals(Long.valueOf(1), processor.rejected().get(ReportRejection.TRUNCATED));
    }

    @Test
    public void aPacketTooBigForItsPortGoesToItsAnswerNotToTheSamples() {
        // Version 2: a packet grown past egress port 2's MTU of 1500 (in delta), then the packet;
        // version 3: one forwarded as it came.
        byte[] packet = new byte[60];
        packet[0] = 0x60;
        for (int version : new int[]{2, 3}) {
            Context c = new Context(tooBigFrame(version, packet));
            processor.process(c);
            assertTrue(c.isHandled());
        }
        assertTrue(samples.isEmpty());
        assertEquals(2, processor.tooBig());
        ConnectPoint in = ConnectPoint.deviceConnectPoint("device:leaf1/1");
        assertEquals(List.of(new TooBigReport(in, PortNumber.portNumber(2), 1500, true, packet),
                             new TooBigReport(in, PortNumber.portNumber(2), 1500, false, packet)), tooBig);
        assertTrue(processor.rejected().values().stream().allMatch(n -> n == 0));
    }

    @Test
    public void aTooBigReportWithoutItsMtuLeavesItToTheController() {
        // Tofino's: delta 0, the port's MTU being the controller's own (its netcfg).
        byte[] packet = new byte[60];
        packet[0] = 0x60;
        processor.process(new Context(tooBigFrame(3, packet, 0)));
        assertEquals(1, tooBig.size());
        assertEquals(OptionalInt.empty(), tooBig.get(0).mtu());
        assertTrue(processor.rejected().values().stream().allMatch(n -> n == 0));
    }

    @Test
    public void aTooBigReportWithAnMtuPastSixteenBitsIsRejected() {
        byte[] packet = new byte[60];
        packet[0] = 0x60;
        processor.process(new Context(tooBigFrame(2, packet, 0x10000)));
        assertTrue(tooBig.isEmpty());
        assertEquals(Long.valueOf(1), processor.rejected().get(ReportRejection.TRUNCATED));
    }

    private static byte[] tooBigFrame(int version, byte[] packet) {
        return tooBigFrame(version, packet, 1500);
    }

    private static byte[] tooBigFrame(int version, byte[] packet, long mtu) {
        byte[] report = TelemetryReportParserTest.frame(version, 0, 0, 0, 1, 2, 100, 105, mtu);
        return ByteBuffer.allocate(42 + 14 + packet.length).put(report, 0, 42).put(new byte[12])
                .putShort((short) 0x86dd).put(packet).array();
    }

    @Test
    public void aTooBigReportWithoutItsPacketIsRejected() {
        Context c = new Context(TelemetryReportParserTest.frame(2, 0, 0, 0, 1, 2, 100, 105, 1500));
        processor.process(c);
        assertTrue(c.isHandled());
        assertTrue(tooBig.isEmpty());
        assertEquals(Long.valueOf(1), processor.rejected().get(ReportRejection.TRUNCATED));
    }

    @Test
    public void otherPacketsPassUntouched() {
        byte[] ipv6 = new byte[60];
        ipv6[12] = (byte) 0x86;
        ipv6[13] = (byte) 0xdd;
        Context c = new Context(ipv6);
        processor.process(c);
        assertFalse(c.isHandled());
        assertTrue(samples.isEmpty());
    }
}
