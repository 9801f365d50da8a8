// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.sixflow.app.packet.Ipv6Checksum;

import java.nio.ByteBuffer;
import java.util.Arrays;

/**
 * The IPv6 packets the BNG itself exchanges with a subscriber over the session (PPP carries them
 * bare, RFC 5072): Router Solicitations and DHCPv6 client messages in, Router Advertisements
 * (RFC 4861 4.2) and DHCPv6 server messages (RFC 8415 7.1: UDP 547 to 546) out. Reading checks
 * every length and checksum; what is not for the BNG is {@link Kind#OTHER}.
 */
final class SubscriberIpv6Packets {

    static final int IPV6_BYTES = 40;
    static final int DHCPV6_CLIENT_PORT = 546;
    static final int DHCPV6_SERVER_PORT = 547;
    /** Hop limit of Neighbor Discovery messages (RFC 4861 6.1.1: anything else may come from off-link). */
    static final int ND_HOP_LIMIT = 255;
    /** Hop limit the BNG's RAs tell hosts to use, and its DHCPv6 messages carry. */
    static final int HOP_LIMIT = 64;
    static final Ip6Address ALL_NODES = Ip6Address.valueOf("ff02::1");
    /** The MTU a PPPoE session leaves for IPv6 (RFC 2516 7: 1500 − 6 − 2). */
    static final int PPPOE_MTU = 1492;

    private static final int ICMPV6_RS = 133;
    private static final int ICMPV6_RA = 134;
    private static final int OPTION_PREFIX_INFORMATION = 3;
    private static final int OPTION_MTU = 5;
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
     * The BNG's link-local address: fe80:: and the modified EUI-64 of its MAC (RFC 4291 appendix A).
     *
     * @param mac the BNG's MAC
     * @return the address
     */
    static Ip6Address linkLocal(MacAddress mac) {
        byte[] m = mac.toBytes();
        byte[] a = new byte[16];
        a[0] = (byte) 0xfe;
        a[1] = (byte) 0x80;
        a[8] = (byte) (m[0] ^ 0x02);
        a[9] = m[1];
        a[10] = m[2];
        a[11] = (byte) 0xff;
        a[12] = (byte) 0xfe;
        a[13] = m[3];
        a[14] = m[4];
        a[15] = m[5];
        return Ip6Address.valueOf(a);
    }

    /**
     * A Router Advertisement to all nodes of the session: the BNG as default router, the /64 for
     * SLAAC (on-link and autonomous), the session's MTU.
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
        ByteBuffer ra = ByteBuffer.allocate(16 + 32 + 8);
        ra.put((byte) ICMPV6_RA).put((byte) 0).putShort((short) 0)
                .put((byte) HOP_LIMIT).put((byte) 0).putShort((short) routerLifetime)
                .putInt(0).putInt(0);
        ra.put((byte) OPTION_PREFIX_INFORMATION).put((byte) 4).put((byte) prefix.prefixLength())
                .put((byte) 0xc0) // L (on-link) and A (autonomous address configuration)
                .putInt(validLifetime).putInt(preferredLifetime).putInt(0)
                .put(prefix.address().toOctets());
        ra.put((byte) OPTION_MTU).put((byte) 1).putShort((short) 0).putInt(PPPOE_MTU);
        return packet(from, ALL_NODES, Ipv6Checksum.ICMPV6, ND_HOP_LIMIT, ra.array(), 2);
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
