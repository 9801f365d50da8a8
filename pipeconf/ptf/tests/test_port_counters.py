# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of the bmv2 top's port counters (v1model/main.p4): what ONOS's port statistics
of a bmv2 device are read from (PortCounterStatistics), since bmv2 has no gNMI."""

import ptf.testutils as testutils
from scapy.layers.inet import UDP
from scapy.layers.inet6 import IPv6
from scapy.layers.l2 import Ether

import p4info_names as names
from base_test import DROP_NO_ROUTE, PUNT_NO_ROUTE, SixflowTest

ROUTER_MAC = "00:aa:00:00:00:01"
NEXT_HOP_MAC = "00:bb:00:00:00:02"


def udp6(dst, size=0):
    return (Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst=dst)
            / UDP(sport=5000, dport=6000) / (b"s" * (56 + size)))


class PortCounterTest(SixflowTest):

    def port_counts(self, port):
        received = self.p4info.counter(names.SIXFLOW_INGRESS_INGRESS_PORT_COUNTER)
        sent = self.p4info.counter(names.SIXFLOW_EGRESS_EGRESS_PORT_COUNTER)
        rx = self.client.read_counter(received.preamble.id, port)
        tx = self.client.read_counter(sent.preamble.id, port)
        return rx.packet_count, rx.byte_count, tx.packet_count, tx.byte_count


class CountsWhatEachPortReceivesAndSends(PortCounterTest):
    """Routed packets count once at the port they came by (packets and octets) and once at the
    port they left by, in the octets they were received with; the other ports stay still."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        before = {port: self.port_counts(port) for port in (1, 2, 3)}
        frames = [udp6("fd00:1:2::7", size) for size in (0, 100, 1000)]
        for frame in frames:
            expected = frame.copy()
            expected[Ether].src = ROUTER_MAC
            expected[Ether].dst = NEXT_HOP_MAC
            expected[IPv6].hlim -= 1
            testutils.send_packet(self, 1, bytes(frame))
            testutils.verify_packet(self, bytes(expected), 2)
        octets = sum(len(bytes(f)) for f in frames)
        after = {port: self.port_counts(port) for port in (1, 2, 3)}
        self.assertEqual(after[1][0] - before[1][0], 3)
        self.assertEqual(after[1][1] - before[1][1], octets)
        self.assertEqual(after[1][2] - before[1][2], 0)
        self.assertEqual(after[2][0] - before[2][0], 0)
        self.assertEqual(after[2][2] - before[2][2], 3)
        self.assertEqual(after[2][3] - before[2][3], octets)
        self.assertEqual(after[3], before[3])


class ADroppedPacketIsReceivedButNotSent(PortCounterTest):
    """A packet without a route counts as received at its port and is sent by none (it is
    punted: the controller's port is counted at its own index, which ONOS never reads)."""

    def runTest(self):
        before = {port: self.port_counts(port) for port in (1, 2, 3)}
        drops = self.drop_count(DROP_NO_ROUTE)
        frame = udp6("fd00:9::1")
        testutils.send_packet(self, 1, bytes(frame))
        self.assertEqual(self.expect_punt(), (1, PUNT_NO_ROUTE, bytes(frame)))
        testutils.verify_no_other_packets(self)
        after = {port: self.port_counts(port) for port in (1, 2, 3)}
        self.assertEqual(after[1][0] - before[1][0], 1)
        self.assertEqual(after[1][1] - before[1][1], len(bytes(frame)))
        self.assertEqual([after[p][2] - before[p][2] for p in (1, 2, 3)], [0, 0, 0])
        self.assertEqual(self.drop_count(DROP_NO_ROUTE), drops + 1)


class APacketOutCountsAsSentByItsPort(PortCounterTest):
    """The controller's packet-out (LLDP, NDP, ICMPv6 errors) leaves by its port and counts there."""

    def runTest(self):
        before = self.port_counts(3)
        frame = bytes(Ether(src=ROUTER_MAC, dst="33:33:00:00:00:01") / IPv6(src="fe80::1", dst="ff02::1")
                      / UDP(sport=1, dport=2) / (b"o" * 40))
        self.packet_out(frame, 3)
        testutils.verify_packet(self, frame, 3)
        after = self.port_counts(3)
        self.assertEqual(after[2] - before[2], 1)
        self.assertEqual(after[0], before[0])
