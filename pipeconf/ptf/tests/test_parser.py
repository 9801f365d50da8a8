# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of common/parser.p4: the IPv6 extension-header chain walked in order (Hop-by-Hop,
Destination Options, Routing, Fragment) to its bounded depth; an MRH behind other extension
headers is processed; the upper layer comes from the end of the chain, and a fragment other than
the first has no ports."""

import ipaddress

import ptf.testutils as testutils
from scapy.layers.inet import UDP
from scapy.layers.inet6 import (IPv6, IPv6ExtHdrDestOpt, IPv6ExtHdrFragment, IPv6ExtHdrHopByHop,
                                IPv6ExtHdrSegmentRouting, RouterAlert)
from scapy.layers.l2 import Ether

import p4info_names as names
from base_test import DROP_ACL, ROUTER_MAC, SixflowTest
from profiles import requires

NEXT_HOP_MAC = "00:bb:00:00:00:02"
HOST_MAC = "00:00:00:00:00:10"
END_RL = 0x100


def sid(node, argument, pointer):
    return str(ipaddress.IPv6Address((0xFD00 << 112) | (node << 80) | (END_RL << 32) | (argument << 16) | pointer))


def mrh(sids, segments_left=0):
    return (bytes([41, 2 * len(sids), 253, segments_left, 1, 0, 0, 0])
            + b"".join(ipaddress.IPv6Address(s).packed for s in sids))


def inner():
    return bytes(IPv6(src="fd00:1:1::10", dst="ff3e::1", hlim=9) / UDP(sport=4000, dport=5004) / (b"frame" * 8))


def hop_by_hop(next_header):
    """A Router Alert HBH (8 octets) in front of next_header."""
    return bytes([next_header, 0, 0x05, 0x02, 0x00, 0x00, 0x01, 0x00])


def dest_opts(next_header):
    """An 8-octet Destination Options header holding a PadN."""
    return bytes([next_header, 0, 0x01, 0x04, 0, 0, 0, 0])


def install_leaf(test):
    """Node 4's End.RL locator and its leaf SID, whose receivers' group 30 leaves by port 3.
    Returns the leaf SID and a two-M-SID list ending in it."""
    leaf = sid(4, 0, 0)
    test.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_LOCAL_SID,
                {names.HDR_IPV6_DST: (str(ipaddress.IPv6Address((0xFD00 << 112) | (4 << 80) | (END_RL << 32))), 96)},
                names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
    test.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: leaf},
                names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 30})
    test.client.add_multicast_group(30, [(3, 0)])
    return leaf, [sid(3, 0, 1), leaf]


def frame(dst_mac, src_mac, ipv6_header_fields, extensions, payload, first_next_header, hlim=64):
    body = extensions + payload
    header = bytes(IPv6(src=ipv6_header_fields[0], dst=ipv6_header_fields[1], hlim=hlim, nh=first_next_header,
                        plen=len(body)))[:40]
    return (bytes.fromhex(dst_mac.replace(":", "")) + bytes.fromhex(src_mac.replace(":", "")) + b"\x86\xdd"
            + header + body)


@requires("MSR6")
class MrhBehindAHopByHopHeaderIsProcessed(SixflowTest):
    """An End.RL SID behind a Router Alert HBH: both copies leave with the HBH where it was and
    their own Segments Left and destination."""

    def runTest(self):
        me = sid(2, 1, 1)
        sids = [me, sid(3, 0, 0), sid(4, 0, 0)]
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_LOCAL_SID,
                    {names.HDR_IPV6_DST: (str(ipaddress.IPv6Address((0xFD00 << 112) | (2 << 80) | (END_RL << 32))), 96)},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 10})
        self.replication_group(10, [(2, 0), (3, 1)], sids, pointer=1)
        sent = frame(ROUTER_MAC, HOST_MAC, ("fd00:1:1::1", me), hop_by_hop(43) + mrh(sids), inner(), 0)
        testutils.send_packet(self, 1, sent)
        for port, sl in ((2, 1), (3, 2)):
            testutils.verify_packet(self, frame(ROUTER_MAC, HOST_MAC, ("fd00:1:1::1", sids[sl]),
                                                hop_by_hop(43) + mrh(sids, sl), inner(), 0, hlim=63), port)
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class LeafBehindDestinationOptionsDecapsulates(SixflowTest):
    """A leaf SID behind a Destination Options header: the outer header, its Destination Options
    and the MRH go; the inner packet is delivered."""

    def runTest(self):
        leaf, sids = install_leaf(self)
        testutils.send_packet(self, 1, frame(ROUTER_MAC, HOST_MAC, ("fd00:1:1::1", leaf),
                                             dest_opts(43) + mrh(sids, 1), inner(), 60))
        delivered = bytes.fromhex((ROUTER_MAC + HOST_MAC).replace(":", "")) + b"\x86\xdd" + inner()
        testutils.verify_packet(self, delivered, 3)
        testutils.verify_no_other_packets(self)


class UpperLayerComesFromTheEndOfTheChain(SixflowTest):
    """An ACL rule on UDP port 9 drops datagrams behind any chain the parser walks (HBH + DOH,
    a Segment Routing Header, a first fragment) and passes others; a later fragment, whose bytes
    where the port would be say 9, has no ports and goes through."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        self.insert(names.SIXFLOW_INGRESS_ACL_ACL,
                    {names.HDR_IP_PROTO: (17, 0xFF), names.HDR_L4_DPORT: (9, 0xFFFF)},
                    names.SIXFLOW_INGRESS_ACL_DROP, priority=10)
        base = Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst="fd00:1:2::7")
        chains = [
            IPv6ExtHdrHopByHop(options=[RouterAlert()]) / IPv6ExtHdrDestOpt(),
            IPv6ExtHdrSegmentRouting(addresses=["fd00:1:2::7"], segleft=0),
            IPv6ExtHdrFragment(offset=0, m=1, id=7),
        ]
        for chain in chains:
            before = self.drop_count(DROP_ACL)
            testutils.send_packet(self, 1, bytes(base / chain / UDP(sport=1000, dport=9) / b"blocked"))
            testutils.verify_no_other_packets(self)
            self.assertEqual(self.drop_count(DROP_ACL), before + 1, chain.summary())
            allowed = base / chain / UDP(sport=1000, dport=10) / b"allowed"
            testutils.send_packet(self, 1, bytes(allowed))
            testutils.verify_packet(self, routed(bytes(allowed)), 2)

        later = base / IPv6ExtHdrFragment(nh=17, offset=10, m=0, id=7) / (b"\x03\xe8\x00\x09" + b"rest of it")
        testutils.send_packet(self, 1, bytes(later))
        testutils.verify_packet(self, routed(bytes(later)), 2)
        testutils.verify_no_other_packets(self)


class ProtocolIsTheNextHeaderWhereTheChainEnds(SixflowTest):
    """An ACL rule on IP protocol 59 (No Next Header) drops packets whose chain ends in it behind
    each header the parser reads (IPv6, HBH, Destination Options, a Segment Routing Header, a
    later fragment) and passes one whose chain stops at a header it does not read (Destination
    Options between an HBH and a Routing header: ip_proto 60). ip_proto is written once per
    parser path (Tofino's parser cannot overwrite it): by the header whose Next Header ends the
    chain."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        self.insert(names.SIXFLOW_INGRESS_ACL_ACL, {names.HDR_IP_PROTO: (59, 0xFF)},
                    names.SIXFLOW_INGRESS_ACL_DROP, priority=10)
        addresses = ("fd00:1:1::10", "fd00:1:2::7")
        srh = bytes(IPv6ExtHdrSegmentRouting(nh=59, addresses=["fd00:1:2::7"], segleft=0))
        fragment = bytes(IPv6ExtHdrFragment(nh=59, offset=10, m=0, id=7))
        ending_in_59 = [
            (b"", 59),
            (hop_by_hop(59), 0),
            (dest_opts(59), 60),
            (srh, 43),
            (hop_by_hop(60) + dest_opts(59), 0),
            (bytes(IPv6ExtHdrSegmentRouting(nh=60, addresses=["fd00:1:2::7"], segleft=0)) + dest_opts(59), 43),
            (fragment, 44),
        ]
        for extensions, first in ending_in_59:
            before = self.drop_count(DROP_ACL)
            testutils.send_packet(self, 1, frame(ROUTER_MAC, HOST_MAC, addresses, extensions, b"payload", first))
            testutils.verify_no_other_packets(self)
            self.assertEqual(self.drop_count(DROP_ACL), before + 1, extensions.hex())

        unread = hop_by_hop(60) + dest_opts(43) + bytes(IPv6ExtHdrSegmentRouting(nh=59, addresses=["fd00:1:2::7"],
                                                                                   segleft=0))
        passed = frame(ROUTER_MAC, HOST_MAC, addresses, unread, b"payload", 0)
        testutils.send_packet(self, 1, passed)
        testutils.verify_packet(self, routed(passed), 2)
        testutils.verify_no_other_packets(self)


class ChainsPastTheBoundAreForwardedAsTheyCame(SixflowTest):
    """An HBH longer than the parser walks (Hdr Ext Len 3) and a Destination Options header after
    a fragment end the chain: the packets are routed with every octet behind them intact."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        base = Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst="fd00:1:2::7")
        long_hbh = bytes([17, 3, 0x01, 30]) + bytes(30)
        packets = [
            frame(ROUTER_MAC, HOST_MAC, ("fd00:1:1::10", "fd00:1:2::7"), long_hbh, bytes(UDP(sport=1, dport=9)), 0),
            bytes(base / IPv6ExtHdrFragment(offset=0, id=3) / IPv6ExtHdrDestOpt() / UDP(sport=1, dport=9)),
        ]
        for sent in packets:
            testutils.send_packet(self, 1, sent)
            testutils.verify_packet(self, routed(sent), 2)
        testutils.verify_no_other_packets(self)


def routed(sent):
    out = bytearray(sent)
    out[0:6] = bytes.fromhex(NEXT_HOP_MAC.replace(":", ""))
    out[6:12] = bytes.fromhex(ROUTER_MAC.replace(":", ""))
    out[21] -= 1
    return bytes(out)


class PayloadShorterThanALookAheadIsRouted(SixflowTest):
    """IPv6 packets with less payload than 4 octets (none, behind No Next Header; 2 octets of an
    unknown protocol) are well formed and routed: no state looks past the end of such a packet
    (bmv2 raises PacketTooShort at any lookahead past the end, whatever the branch taken)."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        for next_header, payload in ((59, b""), (253, b"\x01\x02"), (17, b"\x00")):
            sent = frame(ROUTER_MAC, HOST_MAC, ("fd00:1:1::10", "fd00:1:2::7"), b"", payload, next_header)
            testutils.send_packet(self, 1, sent)
            if next_header == 17:
                # A UDP header cut short is truncated: the parser's error, dropped.
                testutils.verify_no_other_packets(self)
            else:
                testutils.verify_packet(self, routed(sent), 2)
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class LeafDeliversAnInnerPacketWithoutPayload(SixflowTest):
    """A leaf delivers an inner IPv6 packet that carries nothing (No Next Header, no payload):
    the parser does not look ahead past it."""

    def runTest(self):
        leaf, sids = install_leaf(self)
        empty = bytes(IPv6(src="fd00:1:1::10", dst="ff3e::1", hlim=9, nh=59, plen=0))[:40]
        testutils.send_packet(self, 1, frame(ROUTER_MAC, HOST_MAC, ("fd00:1:1::1", leaf),
                                             mrh(sids, 1), empty, 43))
        delivered = bytes.fromhex((ROUTER_MAC + HOST_MAC).replace(":", "")) + b"\x86\xdd" + empty
        testutils.verify_packet(self, delivered, 3)
        testutils.verify_no_other_packets(self)
