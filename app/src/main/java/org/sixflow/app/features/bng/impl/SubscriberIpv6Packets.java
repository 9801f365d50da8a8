// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.sixflow.app.packet.Ipv6Checksum;
import org.sixflow.app.packet.icmpv6.RouterAddresses;
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

    static final int IPV6_BYTES = 40;
    static final int DHCPV6_CLIENT_PORT = 546;
    static final int DHCPV6_SERVER_PORT = 547;
    /** Hop limit of Neighbor Discovery messages (RFC 4861 6.1.1: anything else may come from off-link). */
    static final int ND_HOP_LIMIT = 255;
    /** Hop limit the BNG's RAs tell hosts to use, and its DHCPv6 messages carry. */
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
        int hopLimit = packet[7] & 0xff;
        Ip6Address source = Ip6Address.valueOf(Arrays.copyOfRange(packet, 8, 24));
        Ip6Address destination = Ip6Address.valueOf(Arrays.copyOfRange(packet, 24, 40));
        if (next == Ipv6Checksum.ICMPV6 && payload >= 8 && (packet[IPV6_BYTES] & 0xff) == ICMPV6_RS) {
            if (packet[IPV6_BYTES + 1] != 0 || hopLimit != ND_HOP_LIMIT) {
                throw new MalformedFrameException("Router Solicitation with code " + packet[IPV6_BYTES + 1]
                                                          + " or hop limit " + hopLimit + " (RFC 4861 6.1.1)");
            }
            if (!Ipv6Checksum.valid(source, destination, next, packet, IPV6_BYTES, payload)) {
                throw new MalformedFrameException("Router Solicitation with a wrong checksum");
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
     * The BNG's link-local address: fe80:: and the modified EUI-64 of its MAC (RFC 4291 appendix A),
     * as every Sixflow router's.
     *
     * @param mac the BNG's MAC
     * @return the address
     */
    static Ip6Address linkLocal(MacAddress mac) {
        return RouterAddresses.linkLocal(mac);
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
        return packet(from, to, Ipv6Checksum.UDP, HOP_LIMIT, udp.array(), 6);
    }

    /** An IPv6 header before an upper-layer message, whose checksum (at checksumAt) is filled in. */
    private static byte[] packet(Ip6Address from, Ip6Address to, int next, int hopLimit, byte[] message,
                                 int checksumAt) {
        ByteBuffer out = ByteBuffer.allocate(IPV6_BYTES + message.length);
        out.putInt(0x60000000).putShort((short) message.length).put((byte) next).put((byte) hopLimit)
                .put(from.toOctets()).put(to.toOctets()).put(message);
        byte[] bytes = out.array();
        int checksum = Ipv6Checksum.of(from, to, next, bytes, IPV6_BYTES, message.length);
        ByteBuffer.wrap(bytes).putShort(IPV6_BYTES + checksumAt, (short) checksum);
        return bytes;
    }
}
