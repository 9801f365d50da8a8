// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.sixflow.app.packet.icmpv6.Icmpv6Frame;

/**
 * An ICMPv6 Packet Too Big in its Ethernet frame (RFC 4443 section 3.2): type 2, code 0, the
 * MTU, then as much of the invoking packet as keeps the whole IPv6 packet within the minimum
 * MTU of 1280 octets (section 2.4 c). Built by {@link Icmpv6Frame}, the builder of every ICMPv6
 * error the controller sends.
 */
final class PacketTooBigMessage {

    /** The minimum IPv6 MTU (RFC 8200 section 5): no MTU below it is ever given. */
    static final int MIN_MTU = Icmpv6Frame.MIN_MTU;

    private PacketTooBigMessage() {
    }

    /**
     * Builds the frame.
     *
     * @param srcMac   the router's MAC
     * @param dstMac   the next hop towards the source: the source itself, or a router
     * @param from     the router's address the message comes from
     * @param to       the invoking packet's source
     * @param mtu      the MTU to give (raised to 1280 if below)
     * @param invoking the invoking packet from its IPv6 header on
     * @return the Ethernet frame
     */
    static byte[] frame(MacAddress srcMac, MacAddress dstMac, Ip6Address from, Ip6Address to, int mtu,
                        byte[] invoking) {
        return Icmpv6Frame.error(srcMac, dstMac, from, to, Icmpv6Frame.TYPE_PACKET_TOO_BIG, 0,
                                 Math.max(MIN_MTU, mtu), invoking);
    }
}
