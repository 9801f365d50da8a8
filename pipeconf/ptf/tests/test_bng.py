# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of control/bng.p4: PPPoE subscribers on lines (port, S-tag, C-tag), byte for
byte. Upstream (BNG_ACCESS): discovery and session control (LCP, PAP, CHAP, IPCP, IPv6CP, an
unknown protocol, IPv6 Router Solicitations and DHCPv6) punted with the line's id; IPv6 and IPv4
terminated (tags, PPPoE, PPP stripped) and routed; every anti-spoofing and malformed case dropped
and counted by reason and per line; the line's meter dropping red and marking yellow. Downstream
(BNG_FORWARD): a subscriber's prefixes encapsulated into its session with both tags and the
right PPPoE length; PPPoE's MTU; the meter. Packet-out of control frames to a line.

Expected frames are built independently with scapy (its PPPoE length, its IPv4 checksum); PPPoE
and PPP code points are written as RFC 2516 and RFC 1661 give them, not read from the P4 sources.
Every counter a test reads is checked against what it sent: rx = tx + dropped + control."""

import ipaddress
import queue
import subprocess

import ptf.testutils as testutils
from scapy.layers.dhcp6 import DHCP6_Solicit
from scapy.layers.inet import IP, UDP
from scapy.layers.inet6 import ICMPv6ND_RS, IPv6
from scapy.layers.l2 import Dot1AD, Dot1Q, Ether
from scapy.layers.ppp import PPP, PPPoE, PPPoED
from scapy.packet import Raw

import p4defines
import p4info_names as names
from base_test import (CPU_PORT, DROP_HOP_LIMIT, DROP_NO_ROUTE, DROP_NOT_MY_STATION, DROP_OUT_OF_SCOPE, DROP_PARSER_ERROR,
                       PUNT_HOP_LIMIT, PUNT_NO_ROUTE, ROUTER_MAC, SixflowTest)
from p4info import decode
from profiles import requires

# P4 names (generated from the full and bng profiles' P4Info: p4info_names).
LINE_MAP = names.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_MAP
SET_LINE = names.SIXFLOW_INGRESS_BNG_LOOKUP_SET_LINE
PREFIX_V6 = names.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V6
PREFIX_V4 = names.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_PREFIX_V4
SET_DOWNSTREAM_LINE = names.SIXFLOW_INGRESS_BNG_LOOKUP_SET_DOWNSTREAM_LINE
SESSION = names.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SESSION
SET_SESSION = names.SIXFLOW_INGRESS_BNG_LOOKUP_SET_SESSION
SOURCE_V6 = names.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V6
SOURCE_V4 = names.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_SOURCE_V4
ALLOW_SOURCE = names.SIXFLOW_INGRESS_BNG_LOOKUP_ALLOW_SOURCE
LINE_SESSION = names.SIXFLOW_INGRESS_BNG_LOOKUP_BNG_LINE_SESSION
SET_LINE_SESSION = names.SIXFLOW_INGRESS_BNG_LOOKUP_SET_LINE_SESSION
ROUTING_V4 = names.SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_ROUTING_V4
SET_NEXT_HOP_V4 = names.SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_SET_NEXT_HOP
ROUTING_V6 = names.SIXFLOW_INGRESS_ROUTING_ROUTING_V6
SET_NEXT_HOP_V6 = names.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP
UP_RX = names.SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_RX
UP_TX = names.SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_TX
UP_DROPPED = names.SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_DROPPED
CONTROL = names.SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_CONTROL
DOWN_RX = names.SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_RX
DOWN_TX = names.SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_TX
DOWN_DROPPED = names.SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_DROPPED
UP_METER = names.SIXFLOW_INGRESS_BNG_UPSTREAM_BNG_UPSTREAM_METER
DOWN_METER = names.SIXFLOW_INGRESS_BNG_FORWARD_BNG_DOWNSTREAM_METER

DROP_BNG_UNKNOWN_LINE = p4defines.DROP_BNG_UNKNOWN_LINE
DROP_BNG_MALFORMED = p4defines.DROP_BNG_MALFORMED
DROP_BNG_UNKNOWN_SESSION = p4defines.DROP_BNG_UNKNOWN_SESSION
DROP_BNG_SPOOFED_MAC = p4defines.DROP_BNG_SPOOFED_MAC
DROP_BNG_SPOOFED_V6 = p4defines.DROP_BNG_SPOOFED_V6
DROP_BNG_SPOOFED_V4 = p4defines.DROP_BNG_SPOOFED_V4
DROP_BNG_METER_RED = p4defines.DROP_BNG_METER_RED
DROP_BNG_MTU = p4defines.DROP_BNG_MTU

# The subscriber: line 42 on port 1, S-tag 100, C-tag 7, PPPoE session 0x1a2b.
LINE_PORT = 1
NET_PORT = 2
S_VID = 100
C_VID = 7
LINE = 42
SESSION_ID = 0x1A2B
SUB_MAC = "00:5b:00:00:00:01"
OTHER_MAC = "00:5b:00:00:00:99"
SUB_V6 = "2001:db8:1:1::"          # the session's /64 (Router Advertisements)
SUB_V6_HOST = "2001:db8:1:1::10"
SUB_PD = "2001:db8:2:100::"        # its delegated /56 (DHCPv6-PD)
SUB_PD_HOST = "2001:db8:2:1a5::7"
SUB_V4 = "100.64.0.10"             # its IPCP address
SERVER_V6 = "2001:db8:ff::10"
SERVER_V4 = "198.51.100.10"
NET_MAC = "00:bb:00:00:00:02"
SERVER_MAC = "00:bb:00:00:00:10"

# RFC 2516 / RFC 1661 code points.
PADI, PADO = 0x09, 0x07
LCP, PAP, CHAP, IPCP, IPV6CP = 0xC021, 0xC023, 0xC223, 0x8021, 0x8057
PPP_IPV6, PPP_IPV4 = 0x0057, 0x0021


def upper64(address):
    """The upper 64 bits of an IPv6 address: the BNG's prefix keys (subscriber prefixes are /64 or
    shorter)."""
    return int(ipaddress.IPv6Address(address)) >> 64


def tags(s_vid=S_VID, c_vid=C_VID, inner_type=0x8864):
    return Dot1AD(vlan=s_vid, type=0x8100) / Dot1Q(vlan=c_vid, type=inner_type)


def session_frame(ppp_proto, payload, session=SESSION_ID, src=SUB_MAC, dst=ROUTER_MAC, s_vid=S_VID, c_vid=C_VID,
                  length=None, version=1, ptype=1, code=0):
    """A PPPoE session frame on the line; its length scapy's unless given."""
    return (Ether(src=src, dst=dst) / tags(s_vid, c_vid)
            / PPPoE(version=version, type=ptype, code=code, sessionid=session, len=length)
            / PPP(proto=ppp_proto) / payload)


def v6_packet(src=SUB_V6_HOST, dst=SERVER_V6, hlim=64, tc=0, size=24):
    return IPv6(src=src, dst=dst, hlim=hlim, tc=tc, fl=0xBEEF) / UDP(sport=4000, dport=5000) / Raw(b"u" * size)


def v4_packet(src=SUB_V4, dst=SERVER_V4, ttl=64, tos=0, size=24):
    return IP(src=src, dst=dst, ttl=ttl, tos=tos, id=77) / UDP(sport=4000, dport=5000) / Raw(b"v" * size)


def routed_v6(packet, dst_mac=SERVER_MAC, src_mac=ROUTER_MAC, tc=None):
    """packet one hop on: hop limit - 1 (and the Traffic Class a marking gave it)."""
    out = IPv6(bytes(packet))
    out.hlim -= 1
    if tc is not None:
        out.tc = tc
    return Ether(src=src_mac, dst=dst_mac) / out


def routed_v4(packet, dst_mac=SERVER_MAC, src_mac=ROUTER_MAC, tos=None):
    """packet one hop on: TTL - 1, its header checksum scapy's."""
    out = IP(bytes(packet))
    out.ttl -= 1
    if tos is not None:
        out.tos = tos
    out.chksum = None
    return Ether(src=src_mac, dst=dst_mac) / IP(bytes(out))


class BngTest(SixflowTest):
    """The subscriber's line, and routes to the servers behind port 2."""

    def setUp(self):
        SixflowTest.setUp(self)
        self.insert(ROUTING_V6, {names.HDR_IPV6_DST: ("2001:db8:ff::", 48)}, SET_NEXT_HOP_V6,
                    {names.PORT: NET_PORT, names.SMAC: ROUTER_MAC, names.DMAC: SERVER_MAC})
        self.insert(ROUTING_V4, {names.HDR_IPV4_DST: ("198.51.100.0", 24)}, SET_NEXT_HOP_V4,
                    {names.PORT: NET_PORT, names.SMAC: ROUTER_MAC, names.DMAC: SERVER_MAC})

    def count(self, counter, index=LINE):
        return self.counter(counter, index)

    def bytes_count(self, counter, index=LINE):
        counter_id = self.p4info.counter(counter).preamble.id
        return self.client.read_counter(counter_id, index).byte_count

    def meter_rates(self, meter, line, committed, peak):
        """Sets a line's meter (bytes per microsecond : burst bytes, committed then peak) with the
        switch's runtime CLI: the test's P4Runtime client writes no meter entries."""
        self.runtime_cli("meter_set_rates %s %d %.6f:%d %.6f:%d" % (meter, line, committed[0], committed[1],
                                                                    peak[0], peak[1]))

    def expect_drop(self, frame, reason, port=LINE_PORT):
        before = self.drop_count(reason)
        testutils.send_packet(self, port, bytes(frame))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(reason), before + 1, "drop reason %d" % reason)

    def expect_punt(self, frame, line=LINE, port=LINE_PORT):
        """Sends frame; the controller gets it as it came, with its port and line."""
        testutils.send_packet(self, port, bytes(frame))
        packet = self.client.get_packet_in(2)
        meta = {m.metadata_id: decode(m.value) for m in packet.metadata}
        ingress = self.p4info.controller_metadata("packet_in", names.INGRESS_PORT)
        line_id = self.p4info.controller_metadata("packet_in", names.INGRESS_LINE)
        self.assertEqual(meta[ingress.id], port)
        self.assertEqual(meta[line_id.id], line)
        self.assertEqual(packet.payload.hex(), bytes(frame).hex())
        testutils.verify_no_other_packets(self)


@requires("BNG_ACCESS")
class UpstreamTest(BngTest):
    """The line, its session (the subscriber's MAC) and its sources: the /64, the delegated /56,
    the IPCP address."""

    def setUp(self):
        BngTest.setUp(self)
        self.insert(LINE_MAP, {names.HDR_IG_PORT: LINE_PORT, names.HDR_S_TAG: S_VID, names.HDR_C_TAG: C_VID}, SET_LINE,
                    {names.LINE_ID: LINE})
        self.insert(SESSION, {names.HDR_LINE_ID: LINE, names.HDR_SESSION_ID: SESSION_ID}, SET_SESSION, {names.MAC: SUB_MAC})
        self.insert(SOURCE_V6, {names.HDR_LINE_ID: LINE, names.HDR_IPV6_SRC_64: (upper64(SUB_V6), 64)}, ALLOW_SOURCE)
        self.insert(SOURCE_V6, {names.HDR_LINE_ID: LINE, names.HDR_IPV6_SRC_64: (upper64(SUB_PD), 56)}, ALLOW_SOURCE)
        self.insert(SOURCE_V4, {names.HDR_LINE_ID: LINE, names.HDR_IPV4_SRC: (SUB_V4, 32)}, ALLOW_SOURCE)

    def assert_line(self, rx, tx=0, dropped=0, control=0, line=LINE):
        self.assertEqual((self.count(UP_RX, line), self.count(UP_TX, line), self.count(UP_DROPPED, line),
                          self.count(CONTROL, line)), (rx, tx, dropped, control))


@requires("BNG_ACCESS")
class DiscoveryPunt(UpstreamTest):
    """PADI (broadcast) and PADR (to the router) reach the controller as they came, with the
    line's id; from a (port, S-tag, C-tag) not provisioned yet, a PADI and the LCP that follows
    come with line id 0 (how the controller learns a new line), counted at 0."""

    def runTest(self):
        padi = (Ether(src=SUB_MAC, dst="ff:ff:ff:ff:ff:ff") / tags(inner_type=0x8863)
                / PPPoED(code=PADI, sessionid=0) / Raw(bytes.fromhex("010100000103000412345678")))
        self.expect_punt(padi)
        padr = (Ether(src=SUB_MAC, dst=ROUTER_MAC) / tags(inner_type=0x8863)
                / PPPoED(code=0x19, sessionid=0) / Raw(bytes.fromhex("01010000")))
        self.expect_punt(padr)
        self.assert_line(rx=2, control=2)

        before = (self.count(UP_RX, 0), self.count(CONTROL, 0))
        self.expect_punt(Ether(src=SUB_MAC, dst="ff:ff:ff:ff:ff:ff") / tags(c_vid=8, inner_type=0x8863)
                         / PPPoED(code=PADI, sessionid=0) / Raw(bytes.fromhex("01010000")), line=0)
        self.expect_punt(session_frame(LCP, Raw(bytes.fromhex("01010004")), c_vid=8, session=0x99), line=0)
        self.assertEqual((self.count(UP_RX, 0), self.count(CONTROL, 0)), (before[0] + 2, before[1] + 2))
        self.assert_line(rx=2, control=2)


@requires("BNG_ACCESS")
class SessionControlPunt(UpstreamTest):
    """LCP, PAP, CHAP, IPCP, IPv6CP and an unknown protocol (for LCP's Protocol-Reject) in the
    session stage are punted with the line's id, before the session is in the data plane too
    (another session id); so are IPv6 link-scope packets of the session (a Router Solicitation,
    a DHCPv6 Solicit), which the controller answers with RAs and prefix delegation."""

    def runTest(self):
        lcp_conf_req = bytes.fromhex("0101000e010405d40506a1b2c3d4")
        self.expect_punt(session_frame(LCP, Raw(lcp_conf_req)))
        self.expect_punt(session_frame(PAP, Raw(bytes.fromhex("0102000c0475736572027077")), session=0x77))
        self.expect_punt(session_frame(CHAP, Raw(bytes.fromhex("0203000904a1b2c3d4"))))
        self.expect_punt(session_frame(IPCP, Raw(bytes.fromhex("0104000a0306640040 0a".replace(" ", "")))))
        self.expect_punt(session_frame(IPV6CP, Raw(bytes.fromhex("0105000e010a0011223344556677"))))
        self.expect_punt(session_frame(0x80FD, Raw(bytes.fromhex("01060004"))))
        rs = IPv6(src="fe80::211:22ff:fe33:4455", dst="ff02::2", hlim=255) / ICMPv6ND_RS()
        self.expect_punt(session_frame(PPP_IPV6, rs))
        solicit = (IPv6(src="fe80::211:22ff:fe33:4455", dst="ff02::1:2", hlim=1) / UDP(sport=546, dport=547)
                   / DHCP6_Solicit(trid=0x123456))
        self.expect_punt(session_frame(PPP_IPV6, solicit))
        self.assert_line(rx=8, control=8)


@requires("BNG_ACCESS")
class UpstreamIpv6Termination(UpstreamTest):
    """IPv6 from the /64 and from the delegated prefix: tags, PPPoE and PPP stripped, routed
    (hop limit - 1) to the server's port, counted as the line's tx (packets and bytes in)."""

    def runTest(self):
        for src in (SUB_V6_HOST, SUB_PD_HOST):
            packet = v6_packet(src=src)
            testutils.send_packet(self, LINE_PORT, bytes(session_frame(PPP_IPV6, packet)))
            testutils.verify_packet(self, routed_v6(packet), NET_PORT)
            testutils.verify_no_other_packets(self)
        self.assert_line(rx=2, tx=2)
        frame_bytes = len(session_frame(PPP_IPV6, v6_packet()))
        self.assertEqual(self.bytes_count(UP_RX), 2 * frame_bytes)


@requires("BNG_ACCESS")
class UpstreamIpv4Termination(UpstreamTest):
    """IPv4 from the IPCP address: stripped, routed with TTL - 1 and the header checksum
    recomputed."""

    def runTest(self):
        packet = v4_packet()
        testutils.send_packet(self, LINE_PORT, bytes(session_frame(PPP_IPV4, packet)))
        testutils.verify_packet(self, routed_v4(packet), NET_PORT)
        testutils.verify_no_other_packets(self)
        self.assert_line(rx=1, tx=1)
        # A spent TTL is not routed.
        self.expect_drop(session_frame(PPP_IPV4, v4_packet(ttl=1)), DROP_HOP_LIMIT)
        self.assert_line(rx=2, tx=2)


@requires("BNG_ACCESS")
class AntiSpoofing(UpstreamTest):
    """Each drop counted by its reason and on the line: another MAC on the session, an IPv6
    source outside the /64 and the delegated prefix, an IPv4 source other than the IPCP
    address, an unknown session id, a frame for another router's MAC; an unknown line at 0."""

    def runTest(self):
        self.expect_drop(session_frame(PPP_IPV6, v6_packet(), src=OTHER_MAC), DROP_BNG_SPOOFED_MAC)
        self.expect_drop(session_frame(PPP_IPV6, v6_packet(src="2001:db8:1:2::10")), DROP_BNG_SPOOFED_V6)
        self.expect_drop(session_frame(PPP_IPV6, v6_packet(src="2001:db8:2:200::1")), DROP_BNG_SPOOFED_V6)
        self.expect_drop(session_frame(PPP_IPV4, v4_packet(src="100.64.0.11")), DROP_BNG_SPOOFED_V4)
        self.expect_drop(session_frame(PPP_IPV6, v6_packet(), session=SESSION_ID + 1), DROP_BNG_UNKNOWN_SESSION)
        self.expect_drop(session_frame(PPP_IPV6, v6_packet(), dst="00:aa:00:00:00:77"), DROP_NOT_MY_STATION)
        self.assert_line(rx=6, dropped=6)
        before = self.count(UP_DROPPED, 0)
        self.expect_drop(session_frame(PPP_IPV6, v6_packet(), s_vid=101), DROP_BNG_UNKNOWN_LINE)
        self.assertEqual(self.count(UP_DROPPED, 0), before + 1)
        self.assert_line(rx=6, dropped=6)


@requires("BNG_ACCESS")
class MalformedPppoe(UpstreamTest):
    """Dropped as malformed and counted on the line: version 2, type 2, a session-stage code
    other than 0, session id 0, a PPPoE length longer and shorter than the packet, a header cut
    short (parser error), IPv4 with options, and tagged traffic that is not PPPoE."""

    def runTest(self):
        packet = v6_packet()
        right = len(bytes(packet)) + 2
        cases = [
            session_frame(PPP_IPV6, packet, version=2),
            session_frame(PPP_IPV6, packet, ptype=2),
            session_frame(PPP_IPV6, packet, code=PADO),
            session_frame(PPP_IPV6, packet, session=0),
            session_frame(PPP_IPV6, packet, length=right + 4),
            session_frame(PPP_IPV6, packet, length=right - 4),
            session_frame(PPP_IPV4, v4_packet(), length=len(bytes(v4_packet())) + 6),
            session_frame(PPP_IPV4, IP(src=SUB_V4, dst=SERVER_V4, options=b"\x01\x01\x01\x00") / Raw(b"x" * 8)),
            Ether(src=SUB_MAC, dst=ROUTER_MAC) / tags(inner_type=0x86DD) / packet,
        ]
        for frame in cases:
            self.expect_drop(frame, DROP_BNG_MALFORMED)
        # Cut short: inside the PPPoE header, and inside the IPv6 header behind it.
        whole = bytes(session_frame(PPP_IPV6, packet))
        self.expect_drop(whole[:14 + 8 + 3], DROP_BNG_MALFORMED)
        self.expect_drop(whole[:14 + 8 + 6 + 2 + 20], DROP_BNG_MALFORMED)
        self.assert_line(rx=len(cases) + 2, dropped=len(cases) + 2)


@requires("BNG_ACCESS")
class LengthsThatWrapOrLieAreMalformed(UpstreamTest):
    """PPPoE's length less the IP length is checked modulo 2^16: an IPv6 Payload Length of 0xFFFF
    under a PPPoE length of 41 (41 - 65535 = 42) and an IPv4 Total Length of 0xFFFF under 1
    (1 - 65535 = 2) looked right and were terminated. An IPv4 Total Length short of its own
    header (8, PPPoE length 10) had the header read from the frame's padding and routed. All three
    are malformed now, counted on the line (found by an independent review of the P4)."""

    def runTest(self):
        v6 = IPv6(bytes(v6_packet()))
        v6.plen = 0xFFFF
        v4 = IP(bytes(IP(src=SUB_V4, dst=SERVER_V4, ttl=64, id=77, len=0xFFFF) / UDP(sport=4000, dport=5000)
                      / Raw(b"v" * 24)))
        short = IP(bytes(IP(src=SUB_V4, dst=SERVER_V4, ttl=64, id=77, len=8) / UDP(sport=4000, dport=5000)
                         / Raw(b"v" * 24)))
        cases = [session_frame(PPP_IPV6, v6, length=41), session_frame(PPP_IPV4, v4, length=1),
                 session_frame(PPP_IPV4, short, length=10)]
        for frame in cases:
            self.expect_drop(frame, DROP_BNG_MALFORMED)
        self.assert_line(rx=len(cases), dropped=len(cases))


@requires("BNG_ACCESS")
class PlainIpOnAnUntaggedLineIsNotPppoe(UpstreamTest):
    """An untagged line (port 1, no S-tag, no C-tag: a VID of 0 in the line map) takes PPPoE only:
    plain IPv6 and IPv4 frames on it are dropped as malformed and counted on the line, as tagged
    IP already was. Before, the parser took them for a network host's (it marked only tagged or
    PPPoE frames as a line's) and they were routed with any source: no session, MAC or source
    check (found by an independent review of the P4)."""

    def runTest(self):
        self.insert(LINE_MAP, {names.HDR_IG_PORT: LINE_PORT, names.HDR_S_TAG: 0, names.HDR_C_TAG: 0}, SET_LINE,
                    {names.LINE_ID: 45})
        self.insert(SESSION, {names.HDR_LINE_ID: 45, names.HDR_SESSION_ID: 9}, SET_SESSION, {names.MAC: SUB_MAC})
        self.insert(SOURCE_V6, {names.HDR_LINE_ID: 45, names.HDR_IPV6_SRC_64: (upper64("2001:db8:45:1::"), 64)},
                    ALLOW_SOURCE)
        # The line's own PPPoE frame is terminated and routed.
        packet = v6_packet(src="2001:db8:45:1::5")
        testutils.send_packet(self, LINE_PORT, bytes(Ether(src=SUB_MAC, dst=ROUTER_MAC) / PPPoE(sessionid=9)
                                                     / PPP(proto=PPP_IPV6) / packet))
        testutils.verify_packet(self, routed_v6(packet), NET_PORT)
        testutils.verify_no_other_packets(self)
        for plain in (v6_packet(src="2001:db8:dead::1"), v6_packet(src="2001:db8:45:1::5"), v4_packet(src="203.0.113.66")):
            self.expect_drop(Ether(src=SUB_MAC, dst=ROUTER_MAC) / plain, DROP_BNG_MALFORMED)
        self.assert_line(rx=4, tx=1, dropped=3, line=45)
        # Another port's plain IP is a network host's, routed as before.
        packet = v6_packet(src="2001:db8:77::1")
        testutils.send_packet(self, 3, bytes(Ether(src=SERVER_MAC, dst=ROUTER_MAC) / packet))
        testutils.verify_packet(self, routed_v6(packet), NET_PORT)
        testutils.verify_no_other_packets(self)


@requires("BNG_ACCESS")
class UpstreamMeter(UpstreamTest):
    """The line's meter: over its peak rate (a burst smaller than the frame) the frame is dropped
    (METER_RED, the line's dropped); over the committed rate only it is marked Lower Effort
    (DSCP 1, ECN kept) and forwarded; another line's meter is not the line's."""

    def runTest(self):
        packet = v6_packet(tc=0x2A)          # DSCP 10 (AF11), ECN 2
        self.meter_rates(UP_METER, LINE, (0.000001, 1), (1000, 100000))
        testutils.send_packet(self, LINE_PORT, bytes(session_frame(PPP_IPV6, packet)))
        testutils.verify_packet(self, routed_v6(packet, tc=(1 << 2) | 2), NET_PORT)
        testutils.verify_no_other_packets(self)
        v4 = v4_packet(tos=0x29)             # DSCP 10, ECN 1
        testutils.send_packet(self, LINE_PORT, bytes(session_frame(PPP_IPV4, v4)))
        testutils.verify_packet(self, routed_v4(v4, tos=(1 << 2) | 1), NET_PORT)
        testutils.verify_no_other_packets(self)

        self.meter_rates(UP_METER, LINE, (0.000001, 1), (0.000001, 1))
        self.expect_drop(session_frame(PPP_IPV6, packet), DROP_BNG_METER_RED)
        self.expect_drop(session_frame(PPP_IPV4, v4), DROP_BNG_METER_RED)
        self.assert_line(rx=4, tx=2, dropped=2)


@requires("BNG_ACCESS")
class PacketOutToLine(UpstreamTest):
    """The controller's PADO and LCP frames (tagged, PPPoE) leave by the line's port exactly as
    it wrote them."""

    def runTest(self):
        pado = (Ether(src=ROUTER_MAC, dst=SUB_MAC) / tags(inner_type=0x8863)
                / PPPoED(code=PADO, sessionid=0) / Raw(bytes.fromhex("0101000001020004736978660103000412345678")))
        lcp = session_frame(LCP, Raw(bytes.fromhex("0201000e010405d40506a1b2c3d4")), src=ROUTER_MAC, dst=SUB_MAC)
        for frame in (pado, lcp):
            self.packet_out(bytes(frame), LINE_PORT)
            testutils.verify_packet(self, frame, LINE_PORT)
            testutils.verify_no_other_packets(self)


@requires("BNG_ACCESS")
class FramesCutShortOfTheirIpLengthAreMalformed(UpstreamTest):
    """A session frame whose PPPoE length and IP length agree but which ends before them (the
    IPv6 or IPv4 packet's payload cut) is malformed, counted on the line, and not terminated with
    a length promising octets it does not carry. Octets after the packet (Ethernet padding) are
    not: that frame is terminated, and the octets go with the packet, unread, as a router's
    payload does (its receiver reads the IPv6 Payload Length)."""

    def runTest(self):
        for proto, packet in ((PPP_IPV6, v6_packet()), (PPP_IPV4, v4_packet())):
            whole = bytes(session_frame(proto, packet))
            for cut in (1, 16):
                self.expect_drop(whole[:-cut], DROP_BNG_MALFORMED)
        self.assert_line(rx=4, dropped=4)
        packet = v6_packet()
        testutils.send_packet(self, LINE_PORT, bytes(session_frame(PPP_IPV6, packet)) + bytes(8))
        testutils.verify_packet(self, bytes(routed_v6(packet)) + bytes(8), NET_PORT)
        testutils.verify_no_other_packets(self)
        self.assert_line(rx=5, tx=1, dropped=4)


@requires("BNG_FORWARD")
class DownstreamTest(BngTest):
    """The subscriber's prefixes map to line 42, whose session is on port 1 (tags 100/7)."""

    def setUp(self):
        BngTest.setUp(self)
        self.insert(PREFIX_V6, {names.HDR_IPV6_DST_64: (upper64(SUB_V6), 64)}, SET_DOWNSTREAM_LINE, {names.LINE_ID: LINE})
        self.insert(PREFIX_V6, {names.HDR_IPV6_DST_64: (upper64(SUB_PD), 56)}, SET_DOWNSTREAM_LINE, {names.LINE_ID: LINE})
        self.insert(PREFIX_V4, {names.HDR_IPV4_DST: (SUB_V4, 32)}, SET_DOWNSTREAM_LINE, {names.LINE_ID: LINE})
        self.add_line_session(LINE, S_VID, C_VID)

    def add_line_session(self, line, s_vid, c_vid, port=LINE_PORT):
        self.insert(LINE_SESSION, {names.HDR_LINE_ID: line}, SET_LINE_SESSION,
                    {names.PORT: port, names.S_TAG: s_vid, names.C_TAG: c_vid, names.SESSION_ID: SESSION_ID,
                     names.SMAC: ROUTER_MAC, names.DMAC: SUB_MAC})

    def assert_line(self, rx, tx=0, dropped=0, line=LINE):
        self.assertEqual((self.count(DOWN_RX, line), self.count(DOWN_TX, line), self.count(DOWN_DROPPED, line)),
                         (rx, tx, dropped))

    def expect_punt_reason(self):
        """The punt reason of the next packet-in (SixflowTest.expect_punt: this class's own
        expect_punt sends a frame)."""
        return SixflowTest.expect_punt(self)[1]

    @staticmethod
    def from_network(packet):
        return Ether(src=SERVER_MAC, dst=ROUTER_MAC) / packet

    @staticmethod
    def encapsulated(packet, ppp_proto, tc=None, tos=None):
        """packet into the session: the router's MAC to the subscriber's, S-tag 100, C-tag 7,
        PPPoE session (scapy's length: PPP protocol + packet), PPP, the packet one hop on."""
        if ppp_proto == PPP_IPV6:
            inner = routed_v6(packet, tc=tc)[IPv6]
        else:
            inner = routed_v4(packet, tos=tos)[IP]
        return (Ether(src=ROUTER_MAC, dst=SUB_MAC) / tags()
                / PPPoE(version=1, type=1, code=0, sessionid=SESSION_ID) / PPP(proto=ppp_proto) / inner)


@requires("BNG_FORWARD")
class DownstreamEncapsulation(DownstreamTest):
    """IPv6 to the /64 and to the delegated prefix, IPv4 to the IPCP address: encapsulated with
    both tags and PPPoE length = IP packet + 2; the line's rx and tx count them."""

    def runTest(self):
        for packet, proto in ((v6_packet(src=SERVER_V6, dst=SUB_V6_HOST), PPP_IPV6),
                              (v6_packet(src=SERVER_V6, dst=SUB_PD_HOST, size=301), PPP_IPV6),
                              (v4_packet(src=SERVER_V4, dst=SUB_V4), PPP_IPV4)):
            expected = self.encapsulated(packet, proto)
            self.assertEqual(Ether(bytes(expected))[PPPoE].len, len(bytes(packet)) + 2)
            testutils.send_packet(self, NET_PORT, bytes(self.from_network(packet)))
            testutils.verify_packet(self, expected, LINE_PORT)
            testutils.verify_no_other_packets(self)
        self.assert_line(rx=3, tx=3)


@requires("BNG_FORWARD")
class DownstreamSingleTag(DownstreamTest):
    """A line with a C-tag only (S-tag 0): Ethernet -> C-tag -> PPPoE."""

    def runTest(self):
        self.insert(PREFIX_V6, {names.HDR_IPV6_DST_64: (upper64("2001:db8:9:9::"), 64)}, SET_DOWNSTREAM_LINE, {names.LINE_ID: 43})
        self.add_line_session(43, 0, 33)
        packet = v6_packet(src=SERVER_V6, dst="2001:db8:9:9::1")
        expected = (Ether(src=ROUTER_MAC, dst=SUB_MAC) / Dot1Q(vlan=33, type=0x8864)
                    / PPPoE(sessionid=SESSION_ID) / PPP(proto=PPP_IPV6) / routed_v6(packet)[IPv6])
        testutils.send_packet(self, NET_PORT, bytes(self.from_network(packet)))
        testutils.verify_packet(self, expected, LINE_PORT)
        testutils.verify_no_other_packets(self)
        self.assert_line(rx=1, tx=1, line=43)


@requires("BNG_FORWARD")
class DownstreamMtu(DownstreamTest):
    """PPPoE carries IP packets of at most 1492 octets: 1492 goes down, 1493 is dropped
    (BNG_MTU) for IPv6 and IPv4 alike, counted on the line; a spent hop limit is not forwarded."""

    def runTest(self):
        # A 1492-octet packet in a double-tagged PPPoE frame is 1522 octets: the test links (veth,
        # MTU 1500 by default) must carry it, as an access network's baby jumbo frames do.
        self.link_mtu(1600)
        try:
            self.check()
        finally:
            self.link_mtu(1500)

    @staticmethod
    def link_mtu(mtu):
        for iface in ("host%d" % LINE_PORT, "sw%d" % LINE_PORT):
            subprocess.run(["ip", "link", "set", iface, "mtu", str(mtu)], check=True)

    def check(self):
        fits = v6_packet(src=SERVER_V6, dst=SUB_V6_HOST, size=1492 - 48)
        self.assertEqual(len(bytes(fits)), 1492)
        testutils.send_packet(self, NET_PORT, bytes(self.from_network(fits)))
        testutils.verify_packet(self, self.encapsulated(fits, PPP_IPV6), LINE_PORT)
        testutils.verify_no_other_packets(self)
        self.expect_drop(self.from_network(v6_packet(src=SERVER_V6, dst=SUB_V6_HOST, size=1492 - 47)),
                         DROP_BNG_MTU, port=NET_PORT)
        self.expect_drop(self.from_network(v4_packet(src=SERVER_V4, dst=SUB_V4, size=1492 - 27)),
                         DROP_BNG_MTU, port=NET_PORT)
        self.expect_drop(self.from_network(v6_packet(src=SERVER_V6, dst=SUB_V6_HOST, hlim=1)),
                         DROP_HOP_LIMIT, port=NET_PORT)
        self.assertEqual(self.expect_punt_reason(), PUNT_HOP_LIMIT)
        self.assert_line(rx=4, tx=1, dropped=3)


@requires("BNG_FORWARD")
class DownstreamErrorsAreAnsweredAndCounted(DownstreamTest):
    """To a subscriber, as to any destination (routing.p4), IPv6 at hop limit 1 is punted for the
    controller's Time Exceeded, and IPv6 to a line without a session for its Destination
    Unreachable (IPv4 is dropped only: the controller answers ICMPv6); a frame to another MAC is
    dropped NOT_MY_STATION and counted on the line like every other verdict there. Before, the
    first two were dropped without a packet-in and the third was not counted on the line (found
    by an independent review of the P4)."""

    def runTest(self):
        self.expect_drop(self.from_network(v6_packet(src=SERVER_V6, dst=SUB_V6_HOST, hlim=1)), DROP_HOP_LIMIT,
                         port=NET_PORT)
        self.assertEqual(self.expect_punt_reason(), PUNT_HOP_LIMIT)
        self.expect_drop(self.from_network(v4_packet(src=SERVER_V4, dst=SUB_V4, ttl=1)), DROP_HOP_LIMIT, port=NET_PORT)
        self.expect_drop(Ether(src=SERVER_MAC, dst="00:aa:00:00:00:99") / v6_packet(src=SERVER_V6, dst=SUB_V6_HOST),
                         DROP_NOT_MY_STATION, port=NET_PORT)
        self.assert_line(rx=3, dropped=3)
        # A line whose prefix is there and whose session is not (yet).
        self.insert(PREFIX_V6, {names.HDR_IPV6_DST_64: (upper64("2001:db8:8:8::"), 64)}, SET_DOWNSTREAM_LINE,
                    {names.LINE_ID: 48})
        self.expect_drop(self.from_network(v6_packet(src=SERVER_V6, dst="2001:db8:8:8::1")), DROP_NO_ROUTE, port=NET_PORT)
        self.assertEqual(self.expect_punt_reason(), PUNT_NO_ROUTE)
        self.assert_line(rx=1, dropped=1, line=48)
        with self.assertRaises(queue.Empty):
            self.client.get_packet_in(1)


@requires("BNG_FORWARD")
class DownstreamKeepsAddressesInTheirScope(DownstreamTest):
    """IPv6 from a link-local, loopback or multicast source is not sent into a subscriber's session
    (RFC 4291, routing.md#scopes): dropped as OUT_OF_SCOPE, not punted, counted on the line like
    every other verdict there. IPv4 to the subscriber is not the check's."""

    def runTest(self):
        for src in ("fe80::10", "::1", "ff0e::1"):
            self.expect_drop(self.from_network(v6_packet(src=src, dst=SUB_V6_HOST)), DROP_OUT_OF_SCOPE, port=NET_PORT)
        self.assert_line(rx=3, dropped=3)
        self.assertTrue(self.client.packet_ins.empty(), "nothing out of scope is punted")
        packet = v4_packet(src=SERVER_V4, dst=SUB_V4)
        testutils.send_packet(self, NET_PORT, bytes(self.from_network(packet)))
        testutils.verify_packet(self, self.encapsulated(packet, PPP_IPV4), LINE_PORT)
        testutils.verify_no_other_packets(self)


@requires("BNG_FORWARD")
class DownstreamIpv4ShortOfItsHeaderIsDropped(DownstreamTest):
    """IPv4 to a subscriber whose Total Length (0) is short of its own header: dropped as a
    parser error (RFC 1812 5.2.2), not encapsulated with a PPPoE length of 2 in front of the whole
    packet (found by an independent review of the P4)."""

    def runTest(self):
        packet = IP(bytes(IP(src=SERVER_V4, dst=SUB_V4, ttl=64, id=77, len=0) / UDP(sport=1, dport=2) / Raw(b"x" * 20)))
        self.expect_drop(self.from_network(packet), DROP_PARSER_ERROR, port=NET_PORT)


@requires("BNG_FORWARD")
class DownstreamPacketsCutShortAreDropped(DownstreamTest):
    """IPv6 or IPv4 to a subscriber whose frame ends before its IP length says: dropped as the
    parser's error, not sent into the session with a PPPoE length the frame does not fill."""

    def runTest(self):
        for packet in (v6_packet(src=SERVER_V6, dst=SUB_V6_HOST), v4_packet(src=SERVER_V4, dst=SUB_V4)):
            self.expect_drop(bytes(self.from_network(packet))[:-3], DROP_PARSER_ERROR, port=NET_PORT)


@requires("BNG_FORWARD")
class DownstreamMeter(DownstreamTest):
    """The line's downstream meter: yellow marked Lower Effort and sent down, red dropped and
    counted (METER_RED, the line's dropped)."""

    def runTest(self):
        packet = v6_packet(src=SERVER_V6, dst=SUB_V6_HOST, tc=0xB8)   # EF, Not-ECT
        self.meter_rates(DOWN_METER, LINE, (0.000001, 1), (1000, 100000))
        testutils.send_packet(self, NET_PORT, bytes(self.from_network(packet)))
        testutils.verify_packet(self, self.encapsulated(packet, PPP_IPV6, tc=1 << 2), LINE_PORT)
        testutils.verify_no_other_packets(self)
        self.meter_rates(DOWN_METER, LINE, (0.000001, 1), (0.000001, 1))
        self.expect_drop(self.from_network(packet), DROP_BNG_METER_RED, port=NET_PORT)
        self.expect_drop(self.from_network(v4_packet(src=SERVER_V4, dst=SUB_V4)), DROP_BNG_METER_RED, port=NET_PORT)
        self.assert_line(rx=3, tx=1, dropped=2)


@requires("BNG_ACCESS", "BNG_FORWARD")
class SubscriberToSubscriber(UpstreamTest):
    """One switch (profile bng): a subscriber's packet to another subscriber is terminated on
    its line and encapsulated into the other's session."""

    def runTest(self):
        self.insert(PREFIX_V6, {names.HDR_IPV6_DST_64: (upper64("2001:db8:9:9::"), 64)}, SET_DOWNSTREAM_LINE, {names.LINE_ID: 43})
        self.insert(LINE_SESSION, {names.HDR_LINE_ID: 43}, SET_LINE_SESSION,
                    {names.PORT: 3, names.S_TAG: 200, names.C_TAG: 9, names.SESSION_ID: 0x55, names.SMAC: ROUTER_MAC,
                     names.DMAC: OTHER_MAC})
        packet = v6_packet(dst="2001:db8:9:9::1")
        expected = (Ether(src=ROUTER_MAC, dst=OTHER_MAC) / tags(200, 9) / PPPoE(sessionid=0x55)
                    / PPP(proto=PPP_IPV6) / routed_v6(packet)[IPv6])
        testutils.send_packet(self, LINE_PORT, bytes(session_frame(PPP_IPV6, packet)))
        testutils.verify_packet(self, expected, 3)
        testutils.verify_no_other_packets(self)
        self.assert_line(rx=1, tx=1)
        self.assertEqual((self.count(DOWN_RX, 43), self.count(DOWN_TX, 43)), (1, 1))


@requires("BNG_FORWARD")
class NetworkIpv4Routing(BngTest):
    """IPv4 not for a subscriber is routed (TTL - 1, checksum recomputed); without a route it is
    dropped (NO_ROUTE)."""

    def runTest(self):
        packet = v4_packet(src="203.0.113.5", dst="198.51.100.77")
        testutils.send_packet(self, 3, bytes(Ether(src=NET_MAC, dst=ROUTER_MAC) / packet))
        testutils.verify_packet(self, routed_v4(packet), NET_PORT)
        testutils.verify_no_other_packets(self)
        self.expect_drop(Ether(src=NET_MAC, dst=ROUTER_MAC) / v4_packet(src="203.0.113.5", dst="192.0.2.1"),
                         p4defines.DROP_NO_ROUTE, port=3)
        # Neither IPv6 nor IPv4 (ARP): still not routed.
        self.expect_drop(Ether(src=NET_MAC, dst=ROUTER_MAC, type=0x0806) / Raw(bytes(28)),
                         p4defines.DROP_NOT_IPV6, port=3)


# The CPU port is where punts go: named so that a changed define cannot pass unnoticed.
assert CPU_PORT == p4defines.CPU_PORT
