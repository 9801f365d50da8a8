// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.junit.Test;
import org.onlab.packet.MacAddress;
import org.sixflow.app.features.bng.impl.CapturedFrames.Captured;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.app.features.bng.impl.CapturedFrames.hex;

/**
 * RFC 2516 frames: every control frame of the real capture decodes with its tags, code, session
 * id and length; malformed ones are refused with what is wrong.
 */
public class PppoeFrameTest {

    @Test
    public void everyCapturedFrameDecodes() throws Exception {
        int discovery = 0;
        for (Captured c : CapturedFrames.all()) {
            PppoeFrame frame = PppoeFrame.decode(c.bytes);
            assertEquals(c.toString(), c.sVid, frame.sVid());
            assertEquals(c.toString(), c.cVid, frame.cVid());
            assertEquals(c.toString(), c.sessionId(), frame.sessionId());
            assertArrayEquals(c.bytes, frame.bytes());
            if (frame.discovery()) {
                discovery++;
                assertEquals(c.name, frame.name());
            } else {
                assertEquals(c.toString(), c.name.substring(0, c.name.indexOf('-')),
                             PppControl.name(frame.pppProtocol()).toUpperCase(java.util.Locale.ROOT));
            }
        }
        // 3 × PADI, PADO, PADR, PADS; PADTs: mallory's, alice's, bob's from each side.
        assertEquals(16, discovery);
    }

    @Test
    public void padsGivesTheSessionIdAndPadoTheServersTags() throws Exception {
        PppoeFrame pads = PppoeFrame.decode(CapturedFrames.first(11, "PADS", false).bytes);
        assertEquals(PppoeFrame.PADS, pads.code());
        assertEquals(1, pads.sessionId());
        assertEquals(CapturedFrames.SUBSCRIBER, pads.dst());
        assertEquals(CapturedFrames.SERVER, pads.src());
        PppoeFrame pado = PppoeFrame.decode(CapturedFrames.first(10, "PADO", false).bytes);
        assertEquals("sixflow-bng", new String(pado.tag(PppoeFrame.TAG_AC_NAME).get().value,
                                              StandardCharsets.US_ASCII));
        assertEquals(4, pado.tags().size()); // AC-Name, Service-Name, AC-Cookie, Host-Uniq
    }

    @Test
    public void sessionFrameCarriesItsPppPacket() throws Exception {
        // bob's IPCP Configure-Ack from the server: 10.33.0.10.
        PppoeFrame ack = PppoeFrame.decode(CapturedFrames.all().stream()
                .filter(c -> c.cVid == 11 && c.name.equals("IPCP-2") && !c.fromSubscriber()).findFirst().get().bytes);
        assertEquals(0x8021, ack.pppProtocol());
        assertEquals(12, ack.length());
        assertArrayEquals(hex("0202000a03060a21000a"), ack.pppInformation());
    }

    @Test
    public void ethernetPaddingIsNotPartOfTheFrame() throws Exception {
        byte[] captured = CapturedFrames.first(11, "PADT", true).bytes;
        byte[] padded = Arrays.copyOf(captured, captured.length + 20);
        PppoeFrame frame = PppoeFrame.decode(padded);
        assertEquals(0x25, frame.length());
        assertEquals(1, frame.tags().size());
    }

    @Test
    public void padtItWritesDecodesAsRfc2516Says() throws Exception {
        MacAddress bng = MacAddress.valueOf("02:00:00:00:0b:01");
        byte[] padt = PppoeFrame.padt(CapturedFrames.SUBSCRIBER, bng, 100, 10, 2, "cut");
        // dst, src, 88a8 0064, 8100 000a, 8863, 11 a7 0002 0007, 0203 0003 "cut"
        assertArrayEquals(hex("5254005f0001" + "020000000b01" + "88a80064" + "8100000a" + "8863"
                                      + "11a700020007" + "02030003" + "637574"), padt);
        PppoeFrame frame = PppoeFrame.decode(padt);
        assertEquals(PppoeFrame.PADT, frame.code());
        assertEquals("cut", new String(frame.tag(PppoeFrame.TAG_GENERIC_ERROR).get().value, StandardCharsets.UTF_8));
        // Single-tag and untagged lines.
        assertEquals(0, PppoeFrame.decode(PppoeFrame.padt(CapturedFrames.SUBSCRIBER, bng, 0, 33, 5, "x")).sVid());
        assertEquals(33, PppoeFrame.decode(PppoeFrame.padt(CapturedFrames.SUBSCRIBER, bng, 0, 33, 5, "x")).cVid());
        assertEquals(0, PppoeFrame.decode(PppoeFrame.padt(CapturedFrames.SUBSCRIBER, bng, 0, 0, 5, "x")).cVid());
    }

    @Test
    public void rewritingAddressesKeepsEverythingElse() throws Exception {
        byte[] captured = CapturedFrames.first(10, "PADO", false).bytes;
        MacAddress bng = MacAddress.valueOf("02:00:00:00:0b:01");
        byte[] out = PppoeFrame.decode(captured).withAddresses(CapturedFrames.SUBSCRIBER, bng);
        assertArrayEquals(Arrays.copyOfRange(captured, 12, captured.length), Arrays.copyOfRange(out, 12, out.length));
        assertArrayEquals(bng.toBytes(), Arrays.copyOfRange(out, 6, 12));
    }

    @Test
    public void malformedFramesAreRefused() throws Exception {
        String eth = "5254005f00025254005f0001" + "88a80064" + "8100000b";
        String lcp = "c02109010008" + "12345678";           // Echo-Request, magic
        expect(eth + "8864" + "11000001000a" + lcp, null);  // well-formed
        expect(eth + "8864" + "21000001000a" + lcp, "version/type");
        expect(eth + "8864" + "12000001000a" + lcp, "version/type");
        expect(eth + "8864" + "11070001000a" + lcp, "session-stage code");
        expect(eth + "8864" + "11000000000a" + lcp, "reserved");
        expect(eth + "8864" + "1100ffff000a" + lcp, "reserved");
        expect(eth + "8864" + "11000001000b" + lcp, "runs past");
        expect(eth + "8864" + "110000010001" + "c0", "no PPP protocol");
        expect(eth + "8864" + "110000", "cut inside the PPPoE header");
        expect(eth + "0800" + "4500", "not PPPoE");
        expect("5254005f00025254005f0001" + "88a8", "cut inside the S-tag");
        expect("5254005f0002", "shorter than an Ethernet header");
        expect(eth + "8863" + "11090001" + "0000", "must be 0");          // PADI with a session id
        expect(eth + "8863" + "11a700000000", "without a session id");    // PADT without one
        expect(eth + "8863" + "11330000" + "0000", "none of RFC 2516");
        expect(eth + "8863" + "110900000006" + "01010004" + "abcdef00", "runs past PPPoE's length");
        expect(eth + "8863" + "110900000006" + "0101000a" + "abcd", "runs past PPPoE's length");
        expect(eth + "8863" + "110900000002" + "0101", "cut");                        // tag header cut
        // End-Of-List ends the tags.
        assertTrue(PppoeFrame.decode(hex(eth + "8863" + "11090000000c" + "01010000" + "00000000" + "ffff0000"))
                           .tags().size() == 1);
    }

    private static void expect(String hexFrame, String problem) {
        try {
            PppoeFrame.decode(hex(hexFrame));
            if (problem != null) {
                fail("decoded, expected: " + problem);
            }
        } catch (MalformedFrameException e) {
            if (problem == null) {
                fail("refused: " + e.getMessage());
            }
            assertTrue(e.getMessage() + " should say " + problem, e.getMessage().contains(problem));
        }
    }
}
