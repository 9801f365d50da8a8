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
        return Ipv6Checksum.of(source, destination, Ipv6Checksum.UDP, frame, offset, length);
    }
}
