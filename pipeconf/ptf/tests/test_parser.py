# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of common/parser.p4: the IPv6 extension-header chain walked in order (Hop-by-Hop,
Destination Options, Routing, Fragment) to its bounded depth; an MRH behind other extension
headers is processed; the upper layer comes from the end of the chain, and a fragment other than
the first has no ports. And transit packets with random chains (any order, any repetition,
lengths past what the parser walks, Routing types it does and does not know, first and later
fragments, an Authentication Header, ended by UDP, a G-PDU to another router's N3 address, TCP,
ICMPv6, IPv6 in IPv6, ESP, No Next Header or an unknown protocol; what a G-PDU, Next Header 41 or
an ICMPv6 error carries sometimes shorter than an IPv6 header): a unicast packet that is not
this router's leaves byte for byte as it came but for its MACs and hop limit (RFC 8200 section 4:
only the node a header is addressed to processes it); under a match-all APN6 policy it leaves
with Sixflow's HBH in front of its chain, or as it came where the policy does not apply (an HBH
of its own, a Routing header, a G-PDU's Destination Options header in front of its UDP header),
never otherwise changed. Seeded, so a failure names a packet that can be sent again."""

import ipaddress
import random

import ptf.testutils as testutils
from scapy.layers.inet import UDP
from scapy.layers.inet6 import (IPv6, IPv6ExtHdrDestOpt, IPv6ExtHdrFragment, IPv6ExtHdrHopByHop,
                                IPv6ExtHdrSegmentRouting, RouterAlert)
from scapy.layers.l2 import Ether

import p4defines
import p4info_names as names
from base_test import DROP_ACL, EVENT_APN6_SKIPPED, ROUTER_MAC, SixflowTest
from profiles import features, requires
from test_apn6 import with_apn6

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


def delivered(inner_packet):
    """What a leaf's receivers get of inner_packet (bytes): it alone, under the frame's own MACs
    (install_leaf writes no adjacency)."""
    return bytes.fromhex((ROUTER_MAC + HOST_MAC).replace(":", "")) + b"\x86\xdd" + inner_packet


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
        testutils.verify_packet(self, delivered(inner()), 3)
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
        testutils.verify_packet(self, delivered(empty), 3)
        testutils.verify_no_other_packets(self)


# Random chains in transit ------------------------------------------------------------------

SEED = 20261205
PACKETS = 1500
HBH, ROUTING, FRAGMENT, DEST_OPTS, AH = 0, 43, 44, 60, 51
GTPU_PORT = 2152
# What ends the chain: its Next Header value.
UPPER_LAYERS = {"udp": 17, "gtpu": 17, "tcp": 6, "icmpv6": 58, "none": 59, "unknown": 253, "ipv6": 41,
                "esp": 50}


def random_bytes(rng, count):
    return bytes(rng.getrandbits(8) for _ in range(count))


def options(rng, octets):
    """octets of well-formed options a transit router skips: Pad1, PadN, an option whose type
    says skip it if unknown (00 in its top bits: PDM's 0x0F, SMF_DPD's 0x08; not 0x1E, the
    experimental type Sixflow's APN6 takes), or a Router Alert."""
    out = b""
    while len(out) < octets:
        left = octets - len(out)
        kind = rng.choice(("pad1", "padn", "skip", "alert"))
        if kind == "pad1" or left < 2:
            out += b"\x00"
        elif kind == "alert" and left >= 4:
            out += bytes([0x05, 0x02, 0x00, rng.choice((0x00, 0x01, 0x02))])
        elif kind == "skip":
            size = rng.randint(0, left - 2)
            out += bytes([rng.choice((0x0F, 0x08)), size]) + random_bytes(rng, size)
        else:
            size = rng.randint(0, left - 2)
            out += bytes([0x01, size]) + bytes(size)
    return out


def options_header(rng, next_header):
    words = rng.choice((0, 0, 1, 2, 3, 4))
    return bytes([next_header, words]) + options(rng, 6 + 8 * words)


def routing_header(rng, next_header):
    kind = rng.choice(("srh", "mrh", "rh0", "rh2", "other"))
    if kind == "srh":
        segments = rng.randint(1, 4)
        return (bytes([next_header, 2 * segments, 4, rng.randint(0, segments - 1), segments - 1, 0, 0, 0])
                + random_bytes(rng, 16 * segments))
    if kind == "mrh":
        # An MRH whose SIDs are not this router's (none is installed), of any length.
        length = rng.choice((2, 4, 6, 8, 16, 3, 1))
        return (bytes([next_header, length, 253, rng.randint(0, 3), rng.choice((1, 3, 2)), 0, 0, 0])
                + random_bytes(rng, 8 * length))
    if kind == "rh0":
        return bytes([next_header, 2, 0, 1]) + bytes(4) + random_bytes(rng, 16)
    if kind == "rh2":
        return bytes([next_header, 2, 2, 1]) + bytes(4) + random_bytes(rng, 16)
    length = rng.choice((0, 1, 2, 5))
    return bytes([next_header, length, rng.choice((1, 5, 254)), rng.randint(0, 3)]) + random_bytes(rng, 4 + 8 * length)


def fragment_header(rng, next_header):
    offset = rng.choice((0, 0, rng.randint(1, 200)))
    return (bytes([next_header, 0, offset >> 5, ((offset & 0x1F) << 3) | rng.randint(0, 1)])
            + rng.getrandbits(32).to_bytes(4, "big"))


def authentication_header(rng, next_header):
    """An AH with a 12-octet ICV: 24 octets, Payload Len 4 (in 4-octet units, minus 2)."""
    return bytes([next_header, 4, 0, 0]) + random_bytes(rng, 20)


EXTENSIONS = {HBH: options_header, DEST_OPTS: options_header, ROUTING: routing_header,
              FRAGMENT: fragment_header, AH: authentication_header}


def upper_layer(rng, kind):
    data = random_bytes(rng, rng.choice((0, 1, 7, 40)))
    if kind == "udp":
        return (rng.choice((53, 4000, 5004, 443, 1)).to_bytes(2, "big") + rng.choice((53, 5004, 9, 65535)).to_bytes(2, "big")
                + (8 + len(data)).to_bytes(2, "big") + b"\x00\x00" + data)
    if kind == "gtpu":
        # A G-PDU to another router's N3 address, with or without a PDU Session Container.
        inner = bytes([0x60, 0, 0, 0]) + len(data).to_bytes(2, "big") + bytes([59, 64]) + random_bytes(rng, 32) + data
        if rng.random() < 0.2:
            # A T-PDU shorter than an IPv6 header, or none: forwarded as it came all the same.
            inner = random_bytes(rng, rng.randint(0, 39))
        if rng.random() < 0.5:
            units = rng.randint(1, 3)
            container = bytes([units]) + bytes(4 * units - 2) + b"\x00"
            gtpu = (bytes([0x34, 255]) + (4 + len(container) + len(inner)).to_bytes(2, "big")
                    + rng.getrandbits(32).to_bytes(4, "big") + bytes(3) + b"\x85" + container)
        else:
            gtpu = bytes([0x30, 255]) + len(inner).to_bytes(2, "big") + rng.getrandbits(32).to_bytes(4, "big")
        return (rng.choice((2152, 40000)).to_bytes(2, "big") + GTPU_PORT.to_bytes(2, "big")
                + (8 + len(gtpu) + len(inner)).to_bytes(2, "big") + b"\x00\x00" + gtpu + inner)
    if kind == "tcp":
        return (rng.getrandbits(16).to_bytes(2, "big") + rng.choice((80, 443, 179)).to_bytes(2, "big")
                + bytes(8) + b"\x50\x02\x20\x00" + bytes(4) + data)
    if kind == "icmpv6":
        if rng.random() < 0.25:
            # An error (types 1 to 4) quoting an invoking packet, sometimes less than its IPv6
            # header (what NPTv6 reads of it: not read then).
            quote = bytes([0x60, 0, 0, 0, 0, 8, 17, 9]) + random_bytes(rng, 40)
            return (bytes([rng.randint(1, 4), 0, 0, 0]) + rng.getrandbits(32).to_bytes(4, "big")
                    + quote[:rng.choice((0, 7, 39, 40, 48))])
        return bytes([128, 0, 0, 0]) + rng.getrandbits(32).to_bytes(4, "big") + data
    if kind == "ipv6":
        if rng.random() < 0.2:
            # Less than an IPv6 header behind Next Header 41 (behind an MRH too: not read as one).
            return random_bytes(rng, rng.randint(0, 39))
        return (bytes([0x60, 0, 0, 0]) + (8 + len(data)).to_bytes(2, "big") + bytes([17, 9]) + random_bytes(rng, 32)
                + bytes(8) + data)
    if kind == "esp":
        return rng.getrandbits(64).to_bytes(8, "big") + data
    return data


def random_packet(rng, addresses=("fd00:1:1::10", "fd00:1:2::7")):
    """(frame, its chain of extension headers, description) of a packet between addresses
    (source, destination)."""
    chain = [rng.choice(tuple(EXTENSIONS)) for _ in range(rng.choice((0, 1, 2, 3, 4, 5)))]
    if rng.random() < 0.5:
        chain.sort(key=(HBH, DEST_OPTS, ROUTING, FRAGMENT, AH).index)
    kind = rng.choice(tuple(UPPER_LAYERS))
    protocols = chain[1:] + [UPPER_LAYERS[kind]]
    headers = [EXTENSIONS[header](rng, next_header) for header, next_header in zip(chain, protocols)]
    later_fragment = any(kind_of == FRAGMENT and (header[2] or header[3] & 0xF8)
                         for kind_of, header in zip(chain, headers))
    payload = random_bytes(rng, rng.choice((0, 3, 24))) if later_fragment else upper_layer(rng, kind)
    description = "chain %s then %s, %d octets of payload" % (chain, kind, len(payload))
    return frame(ROUTER_MAC, HOST_MAC, addresses, b"".join(headers), payload,
                 chain[0] if chain else UPPER_LAYERS[kind], hlim=rng.randint(2, 255)), chain, description


class RandomChainsInTransitLeaveAsTheyCame(SixflowTest):
    """PACKETS random transit packets, each routed with every octet but its MACs and hop limit
    as it came."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        rng = random.Random(SEED)
        for number in range(PACKETS):
            sent, _, description = random_packet(rng)
            testutils.send_packet(self, 1, sent)
            try:
                testutils.verify_packet(self, routed(sent), 2)
            except AssertionError as failure:
                raise AssertionError("packet %d (seed %d): %s: %s" % (number, SEED, description, sent.hex())) from failure
        testutils.verify_no_other_packets(self)
        self.assertTrue(self.client.packet_ins.empty(), "a packet was punted")


def apn6_skips(chain, sent):
    """Whether a match-all APN6 policy skips the packet (forwarded as it came, counted as
    skipped): it starts with an HBH of its own (never a second one), or, where the profile has
    GTP-U, it is a G-PDU behind one Destination Options header the parser walks (at most
    EXT_MAX_LEN words, define.p4): the option's HBH would have to go in front of that header, and
    the tunnel's packets have no place for it there (apn6.p4, Apn6Insert)."""
    if chain[:1] == [HBH]:
        return True
    if "GTPU" not in features() or chain != [DEST_OPTS]:
        return False
    words = sent[55]                    # the Destination Options header's Hdr Ext Len
    udp = 54 + 8 * (words + 1)          # where the UDP header behind it starts
    return words <= p4defines.EXT_MAX_LEN and sent[udp + 2:udp + 4] == GTPU_PORT.to_bytes(2, "big")


@requires("APN6")
class RandomChainsUnderAMatchAllApn6PolicyKeepTheirChain(SixflowTest):
    """The same random packets under a policy that matches every packet: one the policy skips
    (apn6_skips) leaves as it came and is counted as skipped; one with no Routing header leaves
    with the option's HBH in front of its chain, everything behind it intact (G-PDUs of other
    routers included, which once left with the HBH behind their UDP header); one with a Routing
    header leaves either way, as deep as the parser walked to find it."""

    def runTest(self):
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        self.insert(names.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER, {},
                    names.SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6,
                    {names.SLA_LEVEL: 2, names.APP_ID: 0x51, names.USER_ID: 0x52, names.FLOW_ID: 0x53}, priority=10)
        skipped_before = self.event_count(EVENT_APN6_SKIPPED)
        # Skips the policy must count, and those it may: a Routing header the parser finds behind
        # the packet's own HBH means the classifier never ran for it (no skip to count).
        skips, maybe_skips = 0, 0
        rng = random.Random(SEED + 1)
        for number in range(PACKETS // 3):
            sent, chain, description = random_packet(rng)
            inserted = routed(with_apn6(sent, 2, 0x51, 0x52, 0x53))
            if apn6_skips(chain, sent):
                expected = (routed(sent),)
                if ROUTING in chain:
                    maybe_skips += 1
                else:
                    skips += 1
            elif ROUTING not in chain:
                expected = (inserted,)
            else:
                expected = (inserted, routed(sent))
            testutils.send_packet(self, 1, sent)
            result = testutils.dp_poll(self, device_number=0, port_number=2, timeout=2)
            got = getattr(result, "packet", None)
            if got is None or bytes(got) not in expected:
                raise AssertionError("packet %d (seed %d): %s: sent %s, got %s" % (
                    number, SEED + 1, description, sent.hex(), bytes(got).hex() if got is not None else "nothing"))
        testutils.verify_no_other_packets(self)
        self.assertTrue(self.client.packet_ins.empty(), "a packet was punted")
        self.assertGreater(skips, 0)
        counted = self.event_count(EVENT_APN6_SKIPPED) - skipped_before
        self.assertTrue(skips <= counted <= skips + maybe_skips,
                        "%d skips counted, %d to %d expected" % (counted, skips, skips + maybe_skips))


@requires("MSR6")
class RandomInnerPacketsLeaveALeafAsTheyCame(SixflowTest):
    """A leaf delivers what its tree carried byte for byte (PACKETS // 3 random inner packets to
    a group address, with the random chains above): the parser's look into the inner packet (for
    an APN6 option there) changes none of them."""

    def runTest(self):
        leaf, sids = install_leaf(self)
        rng = random.Random(SEED + 2)
        for number in range(PACKETS // 3):
            carried, _, description = random_packet(rng, ("fd00:1:1::10", "ff3e::1"))
            inner = carried[14:]
            testutils.send_packet(self, 1, frame(ROUTER_MAC, HOST_MAC, ("fd00:1:1::1", leaf), mrh(sids, 1), inner, 43))
            try:
                testutils.verify_packet(self, delivered(inner), 3)
            except AssertionError as failure:
                raise AssertionError("packet %d (seed %d): inner %s: %s" % (number, SEED + 2, description, inner.hex())) from failure
        testutils.verify_no_other_packets(self)
        self.assertTrue(self.client.packet_ins.empty(), "a packet was punted")
