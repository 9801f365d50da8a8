// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import org.sixflow.app.msr6.encoding.MrhLayout;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Finds a probe's tag in a telemetry report frame: the report (Ethernet, then report_t of
 * p4src/common/header.p4) is followed by the first 128 bytes of the measured packet, whose IPv6
 * header starts right after its Ethernet header. A packet carrying an MRH is read by its inner
 * header, past the routing header, and never by its outer one: the MSR6 encapsulation gives the
 * outer header the inner traffic class (RFC 6040) but labels it with a hash of the inner flow
 * (RFC 6438, msr6.p4), so the outer first word looks like a probe of the same run and class with
 * a sequence number that is none of its own. The inner header is found while the MRH holds at most
 * 3 M-SIDs (beyond that it lies past the report's 128 bytes).
 */
public final class ProbeReports {

    /** Report Ethernet (14) and report_t (28). */
    static final int REPORT_BYTES = 14 + 28;
    private static final int ETHERTYPE_IPV6 = 0x86dd;
    private static final int IPV6_BYTES = 40;

    private ProbeReports() {
    }

    /**
     * Reads the tag of the packet a report carries.
     *
     * @param report the report frame from its Ethernet header on
     * @return the tag, or empty when the packet is not a probe (or the frame too short)
     */
    public static Optional<ProbeTag> tagOf(byte[] report) {
        int ipv6 = REPORT_BYTES + ProbeFrames.ETHERNET_BYTES;
        if (report == null || report.length < ipv6 + 4) {
            return Optional.empty();
        }
        ByteBuffer b = ByteBuffer.wrap(report);
        if (Short.toUnsignedInt(b.getShort(ipv6 - 2)) != ETHERTYPE_IPV6) {
            return Optional.empty();
        }
        if (report.length < ipv6 + IPV6_BYTES + 4 || Byte.toUnsignedInt(report[ipv6 + 6]) != MrhLayout.NEXT_HEADER_ROUTING
                || Byte.toUnsignedInt(report[ipv6 + IPV6_BYTES + 2]) != MrhLayout.ROUTING_TYPE) {
            return ProbeTag.read(b.getInt(ipv6));
        }
        int routing = ipv6 + IPV6_BYTES;
        if (Byte.toUnsignedInt(report[routing]) != MrhLayout.NEXT_HEADER_IPV6) {
            return Optional.empty();
        }
        int inner = routing + 8 * (Byte.toUnsignedInt(report[routing + 1]) + 1);
        return report.length < inner + 4 ? Optional.empty() : ProbeTag.read(b.getInt(inner));
    }
}
