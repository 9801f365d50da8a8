# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of control/ilnp.p4: ILNPv6 at a site border router (RFC 6748's site-controlled
locator rewriting), byte-exact.

The site: port 1 faces it (its internal locator SITE_LOCATOR), ports 2 and 3 are uplinks to two
providers, each of which gave the site a locator (PROVIDER_LOCATOR). The correspondent is behind
the providers (3fff::/16, routed to uplink 2: what routing alone would do). An ILNPv6 packet is
written here from the RFCs, not from the P4: a Destination Options header (Next Header 60) right
after the IPv6 header whose first option is the Nonce option (RFC 6744: type 0x8B, a 4- or
12-octet nonce); its upper-layer checksum covers the identifiers only (the locators are taken as
zero in the pseudo-header). A Locator Update is ICMPv6 type 156 (RFC 6743). P4 names are the
P4Info's (the table, action and counter names these tests write are the contract)."""

import ipaddress
import logging
import random

import ptf.testutils as testutils
from p4.v1 import p4runtime_pb2
from scapy.layers.inet import TCP, UDP
from scapy.layers.inet6 import (ICMPv6DestUnreach, ICMPv6PacketTooBig, ICMPv6ParamProblem, ICMPv6TimeExceeded,
                                IPv6, IPv6ExtHdrFragment)
from scapy.layers.l2 import Ether
from scapy.packet import Raw

import p4defines
from base_test import DROP_NO_ROUTE, DROP_PARSER_ERROR, ROUTER_MAC, SixflowTest
from profiles import requires

# Wire-format code points, as the RFCs give them (IANA: Destination Option 0x8B "ILNP Nonce",
# ICMPv6 type 156 "ILNPv6 Locator Update Message").
NONCE_OPTION = 0x8B
LOCATOR_UPDATE = 156
DESTINATION_OPTIONS = 60
PROTO_UDP, PROTO_TCP, PROTO_ICMPV6 = 17, 6, 58
FRAGMENT = 44

DROP_ILNP_MALFORMED = p4defines.DROP_ILNP_MALFORMED
PUNT_ILNP_LOCATOR_UPDATE = p4defines.PUNT_ILNP_LOCATOR_UPDATE

INSIDE_PORT = 1
UPLINKS = {2: 1, 3: 2}                # uplink port -> uplink id (the counters' index)
SITE = 7
SITE_LOCATOR = 0xFD00_0005_0001_0001
PROVIDER_LOCATOR = {2: 0x2001_0DB8_000A_0001, 3: 0x2001_0DB8_000B_0001}
CORRESPONDENT_LOCATOR = 0x3FFF_0000_000C_0001
HOST_MAC = "00:00:00:00:00:10"
INSIDE_MAC = "00:cc:00:00:00:01"
PROVIDER_MAC = {2: "00:bb:00:00:00:02", 3: "00:bb:00:00:00:03"}
UPLINK_SMAC = {2: "00:aa:00:00:02:01", 3: "00:aa:00:00:03:01"}   # the router's MAC on each uplink

INBOUND = "SixflowIngress.ilnp_inbound.ilnp_inbound"
TO_INTERNAL = "SixflowIngress.ilnp_inbound.to_internal"
SITE_TABLE = "SixflowIngress.ilnp_outbound.ilnp_site"
SET_SITE = "SixflowIngress.ilnp_outbound.set_site"
UPLINK_TABLE = "SixflowIngress.ilnp_outbound.ilnp_uplink"
USE_UPLINK = "SixflowIngress.ilnp_outbound.use_uplink"
COUNTER_IN = "SixflowIngress.ilnp_inbound.ilnp_uplink_in"
COUNTER_OUT = "SixflowIngress.ilnp_outbound.ilnp_uplink_out"
ROUTING = "SixflowIngress.routing.routing_v6"
SET_NEXT_HOP = "SixflowIngress.routing.set_next_hop"

# Offsets in an Ethernet frame.
HOP_LIMIT = 14 + 7
SRC_LOCATOR = slice(14 + 8, 14 + 16)
DST_LOCATOR = slice(14 + 24, 14 + 32)


def address(locator, identifier):
    return str(ipaddress.IPv6Address((locator << 64) | identifier))


def ones_sum(data):
    if len(data) % 2:
        data += b"\x00"
    total = 0
    for i in range(0, len(data), 2):
        total += int.from_bytes(data[i:i + 2], "big")
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return total


def ilnp_checksum(src, dst, proto, upper):
    """The upper layer's checksum as ILNP computes it: the pseudo-header with the identifiers
    only (locators as zero), the upper-layer length and protocol, then the upper layer (its
    checksum field zero)."""
    pseudo = (bytes(8) + ipaddress.IPv6Address(src).packed[8:] + bytes(8) + ipaddress.IPv6Address(dst).packed[8:]
              + len(upper).to_bytes(4, "big") + bytes(3) + bytes([proto]))
    value = ~ones_sum(pseudo + upper) & 0xFFFF
    return 0xFFFF if value == 0 and proto == PROTO_UDP else value


CHECKSUM_OFFSET = {PROTO_UDP: 6, PROTO_TCP: 16, PROTO_ICMPV6: 2}


def upper_layer(layer):
    """(protocol, bytes with the checksum field zero) of a scapy UDP/TCP layer, or of
    (PROTO_ICMPV6, raw message bytes)."""
    if isinstance(layer, tuple):
        return layer
    proto = PROTO_UDP if isinstance(layer, UDP) else PROTO_TCP
    layer = layer.copy()
    layer.chksum = 0
    return proto, bytes(layer)


def nonce_header(next_header, nonce):
    """A Destination Options header holding only the Nonce option (RFC 6744): 8 octets for a
    4-octet nonce, 16 for a 12-octet one."""
    body = bytes([NONCE_OPTION, len(nonce)]) + nonce
    return bytes([next_header, (2 + len(body)) // 8 - 1]) + body


def frame(mac_src, src, dst, layer, nonce=b"\x11\x22\x33\x44", hlim=64, ext=None):
    """An Ethernet frame to the router: IPv6, the Nonce option's Destination Options header (or
    `ext`: the bytes of another one; None with nonce=None: none), the upper layer with its ILNP
    checksum."""
    proto, upper = upper_layer(layer)
    checksum = ilnp_checksum(src, dst, proto, upper)
    at = CHECKSUM_OFFSET[proto]
    upper = upper[:at] + checksum.to_bytes(2, "big") + upper[at + 2:]
    if ext is None and nonce is not None:
        ext = nonce_header(proto, nonce)
    if ext is None:
        ip = IPv6(src=src, dst=dst, nh=proto, hlim=hlim)
        return Ether(src=mac_src, dst=ROUTER_MAC) / ip / upper
    return Ether(src=mac_src, dst=ROUTER_MAC) / IPv6(src=src, dst=dst, nh=DESTINATION_OPTIONS, hlim=hlim) \
        / (ext + upper)


def rewritten(sent, smac, dmac, src_locator=None, dst_locator=None):
    """The sent frame's bytes as the router forwards them: its MACs, the hop limit one lower and
    a locator replaced; nothing else (no checksum) changed."""
    out = bytearray(bytes(sent))
    out[0:6] = bytes.fromhex(dmac.replace(":", ""))
    out[6:12] = bytes.fromhex(smac.replace(":", ""))
    out[HOP_LIMIT] -= 1
    if src_locator is not None:
        out[SRC_LOCATOR] = src_locator.to_bytes(8, "big")
    if dst_locator is not None:
        out[DST_LOCATOR] = dst_locator.to_bytes(8, "big")
    return bytes(out)


def checksum_field(data, proto, ext_len):
    at = 14 + 40 + ext_len + CHECKSUM_OFFSET[proto]
    return data[at:at + 2]


def ilnp_checksum_ok(data, proto, ext_len):
    """Whether a frame's upper-layer checksum is right by ILNP's rule (identifiers only)."""
    ip = data[14:54]
    upper = bytearray(data[54 + ext_len:])
    sent = int.from_bytes(upper[CHECKSUM_OFFSET[proto]:CHECKSUM_OFFSET[proto] + 2], "big")
    upper[CHECKSUM_OFFSET[proto]:CHECKSUM_OFFSET[proto] + 2] = b"\x00\x00"
    src = str(ipaddress.IPv6Address(ip[8:24]))
    dst = str(ipaddress.IPv6Address(ip[24:40]))
    return ilnp_checksum(src, dst, proto, bytes(upper)) == sent


def ipv6_checksum_ok(data, proto, ext_len):
    """Whether it is right by plain IPv6's rule (whole addresses): what a locator rewrite breaks."""
    ip = data[14:54]
    upper = bytearray(data[54 + ext_len:])
    sent = int.from_bytes(upper[CHECKSUM_OFFSET[proto]:CHECKSUM_OFFSET[proto] + 2], "big")
    upper[CHECKSUM_OFFSET[proto]:CHECKSUM_OFFSET[proto] + 2] = b"\x00\x00"
    pseudo = ip[8:40] + len(upper).to_bytes(4, "big") + bytes(3) + bytes([proto])
    value = ~ones_sum(bytes(pseudo) + bytes(upper)) & 0xFFFF
    return (0xFFFF if value == 0 and proto == PROTO_UDP else value) == sent


def inside(identifier):
    return address(SITE_LOCATOR, identifier)


def correspondent(identifier=0x99):
    return address(CORRESPONDENT_LOCATOR, identifier)


def shares(weights):
    """Ranges of the 16-bit flow hash per uplink port for weights in percent (summing to 100):
    uplink i owns [sum of the weights before it, sum including it) x 65536 / 100, the last one
    up to 65535; an uplink with weight 0 owns none."""
    ranges, start = {}, 0
    ports = sorted(weights)
    for i, port in enumerate(ports):
        end = 65536 if i == len(ports) - 1 else start + weights[port] * 65536 // 100
        if end > start:
            ranges[port] = (start, end - 1)
        start = end
    return ranges


class IlnpTest(SixflowTest):
    """The site's entries: routes (the internal locator to port 1, the correspondents to uplink
    2), the provider locators inbound, the site for both uplinks outbound."""

    def setUp(self):
        SixflowTest.setUp(self)
        self.insert(ROUTING, {"ipv6_dst": (address(SITE_LOCATOR, 0), 64)}, SET_NEXT_HOP,
                    {"port": INSIDE_PORT, "smac": ROUTER_MAC, "dmac": INSIDE_MAC})
        self.insert(ROUTING, {"ipv6_dst": ("3fff::", 16)}, SET_NEXT_HOP,
                    {"port": 2, "smac": UPLINK_SMAC[2], "dmac": PROVIDER_MAC[2]})
        for port, uplink in UPLINKS.items():
            self.insert(INBOUND, {"dst_locator": PROVIDER_LOCATOR[port]}, TO_INTERNAL,
                        {"locator": SITE_LOCATOR, "uplink": uplink})
            self.insert(SITE_TABLE, {"eg_port": port, "src_locator": SITE_LOCATOR}, SET_SITE, {"site": SITE})

    def set_weights(self, weights, first_priority=1):
        """Writes the site's ilnp_uplink entries for the weights; returns them."""
        entries = []
        for priority, (port, (low, high)) in enumerate(sorted(shares(weights).items()), start=first_priority):
            # P4Runtime: a range over the whole field is a don't-care, omitted.
            match = {"site": SITE}
            if (low, high) != (0, 0xFFFF):
                match["bucket"] = (low, high)
            entries.append(self.insert(UPLINK_TABLE, match, USE_UPLINK,
                                       {"locator": PROVIDER_LOCATOR[port], "port": port, "smac": UPLINK_SMAC[port],
                                        "dmac": PROVIDER_MAC[port], "uplink": UPLINKS[port]}, priority=priority))
        return entries

    def counts(self, counter):
        return {port: self.counter(counter, uplink) for port, uplink in UPLINKS.items()}

    def leaves_by(self, sent):
        """Sends a frame in from the site; returns the uplink it left by, after checking it
        byte for byte against that uplink's rewrite."""
        testutils.send_packet(self, INSIDE_PORT, bytes(sent))
        result = testutils.dp_poll(self, device_number=0, timeout=2)
        self.assertTrue(isinstance(result, self.dataplane.PollSuccess), "the packet left by no port")
        self.assertIn(result.port, UPLINKS, "left by port %d, not an uplink" % result.port)
        expected = rewritten(sent, UPLINK_SMAC[result.port], PROVIDER_MAC[result.port],
                             src_locator=PROVIDER_LOCATOR[result.port])
        self.assertEqual(bytes(result.packet).hex(), expected.hex())
        return result.port


def crc16(data):
    """CRC-16/ARC (polynomial 0x8005 reflected, initial 0, no final XOR): bmv2's crc16."""
    crc = 0
    for octet in data:
        crc ^= octet
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


def flow_hash(sent):
    """The flow's hash as the P4 program defines it (ilnp.p4): both identifiers, the upper-layer
    protocol and the ports, packed in that order (bmv2's CRC16 of the 21 octets)."""
    data = bytes(sent)
    proto = data[14 + 40]                # the Nonce header's Next Header
    ext = 8 * (data[14 + 41] + 1)
    ports = data[14 + 40 + ext:14 + 40 + ext + 4] if proto in (PROTO_UDP, PROTO_TCP) else bytes(4)
    return crc16(data[14 + 16:14 + 24] + data[14 + 32:14 + 40] + bytes([proto]) + ports)


def uplink_of(weights, sent):
    """The uplink whose range of the hash holds the flow's."""
    value = flow_hash(sent)
    return next(port for port, (low, high) in shares(weights).items() if low <= value <= high)


def flow(n):
    """Outbound flow n: its own source identifier and UDP source port."""
    return frame(HOST_MAC, inside(0x1000 + n), correspondent(), UDP(sport=10000 + n, dport=5001) / b"ilnp-flow")


@requires("ILNP")
class AllFlowsTakeTheOnlyWeightedUplink(IlnpTest):
    """Weights 100/0: every flow leaves by uplink 2 with provider 2's locator as its source
    locator; then 0/100 (the routes unchanged: routing says uplink 2): every flow by uplink 3,
    with provider 3's locator. The per-uplink counters count them."""

    def runTest(self):
        self.set_weights({2: 100, 3: 0})
        for n in range(40):
            self.assertEqual(self.leaves_by(flow(n)), 2)
        self.assertEqual(self.counts(COUNTER_OUT), {2: 40, 3: 0})
        testutils.verify_no_other_packets(self)


@requires("ILNP")
class TheOtherUplinkAlone(IlnpTest):
    """Weights 0/100: routing sends the flows to uplink 2, ILNP sends them all out of uplink 3
    with provider 3's locator and next hop."""

    def runTest(self):
        self.set_weights({2: 0, 3: 100})
        for n in range(40):
            self.assertEqual(self.leaves_by(flow(n)), 3)
        self.assertEqual(self.counts(COUNTER_OUT), {2: 0, 3: 40})
        testutils.verify_no_other_packets(self)


class WeightedSplit(IlnpTest):
    """FLOWS flows leave each by the uplink whose range holds its hash (computed here from the
    packet: CRC-16/ARC, bmv2's crc16, of its identifiers, protocol and ports), byte for byte as
    that uplink rewrites it; together in about the weights' proportion (within TOLERANCE
    percentage points: 3 standard deviations of a binomial split of 400 flows at 80/20, 2.4 at
    50/50; these flows give uplink 2 52.0% at 50/50 and 84.0% at 80/20); every eighth flow sent
    again leaves by the same uplink; the per-uplink counters agree."""

    FLOWS = 400
    TOLERANCE = 6
    WEIGHTS = None

    def check(self):
        self.set_weights(self.WEIGHTS)
        chosen = [self.leaves_by(flow(n)) for n in range(self.FLOWS)]
        predicted = [uplink_of(self.WEIGHTS, flow(n)) for n in range(self.FLOWS)]
        wrong = [n for n in range(self.FLOWS) if chosen[n] != predicted[n]]
        self.assertEqual(wrong, [], "flows whose uplink is not the one their hash's range names")
        share = 100.0 * chosen.count(2) / self.FLOWS
        logging.info("weights %s: uplink 2 took %.1f%% of %d flows", self.WEIGHTS, share, self.FLOWS)
        self.assertLessEqual(abs(share - self.WEIGHTS[2]), self.TOLERANCE,
                             "uplink 2 took %.1f%% of %d flows, weight %d%%" % (share, self.FLOWS, self.WEIGHTS[2]))
        for n in range(0, self.FLOWS, 8):
            self.assertEqual(self.leaves_by(flow(n)), chosen[n], "flow %d changed uplinks" % n)
        again = chosen[0::8]
        self.assertEqual(self.counts(COUNTER_OUT), {2: chosen.count(2) + again.count(2),
                                                    3: chosen.count(3) + again.count(3)})
        testutils.verify_no_other_packets(self)


@requires("ILNP")
class FiftyFifty(WeightedSplit):
    __doc__ = WeightedSplit.__doc__ + " Weights 50/50."
    WEIGHTS = {2: 50, 3: 50}

    def runTest(self):
        self.check()


@requires("ILNP")
class EightyTwenty(WeightedSplit):
    __doc__ = WeightedSplit.__doc__ + " Weights 80/20."
    WEIGHTS = {2: 80, 3: 20}

    def runTest(self):
        self.check()


@requires("ILNP")
class NewWeightsMoveOnlyTheFlowsPastTheMovedBoundary(IlnpTest):
    """From 50/50 to 80/20, make before break (the new ranges written at higher priority, then
    the old ones deleted: no flow is ever without a range): the flows whose hash lies between
    the old boundary (32768) and the new one (52428) move from uplink 3 to uplink 2, every other
    flow stays where it was. There are some of each."""

    def runTest(self):
        old = self.set_weights({2: 50, 3: 50})
        flows = [flow(n) for n in range(200)]
        before = [self.leaves_by(f) for f in flows]
        self.set_weights({2: 80, 3: 20}, first_priority=100)
        self.client.write(*old, update_type=p4runtime_pb2.Update.DELETE)
        after = [self.leaves_by(f) for f in flows]
        moved = {n for n in range(len(flows)) if before[n] != after[n]}
        crossing = {n for n in range(len(flows)) if 32768 <= flow_hash(flows[n]) < 52428}
        self.assertEqual(moved, crossing)
        self.assertTrue(all(before[n] == 3 and after[n] == 2 for n in moved))
        self.assertTrue(moved and len(moved) < len(flows), (len(moved), len(flows)))
        testutils.verify_no_other_packets(self)


@requires("ILNP")
class OneFlowOneUplinkAcrossItsPackets(IlnpTest):
    """A TCP flow's packets (other payloads, flags and sequence numbers, the same ports and
    identifiers) all leave by one uplink at 50/50: the hash takes identifiers, protocol and
    ports, nothing else."""

    def runTest(self):
        self.set_weights({2: 50, 3: 50})
        ports = set()
        for seq in range(12):
            sent = frame(HOST_MAC, inside(0x77), correspondent(),
                         TCP(sport=40000, dport=443, seq=1000 + 100 * seq, flags="PA") / (b"seg%d" % seq))
            ports.add(self.leaves_by(sent))
        self.assertEqual(len(ports), 1, ports)
        testutils.verify_no_other_packets(self)


@requires("ILNP")
class FragmentsOfADatagramTakeOneUplink(IlnpTest):
    """A datagram's first fragment (its UDP header behind the Nonce and Fragment headers) and its
    last (no ports) leave by one uplink at 50/50: a fragment's ports are not hashed, the first
    one's either (RFC 6437 3); datagrams of several identifiers still use both uplinks."""

    def runTest(self):
        self.set_weights({2: 50, 3: 50})
        used = set()
        for n in range(24):
            src, dst = inside(0x2000 + n), correspondent()
            datagram = bytes(UDP(sport=10000 + n, dport=5001) / (b"fragmented" * 6))
            head = Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src=src, dst=dst, nh=DESTINATION_OPTIONS)
            nonce = nonce_header(FRAGMENT, b"\x11\x22\x33\x44")
            first = head / (nonce + bytes(IPv6ExtHdrFragment(nh=PROTO_UDP, offset=0, m=1, id=n)) + datagram[:32])
            later = head / (nonce + bytes(IPv6ExtHdrFragment(nh=PROTO_UDP, offset=4, m=0, id=n)) + datagram[32:])
            port = self.leaves_by(first)
            self.assertEqual(self.leaves_by(later), port, "datagram %d: its fragments took two uplinks" % n)
            used.add(port)
        self.assertEqual(used, set(UPLINKS), "every datagram left by uplink %s" % used)
        testutils.verify_no_other_packets(self)


class NonceLengths(IlnpTest):
    """Out by the uplink and back in with a NONCE-octet nonce: the source locator becomes the
    provider's going out, the destination locator (the provider's) the site's coming in; the
    upper-layer checksum bytes are the ones sent, which stay right by ILNP's rule (identifiers
    only) although plain IPv6's rule would call them wrong after the rewrite. Counted per uplink,
    each way."""

    NONCE = None

    def check(self):
        self.set_weights({2: 0, 3: 100})
        ext_len = 8 if len(self.NONCE) == 4 else 16
        sent = frame(HOST_MAC, inside(0x42), correspondent(), UDP(sport=4000, dport=53) / b"ilnp-out", nonce=self.NONCE)
        self.assertTrue(ilnp_checksum_ok(bytes(sent), PROTO_UDP, ext_len))
        expected = rewritten(sent, UPLINK_SMAC[3], PROVIDER_MAC[3], src_locator=PROVIDER_LOCATOR[3])
        self.assertEqual(checksum_field(expected, PROTO_UDP, ext_len), checksum_field(bytes(sent), PROTO_UDP, ext_len))
        self.assertTrue(ilnp_checksum_ok(expected, PROTO_UDP, ext_len))
        self.assertFalse(ipv6_checksum_ok(expected, PROTO_UDP, ext_len))
        testutils.send_packet(self, INSIDE_PORT, bytes(sent))
        testutils.verify_packet(self, expected, 3)

        back = frame(PROVIDER_MAC[3], correspondent(), address(PROVIDER_LOCATOR[3], 0x42),
                     UDP(sport=53, dport=4000) / b"ilnp-in", nonce=self.NONCE[::-1], hlim=57)
        expected = rewritten(back, ROUTER_MAC, INSIDE_MAC, dst_locator=SITE_LOCATOR)
        self.assertEqual(checksum_field(expected, PROTO_UDP, ext_len), checksum_field(bytes(back), PROTO_UDP, ext_len))
        self.assertTrue(ilnp_checksum_ok(expected, PROTO_UDP, ext_len))
        self.assertFalse(ipv6_checksum_ok(expected, PROTO_UDP, ext_len))
        testutils.send_packet(self, 3, bytes(back))
        testutils.verify_packet(self, expected, INSIDE_PORT)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.counts(COUNTER_OUT), {2: 0, 3: 1})
        self.assertEqual(self.counts(COUNTER_IN), {2: 0, 3: 1})


@requires("ILNP")
class FourOctetNonce(NonceLengths):
    __doc__ = NonceLengths.__doc__.replace("NONCE-octet", "4-octet")
    NONCE = bytes.fromhex("a1b2c3d4")

    def runTest(self):
        self.check()


@requires("ILNP")
class TwelveOctetNonce(NonceLengths):
    __doc__ = NonceLengths.__doc__.replace("NONCE-octet", "12-octet")
    NONCE = bytes.fromhex("0102030405060708090a0b0c")

    def runTest(self):
        self.check()


@requires("ILNP")
class InboundByEitherProviderLocator(IlnpTest):
    """Coming in by uplink 2 to provider 2's locator and by uplink 3 to provider 3's: both reach
    the host at the site's locator (TCP and ICMPv6 echo), checksums untouched, counted per
    uplink."""

    def runTest(self):
        echo = (PROTO_ICMPV6, bytes([128, 0, 0, 0, 0, 1, 0, 1]) + b"ilnp-ping")
        for port, layer in ((2, TCP(sport=443, dport=40000, flags="SA")), (3, echo)):
            back = frame(PROVIDER_MAC[port], correspondent(), address(PROVIDER_LOCATOR[port], 0x42), layer)
            expected = rewritten(back, ROUTER_MAC, INSIDE_MAC, dst_locator=SITE_LOCATOR)
            testutils.send_packet(self, port, bytes(back))
            testutils.verify_packet(self, expected, INSIDE_PORT)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.counts(COUNTER_IN), {2: 1, 3: 1})


@requires("ILNP")
class NonIlnpPacketsAreRoutedUntouched(IlnpTest):
    """Without the Nonce option, ILNP's tables leave a packet alone, whatever it carries: plain
    IPv6 from the site's locator leaves by uplink 2 (routing's choice) with its source as it was
    although the weights say uplink 3; so does one with a Destination Options header holding
    another option (a PadN), or the Nonce option's type behind a PadN (this router reads only a
    Nonce option first in the header); one from a provider to the site's internal locator is
    routed in as it came. No ILNP counter moves."""

    def runTest(self):
        self.set_weights({2: 0, 3: 100})
        udp = UDP(sport=7, dport=7) / b"plain"
        padn = bytes([PROTO_UDP, 0, 0x01, 0x04, 0, 0, 0, 0])
        nonce_after_padn = bytes([PROTO_UDP, 1, 0x01, 0x02, 0, 0, NONCE_OPTION, 0x04]) + bytes(4) + bytes([0x01, 0x02, 0, 0])
        for sent in (frame(HOST_MAC, inside(5), correspondent(), udp, nonce=None),
                     frame(HOST_MAC, inside(5), correspondent(), udp, ext=padn),
                     frame(HOST_MAC, inside(5), correspondent(), udp, ext=nonce_after_padn)):
            testutils.send_packet(self, INSIDE_PORT, bytes(sent))
            testutils.verify_packet(self, rewritten(sent, UPLINK_SMAC[2], PROVIDER_MAC[2]), 2)
        sent = frame(PROVIDER_MAC[2], correspondent(), inside(5), udp, nonce=None)
        testutils.send_packet(self, 2, bytes(sent))
        testutils.verify_packet(self, rewritten(sent, ROUTER_MAC, INSIDE_MAC), INSIDE_PORT)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.counts(COUNTER_OUT), {2: 0, 3: 0})
        self.assertEqual(self.counts(COUNTER_IN), {2: 0, 3: 0})


@requires("ILNP")
class IlnpInsideTheSiteIsNotRewritten(IlnpTest):
    """An ILNPv6 packet from one site host to another (routed back into the site, not out of an
    uplink) keeps its locators: only a packet that routing sends out of an uplink is outbound."""

    def runTest(self):
        self.set_weights({2: 50, 3: 50})
        sent = frame(HOST_MAC, inside(5), inside(6), UDP(sport=1, dport=2) / b"local")
        testutils.send_packet(self, INSIDE_PORT, bytes(sent))
        testutils.verify_packet(self, rewritten(sent, ROUTER_MAC, INSIDE_MAC), INSIDE_PORT)
        testutils.verify_no_other_packets(self)


def locator_update(locators):
    """An ICMPv6 Locator Update (RFC 6743): type 156, code 0, checksum, Num of Locs, Operation
    (1: advertisement), Reserved; then per locator its 64 bits, Preference and Lifetime."""
    body = bytes([156, 0, 0, 0, len(locators), 1, 0, 0])
    for locator, preference, lifetime in locators:
        body += locator.to_bytes(8, "big") + preference.to_bytes(2, "big") + lifetime.to_bytes(2, "big")
    return PROTO_ICMPV6, body


@requires("ILNP")
class LocatorUpdatesArePuntedAsReceived(IlnpTest):
    """A correspondent's Locator Update to a site host (an ILNPv6 packet, with the Nonce) and one
    from a site host to a correspondent both go up to the controller with punt reason
    PUNT_ILNP_LOCATOR_UPDATE and the port they came in by, byte for byte as received (no
    locator rewritten); nothing is forwarded."""

    def runTest(self):
        self.set_weights({2: 50, 3: 50})
        update = locator_update([(0x3FFF_0000_000D_0001, 10, 600), (CORRESPONDENT_LOCATOR, 20, 0)])
        sent = frame(PROVIDER_MAC[2], correspondent(), address(PROVIDER_LOCATOR[2], 0x42), update)
        self.assertEqual(bytes(sent)[14 + 40 + 8], LOCATOR_UPDATE)
        testutils.send_packet(self, 2, bytes(sent))
        self.assertEqual(self.expect_punt(), (2, PUNT_ILNP_LOCATOR_UPDATE, bytes(sent)))
        sent = frame(HOST_MAC, inside(0x42), correspondent(), locator_update([(PROVIDER_LOCATOR[3], 1, 300)]),
                     nonce=bytes(12))
        testutils.send_packet(self, INSIDE_PORT, bytes(sent))
        self.assertEqual(self.expect_punt(), (INSIDE_PORT, PUNT_ILNP_LOCATOR_UPDATE, bytes(sent)))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.counts(COUNTER_IN), {2: 0, 3: 0})


@requires("ILNP")
class MalformedDestinationOptionsAreDropped(IlnpTest):
    """Bad Destination Options headers never go out half-rewritten: a Nonce option claiming 12
    octets in an 8-octet header (past its header) and one of 7 octets (neither length RFC 6744
    has) are dropped and counted as DROP_ILNP_MALFORMED; a header whose length runs past the
    end of the packet is the parser's error (DROP_PARSER_ERROR), dropped; a header too long for
    the parser to walk (Hdr Ext Len 5) is not ILNP to this router and is routed as it came,
    nothing rewritten."""

    def runTest(self):
        self.set_weights({2: 0, 3: 100})
        malformed = self.drop_count(DROP_ILNP_MALFORMED)
        parser = self.drop_count(DROP_PARSER_ERROR)
        udp = UDP(sport=9, dport=9) / b"bad"
        past_header = bytes([PROTO_UDP, 0, NONCE_OPTION, 12]) + bytes(4)
        odd_length = bytes([PROTO_UDP, 1, NONCE_OPTION, 7]) + bytes(7) + bytes([0x01, 3, 0, 0, 0])
        for ext in (past_header, odd_length):
            testutils.send_packet(self, INSIDE_PORT, bytes(frame(HOST_MAC, inside(5), correspondent(), udp, ext=ext)))
        # Hdr Ext Len 1 (16 octets), the packet ending after 8 of them.
        truncated = Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src=inside(5), dst=correspondent(), nh=60) \
            / bytes([PROTO_UDP, 1, NONCE_OPTION, 12, 1, 2, 3, 4])
        testutils.send_packet(self, INSIDE_PORT, bytes(truncated))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_ILNP_MALFORMED), malformed + 2)
        self.assertEqual(self.drop_count(DROP_PARSER_ERROR), parser + 1)

        too_long = bytes([PROTO_UDP, 5, NONCE_OPTION, 4, 1, 2, 3, 4]) + bytes([0x01, 38]) + bytes(38)
        sent = frame(HOST_MAC, inside(5), correspondent(), udp, ext=too_long)
        testutils.send_packet(self, INSIDE_PORT, bytes(sent))
        testutils.verify_packet(self, rewritten(sent, UPLINK_SMAC[2], PROVIDER_MAC[2]), 2)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.counts(COUNTER_OUT), {2: 0, 3: 0})


def provider_router(port):
    """A router in provider `port`'s network (not an ILNP node: its errors carry no Nonce)."""
    return address(PROVIDER_LOCATOR[port], 0xFE)


def as_it_left(port, identifier, layer, nonce=b"\x11\x22\x33\x44"):
    """The IPv6 packet (bytes, from its IPv6 header) that a site host sent by uplink `port`:
    its source locator that uplink's, the ILNP checksum the host computed."""
    sent = frame(HOST_MAC, inside(identifier), correspondent(), layer, nonce=nonce)
    return rewritten(sent, UPLINK_SMAC[port], PROVIDER_MAC[port], src_locator=PROVIDER_LOCATOR[port])[14:]


def router_error(port, dst, message, quote):
    """A provider router's ICMPv6 error to `dst`, quoting `quote`, its checksum plain IPv6's
    (whole addresses: it is not an ILNP packet), as it arrives by uplink `port`."""
    error = Ether(src=PROVIDER_MAC[port], dst=ROUTER_MAC) / IPv6(src=provider_router(port), dst=dst, hlim=64) \
        / message / Raw(quote)
    return Ether(bytes(error))


def error_into_the_site(error, locator, quote=True):
    """What the host gets: the error routed into the site, its destination locator and (with
    `quote`) its quote's source locator the site's `locator`, its ICMPv6 checksum computed here
    afresh by plain IPv6's rule (whole addresses in the pseudo-header)."""
    out = bytearray(bytes(error))
    out[0:6] = bytes.fromhex(INSIDE_MAC.replace(":", ""))
    out[6:12] = bytes.fromhex(ROUTER_MAC.replace(":", ""))
    out[HOP_LIMIT] -= 1
    out[DST_LOCATOR] = locator.to_bytes(8, "big")
    if quote:
        quote_source = 14 + 40 + 8 + 8
        out[quote_source:quote_source + 8] = locator.to_bytes(8, "big")
    message = out[14 + 40:]
    message[2:4] = b"\x00\x00"
    pseudo = bytes(out[14 + 8:14 + 40]) + len(message).to_bytes(4, "big") + bytes(3) + bytes([PROTO_ICMPV6])
    out[14 + 40 + 2:14 + 40 + 4] = (~ones_sum(pseudo + bytes(message)) & 0xFFFF).to_bytes(2, "big")
    return bytes(out)


@requires("ILNP")
class ProvidersErrorReachesTheHostAsItsOwnPacket(IlnpTest):
    """A provider router's Packet Too Big, Time Exceeded and Destination Unreachable about an
    ILNPv6 packet a site host sent by an uplink (to that uplink's locator and the host's
    identifier, no Nonce: routers are not ILNP nodes) reach the host: destination locator and
    the quote's source locator the site's internal one, so that the host finds the packet it
    sent, and the ICMPv6 checksum, which covers the locators for such an error, right again by
    plain IPv6's rule (the router's no longer is). The rest leaves as it came; each uplink's
    inbound counter counts it. Before, no rule took it: the provider locator has no route, the
    error was dropped (NO_ROUTE) and the host never lowered its path MTU."""

    def runTest(self):
        no_route = self.drop_count(DROP_NO_ROUTE)
        tcp = TCP(sport=40000, dport=443, flags="PA") / (b"x" * 1400)
        cases = ((2, ICMPv6PacketTooBig(mtu=1280), as_it_left(2, 0x42, tcp)[:1232]),
                 (3, ICMPv6TimeExceeded(code=0), as_it_left(3, 0x42, UDP(sport=33434, dport=33435) / b"probe")),
                 (2, ICMPv6DestUnreach(code=1),
                  as_it_left(2, 0x43, UDP(sport=5, dport=6) / b"denied", nonce=bytes(12))))
        for port, message, quote in cases:
            identifier = int.from_bytes(quote[16:24], "big")
            error = router_error(port, address(PROVIDER_LOCATOR[port], identifier), message, quote)
            expected = error_into_the_site(error, SITE_LOCATOR)
            self.assertNotEqual(expected[56:58], bytes(error)[56:58],
                                "the checksum must change for the test to see it changed")
            testutils.send_packet(self, port, bytes(error))
            testutils.verify_packet(self, expected, INSIDE_PORT)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.counts(COUNTER_IN), {2: 2, 3: 1})
        self.assertEqual(self.drop_count(DROP_NO_ROUTE), no_route)


@requires("ILNP")
class ProvidersErrorChecksumIsRightForAnyLocators(IlnpTest):
    """RFC 1624's update holds for any pair of locators: 24 random mappings (provider locator ->
    internal locator, some with words 0x0000 and 0xFFFF, where a one's-complement sum wraps or
    ends on either zero), each with a random error type, host identifier and quote of 40 to 300
    octets, one in four about a packet from elsewhere (its quote left as it came): every error
    reaches the host with its checksum right by plain IPv6's rule, byte for byte as computed
    here."""

    def runTest(self):
        rng = random.Random(1624)
        specials = (0x0000, 0xFFFF, 0x0001, 0xFFFE)

        def locator(first):
            words = [first] + [rng.choice(specials) if rng.random() < 0.3 else rng.getrandbits(16) for _ in range(3)]
            return int.from_bytes(b"".join(w.to_bytes(2, "big") for w in words), "big")

        for case in range(24):
            provider, internal = locator(0x2001), locator(0xFD00 + case)
            self.insert(INBOUND, {"dst_locator": provider}, TO_INTERNAL, {"locator": internal, "uplink": 1})
            self.insert(ROUTING, {"ipv6_dst": (address(internal, 0), 64)}, SET_NEXT_HOP,
                        {"port": INSIDE_PORT, "smac": ROUTER_MAC, "dmac": INSIDE_MAC})
            identifier = rng.getrandbits(64)
            payload = bytes(rng.getrandbits(8) for _ in range(rng.randint(0, 260)))
            # One in four about a packet from elsewhere: the destination's locator alone changes.
            from_here = rng.random() < 0.75
            source = address(provider if from_here else locator(0x3FFF), identifier)
            invoking = bytes(IPv6(src=source, dst=correspondent(), nh=DESTINATION_OPTIONS)
                             / nonce_header(PROTO_UDP, b"\x01\x02\x03\x04") / UDP(sport=1, dport=2) / payload)
            quote = invoking[:rng.randint(40, len(invoking))]
            message = rng.choice((ICMPv6PacketTooBig(mtu=rng.randint(1280, 9000)),
                                  ICMPv6TimeExceeded(code=rng.randint(0, 1)),
                                  ICMPv6DestUnreach(code=rng.randint(0, 6)),
                                  ICMPv6ParamProblem(code=1, ptr=rng.randint(0, 99))))
            port = rng.choice((2, 3))
            error = router_error(port, address(provider, identifier), message, quote)
            testutils.send_packet(self, port, bytes(error))
            testutils.verify_packet(self, error_into_the_site(error, internal, quote=from_here), INSIDE_PORT)
        testutils.verify_no_other_packets(self)


@requires("ILNP")
class ErrorAboutAnotherSourceKeepsItsQuote(IlnpTest):
    """A router's error to provider 2's locator quoting a packet from provider 3's locator, or from
    elsewhere, comes into the site as any packet to that locator (destination locator rewritten,
    checksum updated for it) with its quote as it came: it is not about a packet sent from there,
    and the host, not this router, judges it. One quoting less than an IPv6 header (RFC 4443 has
    a router quote as much as fits in 1280 octets) is not taken: with no route to the provider
    locator it is dropped (NO_ROUTE), nothing counted. An ILNP host's own error (with its Nonce)
    is an ILNPv6 packet: its destination locator is rewritten, its quote and checksum (ILNP's
    rule) left as they came."""

    def runTest(self):
        no_route = self.drop_count(DROP_NO_ROUTE)
        udp = UDP(sport=5, dport=6) / b"elsewhere"
        for quote in (as_it_left(3, 0x42, udp), bytes(IPv6(src=correspondent(0x42), dst=correspondent(0x43)) / udp)):
            error = router_error(2, address(PROVIDER_LOCATOR[2], 0x42), ICMPv6DestUnreach(code=3), quote)
            testutils.send_packet(self, 2, bytes(error))
            testutils.verify_packet(self, error_into_the_site(error, SITE_LOCATOR, quote=False), INSIDE_PORT)
        short = router_error(2, address(PROVIDER_LOCATOR[2], 0x42), ICMPv6DestUnreach(code=3),
                             as_it_left(2, 0x42, udp)[:39])
        testutils.send_packet(self, 2, bytes(short))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_NO_ROUTE), no_route + 1)
        self.assertEqual(self.counts(COUNTER_IN), {2: 2, 3: 0})

        quote = as_it_left(2, 0x42, udp)
        hosts_error = frame(PROVIDER_MAC[2], correspondent(), address(PROVIDER_LOCATOR[2], 0x42),
                            (PROTO_ICMPV6, bytes([1, 4, 0, 0, 0, 0, 0, 0]) + quote))
        testutils.send_packet(self, 2, bytes(hosts_error))
        testutils.verify_packet(self, rewritten(hosts_error, ROUTER_MAC, INSIDE_MAC, dst_locator=SITE_LOCATOR),
                                INSIDE_PORT)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.counts(COUNTER_IN), {2: 3, 3: 0})
