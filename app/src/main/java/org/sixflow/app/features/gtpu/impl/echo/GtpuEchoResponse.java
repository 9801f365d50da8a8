// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.echo;

import org.onlab.packet.MacAddress;
import org.sixflow.app.packet.gtpu.GtpuHeader;
import org.sixflow.app.packet.gtpu.GtpuPacket;

/**
 * The Echo Response to an Echo Request, in its Ethernet frame (TS 29.281 sections 4.4.2 and
 * 7.2.2): from the address the request went to (the N3 address) to the request's source, from
 * UDP port 2152 to the request's source port, its sequence number copied. A request without a
 * sequence number (S clear, against section 5.1, which sets S in every echo message) is answered
 * with sequence number 0: the peer hears that the path is up, and has no number to match anyway.
 */
final class GtpuEchoResponse {

    private GtpuEchoResponse() {
    }

    /**
     * Builds the frame.
     *
     * @param request   the echo request
     * @param routerMac the MAC of the router that answers, the frame's source
     * @return the Ethernet frame, to the neighbour the request came from
     */
    static byte[] frame(GtpuPacket request, MacAddress routerMac) {
        byte[] message = GtpuHeader.echoResponse(request.header().sequenceNumber().orElse(0));
        return request.answer(routerMac, request.sourcePort(), message);
    }
}
