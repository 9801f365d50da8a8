// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

/**
 * Answers the sources of packets Sixflow routers grew past an egress MTU and dropped, with an
 * ICMPv6 Packet Too Big (RFC 4443 section 3.2) giving the MTU the source must keep to so its
 * packets still fit once grown; the source's path MTU discovery (RFC 8201) does the rest.
 */
public interface PacketTooBigService {

    /**
     * Answers a packet a device reported too big, if it can and may (rate limit, RFC 4443
     * section 2.4: never for an ICMPv6 error, a multicast or unspecified source).
     *
     * @param report the device's report
     * @return what became of it
     */
    Outcome answer(TooBigReport report);

    /** What became of a report. */
    enum Outcome {
        /** A Packet Too Big went back towards the packet's source. */
        SENT,
        /** Over the rate ICMPv6 errors are limited to. */
        RATE_LIMITED,
        /** Not to be answered: an ICMPv6 error, a multicast or unspecified source. */
        NOT_ANSWERED,
        /** Not understood: no IPv6 packet this router grew, or truncated before its source. */
        MALFORMED,
        /** No way back to the source from the port the packet came in by, or no router address. */
        NO_WAY_BACK,
        /** The report gives no MTU (Tofino's) and netcfg no longer gives the port one. */
        NO_MTU
    }
}
