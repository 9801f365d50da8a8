// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.onlab.packet.Ip6Address;
import org.sixflow.app.packet.Apn6Insertion;
import org.sixflow.app.packet.gtpu.GtpuFormatException;
import org.sixflow.app.packet.gtpu.GtpuHeader;
import org.sixflow.app.packet.icmpv6.Icmpv6Frame;
import org.sixflow.app.packet.msr6.MrhLayout;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.Optional;

/**
 * The packet a source sent, found inside the packet a Sixflow router grew from it (or the packet
 * itself, for one the router forwards as it came: {@link #asForwarded}): an MSR6
 * encapsulation (outer IPv6 header and MRH, docs/features/msr6.md) or a GTP-U tunnel's (outer
 * IPv6 header, UDP to port 2152 and a G-PDU's GTP-U header, docs/features/gtpu.md) is taken off,
 * and so is an APN6 Hop-by-Hop header the router inserted (24 octets, the option first). What
 * was taken off is the growth: the source must send that much less than the MTU for its packets
 * to fit once grown.
 *
 * <p>An APN6 header inside an encapsulation counts as grown here too: an ingress edge inserts and
 * encapsulates in one pass. Were it the source's own, the source is told a smaller MTU than it
 * needs, which costs it octets, not packets.
 */
final class GrownPacket {

    static final int IPV6_BYTES = 40;
    static final int NEXT_HEADER_IPV6 = MrhLayout.NEXT_HEADER_IPV6;
    static final int NEXT_HEADER_ROUTING = MrhLayout.NEXT_HEADER_ROUTING;
    static final int NEXT_HEADER_ICMPV6 = 58;
    static final int NEXT_HEADER_UDP = 17;
    static final int UDP_BYTES = 8;

    private final byte[] original;
    private final int growth;

    private GrownPacket(byte[] original, int growth) {
        this.original = original;
        this.growth = growth;
    }

    /**
     * Finds the source's packet in a grown one.
     *
     * @param packet the grown packet from its IPv6 header on
     * @return the source's packet and the growth; empty when the packet is no IPv6 packet that a
     *         Sixflow router grows (or is cut off before the source's header)
     */
    static Optional<GrownPacket> of(byte[] packet) {
        if (!isIpv6(packet, 0)) {
            return Optional.empty();
        }
        int start = 0;
        if (nextHeader(packet, 0) == NEXT_HEADER_ROUTING && packet.length >= IPV6_BYTES + 8
                && Byte.toUnsignedInt(packet[IPV6_BYTES + 2]) == MrhLayout.ROUTING_TYPE
                && Byte.toUnsignedInt(packet[IPV6_BYTES]) == NEXT_HEADER_IPV6) {
            start = IPV6_BYTES + 8 * (Byte.toUnsignedInt(packet[IPV6_BYTES + 1]) + 1);
            if (!isIpv6(packet, start)) {
                return Optional.empty();
            }
        } else {
            start = gtpuInner(packet);
            if (start > 0 && !isIpv6(packet, start)) {
                return Optional.empty();
            }
        }
        byte[] inner = Arrays.copyOfRange(packet, start, packet.length);
        int growth = start;
        if (Apn6Insertion.isIn(inner)) {
            inner = Apn6Insertion.takenOff(inner);
            growth += Apn6Insertion.HBH_BYTES;
        }
        return growth == 0 ? Optional.empty() : Optional.of(new GrownPacket(inner, growth));
    }

    /**
     * A packet the router forwards at the size it came in with: the source's packet is the packet
     * itself, and the growth 0 (a transit MSR6 or APN6 packet included: its outer header is
     * its source's, the node that grew it).
     *
     * @param packet the packet from its IPv6 header on
     * @return the packet; empty when it is no IPv6 packet (or is cut off inside its header)
     */
    static Optional<GrownPacket> asForwarded(byte[] packet) {
        return isIpv6(packet, 0) ? Optional.of(new GrownPacket(packet.clone(), 0)) : Optional.empty();
    }

    /** The packet as its source sent it (as far as the report carried it). */
    byte[] original() {
        return original.clone();
    }

    /** Octets the router added. */
    int growth() {
        return growth;
    }

    /** The source's address. */
    Ip6Address source() {
        return Ip6Address.valueOf(Arrays.copyOfRange(original, 8, 24));
    }

    /**
     * Whether the source's packet is an ICMPv6 error message, which is never answered with another
     * (RFC 4443 section 2.4 e.1). An extension-header chain cut off before its end counts as one:
     * when in doubt, stay silent.
     */
    boolean isIcmpv6Error() {
        return Icmpv6Frame.isError(original);
    }

    /**
     * Where a G-PDU's inner packet starts: after the outer IPv6 header, UDP to port 2152 and the
     * GTP-U header (its optional fields and extension headers too), as a Sixflow router
     * encapsulates; 0 for anything else.
     */
    private static int gtpuInner(byte[] p) {
        if (nextHeader(p, 0) != NEXT_HEADER_UDP || p.length < IPV6_BYTES + UDP_BYTES) {
            return 0;
        }
        ByteBuffer b = ByteBuffer.wrap(p);
        int udpLength = Short.toUnsignedInt(b.getShort(IPV6_BYTES + 4));
        if (Short.toUnsignedInt(b.getShort(IPV6_BYTES + 2)) != GtpuHeader.UDP_PORT || udpLength < UDP_BYTES
                || IPV6_BYTES + udpLength > p.length) {
            return 0;
        }
        try {
            GtpuHeader header = GtpuHeader.parse(Arrays.copyOfRange(p, IPV6_BYTES + UDP_BYTES, IPV6_BYTES + udpLength));
            return header.messageType() == GtpuHeader.G_PDU ? IPV6_BYTES + UDP_BYTES + header.headerBytes() : 0;
        } catch (GtpuFormatException e) {
            return 0;
        }
    }

    private static boolean isIpv6(byte[] p, int at) {
        return p.length >= at + IPV6_BYTES && (p[at] & 0xf0) == 0x60;
    }

    private static int nextHeader(byte[] p, int at) {
        return Byte.toUnsignedInt(p[at + 6]);
    }
}
