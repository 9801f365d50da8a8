// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.icmpv6;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;

/**
 * The Echo Reply a router sends to an Echo Request for one of its addresses (RFC 4443 section
 * 4.2): from the address the request was sent to, to its source, with the request's identifier,
 * sequence number and data. Only a request whose checksum verifies is answered, behind the IPv6
 * header or options headers (Hop-by-Hop, Destination Options) only.
 */
public final class EchoReply {

    private static final int NEXT_HEADER_HOP_BY_HOP = 0;
    private static final int NEXT_HEADER_DESTINATION_OPTIONS = 60;

    private EchoReply() {
    }

    /**
     * Answers an Echo Request.
     *
     * @param routerMac the router's MAC
     * @param nextHop   the MAC to send the reply to (the request's previous hop)
     * @param request   the packet from its IPv6 header on
     * @return the reply's frame; empty when the packet is no well-formed Echo Request
     */
    public static Optional<byte[]> to(MacAddress routerMac, MacAddress nextHop, byte[] request) {
        if (request.length < Icmpv6Frame.IPV6_BYTES + Icmpv6Frame.ICMPV6_HEADER_BYTES
                || (request[0] & 0xf0) != 0x60) {
            return Optional.empty();
        }
        // Options headers in front (a Hop-by-Hop header an APN6 policy inserted on the way) are
        // passed over; the reply carries none.
        int next = Byte.toUnsignedInt(request[6]);
        int icmp = Icmpv6Frame.IPV6_BYTES;
        while ((next == NEXT_HEADER_HOP_BY_HOP || next == NEXT_HEADER_DESTINATION_OPTIONS) && icmp + 2 <= request.length) {
            next = Byte.toUnsignedInt(request[icmp]);
            icmp += 8 * (Byte.toUnsignedInt(request[icmp + 1]) + 1);
        }
        int length = Icmpv6Frame.IPV6_BYTES + Short.toUnsignedInt(ByteBuffer.wrap(request).getShort(4)) - icmp;
        if (next != Icmpv6Frame.NEXT_HEADER_ICMPV6 || length < Icmpv6Frame.ICMPV6_HEADER_BYTES
                || icmp + length > request.length
                || Byte.toUnsignedInt(request[icmp]) != Icmpv6Frame.TYPE_ECHO_REQUEST || request[icmp + 1] != 0) {
            return Optional.empty();
        }
        Ip6Address source = Ip6Address.valueOf(Arrays.copyOfRange(request, 8, 24));
        Ip6Address destination = Ip6Address.valueOf(Arrays.copyOfRange(request, 24, 40));
        if (!Icmpv6Frame.checksumValid(source, destination, request, icmp, length)) {
            return Optional.empty();
        }
        // Identifier, sequence number and data: everything after the checksum.
        byte[] rest = Arrays.copyOfRange(request, icmp + 4, icmp + length);
        return Optional.of(Icmpv6Frame.message(routerMac, nextHop, destination, source,
                                               Icmpv6Frame.TYPE_ECHO_REPLY, 0, rest));
    }
}
