// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.gtpu.impl.echo;

import org.onlab.packet.MacAddress;
import org.sixflow.app.packet.UdpChecksum;
import org.sixflow.app.packet.gtpu.GtpuHeader;
import org.sixflow.app.packet.gtpu.GtpuPacket;

import java.nio.ByteBuffer;

/**
 * The Echo Response to an Echo Request, in its Ethernet frame (TS 29.281 sections 4.4.2 and
 * 7.2.2): from the address the request went to (the N3 address) to the request's source, from
 * UDP port 2152 to the request's source port, its sequence number copied. A request without a
 * sequence number (S clear, against section 5.1, which sets S in every echo message) is answered
 * with sequence number 0: the peer hears that the path is up, and has no number to match anyway.
 */
final class GtpuEchoResponse {

    static final int ETHERTYPE_IPV6 = 0x86dd;
    static final int NEXT_HEADER_UDP = 17;
    static final int HOP_LIMIT = 64;

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
        int udpLength = GtpuPacket.UDP_BYTES + message.length;
        ByteBuffer b = ByteBuffer.allocate(GtpuPacket.ETHERNET_BYTES + GtpuPacket.IPV6_BYTES + udpLength);
        b.put(request.ethernetSource().toBytes()).put(routerMac.toBytes()).putShort((short) ETHERTYPE_IPV6);
        b.putInt(0x6000_0000).putShort((short) udpLength).put((byte) NEXT_HEADER_UDP).put((byte) HOP_LIMIT)
                .put(request.destination().toOctets()).put(request.source().toOctets());
        int udp = b.position();
        b.putShort((short) GtpuHeader.UDP_PORT).putShort((short) request.sourcePort()).putShort((short) udpLength)
                .putShort((short) 0).put(message);
        byte[] frame = b.array();
        b.putShort(udp + 6, (short) UdpChecksum.of(request.destination(), request.source(), frame, udp, udpLength));
        return frame;
    }
}
