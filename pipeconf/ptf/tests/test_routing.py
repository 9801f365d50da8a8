# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of control/routing.p4: IPv6 LPM next hop, MAC rewrite, hop limit."""

import ptf.testutils as testutils
from scapy.layers.inet import UDP, IP
from scapy.layers.inet6 import IPv6
from scapy.layers.l2 import Ether

from base_test import DROP_HOP_LIMIT, DROP_NO_ROUTE, DROP_NOT_IPV6, DROP_NOT_MY_STATION, SixflowTest
from profiles import without

ROUTER_MAC = "00:aa:00:00:00:01"
NEXT_HOP_MAC = "00:bb:00:00:00:02"
HOST_MAC = "00:00:00:00:00:10"


def udp6(dst, hlim=64):
    return (Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst=dst, hlim=hlim)
            / UDP(sport=5000, dport=6000) / (b"sixflow" * 8))


class RoutesToTheLongestPrefix(SixflowTest):
    """A /64 and a more specific /128 route: each packet leaves by its longest match, with the
    next hop's MACs and the hop limit one lower; nothing else changes."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        self.add_route("fd00:1:2::99", 128, 3, ROUTER_MAC, "00:cc:00:00:00:03")

        sent = udp6("fd00:1:2::7")
        expected = sent.copy()
        expected[Ether].src = ROUTER_MAC
        expected[Ether].dst = NEXT_HOP_MAC
        expected[IPv6].hlim = 63
        testutils.send_packet(self, 1, bytes(sent))
        testutils.verify_packet(self, bytes(expected), 2)

        specific = udp6("fd00:1:2::99")
        expected = specific.copy()
        expected[Ether].src = ROUTER_MAC
        expected[Ether].dst = "00:cc:00:00:00:03"
        expected[IPv6].hlim = 63
        testutils.send_packet(self, 1, bytes(specific))
        testutils.verify_packet(self, bytes(expected), 3)
        testutils.verify_no_other_packets(self)


class DropsWithoutARouteAndCounts(SixflowTest):
    """No matching route: the packet is dropped and drop_counter[NO_ROUTE] goes up by one."""

    def runTest(self):
        before = self.drop_count(DROP_NO_ROUTE)
        testutils.send_packet(self, 1, bytes(udp6("fd00:9::1")))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_NO_ROUTE), before + 1)


class DropsExpiringHopLimitAndCounts(SixflowTest):
    """Hop limit 1 cannot be forwarded: dropped and counted, even with a route."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        before = self.drop_count(DROP_HOP_LIMIT)
        testutils.send_packet(self, 1, bytes(udp6("fd00:1:2::7", hlim=1)))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_HOP_LIMIT), before + 1)

        # Hop limit 2 still goes out, with 1 left.
        sent = udp6("fd00:1:2::7", hlim=2)
        expected = sent.copy()
        expected[Ether].src = ROUTER_MAC
        expected[Ether].dst = NEXT_HOP_MAC
        expected[IPv6].hlim = 1
        testutils.send_packet(self, 1, bytes(sent))
        testutils.verify_packet(self, bytes(expected), 2)


@without("BNG_ACCESS", "BNG_FORWARD", what="IPv6-only routing")
class DropsNonIpv6AndCounts(SixflowTest):
    """Sixflow routes IPv6 only: an IPv4 packet is dropped and counted as NOT_IPV6."""

    def runTest(self):
        before = self.drop_count(DROP_NOT_IPV6)
        ipv4 = Ether(src=HOST_MAC, dst=ROUTER_MAC) / IP(src="10.0.0.1", dst="10.0.0.2") / UDP() / b"x"
        testutils.send_packet(self, 1, bytes(ipv4))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_NOT_IPV6), before + 1)


class TruncatedIpv6IsNeverForwarded(SixflowTest):
    """A frame that claims IPv6 but ends inside the header must not leave the switch."""

    def runTest(self):
        self.add_route("::", 0, 2, ROUTER_MAC, NEXT_HOP_MAC)
        full = bytes(udp6("fd00:1:2::7"))
        testutils.send_packet(self, 1, full[:14 + 20])
        testutils.verify_no_other_packets(self)


class RoutesOnlyFramesAddressedToTheRouter(SixflowTest):
    """My station: a unicast frame for another MAC is not routed (dropped, counted), whatever
    route its destination has; a frame to a group MAC is, as is one to the router MAC."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        before = self.drop_count(DROP_NOT_MY_STATION)
        stranger = udp6("fd00:1:2::7")
        stranger[Ether].dst = "00:aa:00:00:00:99"
        testutils.send_packet(self, 1, bytes(stranger))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_NOT_MY_STATION), before + 1)

        for dst in ("33:33:00:00:00:07", ROUTER_MAC):
            sent = udp6("fd00:1:2::7")
            sent[Ether].dst = dst
            expected = sent.copy()
            expected[Ether].src = ROUTER_MAC
            expected[Ether].dst = NEXT_HOP_MAC
            expected[IPv6].hlim = 63
            testutils.send_packet(self, 1, bytes(sent))
            testutils.verify_packet(self, bytes(expected), 2)
        testutils.verify_no_other_packets(self)
