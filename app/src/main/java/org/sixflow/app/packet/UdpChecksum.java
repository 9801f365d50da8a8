// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet;

import org.onlab.packet.Ip6Address;

/**
 * The UDP checksum over the IPv6 pseudo-header (RFC 8200 8.1), for every UDP datagram the
 * controller writes or checks: the experiments' probes, GTP-U echo responses and error
 * indications, and punted GTP-U frames.
 */
public final class UdpChecksum {

    private static final int UDP = 17;

    private UdpChecksum() {
    }

    /**
     * The checksum of a datagram; never 0, which IPv6 forbids (0xffff stands for it).
     *
     * @param source      IPv6 source
     * @param destination IPv6 destination
     * @param frame       bytes holding the UDP datagram with a zero checksum field
     * @param offset      where the datagram starts
     * @param length      its length
     * @return the checksum
     */
    public static int of(Ip6Address source, Ip6Address destination, byte[] frame, int offset, int length) {
        long sum = sum(source.toOctets(), 0, 16) + sum(destination.toOctets(), 0, 16) + length + UDP;
        sum += sum(frame, offset, length);
        while ((sum >>> 16) != 0) {
            sum = (sum & 0xffff) + (sum >>> 16);
        }
        int checksum = (int) (~sum & 0xffff);
        return checksum == 0 ? 0xffff : checksum;
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
