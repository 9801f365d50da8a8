# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of control/routing.p4: IPv6 LPM next hop, MAC rewrite, hop limit, and the punts
for the controller's ICMPv6 answers (Time Exceeded, Destination Unreachable, Echo Reply); and of
control/scope.p4: nothing forwarded out of its addresses' scope."""

import ptf.testutils as testutils
from scapy.layers.inet import UDP, IP
from scapy.layers.inet6 import ICMPv6EchoRequest, IPv6
from scapy.layers.l2 import Ether

import p4info_names as names
from next_hop import routed
from base_test import (DROP_HOP_LIMIT, DROP_NO_ROUTE, DROP_NOT_IPV6, DROP_NOT_MY_STATION, DROP_OUT_OF_SCOPE,
                       DROP_PARSER_ERROR, PUNT_FOR_ROUTER, PUNT_HOP_LIMIT, PUNT_NO_ROUTE, PUNT_OUT_OF_SCOPE,
                       SixflowTest)
from profiles import without

ROUTER_MAC = "00:aa:00:00:00:01"
NEXT_HOP_MAC = "00:bb:00:00:00:02"
HOST_MAC = "00:00:00:00:00:10"


def udp6(dst, hlim=64, src="fd00:1:1::10"):
    return (Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src=src, dst=dst, hlim=hlim)
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


class PuntsWithoutARouteForDestinationUnreachable(SixflowTest):
    """No matching route: the packet is dropped, drop_counter[NO_ROUTE] goes up by one, and it
    reaches the controller as received, with its ingress port and punt reason NO_ROUTE (for the
    ICMPv6 Destination Unreachable, RFC 4443 3.1); it leaves by no port."""

    def runTest(self):
        before = self.drop_count(DROP_NO_ROUTE)
        sent = udp6("fd00:9::1")
        testutils.send_packet(self, 1, bytes(sent))
        self.assertEqual(self.expect_punt(), (1, PUNT_NO_ROUTE, bytes(sent)))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_NO_ROUTE), before + 1)


class PuntsExpiringHopLimitForTimeExceeded(SixflowTest):
    """Hop limit 1 (or 0) cannot be forwarded, even with a route: dropped, counted
    (drop_counter[HOP_LIMIT]) and punted as received (hop limit and MACs untouched) with punt
    reason HOP_LIMIT, for the ICMPv6 Time Exceeded (RFC 4443 3.3). Hop limit 2 still goes out."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        before = self.drop_count(DROP_HOP_LIMIT)
        for hlim in (1, 0):
            sent = udp6("fd00:1:2::7", hlim=hlim)
            testutils.send_packet(self, 3, bytes(sent))
            self.assertEqual(self.expect_punt(), (3, PUNT_HOP_LIMIT, bytes(sent)))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_HOP_LIMIT), before + 2)

        # Hop limit 2 still goes out, with 1 left.
        sent = udp6("fd00:1:2::7", hlim=2)
        expected = sent.copy()
        expected[Ether].src = ROUTER_MAC
        expected[Ether].dst = NEXT_HOP_MAC
        expected[IPv6].hlim = 1
        testutils.send_packet(self, 1, bytes(sent))
        testutils.verify_packet(self, bytes(expected), 2)
        self.assertTrue(self.client.packet_ins.empty(), "a forwarded packet is not punted")


class FullSizePacketsArePuntedWhole(SixflowTest):
    """The punts above for packets of a full 1500-octet link (tracepath probes at the path MTU):
    a packet punted leaves by the CPU port, whose size no MTU limits, and is not dropped there as
    the drop the ingress counted for it."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        self.insert(names.SIXFLOW_EGRESS_MTU_PORT_MTU, {names.HDR_EG_PORT: 2}, names.SIXFLOW_EGRESS_MTU_SET_MTU,
                    {names.MTU: 1500})
        payload = b"x" * (1500 - 40 - 8)
        spent = (Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst="fd00:1:2::7", hlim=1)
                 / UDP(sport=5000, dport=6000) / payload)
        testutils.send_packet(self, 3, bytes(spent))
        self.assertEqual(self.expect_punt(), (3, PUNT_HOP_LIMIT, bytes(spent)))
        unrouted = (Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst="fd00:9::1")
                    / UDP(sport=5000, dport=6000) / payload)
        testutils.send_packet(self, 3, bytes(unrouted))
        self.assertEqual(self.expect_punt(), (3, PUNT_NO_ROUTE, bytes(unrouted)))
        testutils.verify_no_other_packets(self)


class DropsMulticastItCannotRouteWithoutPunting(SixflowTest):
    """No ICMPv6 error for a packet to a multicast address (RFC 4443 2.4 e): an MLD report at
    hop limit 1 and an mDNS query at 255 (no route) are dropped and counted, never punted."""

    def runTest(self):
        hop_limits = self.drop_count(DROP_HOP_LIMIT)
        misses = self.drop_count(DROP_NO_ROUTE)
        mld = (Ether(src=HOST_MAC, dst="33:33:00:00:00:16") / IPv6(src="fe80::10", dst="ff02::16", hlim=1)
               / UDP(sport=1, dport=2) / b"mld")
        mdns = (Ether(src=HOST_MAC, dst="33:33:00:00:00:fb") / IPv6(src="fe80::10", dst="ff02::fb", hlim=255)
                / UDP(sport=5353, dport=5353) / b"mdns")
        testutils.send_packet(self, 1, bytes(mld))
        testutils.send_packet(self, 1, bytes(mdns))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_HOP_LIMIT), hop_limits + 1)
        self.assertEqual(self.drop_count(DROP_NO_ROUTE), misses + 1)
        self.assertTrue(self.client.packet_ins.empty(), "multicast is never punted for an ICMPv6 error")


class PuntsTheRoutersOwnAddress(SixflowTest):
    """A /128 with punt_to_router (the controller writes one per router address): an Echo Request
    to the router's fd00:1:2::1 reaches the controller as received with punt reason FOR_ROUTER and
    is not counted as a drop, while the rest of fd00:1:2::/64 is routed."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        self.insert(names.SIXFLOW_INGRESS_ROUTING_ROUTING_V6, {names.HDR_IPV6_DST: ("fd00:1:2::1", 128)},
                    names.SIXFLOW_INGRESS_ROUTING_PUNT_TO_ROUTER)
        drops = [self.drop_count(r) for r in (DROP_NO_ROUTE, DROP_HOP_LIMIT)]
        ping = (Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst="fd00:1:2::1")
                / ICMPv6EchoRequest(id=0x1234, seq=7, data=b"sixflow"))
        testutils.send_packet(self, 1, bytes(ping))
        self.assertEqual(self.expect_punt(), (1, PUNT_FOR_ROUTER, bytes(ping)))
        testutils.verify_no_other_packets(self)
        self.assertEqual([self.drop_count(r) for r in (DROP_NO_ROUTE, DROP_HOP_LIMIT)], drops)

        sent = udp6("fd00:1:2::7")
        expected = sent.copy()
        expected[Ether].src = ROUTER_MAC
        expected[Ether].dst = NEXT_HOP_MAC
        expected[IPv6].hlim = 63
        testutils.send_packet(self, 1, bytes(sent))
        testutils.verify_packet(self, bytes(expected), 2)
        self.assertTrue(self.client.packet_ins.empty(), "only the router's own address is punted")


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


class PacketsCutShortOfTheirPayloadLengthAreNeverForwarded(SixflowTest):
    """A frame that ends before its IPv6 Payload Length says the packet does (its headers whole,
    its payload cut) is truncated: dropped and counted as the parser's error, not forwarded with
    a length that promises octets it does not carry. A frame longer than its packet (Ethernet
    padding after a short one, trailing octets) is routed."""

    def runTest(self):
        self.add_route("::", 0, 2, ROUTER_MAC, NEXT_HOP_MAC)
        before = self.drop_count(DROP_PARSER_ERROR)
        full = bytes(udp6("fd00:1:2::7"))
        for cut in (1, 8, 40):
            testutils.send_packet(self, 1, full[:-cut])
        claims_more = udp6("fd00:1:2::7")
        claims_more[IPv6].plen = len(claims_more[IPv6].payload) + 1
        testutils.send_packet(self, 1, bytes(claims_more))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_PARSER_ERROR), before + 4)

        # The whole frame, and one with octets after the packet, are routed as they came.
        for trailer in (b"", bytes(6), b"padding" * 3):
            testutils.send_packet(self, 1, full + trailer)
            expected = bytearray(full + trailer)
            expected[0:12] = bytes.fromhex((NEXT_HOP_MAC + ROUTER_MAC).replace(":", ""))
            expected[14 + 7] -= 1   # the hop limit
            testutils.verify_packet(self, bytes(expected), 2)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_PARSER_ERROR), before + 4)


class Ipv6OfAnotherVersionIsDropped(SixflowTest):
    """A frame whose EtherType says IPv6 but whose header's Version is not 6 is not an IPv6 packet
    (RFC 8200 section 3): never routed, whatever its destination's route, but dropped and counted
    as the parser's error, as a host's stack drops it."""

    def runTest(self):
        self.add_route("::", 0, 2, ROUTER_MAC, NEXT_HOP_MAC)
        before = self.drop_count(DROP_PARSER_ERROR)
        for version in (4, 0, 7, 15):
            sent = udp6("fd00:1:2::7")
            sent[IPv6].version = version
            testutils.send_packet(self, 1, bytes(sent))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_PARSER_ERROR), before + 4)
        # The same packet with Version 6 is routed: the route is there.
        testutils.send_packet(self, 1, bytes(udp6("fd00:1:2::7")))
        expected = udp6("fd00:1:2::7", hlim=63)
        expected[Ether].src = ROUTER_MAC
        expected[Ether].dst = NEXT_HOP_MAC
        testutils.verify_packet(self, bytes(expected), 2)


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


class NothingIsForwardedOutOfItsScope(SixflowTest):
    """RFC 4291: a router forwards no packet from a link-local, unspecified, loopback or multicast
    source (0000::/16 also holds the IPv4-compatible and -mapped addresses), and none to a
    link-local, unspecified or loopback destination, however it is routed (here by a default
    route, which covers them all). Each is dropped and counted as OUT_OF_SCOPE, and punted
    OUT_OF_SCOPE as routing left it (the next hop's MACs, the hop limit one lower:
    control/scope.p4), for the controller's Destination Unreachable, code 2, to a link-local
    source. The same route forwards the global addresses next to those prefixes."""

    def runTest(self):
        self.add_route("::", 0, 2, ROUTER_MAC, NEXT_HOP_MAC)
        before = self.drop_count(DROP_OUT_OF_SCOPE)
        out_of_scope = [udp6("fd00:1:2::7", src=src) for src in
                        ("fe80::10", "febf:ffff::1", "::", "::1", "::ffff:192.0.2.1", "ff0e::1", "ff02::1")]
        out_of_scope += [udp6(dst) for dst in ("fe80::20", "::1", "::", "::ffff:192.0.2.1")]
        for count, sent in enumerate(out_of_scope, 1):
            what = "%s -> %s" % (sent[IPv6].src, sent[IPv6].dst)
            testutils.send_packet(self, 1, bytes(sent))
            self.assertEqual(self.expect_punt(), (1, PUNT_OUT_OF_SCOPE, bytes(routed(sent, NEXT_HOP_MAC))), what)
            testutils.verify_no_other_packets(self)
            self.assertEqual(self.drop_count(DROP_OUT_OF_SCOPE), before + count, what)
        self.assertTrue(self.client.packet_ins.empty(), "one punt each")

        # Just outside the prefixes: fec0::/10 after fe80::/10, 0001::/16 after 0000::/16, NAT64's
        # 64:ff9b::/96, a global source to and from each.
        for src, dst in (("fec0::10", "fd00:1:2::7"), ("1::10", "fd00:1:2::7"), ("64:ff9b::c000:201", "fd00:1:2::7"),
                         ("fd00:1:1::10", "fec0::20"), ("fd00:1:1::10", "1::20"), ("fd00:1:1::10", "2001:db8::1")):
            sent = udp6(dst, src=src)
            testutils.send_packet(self, 1, bytes(sent))
            testutils.verify_packet(self, bytes(routed(sent, NEXT_HOP_MAC)), 2)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_OUT_OF_SCOPE), before + len(out_of_scope))


class LinkScopedGroupsAreNeverForwarded(SixflowTest):
    """A multicast destination of scope 0, 1 or 2 (reserved, interface-local, link-local: its
    fourth hex digit, whatever its flags) never leaves the link, even with a route that covers it:
    dropped and counted as OUT_OF_SCOPE, and not punted (no ICMPv6 error for a packet to a group,
    RFC 4443 2.4 e). A group of a wider scope is not the scope check's to drop (the test's default
    route forwards it; the controller's routes never cover ff00::/8)."""

    def runTest(self):
        self.add_route("::", 0, 2, ROUTER_MAC, NEXT_HOP_MAC)
        before = self.drop_count(DROP_OUT_OF_SCOPE)
        groups = ("ff00::1", "ff01::1", "ff02::1", "ff12::1:2", "ff32::fb", "ff02::1:ff00:7")
        for group in groups:
            testutils.send_packet(self, 1, bytes(udp6(group, src="fd00:1:1::10")))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_OUT_OF_SCOPE), before + len(groups))
        self.assertTrue(self.client.packet_ins.empty(), "nothing to a group is punted")

        for group in ("ff03::1", "ff05::2", "ff0e::1"):
            sent = udp6(group)
            testutils.send_packet(self, 1, bytes(sent))
            testutils.verify_packet(self, bytes(routed(sent, NEXT_HOP_MAC)), 2)
        testutils.verify_no_other_packets(self)


class ThePacketsOfItsOwnLinkStillReachTheRouter(SixflowTest):
    """What the scope check drops is only what would be forwarded: a ping from a link-local source
    to the router's link-local address, or to its global one, is punted FOR_ROUTER as before; a
    link-local packet at hop limit 1 is still the hop limit's (Time Exceeded) and one without a
    route still NO_ROUTE's, as they were before the check: neither is counted as OUT_OF_SCOPE."""

    def runTest(self):
        for own in ("fe80::2aa:ff:fe00:1", "fd00:1:2::1"):
            self.insert(names.SIXFLOW_INGRESS_ROUTING_ROUTING_V6, {names.HDR_IPV6_DST: (own, 128)},
                        names.SIXFLOW_INGRESS_ROUTING_PUNT_TO_ROUTER)
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        scoped = self.drop_count(DROP_OUT_OF_SCOPE)
        for own in ("fe80::2aa:ff:fe00:1", "fd00:1:2::1"):
            ping = (Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src="fe80::10", dst=own)
                    / ICMPv6EchoRequest(id=0x1234, seq=7, data=b"sixflow"))
            testutils.send_packet(self, 1, bytes(ping))
            self.assertEqual(self.expect_punt(), (1, PUNT_FOR_ROUTER, bytes(ping)))

        expired = udp6("fd00:1:2::7", hlim=1, src="fe80::10")
        testutils.send_packet(self, 1, bytes(expired))
        self.assertEqual(self.expect_punt(), (1, PUNT_HOP_LIMIT, bytes(expired)))
        unrouted = udp6("fd00:9::1", src="fe80::10")
        testutils.send_packet(self, 1, bytes(unrouted))
        self.assertEqual(self.expect_punt(), (1, PUNT_NO_ROUTE, bytes(unrouted)))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_OUT_OF_SCOPE), scoped)
