// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.packet.icmpv6;

import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onlab.util.HexString;

import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.fail;

/**
 * Router Advertisements byte for byte against RFC 4861's layout (section 4.2, options 4.6.1,
 * 4.6.2, 4.6.4), checksum included. The expected frames were written by scapy's ICMPv6ND_RA
 * (Prf 0, no M/O flags), an implementation independent of this one.
 */
public class RouterAdvertisementTest {

    private static final MacAddress ROUTER = MacAddress.valueOf("00:aa:00:00:00:01");

    private static byte[] hex(String text) {
        return HexString.fromHexString(text, "");
    }

    @Test
    public void unsolicitedToAllNodesWithMtuAndOnePrefix() {
        byte[] frame = RouterAdvertisement.frame(
                ROUTER, RouterAdvertisement.ALL_NODES_MAC, RouterAdvertisement.ALL_NODES, 1800, Optional.of(1500),
                List.of(new RouterAdvertisement.Prefix(Ip6Prefix.valueOf("fd00:1:1::/64"), 2592000, 604800)));
        assertArrayEquals(hex(
                // Ethernet: all-nodes MAC, the router's, IPv6
                "333300000001" + "00aa00000001" + "86dd"
                // IPv6: payload 64, ICMPv6, hop limit 255, from fe80::2aa:ff:fe00:1 (modified EUI-64) to ff02::1
                + "60000000" + "0040" + "3a" + "ff" + "fe8000000000000002aa00fffe000001"
                + "ff020000000000000000000000000001"
                // RA: type 134, code 0, checksum, Cur Hop Limit 64, no flags, lifetime 1800, reachable 0, retrans 0
                + "86" + "00" + "1e4c" + "40" + "00" + "0708" + "00000000" + "00000000"
                // Source Link-Layer Address option
                + "01" + "01" + "00aa00000001"
                // MTU option: 1500
                + "05" + "01" + "0000" + "000005dc"
                // Prefix Information: /64, L and A, valid 30 days, preferred 7 days, reserved, the prefix
                + "03" + "04" + "40" + "c0" + "00278d00" + "00093a80" + "00000000" + "fd000001000100000000000000000000"),
                frame);
        assertEquals(Icmpv6Frame.ETHERNET_BYTES + Icmpv6Frame.IPV6_BYTES + 64, frame.length);
    }

    @Test
    public void solicitedToOneHostWithoutMtuAndTwoPrefixes() {
        byte[] frame = RouterAdvertisement.frame(
                ROUTER, MacAddress.valueOf("00:00:00:00:01:10"), Ip6Address.valueOf("fe80::200:ff:fe00:110"), 0,
                Optional.empty(),
                List.of(new RouterAdvertisement.Prefix(Ip6Prefix.valueOf("fd00:1:1::/64"), 3600, 1800),
                        new RouterAdvertisement.Prefix(Ip6Prefix.valueOf("2001:db8:5::/64"), 3600, 1800)));
        assertArrayEquals(hex("00000000011000aa0000000186dd6000000000583afffe8000000000000002aa00fffe000001"
                                      + "fe80000000000000020000fffe00011086005a8a400000000000000000000000010100aa00000001"
                                      + "030440c000000e100000070800000000fd000001000100000000000000000000"
                                      + "030440c000000e10000007080000000020010db8000500000000000000000000"), frame);
    }

    @Test
    public void refusesLifetimesOutsideTheRfc() {
        for (Runnable bad : List.<Runnable>of(
                () -> RouterAdvertisement.frame(ROUTER, RouterAdvertisement.ALL_NODES_MAC,
                                                RouterAdvertisement.ALL_NODES, 9001, Optional.empty(), List.of()),
                () -> new RouterAdvertisement.Prefix(Ip6Prefix.valueOf("fd00::/64"), 100, 200))) {
            try {
                bad.run();
                fail("accepted");
            } catch (IllegalArgumentException e) {
                // expected
            }
        }
    }
}
