// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.junit.Test;
import org.sixflow.app.features.bng.impl.CapturedFrames.Captured;

import java.util.List;
import java.util.stream.Collectors;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.app.features.bng.impl.CapturedFrames.hex;

/**
 * LCP, PAP, IPCP, IPv6CP from the real capture, CHAP written byte by byte from RFC 1994, and
 * malformed packets of each.
 */
public class PppControlTest {

    private static PppControl decode(Captured c) throws Exception {
        PppoeFrame frame = PppoeFrame.decode(c.bytes);
        return PppControl.decode(frame.pppProtocol(), frame.pppInformation());
    }

    @Test
    public void everyCapturedControlPacketDecodes() throws Exception {
        List<Captured> session = CapturedFrames.all().stream().filter(c -> !c.name.startsWith("PAD"))
                .collect(Collectors.toList());
        assertEquals(89, session.size());
        for (Captured c : session) {
            PppControl packet = decode(c);
            assertEquals(c.toString(), Integer.parseInt(c.name.substring(c.name.indexOf('-') + 1)), packet.code());
        }
    }

    @Test
    public void lcpAckCarriesTheAuthenticationProtocolAndMagic() throws Exception {
        // The subscriber acknowledges the server's request: PAP.
        PppControl ack = decode(CapturedFrames.first(11, "LCP-2", true));
        assertEquals(PppControl.CONFIGURE_ACK, ack.code());
        byte[] auth = ack.option(PppControl.LCP_AUTHENTICATION_PROTOCOL).get().value;
        assertEquals(0xc023, (auth[0] & 0xff) << 8 | auth[1] & 0xff);
        assertEquals(4, ack.option(PppControl.LCP_MAGIC_NUMBER).get().value.length);
        // Echo-Request with its magic number.
        PppControl echo = decode(CapturedFrames.first(10, "LCP-9", true));
        assertEquals(PppControl.ECHO_REQUEST, echo.code());
        assertEquals(4, echo.data().length);
    }

    @Test
    public void papGivesThePeerIdNeverThePassword() throws Exception {
        PppControl request = decode(CapturedFrames.first(10, "PAP-1", true));
        assertEquals("alice@sixflow", request.peerName().get());
        assertTrue(request.toString(), !request.toString().contains("secret"));
        assertEquals(PppControl.PAP_ACK, decode(CapturedFrames.first(10, "PAP-2", false)).code());
        assertEquals(PppControl.PAP_NAK, decode(CapturedFrames.first(12, "PAP-3", false)).code());
        assertEquals("mallory@sixflow", decode(CapturedFrames.first(12, "PAP-1", true)).peerName().get());
    }

    @Test
    public void ipcpAndIpv6cpAcksCarryTheAddresses() throws Exception {
        PppControl ipcp = decode(CapturedFrames.all().stream()
                .filter(c -> c.cVid == 10 && c.name.equals("IPCP-2") && !c.fromSubscriber()).findFirst().get());
        assertArrayEquals(hex("0a21000b"), ipcp.option(PppControl.IPCP_IP_ADDRESS).get().value); // 10.33.0.11
        PppControl nak = decode(CapturedFrames.first(10, "IPCP-3", false));
        assertEquals(PppControl.CONFIGURE_NAK, nak.code());
        PppControl ipv6cp = decode(CapturedFrames.first(10, "IPV6CP-2", false));
        assertArrayEquals(hex("0000000000100001"), ipv6cp.option(PppControl.IPV6CP_INTERFACE_IDENTIFIER).get().value);
    }

    /** scapy's bytes of the same CHAP packets (lab/pppoe/chap_frames.py). */
    private static java.util.Map<String, String> scapyChap() throws Exception {
        java.util.Map<String, String> packets = new java.util.HashMap<>();
        try (java.io.BufferedReader in = new java.io.BufferedReader(new java.io.InputStreamReader(
                PppControlTest.class.getResourceAsStream("chap-scapy.txt"), java.nio.charset.StandardCharsets.US_ASCII))) {
            in.lines().filter(l -> !l.startsWith("#")).forEach(l -> packets.put(l.split(" ")[0], l.split(" ")[1]));
        }
        return packets;
    }

    @Test
    public void chapWrittenHereIsWhatScapyWrites() throws Exception {
        java.util.Map<String, String> scapy = scapyChap();
        assertEquals(scapy.get("challenge"), "0107000f" + "04" + "01020304" + "736572766572");
        assertEquals(scapy.get("response"), "02070018" + "10" + "00112233445566778899aabbccddeeff" + "626f62");
        assertEquals(scapy.get("success"), "03070004");
        assertEquals(scapy.get("failure"), "04070006" + "6e6f");
    }

    @Test
    public void chapFromRfc1994() throws Exception {
        // Challenge: code 1, id 7, length 4+1+4+6, value size 4, value, name "server".
        PppControl challenge = PppControl.decode(PppControl.CHAP, hex("0107000f" + "04" + "01020304"
                                                                              + "736572766572"));
        assertEquals(PppControl.CHAP_CHALLENGE, challenge.code());
        // Response: value size 16 (MD5), name "bob".
        PppControl response = PppControl.decode(PppControl.CHAP, hex("02070018" + "10"
                + "00112233445566778899aabbccddeeff" + "626f62"));
        assertEquals("bob", response.peerName().get());
        assertEquals(PppControl.CHAP_SUCCESS, PppControl.decode(PppControl.CHAP, hex("03070004")).code());
        assertEquals(PppControl.CHAP_FAILURE, PppControl.decode(PppControl.CHAP, hex("04070006" + "6e6f")).code());
    }

    @Test
    public void malformedPacketsAreRefused() {
        expect(PppControl.LCP, "0101", "shorter than");
        expect(PppControl.LCP, "01010003", "length 3");
        expect(PppControl.LCP, "01010009" + "0506", "length 9");
        expect(PppControl.LCP, "0c010004", "code 12");
        expect(PppControl.LCP, "01010006" + "0501", "option 5 of length 1");
        expect(PppControl.LCP, "01010007" + "050300", "Magic-Number of 1");
        expect(PppControl.LCP, "01010007" + "030300", "Authentication-Protocol of 1");
        expect(PppControl.LCP, "09010006" + "0000", "magic number");
        expect(PppControl.IPCP, "01010008" + "03060a00", "does not fit");
        expect(PppControl.IPCP, "01010008" + "03040a00", "IP-Address of 2");
        expect(PppControl.IPCP, "08010004", "code 8");
        expect(PppControl.IPV6CP, "0101000a" + "01060000000a", "Interface-Identifier of 4");
        expect(PppControl.PAP, "01010006" + "05" + "61", "peer id");
        expect(PppControl.PAP, "01010008" + "01" + "61" + "05" + "62", "password");
        expect(PppControl.PAP, "03010006" + "09" + "61", "message");
        expect(PppControl.PAP, "04010004", "PAP code 4");
        expect(PppControl.CHAP, "01010006" + "09" + "61", "CHAP value");
        expect(PppControl.CHAP, "01010005" + "00", "CHAP value");
        expect(PppControl.CHAP, "05010004", "CHAP code 5");
        expect(0x80fd, "01010004", "not decoded");
    }

    private static void expect(int protocol, String hexPacket, String problem) {
        try {
            PppControl.decode(protocol, hex(hexPacket));
            fail(hexPacket + " decoded, expected: " + problem);
        } catch (MalformedFrameException e) {
            assertTrue(e.getMessage() + " should say " + problem, e.getMessage().contains(problem));
        }
    }
}
