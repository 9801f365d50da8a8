// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.icmpv6;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;

import java.nio.ByteBuffer;
import java.util.Optional;

/**
 * A received Router Solicitation (RFC 4861 section 4.1), read from its Ethernet frame (or, on a
 * PPP link, from its bare IPv6 packet) and validated as section 6.1.1 asks of a router: IP hop limit 255, a valid ICMPv6 checksum, code 0,
 * an ICMPv6 length of 8 octets or more, no option of length 0, and no Source Link-Layer Address
 * option when the source is the unspecified address. Whatever fails is a {@link Verdict} other
 * than VALID, never an exception.
 */
public final class RouterSolicitation {

    /** What a received frame is. */
    public enum Verdict {
        /** A valid Router Solicitation. */
        VALID,
        /** Not an ICMPv6 Router Solicitation right after the IPv6 header (not counted as malformed). */
        NOT_A_SOLICITATION,
        /** The frame ends before the lengths it gives. */
        TRUNCATED,
        /** IP hop limit other than 255: it did not come from the link. */
        BAD_HOP_LIMIT,
        BAD_CHECKSUM,
        BAD_CODE,
        /** ICMPv6 length below 8 octets. */
        TOO_SHORT,
        /** An option of length 0, or one running past the message. */
        BAD_OPTION,
        /** A Source Link-Layer Address option from the unspecified address. */
        LINK_LAYER_ADDRESS_FROM_UNSPECIFIED
    }

    /** The verdict; for a valid one, its source and where an answer goes. */
    public final Verdict verdict;
    /** The IPv6 source (:: when the host has no address yet). */
    public final Ip6Address source;
    /** The solicitor's MAC: its Source Link-Layer Address option's, else the frame's source (null from a bare packet). */
    public final MacAddress sourceMac;

    private RouterSolicitation(Verdict verdict, Ip6Address source, MacAddress sourceMac) {
        this.verdict = verdict;
        this.source = source;
        this.sourceMac = sourceMac;
    }

    private static RouterSolicitation rejected(Verdict verdict) {
        return new RouterSolicitation(verdict, null, null);
    }

    /**
     * Whether the solicitation came from the unspecified address (a host without an address):
     * the answer then goes to all-nodes (RFC 4861 section 6.2.6).
     *
     * @return true for ::
     */
    public boolean fromUnspecified() {
        return source != null && source.isZero();
    }

    /**
     * Reads and validates a frame.
     *
     * @param frame the frame as received
     * @return its verdict, and for a valid solicitation its source
     */
    public static RouterSolicitation parse(byte[] frame) {
        if (frame.length < Icmpv6Frame.ETHERNET_BYTES
                || Short.toUnsignedInt(ByteBuffer.wrap(frame).getShort(12)) != Icmpv6Frame.ETHERTYPE_IPV6) {
            return rejected(Verdict.NOT_A_SOLICITATION);
        }
        byte[] frameSource = new byte[6];
        System.arraycopy(frame, 6, frameSource, 0, 6);
        return read(frame, Icmpv6Frame.ETHERNET_BYTES, MacAddress.valueOf(frameSource));
    }

    /**
     * Reads and validates an IPv6 packet carried without a link-layer header (PPP, RFC 5072);
     * a valid one's {@link #sourceMac} is its option's, else null.
     *
     * @param packet the packet from its IPv6 header on
     * @return its verdict, and for a valid solicitation its source
     */
    public static RouterSolicitation parsePacket(byte[] packet) {
        return read(packet, 0, null);
    }

    /** The validation of RFC 4861 6.1.1, of the IPv6 packet at {@code ip}. */
    private static RouterSolicitation read(byte[] bytes, int ip, MacAddress linkSource) {
        int icmpAt = ip + Icmpv6Frame.IPV6_BYTES;
        if (bytes.length < icmpAt) {
            return rejected(Verdict.NOT_A_SOLICITATION);
        }
        ByteBuffer b = ByteBuffer.wrap(bytes);
        if ((Byte.toUnsignedInt(bytes[ip]) >>> 4) != 6
                || Byte.toUnsignedInt(bytes[ip + 6]) != Icmpv6Frame.NEXT_HEADER_ICMPV6) {
            return rejected(Verdict.NOT_A_SOLICITATION);
        }
        if (bytes.length == icmpAt
                || Byte.toUnsignedInt(bytes[icmpAt]) != RouterAdvertisement.TYPE_ROUTER_SOLICITATION) {
            return rejected(Verdict.NOT_A_SOLICITATION);
        }
        int icmpLength = Short.toUnsignedInt(b.getShort(ip + 4));
        if (icmpAt + icmpLength > bytes.length) {
            return rejected(Verdict.TRUNCATED);
        }
        if (Byte.toUnsignedInt(bytes[ip + 7]) != Icmpv6Frame.HOP_LIMIT) {
            return rejected(Verdict.BAD_HOP_LIMIT);
        }
        if (icmpLength < Icmpv6Frame.ICMPV6_HEADER_BYTES) {
            return rejected(Verdict.TOO_SHORT);
        }
        byte[] address = new byte[16];
        System.arraycopy(bytes, ip + 8, address, 0, 16);
        Ip6Address source = Ip6Address.valueOf(address);
        System.arraycopy(bytes, ip + 24, address, 0, 16);
        Ip6Address destination = Ip6Address.valueOf(address);
        if (!Icmpv6Frame.checksumValid(source, destination, bytes, icmpAt, icmpLength)) {
            return rejected(Verdict.BAD_CHECKSUM);
        }
        if (bytes[icmpAt + 1] != 0) {
            return rejected(Verdict.BAD_CODE);
        }
        // Options after type, code, checksum and the reserved 32 bits.
        Optional<MacAddress> announced = Optional.empty();
        int at = icmpAt + Icmpv6Frame.ICMPV6_HEADER_BYTES;
        int end = icmpAt + icmpLength;
        while (at < end) {
            if (at + 2 > end) {
                return rejected(Verdict.BAD_OPTION);
            }
            int type = Byte.toUnsignedInt(bytes[at]);
            int length = 8 * Byte.toUnsignedInt(bytes[at + 1]);
            if (length == 0 || at + length > end) {
                return rejected(Verdict.BAD_OPTION);
            }
            if (type == RouterAdvertisement.OPTION_SOURCE_LINK_LAYER_ADDRESS && length >= 8) {
                byte[] mac = new byte[6];
                System.arraycopy(bytes, at + 2, mac, 0, 6);
                announced = Optional.of(MacAddress.valueOf(mac));
            }
            at += length;
        }
        if (source.isZero() && announced.isPresent()) {
            return rejected(Verdict.LINK_LAYER_ADDRESS_FROM_UNSPECIFIED);
        }
        return new RouterSolicitation(Verdict.VALID, source, announced.orElse(linkSource));
    }
}
