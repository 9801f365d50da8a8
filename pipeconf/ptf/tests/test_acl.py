# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of control/acl.p4: punt to the controller, drop by rule. Tests of unicast packets
install a route to where they go, so a packet that does not come out was stopped by the ACL, not
by a routing miss."""

import ptf.testutils as testutils
from scapy.layers.inet import UDP
from scapy.layers.inet6 import ICMPv6EchoRequest, ICMPv6ND_NS, IPv6
from scapy.layers.l2 import Ether

import p4info_names as names
from next_hop import routed
from base_test import DROP_ACL, DROP_NO_ROUTE, DROP_PARSER_ERROR, ROUTER_MAC, SixflowTest

NEXT_HOP_MAC = "00:bb:00:00:00:02"
HOST_MAC = "00:00:00:00:00:10"


class PuntedIsNotForwardedAndTheRestIsRouted(SixflowTest):
    """With a route to fd00:1:2::/64 on port 2 and a rule punting Neighbour Solicitations: a
    unicast NS to a routed address reaches the controller with its ingress port and leaves by
    no port; an echo request to the same address matches no rule and is routed to port 2."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        self.insert(names.SIXFLOW_INGRESS_ACL_ACL,
                    {names.HDR_ETH_TYPE: (0x86DD, 0xFFFF), names.HDR_IP_PROTO: (58, 0xFF), names.HDR_ICMP_TYPE: (135, 0xFF)},
                    names.SIXFLOW_INGRESS_ACL_PUNT_TO_CPU, priority=10)
        acl_drops = self.drop_count(DROP_ACL)
        misses = self.drop_count(DROP_NO_ROUTE)

        ns = (Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst="fd00:1:2::7", hlim=255)
              / ICMPv6ND_NS(tgt="fd00:1:2::7"))
        testutils.send_packet(self, 1, bytes(ns))
        port, payload = self.expect_packet_in()
        self.assertEqual(port, 1)
        punted = Ether(payload)
        self.assertEqual((punted[IPv6].src, punted[IPv6].dst, punted[ICMPv6ND_NS].tgt),
                         ("fd00:1:1::10", "fd00:1:2::7", "fd00:1:2::7"))
        testutils.verify_no_other_packets(self)      # punted, and not also routed to port 2

        echo = (Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst="fd00:1:2::7")
                / ICMPv6EchoRequest(id=1, seq=1))
        testutils.send_packet(self, 1, bytes(echo))
        testutils.verify_packet(self, bytes(routed(echo, NEXT_HOP_MAC)), 2)
        testutils.verify_no_other_packets(self)
        self.assertTrue(self.client.packet_ins.empty(), "a packet no rule matches is not punted")
        self.assertEqual(self.drop_count(DROP_ACL), acl_drops)
        self.assertEqual(self.drop_count(DROP_NO_ROUTE), misses)


class PuntsNeighbourSolicitationsWithTheirIngressPort(SixflowTest):
    """An ICMPv6 type-135 rule punts NDP: the controller gets the exact frame and port 3."""

    def runTest(self):
        self.insert(names.SIXFLOW_INGRESS_ACL_ACL,
                    {names.HDR_ETH_TYPE: (0x86DD, 0xFFFF), names.HDR_IP_PROTO: (58, 0xFF), names.HDR_ICMP_TYPE: (135, 0xFF)},
                    names.SIXFLOW_INGRESS_ACL_PUNT_TO_CPU, priority=10)
        ns = (Ether(src="00:00:00:00:00:10", dst="33:33:ff:00:00:01")
              / IPv6(src="fd00:1:1::10", dst="ff02::1:ff00:1", hlim=255) / ICMPv6ND_NS(tgt="fd00:1:1::1"))
        testutils.send_packet(self, 3, bytes(ns))
        port, payload = self.expect_packet_in()
        self.assertEqual(port, 3)
        self.assertEqual(payload, bytes(ns))
        testutils.verify_no_other_packets(self)


class DropsByRuleAndCounts(SixflowTest):
    """A UDP port-9 rule drops routed traffic and counts it as ACL; other ports pass."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        self.insert(names.SIXFLOW_INGRESS_ACL_ACL,
                    {names.HDR_IP_PROTO: (17, 0xFF), names.HDR_L4_DPORT: (9, 0xFFFF)}, names.SIXFLOW_INGRESS_ACL_DROP, priority=10)
        before = self.drop_count(DROP_ACL)

        def udp(dport):
            return (Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst="fd00:1:2::7")
                    / UDP(sport=1000, dport=dport) / b"payload")

        testutils.send_packet(self, 1, bytes(udp(9)))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_ACL), before + 1)

        allowed = udp(10)
        testutils.send_packet(self, 1, bytes(allowed))
        testutils.verify_packet(self, bytes(routed(allowed, NEXT_HOP_MAC)), 2)


class PuntsThePacketAsReceivedNotAsRoutingMadeIt(SixflowTest):
    """A Neighbour Solicitation addressed to the router, whose target has a route: the punt rule
    sends the controller the frame as it came (router MAC, hop limit 255), not the routed one."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        self.insert(names.SIXFLOW_INGRESS_ACL_ACL,
                    {names.HDR_ETH_TYPE: (0x86DD, 0xFFFF), names.HDR_IP_PROTO: (58, 0xFF), names.HDR_ICMP_TYPE: (135, 0xFF)},
                    names.SIXFLOW_INGRESS_ACL_PUNT_TO_CPU, priority=10)
        ns = (Ether(src=HOST_MAC, dst=ROUTER_MAC)
              / IPv6(src="fd00:1:1::10", dst="fd00:1:2::1", hlim=255) / ICMPv6ND_NS(tgt="fd00:1:2::1"))
        testutils.send_packet(self, 1, bytes(ns))
        port, payload = self.expect_packet_in()
        self.assertEqual(port, 1)
        self.assertEqual(payload, bytes(ns))
        testutils.verify_no_other_packets(self)


class NeverPuntsWhatTheParserCondemned(SixflowTest):
    """A rule that punts every IPv6 packet does not rescue a truncated one: it is dropped and
    counted as a parser error, and the controller gets nothing."""

    def runTest(self):
        self.insert(names.SIXFLOW_INGRESS_ACL_ACL, {names.HDR_ETH_TYPE: (0x86DD, 0xFFFF)},
                    names.SIXFLOW_INGRESS_ACL_PUNT_TO_CPU, priority=10)
        before = self.drop_count(DROP_PARSER_ERROR)
        whole = bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst="fd00:1:2::7")
                      / UDP(sport=1, dport=2))
        testutils.send_packet(self, 1, whole[:14 + 30])
        testutils.verify_no_other_packets(self)
        self.assertTrue(self.client.packet_ins.empty())
        self.assertEqual(self.drop_count(DROP_PARSER_ERROR), before + 1)
