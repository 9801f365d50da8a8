// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.junit.Test;

import java.util.Arrays;
import java.util.Optional;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.ilnp.impl.LocatorUpdateParserTest.bytes;
import static org.sixflow.app.features.ilnp.impl.LocatorUpdateParserTest.hex;

/**
 * Reading an ILNPv6 packet's addresses and Nonce out of a telemetry report, on frames written
 * here as the data plane frames them (Ethernet 0x88B5, report_t, then the packet's first bytes).
 */
public class ReportedIlnpPacketTest {

    static final String REPORT = "000000000000" + "000000000000" + "88b5"
            + "01" + "00" + "0000" + "00000007" + "0001" + "0002" + "000000000100" + "000000000110" + "00000010";
    static final String ETHERNET = "00bb00000002" + "00aa00000201" + "86dd";
    /** Site host 42 (internal locator) to correspondent 99, UDP behind a 4-octet Nonce. */
    static final String IPV6_TO_CN = "60000000" + "0010" + "3c" + "40"
            + "fd00000500010001" + "0000000000000042" + "3fff0000000c0001" + "0000000000000099";
    static final String NONCE4 = "1100" + "8b04" + "a1b2c3d4";
    static final String UDP = "1f901f90000800ff";

    static byte[] report(String packet) {
        return bytes(REPORT + ETHERNET + packet);
    }

    @Test
    public void aHostsPacketGivesItsAddressesAndNonce() {
        ReportedIlnpPacket p = ReportedIlnpPacket.read(report(IPV6_TO_CN + NONCE4 + UDP)).orElseThrow();
        assertEquals("fd000005000100010000000000000042", hex(p.source()));
        assertEquals("3fff0000000c00010000000000000099", hex(p.destination()));
        assertEquals("a1b2c3d4", hex(p.nonce()));
        assertEquals(0xfd00_0005_0001_0001L, ReportedIlnpPacket.half(p.source(), true));
        assertEquals(0x42L, ReportedIlnpPacket.half(p.source(), false));
        assertEquals(1, p.ingressPort());   // report_t's ingress field, its padding masked off
    }

    @Test
    public void aTwelveOctetNonceBehindPaddingAndAHopByHopHeaderIsFound() {
        String hbh = "3c00" + "0104" + "00000000";                       // PadN of 4: 8 octets
        // Pad1 twice, the Nonce, PadN of 2: 24 octets.
        String options = "1102" + "00" + "00" + "8b0c" + "0102030405060708090a0b0c" + "0102" + "0000";
        String packet = IPV6_TO_CN.replace("0010" + "3c", "0028" + "00") + hbh + options + UDP;
        ReportedIlnpPacket p = ReportedIlnpPacket.read(report(packet)).orElseThrow();
        assertEquals("0102030405060708090a0b0c", hex(p.nonce()));
    }

    @Test
    public void noNonceNoReportOrACutCopyIsNothing() {
        // Plain IPv6 (UDP right behind the header).
        assertFalse(ReportedIlnpPacket.read(report(IPV6_TO_CN.replace("3c40", "1140") + UDP)).isPresent());
        // Destination Options without a Nonce.
        assertFalse(ReportedIlnpPacket.read(report(IPV6_TO_CN + "1100" + "0104" + "00000000" + UDP)).isPresent());
        // A Nonce of a length RFC 6744 does not allow.
        assertFalse(ReportedIlnpPacket.read(report(IPV6_TO_CN + "1100" + "8b02" + "a1b2" + "0100" + UDP))
                            .isPresent());
        // Not a report, another report version, not IPv6 inside, not version 6.
        byte[] frame = report(IPV6_TO_CN + NONCE4 + UDP);
        assertFalse(ReportedIlnpPacket.read(patched(frame, 12, 0x88, 0xb6)).isPresent());
        assertFalse(ReportedIlnpPacket.read(patched(frame, 14, 2)).isPresent());
        assertFalse(ReportedIlnpPacket.read(patched(frame, 42 + 12, 0x08, 0x00)).isPresent());
        assertFalse(ReportedIlnpPacket.read(patched(frame, 56, 0x40)).isPresent());
        // Every cut short of the Nonce's end, and none, throws.
        int nonceEnd = 56 + 40 + 8;
        for (int n = 0; n < frame.length; n++) {
            Optional<ReportedIlnpPacket> read = ReportedIlnpPacket.read(Arrays.copyOf(frame, n));
            assertEquals("cut at " + n, n >= nonceEnd, read.isPresent());
        }
        assertFalse(ReportedIlnpPacket.read(null).isPresent());
    }

    @Test
    public void aNonceOptionRunningPastItsHeaderIsNothing() {
        // Header length 0 (8 octets) but the option claims 12 octets of data.
        String packet = IPV6_TO_CN + "1100" + "8b0c" + "0102030405060708090a0b0c" + UDP;
        assertFalse(ReportedIlnpPacket.read(report(packet)).isPresent());
        assertTrue(ReportedIlnpPacket.read(report(IPV6_TO_CN + NONCE4 + UDP)).isPresent());
        assertArrayEquals(bytes("a1b2c3d4"), ReportedIlnpPacket.read(report(IPV6_TO_CN + NONCE4)).orElseThrow().nonce());
    }

    private static byte[] patched(byte[] frame, int at, int... values) {
        byte[] copy = frame.clone();
        for (int i = 0; i < values.length; i++) {
            copy[at + i] = (byte) values[i];
        }
        return copy;
    }
}
