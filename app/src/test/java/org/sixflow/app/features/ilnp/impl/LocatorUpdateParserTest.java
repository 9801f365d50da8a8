// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.sixflow.app.features.ilnp.api.LocatorUpdate;

import java.util.List;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * The Locator Update parser on frames written here byte by byte as an ILNPv6 node sends them
 * (RFC 6743's message behind RFC 6744's Nonce option; the checksum by ILNP's rule, identifiers
 * only), and on every way a frame can be wrong.
 */
public class LocatorUpdateParserTest {

    /** A correspondent (3fff:0:c:1::99) advertises two locators to site host 42 at provider locator 2001:db8:a:1. */
    static final String ADVERTISEMENT = ""
            + "00aa00000201" + "00bb00000002" + "86dd"        // Ethernet: to the router, from the provider
            + "60000000" + "0028" + "3c" + "ff"              // IPv6: payload 40, Destination Options, hop limit 255
            + "3fff0000000c0001" + "0000000000000099"        // source: locator, identifier
            + "20010db8000a0001" + "0000000000000042"        // destination: a provider locator, identifier
            + "3a00" + "8b04" + "11223344"                   // Destination Options: ICMPv6 next, Nonce (4 octets)
            + "9c00" + "de39"                                // ICMPv6 type 156, code 0, checksum
            + "02" + "01" + "0000"                           // Num of Locs 2, Operation 1, Reserved
            + "3fff0000000d0001" + "000a" + "0258"           // locator, preference 10, lifetime 600
            + "3fff0000000c0001" + "0014" + "0000";          // locator, preference 20, lifetime 0

    static byte[] bytes(String hex) {
        byte[] b = new byte[hex.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(hex.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    /** The frame with the hex at an octet offset replaced. */
    static byte[] with(String hex, int offset, String replacement) {
        return bytes(hex.substring(0, 2 * offset) + replacement + hex.substring(2 * offset + replacement.length()));
    }

    /** The frame with the hex at an octet offset replaced. */
    static byte[] with(byte[] frame, int offset, String replacement) {
        return with(hex(frame), offset, replacement);
    }

    static String hex(byte[] b) {
        StringBuilder s = new StringBuilder();
        for (byte x : b) {
            s.append(String.format("%02x", x & 0xff));
        }
        return s.toString();
    }

    private static String malformed(byte[] frame) {
        try {
            LocatorUpdateParser.parse(frame);
            fail("parsed a malformed frame");
            return null;
        } catch (MalformedLocatorUpdateException e) {
            return e.getMessage();
        }
    }

    @Test
    public void readsEveryFieldOfAnAdvertisement() throws Exception {
        LocatorUpdateFrame frame = LocatorUpdateParser.parse(bytes(ADVERTISEMENT));
        assertEquals(new LocatorUpdate(LocatorUpdate.ADVERTISEMENT, List.of(
                new LocatorUpdate.Entry(0x3fff_0000_000d_0001L, 10, 600),
                new LocatorUpdate.Entry(0x3fff_0000_000c_0001L, 20, 0))), frame.message());
        assertEquals("3fff:0:d:1", frame.message().entries().get(0).locatorText());
        assertEquals(Ip6Address.valueOf("3fff:0:c:1::99"), frame.source());
        assertEquals(Ip6Address.valueOf("2001:db8:a:1::42"), frame.destination());
        assertEquals(255, frame.hopLimit());
        assertEquals(0x2001_0db8_000a_0001L, frame.half(LocatorUpdateFrame.DESTINATION, true));
        assertEquals(0x42L, frame.half(LocatorUpdateFrame.DESTINATION, false));
        assertArrayEquals(bytes(ADVERTISEMENT), frame.frame());
    }

    @Test
    public void cutsEthernetPaddingAndReadsAnAcknowledgementWithoutTheNonce() throws Exception {
        // 12 octets of padding after the packet; the ILNP checksum does not change with the locators.
        String padded = ADVERTISEMENT + "000000000000000000000000";
        assertEquals(94, LocatorUpdateParser.parse(bytes(padded)).frame().length);
        // The destination's locator rewritten (as the border router does): the checksum still holds.
        LocatorUpdateParser.parse(with(ADVERTISEMENT, 14 + 24, "fd00000500010001"));
        // Operation 2, checksum 0xde38 (one more in the sum's Operation octet: one less in the checksum).
        LocatorUpdate ack = LocatorUpdateParser.parse(with(with(ADVERTISEMENT, 14 + 40 + 8 + 5, "02"), 14 + 40 + 8 + 2,
                                                           "de38")).message();
        assertEquals(LocatorUpdate.ACKNOWLEDGEMENT, ack.operation());
    }

    @Test
    public void namesWhatIsWrong() {
        int ip = 14;
        int icmp = 14 + 40 + 8;
        assertEquals("frame of 20 octets is shorter than Ethernet and IPv6",
                     malformed(bytes(ADVERTISEMENT.substring(0, 40))));
        assertEquals("EtherType 0x0800 is not IPv6", malformed(with(ADVERTISEMENT, 12, "0800")));
        assertEquals("IP version 4 is not 6", malformed(with(ADVERTISEMENT, ip, "40")));
        assertEquals("Payload Length 41 runs past the frame's 40 octets",
                     malformed(with(ADVERTISEMENT, ip + 4, "0029")));
        // The Destination Options header says a Routing header (43) follows it, at octet 48.
        assertEquals("Next Header 43 at octet 48 is not ICMPv6", malformed(with(ADVERTISEMENT, ip + 40, "2b")));
        assertEquals("extension header at octet 40 of 48 octets runs past the payload",
                     malformed(with(ADVERTISEMENT, ip + 41, "05")));
        assertEquals("ICMPv6 type 128 is not a Locator Update (156)", malformed(with(ADVERTISEMENT, icmp, "80")));
        assertEquals("Code 1 is not 0", malformed(with(ADVERTISEMENT, icmp + 1, "01")));
        assertEquals("Num of Locs is 0", malformed(with(ADVERTISEMENT, icmp + 4, "00")));
        assertEquals("Operation 3 is neither 1 (advertisement) nor 2 (acknowledgement)",
                     malformed(with(ADVERTISEMENT, icmp + 5, "03")));
        assertEquals("Num of Locs 3 needs 44 octets, the message has 32",
                     malformed(with(ADVERTISEMENT, icmp + 4, "03")));
        // The checksum by plain IPv6's rule (locators included) is wrong by ILNP's.
        assertEquals("Checksum 0xde3a is wrong by ILNP's rule (identifiers only)",
                     malformed(with(ADVERTISEMENT, icmp + 2, "de3a")));
        // An identifier changed: the checksum covers it.
        assertEquals("Checksum 0xde39 is wrong by ILNP's rule (identifiers only)",
                     malformed(with(ADVERTISEMENT, ip + 8 + 15, "98")));
        // A message cut short (Payload Length says so too).
        assertEquals("Num of Locs 2 needs 32 octets, the message has 20",
                     malformed(with(ADVERTISEMENT.substring(0, 2 * (icmp + 20)), ip + 4, "001c")));
    }

    @Test
    public void neverThrowsAnythingButItsOwnOnAnyTruncationOrByteFlip() {
        byte[] good = bytes(ADVERTISEMENT);
        for (int length = 0; length < good.length; length++) {
            byte[] cut = java.util.Arrays.copyOf(good, length);
            malformed(cut);
        }
        for (int i = 0; i < good.length; i++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] flipped = good.clone();
                flipped[i] ^= (byte) (1 << bit);
                try {
                    LocatorUpdateParser.parse(flipped);
                } catch (MalformedLocatorUpdateException e) {
                    // refused, as it may be
                }
            }
        }
    }
}
