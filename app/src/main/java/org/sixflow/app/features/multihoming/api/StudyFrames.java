// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

/**
 * What a trial sends so that frames on the wire have the cell's size: the Ethernet header (14
 * octets, no FCS, as the thesis counts 1514), IPv6 (40), for ILNP the Destination Options header
 * that carries the 32-bit Nonce (8, RFC 6744), then UDP (8) or TCP (20). TCP's MSS (iperf3 -M,
 * TCP_MAXSEG) leaves the options out: Linux takes the timestamp option (12) out of it for each
 * segment's payload, so a full segment has the frame's size.
 */
public final class StudyFrames {

    /** Smallest frame size a study takes. */
    public static final int MIN_FRAME = 128;
    /** Largest (a jumbo frame). */
    public static final int MAX_FRAME = 9000;
    /** Linux's smallest TCP MSS (TCP_MIN_MSS): smaller frames get no TCP trial. */
    public static final int MIN_TCP_MSS = 88;

    private static final int ETHERNET = 14;
    private static final int IPV6 = 40;
    private static final int ILNP_NONCE_OPTIONS = 8;
    private static final int UDP = 8;
    private static final int TCP = 20;

    private StudyFrames() {
    }

    /**
     * The UDP payload that makes a frame of the size.
     *
     * @param frameSize the frame size
     * @param protocol  the protocol
     * @return octets of payload
     */
    public static int udpPayload(int frameSize, MultihomingProtocol protocol) {
        return frameSize - ETHERNET - IPV6 - extra(protocol) - UDP;
    }

    /**
     * The TCP MSS that makes full segments frames of the size.
     *
     * @param frameSize the frame size
     * @param protocol  the protocol
     * @return the MSS to set (iperf3 -M): a full segment carries it less the 12-octet timestamp option
     */
    public static int tcpMss(int frameSize, MultihomingProtocol protocol) {
        return frameSize - ETHERNET - IPV6 - extra(protocol) - TCP;
    }

    /**
     * Whether a TCP trial can have frames of the size (Linux takes no MSS below {@link #MIN_TCP_MSS}).
     *
     * @param frameSize the frame size
     * @param protocol  the protocol
     * @return whether a TCP trial is planned
     */
    public static boolean tcpFits(int frameSize, MultihomingProtocol protocol) {
        return tcpMss(frameSize, protocol) >= MIN_TCP_MSS;
    }

    private static int extra(MultihomingProtocol protocol) {
        return protocol == MultihomingProtocol.ILNP ? ILNP_NONCE_OPTIONS : 0;
    }
}
