// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.gtpu;

import org.junit.Test;

import java.util.List;
import java.util.OptionalInt;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.app.packet.gtpu.GtpuFrames.E;
import static org.sixflow.app.packet.gtpu.GtpuFrames.PN;
import static org.sixflow.app.packet.gtpu.GtpuFrames.S;
import static org.sixflow.app.packet.gtpu.GtpuFrames.V1;
import static org.sixflow.app.packet.gtpu.GtpuFrames.gtpu;
import static org.sixflow.app.packet.gtpu.GtpuFrames.hex;

/** GTP-U headers read from bytes written here (TS 29.281 section 5), and the echo response written. */
public class GtpuHeaderTest {

    @Test
    public void theMandatoryHeaderAlone() throws GtpuFormatException {
        GtpuHeader h = GtpuHeader.parse(gtpu(V1, 0xff, 0x8000_0001L, hex("60000000")));
        assertEquals(0xff, h.messageType());
        assertEquals(0x8000_0001L, h.teid());
        assertEquals(OptionalInt.empty(), h.sequenceNumber());
        assertEquals(List.of(), h.extensionTypes());
        assertEquals(8, h.headerBytes());
    }

    @Test
    public void theSequenceNumberCountsOnlyWithS() throws GtpuFormatException {
        assertEquals(OptionalInt.of(0xbeef), GtpuHeader.parse(gtpu(V1 | S, 1, 0, hex("beef 0000"))).sequenceNumber());
        GtpuHeader pn = GtpuHeader.parse(gtpu(V1 | PN, 1, 0, hex("beef 0700")));
        assertEquals("PN alone: the optional fields are there, the number is not", OptionalInt.empty(),
                     pn.sequenceNumber());
        assertEquals(12, pn.headerBytes());
    }

    @Test
    public void extensionHeadersAreWalkedToTheInformationElements() throws GtpuFormatException {
        // UDP Port (0x40, 1 unit: port 2152), then a 2-unit header of type 0x03, then none;
        // then a Recovery IE.
        GtpuHeader h = GtpuHeader.parse(gtpu(V1 | E | S, 1, 0, hex("0007 00 40  01 0868 03  02 000000 000000 00  0e00")));
        assertEquals(List.of(0x40, 0x03), h.extensionTypes());
        assertEquals(OptionalInt.of(7), h.sequenceNumber());
        assertEquals(8 + 4 + 4 + 8, h.headerBytes());
    }

    @Test
    public void theNextTypeMeansNothingWithoutE() throws GtpuFormatException {
        assertEquals(List.of(), GtpuHeader.parse(gtpu(V1 | S, 1, 0, hex("0001 00 40"))).extensionTypes());
    }

    @Test
    public void malformedHeadersAreRefused() {
        refused("too short", hex("3201 0000 0000"));
        refused("version 2", gtpu(0x50, 1, 0, hex("")));
        refused("GTP' (PT 0)", gtpu(0x20, 1, 0, hex("")));
        refused("length too long", hex("3001 0004 00000000"));
        refused("length too short", hex("30ff 0000 00000000 60000000"));
        refused("S set, optional fields missing", gtpu(V1 | S, 1, 0, hex("00")));
        refused("extension header missing", gtpu(V1 | E, 1, 0, hex("0000 00 40")));
        refused("extension header of length 0", gtpu(V1 | E, 1, 0, hex("0000 00 40  00 000000")));
        refused("extension header past the end", gtpu(V1 | E, 1, 0, hex("0000 00 40  02 086800")));
        refused("chain runs off the end", gtpu(V1 | E, 1, 0, hex("0000 00 40  01 0868 40")));
    }

    @Test
    public void theEchoResponse() {
        // Flags 0x32 (version 1, PT, S), type 2, length 6, TEID 0, sequence, N-PDU 0, no
        // extension, Recovery IE (14) with restart counter 0.
        assertArrayEquals(hex("3202 0006 00000000 1234 00 00 0e 00"), GtpuHeader.echoResponse(0x1234));
        assertArrayEquals(hex("3202 0006 00000000 ffff 00 00 0e 00"), GtpuHeader.echoResponse(0xffff));
    }

    @Test
    public void theFirstRequiredExtensionWeDoNotTakeIsNamed() throws GtpuFormatException {
        // A PDU Session Container (0x85, taken), UDP Port (0x40, not required), PDCP PDU Number
        // (0xc0), NR RAN Container (0x84).
        GtpuHeader h = GtpuHeader.parse(gtpu(V1 | E, 0xff, 1, hex("0000 00 85  01 10 05 40  01 0868 c0  01 0001 84"
                + "01 0000 00")));
        assertEquals(OptionalInt.of(0xc0), h.unsupportedRequiredExtension());
        assertEquals(OptionalInt.empty(), GtpuHeader.parse(gtpu(V1 | E, 0xff, 1,
                                                                hex("0000 00 85  01 10 05 40  01 0868 00")))
                .unsupportedRequiredExtension());
        assertEquals(OptionalInt.empty(), GtpuHeader.parse(gtpu(V1, 0xff, 1, hex(""))).unsupportedRequiredExtension());
    }

    @Test
    public void comprehensionIsRequiredWhenTheTopBitIsSet() {
        assertFalse(GtpuHeader.comprehensionRequired(0x40));   // 01: not required
        assertFalse(GtpuHeader.comprehensionRequired(0x20));   // 00
        assertTrue(GtpuHeader.comprehensionRequired(0x85));    // 10: by the endpoint (PDU Session Container)
        assertTrue(GtpuHeader.comprehensionRequired(0xc0));    // 11: by every receiver (PDCP PDU number)
    }

    private static void refused(String what, byte[] message) {
        try {
            GtpuHeader.parse(message);
            fail(what + ": read");
        } catch (GtpuFormatException e) {
            assertFalse(what, e.getMessage().isEmpty());
        }
    }
}
