// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.onosproject.net.packet.InboundPacket;

import java.util.Optional;

/**
 * Why a packet came up to the controller: the packet_in header's punt_reason (define.p4
 * {@code PUNT_*}, {@link P4Defines}). ONOS's InboundPacket has no room for a pipeline's packet
 * metadata, so the interpreter hands a reason other than {@link P4Defines#PUNT_ASKED} on in the
 * packet's cookie, which ONOS leaves empty for P4Runtime devices. With a BNG access half the
 * packet-in also says which subscriber line a frame came from (packet_in.ingress_line, 0 for
 * none): the cookie carries it above the reason, in bits {@value #LINE_SHIFT} and up.
 */
public final class PuntReason {

    /** Where the ingress line starts in the cookie: above the 7-bit reason, byte-aligned for reading. */
    public static final int LINE_SHIFT = 16;
    private static final long REASON_MASK = 0x7f;
    private static final long LINE_MASK = 0xffff;

    private PuntReason() {
    }

    /**
     * The cookie that carries a punt reason.
     *
     * @param reason packet_in.punt_reason
     * @return empty for PUNT_ASKED (what the controller asked for), else the reason
     */
    public static Optional<Long> cookie(long reason) {
        return reason == P4Defines.PUNT_ASKED ? Optional.empty() : Optional.of(reason);
    }

    /**
     * The cookie that carries a punt reason and the subscriber line the frame came from.
     *
     * @param reason packet_in.punt_reason
     * @param line   packet_in.ingress_line (0: no line)
     * @return empty for PUNT_ASKED from no line, else reason | line &lt;&lt; {@value #LINE_SHIFT}
     */
    public static Optional<Long> cookie(long reason, long line) {
        if (line == 0) {
            return cookie(reason);
        }
        return Optional.of((reason & REASON_MASK) | (line & LINE_MASK) << LINE_SHIFT);
    }

    /**
     * The subscriber line of a packet-in (packet_in.ingress_line).
     *
     * @param packet a packet from a Sixflow device
     * @return its line id; 0 when it came from no line or the pipeline has no BNG access half
     */
    public static int line(InboundPacket packet) {
        Optional<Long> cookie = packet.cookie();
        return cookie == null ? 0 : cookie.map(c -> (int) (c >>> LINE_SHIFT & LINE_MASK)).orElse(0);
    }

    /**
     * Whether a punt's frame left routing before it came up, so that it is not the frame as it
     * was received: its MACs are the next hop's (NPTv6's untranslatable source and routing's
     * packet out of its addresses' scope, punted after routing). ONOS's host provider learns a host from the source MAC of every IPv6 frame at an
     * edge port, so such a frame must not be offered to it: it would place a "host" with the
     * router's own MAC there.
     *
     * @param reason packet_in.punt_reason
     * @return true when the frame's MACs were rewritten by this router
     */
    public static boolean routed(long reason) {
        return reason == P4Defines.PUNT_NPTV6_SOURCE || reason == P4Defines.PUNT_OUT_OF_SCOPE;
    }

    /**
     * The punt reason of a packet-in.
     *
     * @param packet a packet from a Sixflow device
     * @return its packet_in.punt_reason; PUNT_ASKED when the cookie carries none
     */
    public static int of(InboundPacket packet) {
        Optional<Long> cookie = packet.cookie();
        return cookie == null ? P4Defines.PUNT_ASKED : cookie.map(c -> (int) (c & REASON_MASK)).orElse(P4Defines.PUNT_ASKED);
    }
}
