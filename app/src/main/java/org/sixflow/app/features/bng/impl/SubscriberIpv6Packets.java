// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.sixflow.app.packet.Ipv6Checksum;
import org.sixflow.app.packet.Ipv6Packets;
import org.sixflow.app.packet.icmpv6.RouterSolicitation;
import org.sixflow.app.packet.icmpv6.RouterAdvertisement;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The IPv6 packets the BNG itself exchanges with a subscriber over the session (PPP carries them
 * bare, RFC 5072): Router Solicitations and DHCPv6 client messages in, Router Advertisements
 * (RFC 4861 4.2, built by the routers' own {@link RouterAdvertisement}) and DHCPv6 server messages
 * (RFC 8415 7.1: UDP 547 to 546) out. Reading checks every length and checksum; what is not for
 * the BNG is {@link Kind#OTHER}.
 */
final class SubscriberIpv6Packets {

    static final int IPV6_BYTES = Ipv6Packets.HEADER_BYTES;
    static final int DHCPV6_CLIENT_PORT = 546;
    static final int DHCPV6_SERVER_PORT = 547;
    /** Hop limit of the BNG's DHCPv6 messages. */
    static final int HOP_LIMIT = 64;
    /** The MTU a PPPoE session leaves for IPv6 (RFC 2516 7: 1500 − 6 − 2). */
    static final int PPPOE_MTU = 1492;

    private static final int ICMPV6_RS = RouterAdvertisement.TYPE_ROUTER_SOLICITATION;
    private static final int UDP_BYTES = 8;

    /** What a received packet is to the BNG. */
    enum Kind { ROUTER_SOLICITATION, DHCPV6, OTHER }

    /** A received packet: its kind, source and, for DHCPv6, the UDP payload. */
    static final class Received {
        final Kind kind;
        final Ip6Address source;
        final byte[] dhcpv6;

        private Received(Kind kind, Ip6Address source, byte[] dhcpv6) {
            this.kind = kind;
            this.source = source;
            this.dhcpv6 = dhcpv6;
        }
    }

    private SubscriberIpv6Packets() {
    }

    /**
     * Reads an IPv6 packet a subscriber sent in its session (the data plane punts its link-scope
     * and multicast packets).
     *
     * @param packet the PPP information field of protocol 0x0057
     * @return what it is
     * @throws MalformedFrameException for a Router Solicitation or DHCPv6 message with a wrong
     *                                 length, checksum, code or hop limit, or a cut IPv6 header
     */
    static Received read(byte[] packet) throws MalformedFrameException {
        if (packet.length < IPV6_BYTES || (packet[0] & 0xf0) != 0x60) {
            throw new MalformedFrameException("not an IPv6 header (" + packet.length + " octets)");
        }
        ByteBuffer in = ByteBuffer.wrap(packet);
        int payload = in.getShort(4) & 0xffff;
        if (IPV6_BYTES + payload > packet.length) {
            throw new MalformedFrameException("IPv6 payload length " + payload + " is past the packet's "
                                                      + (packet.length - IPV6_BYTES) + " octets");
        }
        int next = packet[6] & 0xff;
        Ip6Address source = Ip6Address.valueOf(Arrays.copyOfRange(packet, 8, 24));
        Ip6Address destination = Ip6Address.valueOf(Arrays.copyOfRange(packet, 24, 40));
        if (next == Ipv6Checksum.ICMPV6 && payload >= 1 && (packet[IPV6_BYTES] & 0xff) == ICMPV6_RS) {
            RouterSolicitation rs = RouterSolicitation.parsePacket(packet);
            if (rs.verdict != RouterSolicitation.Verdict.VALID) {
                throw new MalformedFrameException("Router Solicitation refused (RFC 4861 6.1.1): " + rs.verdict);
            }
            return new Received(Kind.ROUTER_SOLICITATION, source, null);
        }
        if (next == Ipv6Checksum.UDP && payload >= UDP_BYTES
                && (in.getShort(IPV6_BYTES + 2) & 0xffff) == DHCPV6_SERVER_PORT) {
            int udpLength = in.getShort(IPV6_BYTES + 4) & 0xffff;
            if (udpLength != payload) {
                throw new MalformedFrameException("UDP length " + udpLength + " is not the IPv6 payload's " + payload);
            }
            if (in.getShort(IPV6_BYTES + 6) == 0
                    || !Ipv6Checksum.valid(source, destination, next, packet, IPV6_BYTES, payload)) {
                throw new MalformedFrameException("DHCPv6 message with a wrong or zero UDP checksum");
            }
            return new Received(Kind.DHCPV6, source,
                                Arrays.copyOfRange(packet, IPV6_BYTES + UDP_BYTES, IPV6_BYTES + payload));
        }
        return new Received(Kind.OTHER, source, null);
    }

    /**
     * A Router Advertisement to all nodes of the session: the BNG as default router, the /64 for
     * SLAAC (on-link and autonomous), the session's MTU; no link-layer address (PPP has none).
     *
     * @param from              the BNG's link-local address
     * @param prefix            the session's /64
     * @param routerLifetime    seconds (0: not a default router)
     * @param validLifetime     the prefix's valid lifetime, seconds
     * @param preferredLifetime its preferred lifetime, seconds
     * @return the IPv6 packet
     */
    static byte[] routerAdvertisement(Ip6Address from, Ip6Prefix prefix, int routerLifetime, int validLifetime,
                                      int preferredLifetime) {
        return RouterAdvertisement.packet(from, RouterAdvertisement.ALL_NODES, routerLifetime, Optional.of(PPPOE_MTU),
                                          List.of(new RouterAdvertisement.Prefix(prefix, validLifetime,
                                                                                 preferredLifetime)));
    }

    /**
     * A DHCPv6 server message to a client (UDP 547 to 546).
     *
     * @param from    the BNG's link-local address
     * @param to      the client's address (the source of its message)
     * @param message the DHCPv6 message
     * @return the IPv6 packet
     */
    static byte[] dhcpv6(Ip6Address from, Ip6Address to, byte[] message) {
        ByteBuffer udp = ByteBuffer.allocate(UDP_BYTES + message.length);
        udp.putShort((short) DHCPV6_SERVER_PORT).putShort((short) DHCPV6_CLIENT_PORT)
                .putShort((short) udp.capacity()).putShort((short) 0).put(message);
        return Ipv6Packets.of(from, to, Ipv6Checksum.UDP, HOP_LIMIT, udp.array(), 6);
    }
}
