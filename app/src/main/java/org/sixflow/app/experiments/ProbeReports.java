// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * Finds a probe's tag in a telemetry report frame: the report (Ethernet, then report_t of
 * p4src/common/header.p4) is followed by the first bytes of the measured packet, whose IPv6
 * header starts right after its Ethernet header.
 */
public final class ProbeReports {

    /** Report Ethernet (14) and report_t (28). */
    static final int REPORT_BYTES = 14 + 28;
    private static final int ETHERTYPE_IPV6 = 0x86dd;

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
        return ProbeTag.read(b.getInt(ipv6));
    }
}
