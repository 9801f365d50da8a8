// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.sixflow.app.features.ilnp.api.LocatorUpdate;
import org.sixflow.pipeconf.P4Defines;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Reads an ICMPv6 Locator Update (RFC 6743) out of a punted Ethernet frame, byte for byte:
 * <pre>
 * Ethernet (14) | IPv6 (40) | Hop-by-Hop / Destination Options headers (0..2) | ICMPv6:
 *   Type 156 | Code 0 | Checksum (16) | Num of Locs (8) | Operation (8: 1 or 2) | Reserved (16)
 *   then Num of Locs times: Locator (64) | Preference (16) | Lifetime (16)
 * </pre>
 * Refused, with the field named: a frame too short for its headers, not IPv6, a Payload Length
 * the frame does not hold (octets past it are Ethernet padding and cut off), another extension
 * header before the ICMPv6 message, another type or code, no locators, an Operation other than
 * 1 or 2, a length other than 8 + 12 per locator, and a checksum that is wrong by ILNP's rule:
 * the pseudo-header takes each address's identifier with a zero locator (RFC 6740/6741), so a
 * locator rewrite leaves it right. RFC 6743's erratum 5911 reports the Operation field as
 * undefined; the ILNP endpoint of the lab (lab/ilnp) sends 1 and 2, as the RFC's text does.
 */
final class LocatorUpdateParser {

    private static final int ETHERTYPE_IPV6 = 0x86DD;
    private static final int IPV6 = 40;
    private static final int NH_HOP_BY_HOP = 0;
    private static final int NH_DESTINATION_OPTIONS = 60;
    private static final int NH_ICMPV6 = 58;
    private static final int MAX_EXTENSIONS = 2;
    /** ICMPv6 header and the message's fixed part. */
    static final int FIXED = 8;
    /** One locator, its preference and lifetime. */
    static final int PER_LOCATOR = 12;

    private LocatorUpdateParser() {
    }

    /**
     * Reads a frame.
     *
     * @param frame the frame as punted
     * @return the frame (without Ethernet padding) and its message
     * @throws MalformedLocatorUpdateException naming what is wrong
     */
    static LocatorUpdateFrame parse(byte[] frame) throws MalformedLocatorUpdateException {
        int ip = LocatorUpdateFrame.ETHERNET;
        need(frame.length >= ip + IPV6, "frame of " + frame.length + " octets is shorter than Ethernet and IPv6");
        need(u16(frame, 12) == ETHERTYPE_IPV6, String.format("EtherType 0x%04x is not IPv6", u16(frame, 12)));
        need((frame[ip] & 0xf0) == 0x60, "IP version " + ((frame[ip] & 0xf0) >> 4) + " is not 6");
        int end = ip + IPV6 + u16(frame, ip + 4);
        need(end <= frame.length, "Payload Length " + u16(frame, ip + 4) + " runs past the frame's "
                + (frame.length - ip - IPV6) + " octets");
        int nextHeader = frame[ip + 6] & 0xff;
        int at = ip + IPV6;
        for (int n = 0; nextHeader != NH_ICMPV6; n++) {
            need((nextHeader == NH_HOP_BY_HOP || nextHeader == NH_DESTINATION_OPTIONS) && n < MAX_EXTENSIONS,
                 "Next Header " + nextHeader + " at octet " + (at - ip) + " is not ICMPv6");
            need(at + 2 <= end, "extension header at octet " + (at - ip) + " is cut off");
            int length = 8 * ((frame[at + 1] & 0xff) + 1);
            need(at + length <= end, "extension header at octet " + (at - ip) + " of " + length
                    + " octets runs past the payload");
            nextHeader = frame[at] & 0xff;
            at += length;
        }
        int icmp = at;
        need(end - icmp >= FIXED, "ICMPv6 message of " + (end - icmp) + " octets is shorter than " + FIXED);
        need((frame[icmp] & 0xff) == P4Defines.ICMPV6_ILNP_LOCATOR_UPDATE,
             "ICMPv6 type " + (frame[icmp] & 0xff) + " is not a Locator Update (156)");
        need(frame[icmp + 1] == 0, "Code " + (frame[icmp + 1] & 0xff) + " is not 0");
        int count = frame[icmp + 4] & 0xff;
        int operation = frame[icmp + 5] & 0xff;
        need(count > 0, "Num of Locs is 0");
        need(operation == LocatorUpdate.ADVERTISEMENT || operation == LocatorUpdate.ACKNOWLEDGEMENT,
             "Operation " + operation + " is neither 1 (advertisement) nor 2 (acknowledgement)");
        need(end - icmp == FIXED + PER_LOCATOR * count, "Num of Locs " + count + " needs "
                + (FIXED + PER_LOCATOR * count) + " octets, the message has " + (end - icmp));
        need(ilnpChecksumOk(frame, icmp, end), String.format("Checksum 0x%04x is wrong by ILNP's rule"
                + " (identifiers only)", u16(frame, icmp + 2)));
        List<LocatorUpdate.Entry> entries = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            int e = icmp + FIXED + PER_LOCATOR * i;
            long locator = 0;
            for (int k = 0; k < 8; k++) {
                locator = (locator << 8) | (frame[e + k] & 0xff);
            }
            entries.add(new LocatorUpdate.Entry(locator, u16(frame, e + 8), u16(frame, e + 10)));
        }
        return new LocatorUpdateFrame(Arrays.copyOf(frame, end), new LocatorUpdate(operation, entries));
    }

    /**
     * Whether the ICMPv6 checksum is right with each address's locator taken as zero: the sum
     * of the pseudo-header (identifiers, length, Next Header 58) and the message is 0xFFFF.
     */
    static boolean ilnpChecksumOk(byte[] frame, int icmp, int end) {
        return ilnpSum(frame, icmp, end) == 0xffff;
    }

    /**
     * The ones' complement sum of ILNP's pseudo-header (the frame's two identifiers, the
     * message's length, Next Header 58) and the message in [icmp, end), checksum field as it is.
     */
    static int ilnpSum(byte[] frame, int icmp, int end) {
        long sum = 0;
        for (int offset : new int[]{LocatorUpdateFrame.SOURCE + 8, LocatorUpdateFrame.DESTINATION + 8}) {
            for (int i = 0; i < 8; i += 2) {
                sum += u16(frame, offset + i);
            }
        }
        int length = end - icmp;
        sum += (length >>> 16) + (length & 0xffff) + NH_ICMPV6;
        for (int i = icmp; i < end; i += 2) {
            sum += i + 1 < end ? u16(frame, i) : (frame[i] & 0xff) << 8;
        }
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return (int) sum;
    }

    private static int u16(byte[] b, int at) {
        return ((b[at] & 0xff) << 8) | (b[at + 1] & 0xff);
    }

    private static void need(boolean ok, String problem) throws MalformedLocatorUpdateException {
        if (!ok) {
            throw new MalformedLocatorUpdateException(problem);
        }
    }
}
