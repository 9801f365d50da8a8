// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.ilnp.impl;

import org.sixflow.app.telemetry.report.TelemetryReportParser;
import org.sixflow.pipeconf.P4InfoConstants;

import java.util.Arrays;
import java.util.Optional;

/**
 * An ILNPv6 packet a telemetry report shows: the report (Ethernet, report_t) is followed by the
 * first bytes of the measured packet, here Ethernet, IPv6, then at most a Hop-by-Hop and a
 * Destination Options header, one of which holds the Nonce option (RFC 6744: type 0x8B, 4 or 12
 * octets). Options are walked as RFC 8200 says (Pad1 is one octet, every other option its type,
 * length and data), so a Nonce behind padding is found. Anything else, or a copy cut before the
 * Nonce ends, is not one: empty, never an exception.
 */
final class ReportedIlnpPacket {

    static final int NONCE_OPTION = 0x8B;
    /** report_t's version octet, right behind the report's Ethernet header. */
    private static final int REPORT_VERSION_AT = 14;
    /** report_t's ingress port field (7 bits of padding, the port in the low bits). */
    private static final int REPORT_INGRESS_PORT_AT = REPORT_VERSION_AT + 8;
    private static final int PORT_MASK = (1 << P4InfoConstants.HDR_EG_PORT_BITWIDTH) - 1;
    private static final int ETHERTYPE_IPV6 = 0x86DD;
    private static final int IPV6 = 40;
    private static final int NH_HOP_BY_HOP = 0;
    private static final int NH_DESTINATION_OPTIONS = 60;
    private static final int PAD1 = 0;

    private final int ingressPort;
    private final byte[] source;
    private final byte[] destination;
    private final byte[] nonce;

    private ReportedIlnpPacket(int ingressPort, byte[] source, byte[] destination, byte[] nonce) {
        this.ingressPort = ingressPort;
        this.source = source;
        this.destination = destination;
        this.nonce = nonce;
    }

    /**
     * Reads the packet a report frame carries.
     *
     * @param report the report frame from its Ethernet header on
     * @return the packet's addresses and Nonce, or empty when it shows no ILNPv6 packet
     */
    static Optional<ReportedIlnpPacket> read(byte[] report) {
        int eth = TelemetryReportParser.MEASURED_PACKET;
        if (report == null || report.length < eth || u16(report, 12) != TelemetryReportParser.ETHERTYPE_REPORT
                || (report[REPORT_VERSION_AT] & 0xff) != TelemetryReportParser.REPORT_VERSION) {
            return Optional.empty();
        }
        return at(report, eth, u16(report, REPORT_INGRESS_PORT_AT) & PORT_MASK);
    }

    /**
     * Reads an ILNPv6 packet whose Ethernet header starts the frame (a punted one).
     *
     * @param frame       the frame
     * @param ingressPort the port it came in by
     * @return its addresses and Nonce, or empty when it is no ILNPv6 packet
     */
    static Optional<ReportedIlnpPacket> readFrame(byte[] frame, int ingressPort) {
        return frame == null ? Optional.empty() : at(frame, 0, ingressPort);
    }

    private static Optional<ReportedIlnpPacket> at(byte[] b, int eth, int ingressPort) {
        if (b.length < eth + 14 + IPV6 || u16(b, eth + 12) != ETHERTYPE_IPV6) {
            return Optional.empty();
        }
        int ip = eth + 14;
        if ((b[ip] & 0xf0) != 0x60) {
            return Optional.empty();
        }
        int nextHeader = b[ip + 6] & 0xff;
        int at = ip + IPV6;
        byte[] nonce = null;
        for (int n = 0; n < 2 && nonce == null
                && (nextHeader == NH_HOP_BY_HOP || nextHeader == NH_DESTINATION_OPTIONS); n++) {
            if (at + 2 > b.length) {
                return Optional.empty();
            }
            int end = at + 8 * ((b[at + 1] & 0xff) + 1);
            if (nextHeader == NH_DESTINATION_OPTIONS) {
                nonce = nonce(b, at + 2, Math.min(end, b.length));
            }
            nextHeader = b[at] & 0xff;
            at = end;
        }
        if (nonce == null) {
            return Optional.empty();
        }
        return Optional.of(new ReportedIlnpPacket(ingressPort, Arrays.copyOfRange(b, ip + 8, ip + 24),
                                                  Arrays.copyOfRange(b, ip + 24, ip + 40), nonce));
    }

    /** The Nonce option's data among the options in [from, end), or null. */
    private static byte[] nonce(byte[] b, int from, int end) {
        int i = from;
        while (i < end) {
            int type = b[i] & 0xff;
            if (type == PAD1) {
                i++;
                continue;
            }
            if (i + 2 > end) {
                return null;
            }
            int length = b[i + 1] & 0xff;
            if (i + 2 + length > end) {
                return null;
            }
            if (type == NONCE_OPTION) {
                return length == 4 || length == 12 ? Arrays.copyOfRange(b, i + 2, i + 2 + length) : null;
            }
            i += 2 + length;
        }
        return null;
    }

    private static int u16(byte[] b, int at) {
        return ((b[at] & 0xff) << 8) | (b[at + 1] & 0xff);
    }

    /** The port the measured packet came in by, as the report says. */
    int ingressPort() {
        return ingressPort;
    }

    /** The source address, 16 octets. */
    byte[] source() {
        return source.clone();
    }

    /** The destination address, 16 octets. */
    byte[] destination() {
        return destination.clone();
    }

    /** The Nonce option's value, 4 or 12 octets. */
    byte[] nonce() {
        return nonce.clone();
    }

    /** The upper (locator) or lower (identifier) 64 bits of an address. */
    static long half(byte[] address, boolean upper) {
        return LocatorUpdateFrame.half(address, 0, upper);
    }
}
