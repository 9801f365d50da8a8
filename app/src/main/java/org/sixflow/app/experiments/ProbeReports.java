// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.packet.gtpu.GtpuHeader;
import org.sixflow.app.packet.msr6.MrhLayout;
import org.sixflow.app.telemetry.report.TelemetryReportParser;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Finds a probe's tag in a telemetry report frame: the report (Ethernet, then report_t of
 * p4src/common/header.p4) is followed by the first 128 bytes of the measured packet, whose IPv6
 * header starts right after its Ethernet header.
 *
 * <p>An encapsulated packet is read by its inner header and never by its outer one: MSR6 and
 * GTP-U encapsulation give the outer header the inner traffic class (RFC 6040) but label it with
 * a hash of the inner flow (RFC 6438, msr6.p4 and gtpu.p4), so the outer first word looks like a
 * probe of the same run and class with a sequence number that is none of its own.
 * <ul>
 * <li>Behind an MRH: found while it holds at most 3 M-SIDs (beyond that it lies past the report's
 * 128 bytes).</li>
 * <li>Behind UDP to port 2152 and a GTP-U version 1 header (TS 29.281 5.1): 8 octets, 4 more when
 * any of E, S or PN is set, then while E is set the extension headers, each as long as its length
 * octet says (in 4-octet units, e.g. the PDU Session Container 0x85 with 1), the last octet of
 * each naming the next. Only a G-PDU (type 0xFF) carries a packet. A header that is cut off, has
 * an extension of length 0, or is no G-PDU gives no tag. A datagram to port 2152 that is not
 * GTP-U version 1 at all is read as a plain packet.</li>
 * </ul>
 * Nothing in a report makes this throw: what it cannot read gives empty, and so does a report cut
 * off before it can tell whether the packet is encapsulated.
 */
public final class ProbeReports {

    /** Report Ethernet (14) and report_t (28). */
    static final int REPORT_BYTES = TelemetryReportParser.MEASURED_PACKET;
    private static final int ETHERTYPE_IPV6 = 0x86dd;
    private static final int VLAN_TAG_BYTES = 4;
    /** An S-tag and a C-tag: what a subscriber's line has at most. */
    private static final int MAX_TAGS = 2;
    private static final int IPV6_BYTES = 40;
    private static final int UDP = 17;
    private static final int UDP_BYTES = 8;
    /** GTP-U flags: version (3 bits), protocol type, spare, E, S, PN. */
    private static final int GTPU_VERSION_PT_MASK = 0xf0;
    private static final int GTPU_VERSION_1_GTP = 0x30;
    private static final int GTPU_E = 0x04;
    private static final int GTPU_OPTIONAL = 0x07;
    private static final int GTPU_OPTIONAL_BYTES = GtpuHeader.OPTIONAL_BYTES;

    private ProbeReports() {
    }

    /**
     * Reads the tag of the packet a report carries.
     *
     * @param report the report frame from its Ethernet header on
     * @return the tag, or empty when the packet is not a probe (or the frame too short)
     */
    public static Optional<ProbeTag> tagOf(byte[] report) {
        int ipv6 = report == null ? -1 : ipv6Header(report);
        // A report cut inside the IPv6 header cannot tell what the header carries.
        if (ipv6 < 0 || report.length < ipv6 + IPV6_BYTES) {
            return Optional.empty();
        }
        ByteBuffer b = ByteBuffer.wrap(report);
        int nextHeader = Byte.toUnsignedInt(report[ipv6 + 6]);
        int after = ipv6 + IPV6_BYTES;
        int inner = ipv6;
        if (nextHeader == MrhLayout.NEXT_HEADER_ROUTING) {
            if (report.length < after + 4) {
                return Optional.empty();
            }
            if (Byte.toUnsignedInt(report[after + 2]) == MrhLayout.ROUTING_TYPE) {
                inner = behindMrh(report, after);
            }
        } else if (nextHeader == UDP) {
            if (report.length < after + UDP_BYTES) {
                return Optional.empty();
            }
            if (port(report, after + 2) == ProbePacket.GTPU_PORT) {
                if (report.length <= after + UDP_BYTES) {
                    return Optional.empty();
                }
                if ((Byte.toUnsignedInt(report[after + UDP_BYTES]) & GTPU_VERSION_PT_MASK) == GTPU_VERSION_1_GTP) {
                    inner = behindGtpu(report, after + UDP_BYTES);
                }
            }
        }
        return inner < 0 || report.length < inner + 4 ? Optional.empty() : ProbeTag.read(b.getInt(inner));
    }

    /**
     * Where the measured packet's IPv6 header starts: behind its Ethernet header, or behind the
     * VLAN tags and the PPPoE session and PPP headers of a packet a BNG encapsulated for a
     * subscriber; -1 when the frame carries no IPv6 packet there (PPPoE control, PPP other than
     * IPv6, something else) or is cut before telling.
     */
    private static int ipv6Header(byte[] report) {
        int at = REPORT_BYTES + ProbeFrames.ETHERNET_BYTES - 2;
        for (int tags = 0; report.length >= at + 2; tags++) {
            int type = port(report, at);
            if (type == ETHERTYPE_IPV6) {
                return at + 2;
            }
            if ((type == ProbeFrames.ETHERTYPE_QINQ || type == ProbeFrames.ETHERTYPE_VLAN) && tags < MAX_TAGS) {
                at += VLAN_TAG_BYTES;
            } else if (type == ProbeFrames.ETHERTYPE_PPPOE_SESSION) {
                int ppp = at + 2 + ProbeFrames.PPPOE_HEADER_BYTES;
                if (report.length < ppp + 2 || Byte.toUnsignedInt(report[at + 2]) != ProbeFrames.PPPOE_VERSION_TYPE
                        || report[at + 3] != 0 || port(report, ppp) != ProbeFrames.PPP_IPV6) {
                    return -1;
                }
                return ppp + 2;
            } else {
                return -1;
            }
        }
        return -1;
    }

    /** Where the packet inside an MRH starts, or -1 when the MRH carries none. */
    private static int behindMrh(byte[] report, int routing) {
        if (Byte.toUnsignedInt(report[routing]) != MrhLayout.NEXT_HEADER_IPV6) {
            return -1;
        }
        return routing + 8 * (Byte.toUnsignedInt(report[routing + 1]) + 1);
    }

    /** Where the packet inside a G-PDU starts, or -1 when the report does not show it or it is no G-PDU. */
    private static int behindGtpu(byte[] report, int gtpu) {
        if (report.length < gtpu + ProbeFrames.GTPU_BYTES) {
            return -1;
        }
        int flags = Byte.toUnsignedInt(report[gtpu]);
        if (Byte.toUnsignedInt(report[gtpu + 1]) != ProbeFrames.GTPU_GPDU) {
            return -1;
        }
        int at = gtpu + ProbeFrames.GTPU_BYTES;
        if ((flags & GTPU_OPTIONAL) == 0) {
            return at;
        }
        at += GTPU_OPTIONAL_BYTES;
        if ((flags & GTPU_E) == 0) {
            return at;
        }
        if (report.length < at) {
            return -1;
        }
        // The optional fields' last octet names the first extension header; each names the next.
        int next = Byte.toUnsignedInt(report[at - 1]);
        while (next != 0) {
            if (report.length <= at) {
                return -1;
            }
            int length = 4 * Byte.toUnsignedInt(report[at]);
            if (length == 0 || report.length < at + length) {
                return -1;
            }
            next = Byte.toUnsignedInt(report[at + length - 1]);
            at += length;
        }
        return at;
    }

    private static int port(byte[] report, int at) {
        return (Byte.toUnsignedInt(report[at]) << 8) | Byte.toUnsignedInt(report[at + 1]);
    }
}
