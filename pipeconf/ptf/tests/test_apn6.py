# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of control/apn6.p4: option insertion, skip, transit SLA, strip, malformed."""

import ptf.testutils as testutils
from scapy.layers.inet import UDP
from scapy.layers.inet6 import IPv6, IPv6ExtHdrDestOpt, IPv6ExtHdrHopByHop, RouterAlert
from scapy.layers.l2 import Ether

import p4info_names as names
from base_test import DROP_APN6_MALFORMED, DROP_PARSER_ERROR, EVENT_APN6_SKIPPED, SixflowTest
from profiles import requires

ROUTER_MAC = "00:aa:00:00:00:01"
NEXT_HOP_MAC = "00:bb:00:00:00:02"
ALL_PORTS = (0, 0x1FF)
ANY_L4 = (0, 0xFFFF)


def udp6(dport=6000, hlim=64):
    return (Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst="fd00:1:2::7", hlim=hlim)
            / UDP(sport=5000, dport=dport) / (b"apn6" * 10))


def apn6_hbh(next_header, sla, app, user, flow):
    """The 24 octets docs/features/apn6.md fixes: HBH(2) + option(18) + PadN(4)."""
    return (bytes([next_header, 2, 0x1E, 16]) + sla.to_bytes(4, "big") + app.to_bytes(4, "big")
            + user.to_bytes(4, "big") + flow.to_bytes(4, "big") + bytes([1, 2, 0, 0]))


def with_apn6(packet, sla, app, user, flow):
    """The bytes of packet with Sixflow's APN6 HBH inserted after its IPv6 header."""
    raw = bytes(packet)
    ipv6 = bytearray(raw[14:54])
    payload_len = int.from_bytes(ipv6[4:6], "big") + 24
    ipv6[4:6] = payload_len.to_bytes(2, "big")
    next_header = ipv6[6]
    ipv6[6] = 0
    return raw[:14] + bytes(ipv6) + apn6_hbh(next_header, sla, app, user, flow) + raw[54:]


def routed(frame, smac=ROUTER_MAC, dmac=NEXT_HOP_MAC):
    """frame after a routing hop: new MACs, hop limit one lower."""
    out = bytearray(frame)
    out[0:6] = bytes.fromhex(dmac.replace(":", ""))
    out[6:12] = bytes.fromhex(smac.replace(":", ""))
    out[21] -= 1
    return bytes(out)


@requires("APN6")
class Apn6Test(SixflowTest):
    def setUp(self):
        SixflowTest.setUp(self)
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)

    def classify_udp_6000(self, sla=3, app=0x1234, user=0xABC, flow=7, ports=True):
        match = {names.HDR_IPV6_SRC: ("fd00:1:1::", "ffff:ffff:ffff:ffff::"), names.HDR_IP_PROTO: (17, 0xFF)}
        if ports:
            match[names.HDR_L4_DPORT] = (6000, 6000)
        return self.insert(names.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER, match,
                           names.SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6,
                           {names.SLA_LEVEL: sla, names.APP_ID: app, names.USER_ID: user, names.FLOW_ID: flow},
                           priority=100)


@requires("APN6")
class InsertsTheOptionExactly(Apn6Test):
    """A matching packet leaves with the 24-octet HBH after its IPv6 header, Payload Length
    +24, Next Header chained; the UDP datagram (and its checksum) is untouched. Counted by the
    policy's entry (apn6_classifier_counter), a packet outside it not."""

    def runTest(self):
        policy = self.classify_udp_6000()
        sent = udp6()
        testutils.send_packet(self, 1, bytes(sent))
        testutils.verify_packet(self, routed(with_apn6(sent, 3, 0x1234, 0xABC, 7)), 2)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.entry_packets(policy), 1)

        # Outside the port range: no option.
        other = udp6(dport=6001)
        testutils.send_packet(self, 1, bytes(other))
        testutils.verify_packet(self, routed(bytes(other)), 2)
        self.assertEqual(self.entry_packets(policy), 1)


@requires("APN6")
class SkipsPacketsThatAlreadyHaveAHopByHopHeader(Apn6Test):
    """Never a second HBH: a matching packet with a Router Alert HBH (the policy sees its UDP port
    behind it) is forwarded as it came (but for the routing hop) and counted as skipped, besides
    the policy's match."""

    def runTest(self):
        policy = self.classify_udp_6000()
        before = self.event_count(EVENT_APN6_SKIPPED)
        sent = (Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst="fd00:1:2::7")
                / IPv6ExtHdrHopByHop(options=[RouterAlert()]) / UDP(sport=5000, dport=6000) / (b"x" * 20))
        testutils.send_packet(self, 1, bytes(sent))
        testutils.verify_packet(self, routed(bytes(sent)), 2)
        self.assertEqual(self.event_count(EVENT_APN6_SKIPPED), before + 1)
        self.assertEqual(self.entry_packets(policy), 1)


@requires("APN6")
class InsertsInFrontOfDestinationOptions(Apn6Test):
    """The classifier sees the UDP port behind a Destination Options header, and the option's HBH
    goes first in the chain, as RFC 8200 orders it: IPv6, HBH, Destination Options, UDP."""

    def runTest(self):
        self.classify_udp_6000()
        sent = (Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst="fd00:1:2::7")
                / IPv6ExtHdrDestOpt() / UDP(sport=5000, dport=6000) / (b"d" * 20))
        testutils.send_packet(self, 1, bytes(sent))
        testutils.verify_packet(self, routed(with_apn6(sent, 3, 0x1234, 0xABC, 7)), 2)
        testutils.verify_no_other_packets(self)


@requires("APN6")
class TransitGivesSlaLevelItsPriority(Apn6Test):
    """A transit router gives SLA level 5 its queue priority (the entry counts the packet it
    matched), routes it as any packet and leaves the option in place; level 1 matches nothing."""

    def runTest(self):
        sla = self.insert(names.SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_SLA,
                          {names.HDR_SLA_LEVEL: (5, 0xFFFFFFFF)},
                          names.SIXFLOW_INGRESS_APN6_POST_ROUTING_SET_PRIORITY, {names.PRIORITY: 5}, priority=10)
        fast = with_apn6(udp6(), 5, 1, 2, 3)
        testutils.send_packet(self, 1, fast)
        testutils.verify_packet(self, routed(fast), 2)
        slow = with_apn6(udp6(), 1, 1, 2, 3)
        testutils.send_packet(self, 1, slow)
        testutils.verify_packet(self, routed(slow), 2)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.entry_packets(sla), 1)


@requires("APN6")
class EgressEdgeStripsTheOption(Apn6Test):
    """The egress edge removes the option of APP ID 0x42 and restores the original packet."""

    def runTest(self):
        strip = self.insert(names.SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_STRIP,
                            {names.HDR_APP_ID: (0x42, 0xFFFFFFFF)},
                            names.SIXFLOW_INGRESS_APN6_POST_ROUTING_STRIP_APN6, priority=10)
        original = udp6()
        testutils.send_packet(self, 1, with_apn6(original, 9, 0x42, 1, 1))
        testutils.verify_packet(self, routed(bytes(original)), 2)
        # Counted by the strip entry itself (apn6_strip_counter), not by the event counter.
        self.assertEqual(self.entry_packets(strip), 1)


@requires("APN6")
class MalformedOptionIsDroppedAndCounted(Apn6Test):
    """Option type 0x1E with a length other than 16 is malformed: dropped, counted."""

    def runTest(self):
        bad = bytearray(with_apn6(udp6(), 1, 2, 3, 4))
        bad[54 + 3] = 12
        before = self.drop_count(DROP_APN6_MALFORMED)
        testutils.send_packet(self, 1, bytes(bad))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_APN6_MALFORMED), before + 1)


@requires("APN6")
class TruncatedOptionIsDroppedAndCounted(Apn6Test):
    """A packet that ends inside the option never leaves the switch."""

    def runTest(self):
        truncated = with_apn6(udp6(), 1, 2, 3, 4)[:14 + 40 + 10]
        before = self.drop_count(DROP_PARSER_ERROR)
        testutils.send_packet(self, 1, truncated)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_PARSER_ERROR), before + 1)
