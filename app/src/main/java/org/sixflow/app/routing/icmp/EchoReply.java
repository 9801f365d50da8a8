// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.routing.icmp;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;

/**
 * The Echo Reply a router sends to an Echo Request for one of its addresses (RFC 4443 section
 * 4.2): from the address the request was sent to, to its source, with the request's identifier,
 * sequence number and data. Only a request right after the IPv6 header (no extension headers)
 * whose checksum verifies is answered.
 */
public final class EchoReply {

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
                || (request[0] & 0xf0) != 0x60
                || Byte.toUnsignedInt(request[6]) != Icmpv6Frame.NEXT_HEADER_ICMPV6) {
            return Optional.empty();
        }
        int length = Short.toUnsignedInt(ByteBuffer.wrap(request).getShort(4));
        int icmp = Icmpv6Frame.IPV6_BYTES;
        if (length < Icmpv6Frame.ICMPV6_HEADER_BYTES || icmp + length > request.length
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
