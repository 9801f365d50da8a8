// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.icmpv6;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onlab.util.HexString;

import java.util.Arrays;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Router Solicitations as RFC 4861 section 6.1.1 has a router validate them: a valid one gives its
 * source and the solicitor's MAC, each way of being invalid its own verdict (and no exception),
 * including frames cut anywhere. The valid frame was written by scapy (ICMPv6ND_RS with a Source
 * Link-Layer Address option).
 */
public class RouterSolicitationTest {

    /** From fe80::200:ff:fe00:110 (MAC 00:00:00:00:01:10) to all-routers, with its link-layer address. */
    private static final String VALID = "33330000000200000000011086dd6000000000103afffe80000000000000020000fffe000110"
            + "ff0200000000000000000000000000028500790e000000000101000000000110";

    private static byte[] valid() {
        return HexString.fromHexString(VALID, "");
    }

    /** Rewrites the ICMPv6 checksum after a change, so that only the change is wrong. */
    private static byte[] resum(byte[] frame) {
        int icmp = 54;
        int length = ((frame[18] & 0xff) << 8 | (frame[19] & 0xff));
        frame[icmp + 2] = 0;
        frame[icmp + 3] = 0;
        Ip6Address from = Ip6Address.valueOf(Arrays.copyOfRange(frame, 22, 38));
        Ip6Address to = Ip6Address.valueOf(Arrays.copyOfRange(frame, 38, 54));
        int sum = Icmpv6Frame.checksum(from, to, frame, icmp, Math.min(length, frame.length - icmp));
        frame[icmp + 2] = (byte) (sum >>> 8);
        frame[icmp + 3] = (byte) sum;
        return frame;
    }

    @Test
    public void aValidSolicitationGivesItsSourceAndMac() {
        RouterSolicitation rs = RouterSolicitation.parse(valid());
        assertEquals(RouterSolicitation.Verdict.VALID, rs.verdict);
        assertEquals(Ip6Address.valueOf("fe80::200:ff:fe00:110"), rs.source);
        assertEquals(MacAddress.valueOf("00:00:00:00:01:10"), rs.sourceMac);
        assertFalse(rs.fromUnspecified());
    }

    @Test
    public void eachInvalidFieldHasItsVerdict() {
        byte[] hop = valid();
        hop[21] = 64;
        assertEquals(RouterSolicitation.Verdict.BAD_HOP_LIMIT, RouterSolicitation.parse(resum(hop)).verdict);
        byte[] sum = valid();
        sum[56] ^= 1;
        assertEquals(RouterSolicitation.Verdict.BAD_CHECKSUM, RouterSolicitation.parse(sum).verdict);
        byte[] code = valid();
        code[55] = 1;
        assertEquals(RouterSolicitation.Verdict.BAD_CODE, RouterSolicitation.parse(resum(code)).verdict);
        byte[] zeroOption = valid();
        zeroOption[63] = 0;
        assertEquals(RouterSolicitation.Verdict.BAD_OPTION, RouterSolicitation.parse(resum(zeroOption)).verdict);
        byte[] longOption = valid();
        longOption[63] = 2;
        assertEquals(RouterSolicitation.Verdict.BAD_OPTION, RouterSolicitation.parse(resum(longOption)).verdict);
        // From :: with a link-layer address option.
        byte[] unspecified = valid();
        Arrays.fill(unspecified, 22, 38, (byte) 0);
        assertEquals(RouterSolicitation.Verdict.LINK_LAYER_ADDRESS_FROM_UNSPECIFIED,
                     RouterSolicitation.parse(resum(unspecified)).verdict);
        // ICMPv6 length 4: shorter than an RS.
        byte[] shortRs = Arrays.copyOf(valid(), 54 + 4);
        shortRs[19] = 4;
        assertEquals(RouterSolicitation.Verdict.TOO_SHORT, RouterSolicitation.parse(resum(shortRs)).verdict);
    }

    @Test
    public void aSolicitationFromTheUnspecifiedAddressWithoutOptionIsValid() {
        byte[] frame = Arrays.copyOf(valid(), 54 + 8);
        frame[19] = 8;
        Arrays.fill(frame, 22, 38, (byte) 0);
        RouterSolicitation rs = RouterSolicitation.parse(resum(frame));
        assertEquals(RouterSolicitation.Verdict.VALID, rs.verdict);
        assertTrue(rs.fromUnspecified());
        assertEquals(MacAddress.valueOf("00:00:00:00:01:10"), rs.sourceMac);
    }

    @Test
    public void anyCutFrameIsRejectedWithoutException() {
        byte[] frame = valid();
        for (int length = 0; length < frame.length; length++) {
            RouterSolicitation rs = RouterSolicitation.parse(Arrays.copyOf(frame, length));
            assertFalse("cut at " + length, rs.verdict == RouterSolicitation.Verdict.VALID);
        }
        byte[] other = valid();
        other[54] = (byte) 135;
        assertEquals(RouterSolicitation.Verdict.NOT_A_SOLICITATION, RouterSolicitation.parse(other).verdict);
    }
}
