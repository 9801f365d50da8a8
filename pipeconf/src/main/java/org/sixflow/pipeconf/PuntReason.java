// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.pipeconf;

import org.onosproject.net.packet.InboundPacket;

import java.util.Optional;

/**
 * Why a packet came up to the controller: the packet_in header's punt_reason (define.p4
 * {@code PUNT_*}, {@link P4Defines}). ONOS's InboundPacket has no room for a pipeline's packet
 * metadata, so the interpreter hands a reason other than {@link P4Defines#PUNT_ASKED} on in the
 * packet's cookie, which ONOS leaves empty for P4Runtime devices.
 */
public final class PuntReason {

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
     * The punt reason of a packet-in.
     *
     * @param packet a packet from a Sixflow device
     * @return its packet_in.punt_reason; PUNT_ASKED when the cookie carries none
     */
    public static int of(InboundPacket packet) {
        Optional<Long> cookie = packet.cookie();
        return cookie == null ? P4Defines.PUNT_ASKED : cookie.map(Long::intValue).orElse(P4Defines.PUNT_ASKED);
    }
}
