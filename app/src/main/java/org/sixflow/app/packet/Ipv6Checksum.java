// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet;

import org.onlab.packet.Ip6Address;

/**
 * The Internet checksum of an upper-layer message over the IPv6 pseudo-header (RFC 8200 8.1):
 * UDP's and ICMPv6's (RFC 4443 2.3) are the same sum with another Next Header.
 */
public final class Ipv6Checksum {

    /** Next Header of UDP. */
    public static final int UDP = 17;
    /** Next Header of ICMPv6. */
    public static final int ICMPV6 = 58;

    private Ipv6Checksum() {
    }

    /**
     * The checksum to write into a message whose checksum field is 0; never 0 (IPv6 forbids a
     * zero UDP checksum, and 0xffff is the same value in one's complement).
     *
     * @param source      IPv6 source
     * @param destination IPv6 destination
     * @param nextHeader  the message's protocol ({@link #UDP}, {@link #ICMPV6})
     * @param data        bytes holding the message
     * @param offset      where it starts
     * @param length      its length
     * @return the checksum
     */
    public static int of(Ip6Address source, Ip6Address destination, int nextHeader, byte[] data, int offset,
                         int length) {
        int checksum = ~sum(source, destination, nextHeader, data, offset, length) & 0xffff;
        return checksum == 0 ? 0xffff : checksum;
    }

    /**
     * Whether a received message's checksum is right (the message with its checksum and the
     * pseudo-header sum to 0xffff).
     *
     * @param source      IPv6 source
     * @param destination IPv6 destination
     * @param nextHeader  the message's protocol
     * @param data        bytes holding the message
     * @param offset      where it starts
     * @param length      its length
     * @return true when it verifies
     */
    public static boolean valid(Ip6Address source, Ip6Address destination, int nextHeader, byte[] data, int offset,
                                int length) {
        return sum(source, destination, nextHeader, data, offset, length) == 0xffff;
    }

    private static int sum(Ip6Address source, Ip6Address destination, int nextHeader, byte[] data, int offset,
                           int length) {
        long sum = sum(source.toOctets(), 0, 16) + sum(destination.toOctets(), 0, 16)
                + (length >>> 16) + (length & 0xffff) + nextHeader + sum(data, offset, length);
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        return (int) sum;
    }

    private static long sum(byte[] data, int offset, int length) {
        long sum = 0;
        for (int i = 0; i + 1 < length; i += 2) {
            sum += ((data[offset + i] & 0xff) << 8) | (data[offset + i + 1] & 0xff);
        }
        if (length % 2 == 1) {
            sum += (data[offset + length - 1] & 0xff) << 8;
        }
        return sum;
    }
}
