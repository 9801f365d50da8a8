# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of control/gtpu.p4: downlink encapsulation into GTP-U over IPv6 in each UDP
checksum mode (zero, full, incremental), with and without a PDU Session Container, and uplink
decapsulation at a local N3 address with every case it drops or punts, counted by reason.

Expected frames are built independently with scapy: its GTP-U headers (scapy.contrib.gtp) and its
UDP-over-IPv6 checksum (which sends a computed 0 as 0xFFFF). The GTP-U code points (port 2152,
G-PDU 0xFF, echo request 1, extension 0x85) are written as TS 29.281 gives them."""

import ipaddress
import random
import subprocess

import ptf.testutils as testutils
from scapy.contrib.gtp import GTP_U_Header, GTPPDUSessionContainer
from scapy.layers.inet import IP, TCP, UDP
from scapy.layers.inet6 import ICMPv6EchoRequest, ICMPv6TimeExceeded, IPv6, IPv6ExtHdrDestOpt
from scapy.layers.l2 import Ether
from scapy.packet import Raw

import p4defines
import p4info_names as names
from flow_label import flow_label
from base_test import CPU_PORT, DROP_HOP_LIMIT, ROUTER_MAC, TELEMETRY_CLONE_SESSION, SixflowTest
from profiles import requires
import test_parser

N3 = "fd00:3::1"          # this router's N3 address
PEER = "fd00:0:2::9"      # the tunnel's far end, routed by port 2
UE_PREFIX = "fd00:99::"   # the UE's prefix (/64), downlink destination
UE = "fd00:99::7"
SERVER = "fd00:5::10"     # a data-network host, routed by port 3
NEXT_HOP_MAC = "00:bb:00:00:00:02"
SERVER_MAC = "00:bb:00:00:00:03"
HOST_MAC = "00:00:00:00:00:10"
GTPU_PORT = 2152

ZERO = p4defines.GTPU_CHECKSUM_ZERO
FULL = p4defines.GTPU_CHECKSUM_FULL
INCREMENTAL = p4defines.GTPU_CHECKSUM_INCREMENTAL
CLASS_SLOT = {ZERO: p4defines.CLASS_GTPU_ENCAP_ZERO, FULL: p4defines.CLASS_GTPU_ENCAP_FULL,
              INCREMENTAL: p4defines.CLASS_GTPU_ENCAP_INCREMENTAL}


def gtpu(teid, qfi=None, pdu_type=0, msg_type=255):
    header = GTP_U_Header(version=1, PT=1, gtp_type=msg_type, teid=teid)
    if qfi is None:
        return header
    header.E = 1
    header.seq = 0
    header.npdu = 0
    header.next_ex = 0x85
    return header / GTPPDUSessionContainer(ExtHdrLen=1, type=pdu_type, QFI=qfi, NextExtHdr=0)


def hop(inner):
    """inner (the bytes of an IPv6 packet) forwarded one hop: its hop limit one lower."""
    out = bytearray(inner)
    out[7] -= 1
    return bytes(out)


def with_ext(packet, ext_type, body, offset=14):
    """packet (bytes) with an extension header of ext_type right after the IPv6 header that
    starts at offset: its Next Header is the IPv6 header's, then body; the IPv6 header's Next
    Header and Payload Length follow."""
    raw = bytes(packet)
    ipv6 = bytearray(raw[offset:offset + 40])
    ext = bytes([ipv6[6]]) + body
    ipv6[4:6] = (int.from_bytes(ipv6[4:6], "big") + len(ext)).to_bytes(2, "big")
    ipv6[6] = ext_type
    return raw[:offset] + bytes(ipv6) + ext + raw[offset + 40:]


HOPOPT, DSTOPTS = 0, 60


def apn6_body(sla, app, user, flow):
    """Sixflow's 24-octet APN6 HBH (docs/features/apn6.md) after its Next Header: Hdr Ext Len 2, the
    option (type 0x1E, length 16) and a PadN."""
    return (bytes([2, 0x1E, 16]) + sla.to_bytes(4, "big") + app.to_bytes(4, "big") + user.to_bytes(4, "big")
            + flow.to_bytes(4, "big") + bytes([1, 2, 0, 0]))


ROUTER_ALERT_BODY = bytes([0, 5, 2, 0, 0, 1, 0])   # HBH, 8 octets: Router Alert (MLD), PadN
DEST_OPTS_BODY = bytes([0, 1, 4, 0, 0, 0, 0])       # Destination Options, 8 octets: PadN


def encapsulated(inner, teid, qfi=None, checksum=None, hlim=63):
    """The tunnel's packet for inner (bytes, as it arrived) as the next hop gets it: outer IPv6
    from the N3 address to the peer with the inner Traffic Class and a flow label hashed from the
    inner flow, UDP from 49152 + its low 14 bits to 2152 (checksum None: scapy computes it), then
    the inner packet one hop on (this router forwarded it into the tunnel: hop limit - 1)."""
    label = flow_label(inner)
    inner = hop(inner)
    packet = (IPv6(src=N3, dst=PEER, hlim=hlim, tc=IPv6(inner).tc, fl=label)
              / UDP(sport=0xC000 | (label & 0x3FFF), dport=GTPU_PORT, chksum=checksum)
              / gtpu(teid, qfi) / Raw(inner))
    return Ether(src=ROUTER_MAC, dst=NEXT_HOP_MAC) / IPv6(bytes(packet))


def udp_inner(payload=b"user-plane-data-" * 4, dst=UE, hlim=30, tc=0x28, fl=0x12345, chksum=None):
    return bytes(IPv6(src=SERVER, dst=dst, hlim=hlim, tc=tc, fl=fl) / UDP(sport=5000, dport=6000, chksum=chksum)
                 / Raw(payload))


def tcp_inner(payload=b"segment" * 9):
    return bytes(IPv6(src=SERVER, dst=UE, hlim=30, tc=0x10) / TCP(sport=443, dport=51000, flags="PA", seq=7)
                 / Raw(payload))


def udp_checksum(frame):
    return IPv6(bytes(frame)[14:])[UDP].chksum


@requires("GTPU")
class GtpuTest(SixflowTest):
    def setUp(self):
        SixflowTest.setUp(self)
        self.add_route("fd00:0:2::", 48, 2, ROUTER_MAC, NEXT_HOP_MAC)
        self.add_route("fd00:5::", 48, 3, ROUTER_MAC, SERVER_MAC)

    def add_tunnel(self, tunnel_id, teid, mode, qfi=None, prefix=UE_PREFIX, prefix_len=64):
        self.insert(names.SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP, {names.HDR_IPV6_DST: (prefix, prefix_len)},
                    names.SIXFLOW_INGRESS_GTPU_ENCAP_ENCAP,
                    {names.TUNNEL_ID: tunnel_id, names.N3_ADDR: N3, names.PEER_ADDR: PEER, names.TEID: teid,
                     names.QFI: qfi or 0, names.HAS_QFI: 0 if qfi is None else 1, names.CHECKSUM_MODE: mode})

    def add_n3(self, allow_zero_checksum):
        self.insert(names.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_N3, {names.HDR_N3_ADDR: N3},
                    names.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_SET_N3,
                    {names.ALLOW_ZERO_CHECKSUM: 1 if allow_zero_checksum else 0})

    def add_uplink(self, tunnel_id, teid, ue_prefixes=((UE_PREFIX, 64),)):
        """The tunnel's uplink TEID at the N3 address and its UE prefixes, the sources its inner
        packets may have (gtpu_ue_source), as GtpuTunnelCompiler writes them."""
        self.insert(names.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_DECAP, {names.HDR_N3_ADDR: N3, names.HDR_TEID: teid},
                    names.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_DECAP, {names.TUNNEL_ID: tunnel_id})
        for prefix, prefix_len in ue_prefixes:
            self.insert(names.SIXFLOW_INGRESS_GTPU_DECAP_GTPU_UE_SOURCE,
                        {names.HDR_TUNNEL_ID: tunnel_id, names.HDR_UE_SRC: (prefix, prefix_len)},
                        names.SIXFLOW_INGRESS_GTPU_DECAP_ALLOW_SOURCE)

    def add_hairpin(self, prefix=UE_PREFIX, prefix_len=64):
        """A UE prefix this router tunnels, for G-PDUs it decapsulates (gtpu_hairpin), as
        GtpuTunnelCompiler writes it beside the prefix's gtpu_encap entry."""
        self.insert(names.SIXFLOW_INGRESS_GTPU_DECAP_GTPU_HAIRPIN, {names.HDR_IPV6_DST: (prefix, prefix_len)},
                    names.SIXFLOW_INGRESS_GTPU_DECAP_HAIRPIN)

    def encap_count(self, tunnel_id):
        return self.counter(names.SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP_COUNTER, tunnel_id)

    def decap_count(self, tunnel_id):
        return self.counter(names.SIXFLOW_INGRESS_GTPU_DECAP_GTPU_DECAP_COUNTER, tunnel_id)

    def assert_routed_to_server(self, sent, expected=None):
        """`sent` (bytes) in at port 2 leaves port 3 as `expected` (default: itself) routed one hop
        on toward the server: router MACs, hop limit - 1, and nothing else sent."""
        frame = Ether(sent if expected is None else expected)
        frame.src, frame.dst = ROUTER_MAC, SERVER_MAC
        frame[IPv6].hlim -= 1
        testutils.send_packet(self, 2, sent)
        testutils.verify_packet(self, frame, 3)
        testutils.verify_no_other_packets(self)

    def send_inner(self, inner, port=3):
        testutils.send_packet(self, port, bytes(Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(inner)))

    def expect_encapsulated(self, inner, teid, qfi=None, checksum=None):
        """Sends inner to the UE and checks the one tunnel packet on port 2; returns it."""
        expected = encapsulated(inner, teid, qfi, checksum)
        self.send_inner(inner)
        testutils.verify_packet(self, expected, 2)
        testutils.verify_no_other_packets(self)
        return expected

    def expect_punted_drop(self, frame, reason):
        """`frame` (bytes) in at port 2 goes nowhere but to the controller, as it came and with its
        ingress port, for its answer; it counts as a drop for `reason`."""
        before = self.drop_count(reason)
        testutils.send_packet(self, 2, frame)
        port, payload = self.expect_packet_in()
        self.assertEqual((port, bytes(payload)), (2, frame))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(reason), before + 1)

    def expect_dropped(self, send, reason):
        before = self.drop_count(reason)
        send()
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(reason), before + 1)


# Downlink ------------------------------------------------------------------------------------

@requires("GTPU")
class ZeroChecksumEncapsulation(GtpuTest):
    """ZERO: outer IPv6 (hop limit 64, routed: 63), UDP with checksum 0x0000, GTP-U v1 PT 1 G-PDU
    with the TEID and length 40 + inner payload, then the untouched inner packet; with a QFI, E
    set, the optional 4 octets (next extension 0x85) and a DL PDU Session Container. The
    tunnel's counter counts each packet."""

    def runTest(self):
        self.add_tunnel(4, 0x1000AB, ZERO)
        inner = udp_inner()
        out = self.expect_encapsulated(inner, 0x1000AB, checksum=0)
        self.assertEqual(bytes(out)[14 + 40 + 8:14 + 40 + 16].hex(), "30ff%04x001000ab" % (len(inner)))
        self.assertEqual(self.encap_count(4), 1)

        self.add_tunnel(5, 0x2000CD, ZERO, qfi=9, prefix="fd00:98::")
        inner = udp_inner(dst="fd00:98::1")
        out = self.expect_encapsulated(inner, 0x2000CD, qfi=9, checksum=0)
        self.assertEqual(bytes(out)[14 + 48:14 + 64].hex(), "34ff%04x002000cd" % (len(inner) + 8) + "00000085" + "01000900")
        self.assertEqual(self.encap_count(5), 1)


@requires("GTPU")
class FullChecksumEncapsulation(GtpuTest):
    """FULL (bmv2): the UDP checksum over the pseudo-header and the whole datagram, inner payload
    included, as scapy computes it: with and without a QFI, and an odd-length inner packet."""

    def runTest(self):
        self.add_tunnel(6, 0x77, FULL)
        for payload in (b"even-payload" * 5, b"odd" * 33):
            self.expect_encapsulated(udp_inner(payload), 0x77)
        self.add_tunnel(7, 0x78, FULL, qfi=5, prefix="fd00:98::")
        self.expect_encapsulated(udp_inner(b"q" * 77, dst="fd00:98::1"), 0x78, qfi=5)
        self.assertEqual(self.encap_count(6), 2)
        self.assertEqual(self.encap_count(7), 1)


@requires("GTPU")
class PaddedFrameKeepsTheTunnelsChecksum(GtpuTest):
    """A packet too small for an Ethernet frame arrives padded with zero octets (a 40-octet IPv6
    packet with nothing after its header, Next Header 59, padded to 60 octets of frame): in ZERO
    and FULL (INCREMENTAL needs an inner checksum) the tunnel's packet has the lengths and
    checksum of the packet alone, and the padding follows it, as routing forwards a frame's extra
    octets. bmv2's FULL checksum sums the padding too (docs/features/gtpu.md#limits), which zero
    octets leave right."""

    def runTest(self):
        inner = bytes(IPv6(src=SERVER, dst=UE, hlim=30, nh=59, plen=0))
        padding = bytes(60 - 14 - len(inner))
        for tunnel_id, mode in ((16, ZERO), (17, FULL)):
            prefix = "fd00:99:%x::" % tunnel_id
            packet = IPv6(inner)
            packet.dst = prefix + "1"
            sent = bytes(packet)
            self.add_tunnel(tunnel_id, 0x600 + tunnel_id, mode, prefix=prefix, prefix_len=48)
            expected = encapsulated(sent, 0x600 + tunnel_id, checksum=0 if mode == ZERO else None)
            testutils.send_packet(self, 3, bytes(Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(sent)) + padding)
            testutils.verify_packet(self, bytes(expected) + padding, 2)
            testutils.verify_no_other_packets(self)
            self.assertEqual(self.encap_count(tunnel_id), 1)


@requires("GTPU")
class IncrementalChecksumEncapsulation(GtpuTest):
    """INCREMENTAL: the checksum derived from the inner TCP / UDP checksum is the one scapy
    computes over the whole datagram, with and without a QFI, for even and odd lengths."""

    def runTest(self):
        self.add_tunnel(8, 0xABCDEF01, INCREMENTAL)
        self.add_tunnel(9, 0x42, INCREMENTAL, qfi=63, prefix="fd00:98::")
        for inner in (udp_inner(), udp_inner(b"odd" * 11), tcp_inner(), tcp_inner(b"x" * 101)):
            out = self.expect_encapsulated(inner, 0xABCDEF01)
            self.assertNotEqual(udp_checksum(out), 0)
        self.expect_encapsulated(udp_inner(b"qos" * 7, dst="fd00:98::1"), 0x42, qfi=63)
        icmp = bytes(IPv6(src=SERVER, dst="fd00:98::1", hlim=9) / ICMPv6EchoRequest(id=1, seq=2, data=b"ping!"))
        self.expect_encapsulated(icmp, 0x42, qfi=63)
        self.assertEqual(self.encap_count(8), 4)
        self.assertEqual(self.encap_count(9), 2)


@requires("GTPU")
class ComputedZeroIsSentAsAllOnes(GtpuTest):
    """A datagram whose checksum computes to 0x0000 is sent with 0xFFFF (RFC 8200 section 8.1),
    in FULL and in INCREMENTAL. The TEID's low word is chosen to make the sum 0xFFFF."""

    def runTest(self):
        for tunnel_id, mode, qfi in ((10, FULL, None), (11, INCREMENTAL, None), (12, INCREMENTAL, 3)):
            prefix = "fd00:99:%x::" % tunnel_id
            inner = udp_inner(dst=prefix + "1")
            probe = encapsulated(inner, 0x5A5A0000, qfi)
            total = (~udp_checksum(probe)) & 0xFFFF   # the sum with a zero low TEID word
            teid = 0x5A5A0000 | (0xFFFF - total)
            self.assertEqual(udp_checksum(encapsulated(inner, teid, qfi)), 0xFFFF,
                             "scapy must send a computed 0 as 0xFFFF")
            self.add_tunnel(tunnel_id, teid, mode, qfi=qfi, prefix=prefix, prefix_len=48)
            out = self.expect_encapsulated(inner, teid, qfi)
            self.assertEqual(udp_checksum(out), 0xFFFF)


@requires("GTPU")
class FullSizeInnerPacketsInEveryMode(GtpuTest):
    """1492-octet inner packets (the draft's size), UDP and TCP, in each mode: 1548 octets of IPv6
    leave (the test links' MTU is raised for them)."""

    def setUp(self):
        GtpuTest.setUp(self)
        for port in (2, 3):
            for side in ("host", "sw"):
                subprocess.run(["ip", "link", "set", "dev", "%s%d" % (side, port), "mtu", "9000"], check=True)

    def runTest(self):
        udp = udp_inner(bytes(range(256)) * 5 + bytes(1492 - 48 - 1280))
        tcp = tcp_inner(bytes((7 * i) & 0xFF for i in range(1280)) + bytes(1492 - 60 - 1280))
        self.assertEqual((len(udp), len(tcp)), (1492, 1492))
        for tunnel_id, mode in ((13, ZERO), (14, FULL), (15, INCREMENTAL)):
            prefix = "fd00:99:%x::" % tunnel_id
            self.add_tunnel(tunnel_id, 0x900 + tunnel_id, mode, qfi=1, prefix=prefix, prefix_len=48)
            for inner in (udp, tcp):
                packet = IPv6(inner)
                packet.dst = prefix + "1"
                del packet[UDP if packet.haslayer(UDP) else TCP].chksum
                inner_bytes = bytes(packet)
                out = self.expect_encapsulated(inner_bytes, 0x900 + tunnel_id, qfi=1,
                                               checksum=0 if mode == ZERO else None)
                self.assertEqual(len(bytes(out)), 14 + 40 + 8 + 16 + 1492)
            self.assertEqual(self.encap_count(tunnel_id), 2)


@requires("GTPU")
class IncrementalWithoutAnInnerChecksumIsDroppedAndCounted(GtpuTest):
    """INCREMENTAL needs the inner L4 checksum right after the inner IPv6 header: a UDP packet
    with checksum 0, one behind a Destination Options header, and a non-first fragment's protocol
    are dropped and counted (NO_INNER_CHECKSUM); the same packets go through a ZERO tunnel."""

    def runTest(self):
        self.add_tunnel(16, 0x15, INCREMENTAL)
        self.add_tunnel(17, 0x16, ZERO, prefix="fd00:98::")
        reason = p4defines.DROP_GTPU_NO_INNER_CHECKSUM
        no_checksum = udp_inner(chksum=0)
        behind_options = bytes(IPv6(src=SERVER, dst=UE, hlim=30) / IPv6ExtHdrDestOpt() / UDP(sport=1, dport=2) / b"d")
        no_l4 = bytes(IPv6(src=SERVER, dst=UE, hlim=30, nh=59) / Raw(b"nothing-next"))
        for inner in (no_checksum, behind_options, no_l4):
            self.expect_dropped(lambda: self.send_inner(inner), reason)
            moved = IPv6(inner)
            moved.dst = "fd00:98::1"
            self.expect_encapsulated(bytes(moved), 0x16, checksum=0)
        self.assertEqual(self.encap_count(16), 0)
        self.assertEqual(self.encap_count(17), 3)


@requires("GTPU")
class SpentHopLimitIsNotTunnelled(GtpuTest):
    """An inner packet with hop limit 1 is not tunnelled: routing drops it (HOP_LIMIT) and punts it
    as received (PUNT_HOP_LIMIT, its ingress port), for the controller's Time Exceeded, as it does
    any packet it may not forward. Failing before: it was dropped at the tunnel's entry, after the
    tunnel's headers were written, and nothing came to the controller."""

    def runTest(self):
        self.add_tunnel(18, 0x17, ZERO)
        frame = bytes(Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(udp_inner(hlim=1)))
        self.expect_dropped(lambda: testutils.send_packet(self, 3, frame), DROP_HOP_LIMIT)
        port, reason, payload = self.expect_punt()
        self.assertEqual((port, reason, bytes(payload)), (3, p4defines.PUNT_HOP_LIMIT, frame))
        self.assertEqual(self.encap_count(18), 0)


@requires("GTPU")
class InnerHopLimitIsOneLowerInTheTunnel(GtpuTest):
    """Issue 30: this router forwards the inner packet into the tunnel, so the far end sees its
    hop limit one lower (2 arrives as 1; before, the sender's 2), in every mode; hop limit 1 is
    not tunnelled (SpentHopLimitIsNotTunnelled)."""

    def runTest(self):
        for tunnel_id, mode in ((40, ZERO), (41, FULL), (42, INCREMENTAL)):
            prefix = "fd00:99:%x::" % tunnel_id
            self.add_tunnel(tunnel_id, tunnel_id, mode, prefix=prefix, prefix_len=48)
            out = self.expect_encapsulated(udp_inner(dst=prefix + "1", hlim=2), tunnel_id,
                                           checksum=0 if mode == ZERO else None)
            self.assertEqual(IPv6(bytes(out)[14 + 40 + 8 + 8:]).hlim, 1)


@requires("GTPU")
class EachModeIsItsOwnLatencyClass(GtpuTest):
    """Each mode's packets are measured under their own class (gtpu-encap-zero/-full/
    -incremental), per egress port."""

    def runTest(self):
        for tunnel_id, mode in ((19, ZERO), (20, FULL), (21, INCREMENTAL)):
            prefix = "fd00:99:%x::" % tunnel_id
            self.add_tunnel(tunnel_id, tunnel_id, mode, prefix=prefix, prefix_len=48)
            slot = (CLASS_SLOT[mode] << 9) | 2
            before = sum(self.read_latency(slot)["buckets"])
            self.expect_encapsulated(udp_inner(dst=prefix + "1"), tunnel_id, checksum=0 if mode == ZERO else None)
            self.assertEqual(sum(self.read_latency(slot)["buckets"]), before + 1)


# Uplink --------------------------------------------------------------------------------------

def uplink(teid, inner=None, checksum=None, qfi=None, msg_type=255, dst=N3, length=None, tc=0):
    """A tunnel packet from the peer to dst (port 2's side), checksum None: scapy computes it."""
    inner = inner if inner is not None else bytes(IPv6(src=UE, dst=SERVER, hlim=40) / UDP(sport=7, dport=9)
                                                  / Raw(b"uplink-data" * 3))
    header = gtpu(teid, qfi, pdu_type=1, msg_type=msg_type)
    if length is not None:
        header.length = length
    packet = (IPv6(src=PEER, dst=dst, hlim=50, tc=tc) / UDP(sport=40000, dport=GTPU_PORT, chksum=checksum) / header / Raw(inner))
    return bytes(Ether(src=NEXT_HOP_MAC, dst=ROUTER_MAC) / packet), inner


def routed_inner(inner, port_mac=SERVER_MAC):
    packet = IPv6(inner)
    packet.hlim -= 1
    return Ether(src=ROUTER_MAC, dst=port_mac) / packet


@requires("GTPU")
class DecapsulatesAndRoutesTheInnerPacket(GtpuTest):
    """A G-PDU to the N3 address with a known TEID: the inner packet is routed (hop limit - 1)
    and counted under its tunnel; with a valid non-zero checksum, with a zero one where the N3
    address allows it, and with an UL PDU Session Container."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(21, 0x2121)
        for checksum, qfi in ((None, None), (0, None), (None, 7), (0, 7)):
            frame, inner = uplink(0x2121, checksum=checksum, qfi=qfi)
            testutils.send_packet(self, 2, frame)
            testutils.verify_packet(self, routed_inner(inner), 3)
            testutils.verify_no_other_packets(self)
        self.assertEqual(self.decap_count(21), 4)


@requires("GTPU")
class ZeroChecksumRefusedWhereNotAllowed(GtpuTest):
    """An N3 address that does not allow a zero checksum drops such a packet (ZERO_CHECKSUM) and
    still takes one with a valid checksum."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=False)
        self.add_uplink(22, 0x22)
        self.expect_dropped(lambda: testutils.send_packet(self, 2, uplink(0x22, checksum=0)[0]),
                            p4defines.DROP_GTPU_ZERO_CHECKSUM)
        frame, inner = uplink(0x22)
        testutils.send_packet(self, 2, frame)
        testutils.verify_packet(self, routed_inner(inner), 3)
        self.assertEqual(self.decap_count(22), 1)


@requires("GTPU")
class BadChecksumIsDropped(GtpuTest):
    """A non-zero checksum that does not verify (one bit off) is dropped (BAD_CHECKSUM), even
    where zero is allowed; a correct 0xFFFF verifies (the sender's form of a computed 0)."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(23, 0x23)
        frame, _ = uplink(0x23)
        good = IPv6(frame[14:])[UDP].chksum
        bad = frame[:14 + 46] + ((good ^ 0x0100) or 1).to_bytes(2, "big") + frame[14 + 48:]
        self.expect_dropped(lambda: testutils.send_packet(self, 2, bad), p4defines.DROP_GTPU_BAD_CHECKSUM)
        # A TEID's low word that makes the computed checksum 0: sent as 0xFFFF, which verifies.
        probe = IPv6(uplink(0x230000)[0][14:])
        teid = 0x230000 | (0xFFFF - ((~probe[UDP].chksum) & 0xFFFF))
        self.add_uplink(24, teid)
        frame, inner = uplink(teid)
        self.assertEqual(IPv6(frame[14:])[UDP].chksum, 0xFFFF)
        testutils.send_packet(self, 2, frame)
        testutils.verify_packet(self, routed_inner(inner), 3)
        self.assertEqual(self.decap_count(24), 1)


@requires("GTPU")
class UnknownTeidIsPuntedForAnErrorIndication(GtpuTest):
    """Issue 30, TS 29.281 7.3.1: a G-PDU whose TEID no uplink tunnel of the N3 address has is not
    forwarded; it is counted (UNKNOWN_TEID, the drop counter) and goes to the controller as it
    came, with its ingress port, for the Error Indication the controller sends back (with and
    without a PDU Session Container). Before, it was dropped silently: no packet-in."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(25, 0x25)
        reason = p4defines.DROP_GTPU_UNKNOWN_TEID
        for qfi in (None, 5):
            frame, _ = uplink(0x26, qfi=qfi)
            self.expect_punted_drop(frame, reason)
        self.assertEqual(self.decap_count(25), 0)


@requires("GTPU")
class SpoofedInnerSourceIsDropped(GtpuTest):
    """Issue 30: a G-PDU's inner packet must come from one of its tunnel's UE prefixes
    (gtpu_ue_source: tunnel, inner source, longest prefix). One from outside them, from another
    tunnel's prefix included, is dropped and counted (GTPU_SPOOFED_SOURCE), not counted on the
    tunnel, never punted; sources inside each prefix (a /64, a /128) are decapsulated and routed.
    Before, any inner source left the tunnel."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(34, 0x34, ue_prefixes=((UE_PREFIX, 64), ("fd00:97::5", 128)))
        self.add_uplink(35, 0x35, ue_prefixes=(("fd00:98::", 64),))

        def from_source(src, teid=0x34):
            inner = bytes(IPv6(src=src, dst=SERVER, hlim=40) / UDP(sport=7, dport=9) / Raw(b"who-am-i" * 3))
            return uplink(teid, inner=inner)

        for src in (UE, "fd00:99::ffff:1", "fd00:97::5"):
            frame, inner = from_source(src)
            testutils.send_packet(self, 2, frame)
            testutils.verify_packet(self, routed_inner(inner), 3)
            testutils.verify_no_other_packets(self)
        self.assertEqual(self.decap_count(34), 3)

        reason = p4defines.DROP_GTPU_SPOOFED_SOURCE
        for src in ("fd00:98::7", "fd00:97::6", "fd00:99:0:1::7", SERVER):
            self.expect_dropped(lambda: testutils.send_packet(self, 2, from_source(src)[0]), reason)
        self.assertEqual(self.decap_count(34), 3)

        # The other tunnel's prefix is its own: its packets from there leave.
        frame, inner = from_source("fd00:98::7", teid=0x35)
        testutils.send_packet(self, 2, frame)
        testutils.verify_packet(self, routed_inner(inner), 3)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.decap_count(35), 1)


@requires("GTPU")
class BadLengthIsDropped(GtpuTest):
    """A GTP-U length that disagrees with the UDP length (4 octets short, or long) is dropped
    (BAD_LENGTH), and so is a UDP length that disagrees with the IPv6 payload length."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(27, 0x27)
        _, inner = uplink(0x27)
        for length in (40 + len(inner) - 4 - 40, len(inner) + 4):
            self.expect_dropped(lambda: testutils.send_packet(self, 2, uplink(0x27, checksum=0, length=length)[0]),
                                p4defines.DROP_GTPU_BAD_LENGTH)
        frame = bytearray(uplink(0x27, checksum=0)[0])
        frame[14 + 44:14 + 46] = (int.from_bytes(frame[14 + 44:14 + 46], "big") - 2).to_bytes(2, "big")
        self.expect_dropped(lambda: testutils.send_packet(self, 2, bytes(frame)), p4defines.DROP_GTPU_BAD_LENGTH)
        self.assertEqual(self.decap_count(27), 0)


@requires("GTPU")
class InnerPacketRunningPastTheGpduIsDropped(GtpuTest):
    """A G-PDU whose lengths agree but whose inner packet claims more octets (its IPv6 header and
    Payload Length) than the outer packet leaves it behind the UDP header, the GTP-U header, the
    optional fields and the extension headers, is malformed at the N3 end (GTPU_MALFORMED) and not
    counted on the tunnel: what it would route is not the packet its header describes. Without
    optional fields, with a PDU Session Container, behind a chain of GTPU_EXT_MAX_UNITS units, and
    with an extension header in front of the UDP header (Destination Options; Sixflow's APN6 HBH
    where the profile has APN6); short by 1 and 8 octets. Each fits when its Payload Length is
    right, and an inner packet with octets after it is decapsulated with them, as a frame longer
    than its packet is routed. A router the G-PDU only passes through forwards it untouched.
    Before, the N3 end routed the inner packet cut short."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(28, 0x28)
        _, inner = uplink(0x28)
        max_units = p4defines.GTPU_EXT_MAX_UNITS

        def claiming(extra):
            lying = bytearray(inner)
            lying[4:6] = (len(inner) - 40 + extra).to_bytes(2, "big")
            return bytes(lying)

        shapes = (
            lambda packet: uplink(0x28, inner=packet)[0],
            lambda packet: uplink(0x28, inner=packet, qfi=7)[0],
            lambda packet: chained(0x28, 0x20, bytes([2, 1, 2, 3, 4, 5, 6, 0x85]) + ul_psc(9, max_units - 2), packet),
            lambda packet: with_ext(uplink(0x28, inner=packet, qfi=7)[0], DSTOPTS, DEST_OPTS_BODY),
            lambda packet: with_ext(uplink(0x28, inner=packet)[0], HOPOPT, apn6_body(3, 0x1234, 0xABC, 7)),
        )
        reason = p4defines.DROP_GTPU_MALFORMED
        for shape in shapes:
            for extra in (1, 8):
                self.expect_dropped(lambda: testutils.send_packet(self, 2, shape(claiming(extra))), reason)
        self.assertEqual(self.decap_count(28), 0)

        for shape in shapes:
            testutils.send_packet(self, 2, shape(inner))
            testutils.verify_packet(self, routed_inner(inner), 3)
            testutils.verify_no_other_packets(self)
            trailer = b"after-the-packet"
            testutils.send_packet(self, 2, shape(inner + trailer))
            testutils.verify_packet(self, bytes(routed_inner(inner)) + trailer, 3)
            testutils.verify_no_other_packets(self)
        self.assertEqual(self.decap_count(28), 2 * len(shapes))

        passing = bytearray(uplink(0x28, inner=claiming(8), checksum=0)[0])
        passing[14 + 24:14 + 40] = ipaddress.IPv6Address("fd00:5::99").packed
        self.assert_routed_to_server(bytes(passing))


@requires("GTPU")
class EchoRequestIsPunted(GtpuTest):
    """An echo request (type 1, S set, a sequence number) to the N3 address goes to the
    controller as it came, with its ingress port, and is counted (GTPU_ECHO_PUNTED event)."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=False)
        echo = (IPv6(src=PEER, dst=N3, hlim=50) / UDP(sport=2152, dport=GTPU_PORT)
                / GTP_U_Header(version=1, PT=1, S=1, seq=0x1234, gtp_type=1, teid=0) / Raw(bytes([14, 0])))
        frame = bytes(Ether(src=NEXT_HOP_MAC, dst=ROUTER_MAC) / echo)
        event = p4defines.EVENT_GTPU_ECHO_PUNTED
        before = self.event_count(event)
        testutils.send_packet(self, 2, frame)
        port, payload = self.expect_packet_in()
        self.assertEqual((port, bytes(payload)), (2, frame))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.event_count(event), before + 1)


@requires("GTPU")
class PathManagementMessagesArePunted(GtpuTest):
    """Issue 30: an Error Indication (26), an End Marker (254), a Supported Extension Headers
    Notification (31) and an Echo Response (2, the answer to the controller's path supervision) to
    the N3 address go to the controller as they came, with their ingress port, as an echo request
    does (before, they were dropped as NOT_GPDU)."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        for msg_type, body in ((26, bytes([16, 0, 0, 0, 5, 133, 0, 16]) + bytes(16)), (254, b""),
                               (31, bytes([141, 1, 0x85])), (2, bytes([14, 0]))):
            packet = (IPv6(src=PEER, dst=N3, hlim=50) / UDP(sport=2152, dport=GTPU_PORT)
                      / GTP_U_Header(version=1, PT=1, gtp_type=msg_type, teid=5 if msg_type == 254 else 0)
                      / Raw(body))
            frame = bytes(Ether(src=NEXT_HOP_MAC, dst=ROUTER_MAC) / packet)
            testutils.send_packet(self, 2, frame)
            port, payload = self.expect_packet_in()
            self.assertEqual((port, bytes(payload)), (2, frame))
            testutils.verify_no_other_packets(self)


@requires("GTPU")
class OtherMessagesAreDropped(GtpuTest):
    """Messages other than G-PDU and the ones the controller takes (a version not supported
    indication, a tunnel status) are dropped (NOT_GPDU)."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        for msg_type in (3, 253):
            packet = (IPv6(src=PEER, dst=N3, hlim=50) / UDP(sport=2152, dport=GTPU_PORT, chksum=0)
                      / GTP_U_Header(version=1, PT=1, gtp_type=msg_type, teid=5))
            frame = bytes(Ether(src=NEXT_HOP_MAC, dst=ROUTER_MAC, type=0x86DD)) + bytes(packet)
            self.expect_dropped(lambda: testutils.send_packet(self, 2, frame),
                                p4defines.DROP_GTPU_NOT_GPDU)


@requires("GTPU")
class MalformedHeadersAreDropped(GtpuTest):
    """Version 2, PT 0 (GTP'), an extension header of length 0, a chain longer than the parser's
    bound (GTPU_EXT_MAX_UNITS units), and an IPv4 packet inside are dropped (MALFORMED)."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(28, 0x28)
        _, inner = uplink(0x28)
        udp = UDP(sport=40000, dport=GTPU_PORT, chksum=0)
        cases = [
            GTP_U_Header(version=2, PT=1, gtp_type=255, teid=0x28) / Raw(inner),
            GTP_U_Header(version=1, PT=0, gtp_type=255, teid=0x28) / Raw(inner),
            GTP_U_Header(version=1, PT=1, E=1, next_ex=0x40, gtp_type=255, teid=0x28) / Raw(bytes([0, 0, 0, 0]) + inner),
            GTP_U_Header(version=1, PT=1, E=1, next_ex=0x85, gtp_type=255, teid=0x28)
            / Raw(bytes([p4defines.GTPU_EXT_MAX_UNITS + 1, 0x10, 1]) + bytes(4 * p4defines.GTPU_EXT_MAX_UNITS)
                  + inner),
            GTP_U_Header(version=1, PT=1, E=1, next_ex=0x40, gtp_type=255, teid=0x28)
            / Raw(bytes([1, 0, 9, 0x85, p4defines.GTPU_EXT_MAX_UNITS, 0x10, 1]) + bytes(4 * p4defines.GTPU_EXT_MAX_UNITS - 3)
                  + inner),
            GTP_U_Header(version=1, PT=1, gtp_type=255, teid=0x28) / Raw(bytes.fromhex("45000028") + bytes(36)),
        ]
        for case in cases:
            frame = bytes(Ether(src=NEXT_HOP_MAC, dst=ROUTER_MAC, type=0x86DD)) + bytes(IPv6(src=PEER, dst=N3, hlim=50) / udp / case)
            self.expect_dropped(lambda: testutils.send_packet(self, 2, frame), p4defines.DROP_GTPU_MALFORMED)
        self.assertEqual(self.decap_count(28), 0)


@requires("GTPU")
class TruncatedHeadersAreDropped(GtpuTest):
    """A G-PDU that ends inside its optional fields or its inner IPv6 header is dropped and
    counted (TRUNCATED), to this router or not."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(29, 0x29)
        frame, _ = uplink(0x29, checksum=0)
        for cut in (14 + 40 + 8 + 10, 14 + 40 + 8 + 8 + 20):
            self.expect_dropped(lambda: testutils.send_packet(self, 2, frame[:cut]), p4defines.DROP_GTPU_TRUNCATED)
        with_options, _ = uplink(0x29, checksum=0, qfi=3)
        self.expect_dropped(lambda: testutils.send_packet(self, 2, with_options[:14 + 40 + 8 + 8 + 2]),
                            p4defines.DROP_GTPU_TRUNCATED)


@requires("GTPU")
class OtherTunnelsPassThrough(GtpuTest):
    """GTP-U to an address that is not a local N3 address is routed like any packet, untouched
    (but its hop limit), and is never encapsulated again."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_tunnel(30, 0x30, ZERO, prefix="fd00:5::", prefix_len=64)
        frame, _ = uplink(0x31, dst="fd00:5::99")
        self.assert_routed_to_server(frame)
        self.assertEqual(self.encap_count(30), 0)


@requires("GTPU")
class GpduShorterThanAnIpv6PacketIsNoParserError(GtpuTest):
    """A G-PDU whose T-PDU is shorter than an IPv6 header (none, an IPv4 packet's 28 octets, 39
    octets of an IPv6 header), with and without a PDU Session Container, and one that ends inside
    its extension header: through a router it only passes, routed as it came; at this router's
    N3 address, dropped and counted as malformed (GTPU_MALFORMED: what a G-PDU carries must be
    IPv6 here). Before, the parser read past the packet's end on every router: a parser error
    (GTPU_TRUNCATED), in transit too."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(47, 0x47)
        ipv4 = bytes(IP(src="10.0.0.1", dst="10.0.0.2", ttl=9) / UDP(sport=1, dport=2))
        ipv6_header = bytes(IPv6(src=UE, dst=SERVER, hlim=40) / UDP(sport=7, dport=9))[:39]
        cases = [uplink(0x47, inner=payload, qfi=qfi, dst=dst)[0]
                 for payload in (b"", ipv4, ipv6_header) for qfi in (None, 5) for dst in (N3, "fd00:5::99")]
        for dst in (N3, "fd00:5::99"):
            # E set, Next Extension Header a container, and the packet ends 2 octets into it.
            header = GTP_U_Header(version=1, PT=1, E=1, next_ex=0x85, gtp_type=255, teid=0x47)
            cases.append(bytes(Ether(src=NEXT_HOP_MAC, dst=ROUTER_MAC) / IPv6(src=PEER, dst=dst, hlim=50)
                               / UDP(sport=40000, dport=GTPU_PORT) / header / Raw(b"\x01\x00")))
        for frame in cases:
            if IPv6(frame[14:]).dst == N3:
                self.expect_dropped(lambda: testutils.send_packet(self, 2, frame), p4defines.DROP_GTPU_MALFORMED)
            else:
                self.assert_routed_to_server(frame)
        self.assertEqual(self.decap_count(47), 0)


@requires("GTPU")
class ShortUdpToTheGtpuPortIsPlainUdp(GtpuTest):
    """A datagram to UDP port 2152 too short to hold a GTP-U header (UDP length 12, to this
    router's N3 address or beyond) is no parser error: passing through, it is routed as it is."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        frame = bytes(Ether(src=NEXT_HOP_MAC, dst=ROUTER_MAC) / IPv6(src=PEER, dst="fd00:5::99", hlim=50)
                      / UDP(sport=2152, dport=2152) / b"four")
        expected = Ether(frame)
        expected.src, expected.dst = ROUTER_MAC, SERVER_MAC
        expected[IPv6].hlim -= 1
        before = self.drop_count(p4defines.DROP_GTPU_TRUNCATED)
        testutils.send_packet(self, 2, frame)
        testutils.verify_packet(self, expected, 3)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(p4defines.DROP_GTPU_TRUNCATED), before)


UE_A = "fd00:98::5"         # a second UE, whose tunnel's uplink ends here too


@requires("GTPU")
class UeToUeGoesDownTheOtherTunnel(GtpuTest):
    """UE to UE through this router: a G-PDU from one UE's tunnel whose inner packet is to the
    prefix of another tunnel this router encapsulates (gtpu_hairpin) goes round the pipeline once
    more (the recirculation port) and leaves down that tunnel, byte for byte as a packet to the
    UE from the data network would (its hop limit one lower: one hop through this router). Both
    tunnels count it; the second pass is received from the recirculation port, not port 0.
    Without the hairpin entry the inner packet is routed as any other (here: no route, dropped).
    Failing before: the inner packet was only routed (NO_ROUTE)."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(21, 0x2121, ue_prefixes=((UE_A, 128),))
        self.add_tunnel(4, 0x1000AB, ZERO)
        inner = bytes(IPv6(src=UE_A, dst=UE, hlim=40, tc=0x28, fl=0x777) / UDP(sport=7000, dport=7001)
                      / Raw(b"ue-to-ue" * 6))
        frame, _ = uplink(0x2121, inner=inner)
        self.expect_dropped(lambda: testutils.send_packet(self, 2, frame), p4defines.DROP_NO_ROUTE)
        port, reason, _ = self.expect_punt()    # for the controller's Destination Unreachable
        self.assertEqual((port, reason), (2, p4defines.PUNT_NO_ROUTE))

        self.add_hairpin()
        recirc = p4defines.RECIRC_PORT
        received = self.counter(names.SIXFLOW_INGRESS_INGRESS_PORT_COUNTER, recirc)
        port0 = self.counter(names.SIXFLOW_INGRESS_INGRESS_PORT_COUNTER, 0)
        sent = self.counter(names.SIXFLOW_EGRESS_EGRESS_PORT_COUNTER, recirc)
        for checksum, qfi in ((None, None), (0, 5)):
            frame, _ = uplink(0x2121, inner=inner, checksum=checksum, qfi=qfi)
            testutils.send_packet(self, 2, frame)
            testutils.verify_packet(self, encapsulated(inner, 0x1000AB, checksum=0), 2)
            testutils.verify_no_other_packets(self)
        self.assertEqual(self.decap_count(21), 3)
        self.assertEqual(self.encap_count(4), 2)
        self.assertEqual(self.counter(names.SIXFLOW_INGRESS_INGRESS_PORT_COUNTER, recirc), received + 2)
        self.assertEqual(self.counter(names.SIXFLOW_EGRESS_EGRESS_PORT_COUNTER, recirc), sent + 2)
        self.assertEqual(self.counter(names.SIXFLOW_INGRESS_INGRESS_PORT_COUNTER, 0), port0)
        # A hop limit this router may not forward goes round and is dropped as it would enter the
        # tunnel, as one from the data network is (SpentHopLimitIsNotTunnelled): counted, not sent,
        # and punted as the second pass received it, from the recirculation port, for the
        # controller's Time Exceeded (which it sends back through the pipeline:
        # PacketOutThroughTheRecirculationPortIsRoutedAsReceived).
        spent = bytes(IPv6(src=UE_A, dst=UE, hlim=1) / UDP(sport=7000, dport=7001) / Raw(b"spent"))
        spent_frame = uplink(0x2121, inner=spent)[0]
        self.expect_dropped(lambda: testutils.send_packet(self, 2, spent_frame), DROP_HOP_LIMIT)
        port, reason, payload = self.expect_punt()
        self.assertEqual((port, reason), (recirc, p4defines.PUNT_HOP_LIMIT))
        self.assertEqual(bytes(payload)[14:], spent)
        self.assertEqual(self.counter(names.SIXFLOW_INGRESS_INGRESS_PORT_COUNTER, recirc), received + 3)
        self.assertEqual(self.encap_count(4), 2)
        # Inner packets to anywhere else are routed as before.
        to_server = bytes(IPv6(src=UE_A, dst=SERVER, hlim=40) / UDP(sport=7000, dport=9) / Raw(b"out"))
        frame, _ = uplink(0x2121, inner=to_server)
        testutils.send_packet(self, 2, frame)
        testutils.verify_packet(self, routed_inner(to_server), 3)
        testutils.verify_no_other_packets(self)
        self.assertTrue(self.client.packet_ins.empty(), "nothing of the round comes to the controller")


@requires("GTPU")
class PacketOutThroughTheRecirculationPortIsRoutedAsReceived(GtpuTest):
    """A packet-out to the recirculation port (ONOS's TABLE port: how the controller sends an ICMPv6
    error to a UE, which only the pipeline tunnels) comes back into the pipeline as received on
    that port: a packet to the UE goes down its tunnel, one to the data network is routed. The
    port counters count it out to and in from that port. Failing before: bmv2 sent a packet-out to
    port 510 nowhere."""

    def runTest(self):
        self.add_tunnel(6, 0x600, ZERO)
        recirc = p4defines.RECIRC_PORT
        received = self.counter(names.SIXFLOW_INGRESS_INGRESS_PORT_COUNTER, recirc)
        sent = self.counter(names.SIXFLOW_EGRESS_EGRESS_PORT_COUNTER, recirc)
        to_ue = bytes(IPv6(src=SERVER, dst=UE, hlim=255) / ICMPv6TimeExceeded() / Raw(udp_inner(hlim=1)[:64]))
        self.packet_out(bytes(Ether(src=ROUTER_MAC, dst=ROUTER_MAC) / IPv6(to_ue)), recirc)
        testutils.verify_packet(self, encapsulated(to_ue, 0x600, checksum=0), 2)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.encap_count(6), 1)
        to_server = bytes(IPv6(src=UE, dst=SERVER, hlim=64) / UDP(sport=1, dport=2) / Raw(b"routed"))
        self.packet_out(bytes(Ether(src=ROUTER_MAC, dst=ROUTER_MAC) / IPv6(to_server)), recirc)
        testutils.verify_packet(self, routed_inner(to_server), 3)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.counter(names.SIXFLOW_INGRESS_INGRESS_PORT_COUNTER, recirc), received + 2)
        self.assertEqual(self.counter(names.SIXFLOW_EGRESS_EGRESS_PORT_COUNTER, recirc), sent + 2)
        self.assertTrue(self.client.packet_ins.empty(), "nothing of it comes back to the controller")


@requires("GTPU")
class DecapsulatedPacketsAreTheirOwnLatencyClass(GtpuTest):
    """Decapsulated packets are measured as gtpu-decap, at the port the inner packet leaves by."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(31, 0x31)
        slot = (p4defines.CLASS_GTPU_DECAP << 9) | 3
        before = sum(self.read_latency(slot)["buckets"])
        frame, inner = uplink(0x31)
        testutils.send_packet(self, 2, frame)
        testutils.verify_packet(self, routed_inner(inner), 3)
        self.assertEqual(sum(self.read_latency(slot)["buckets"]), before + 1)


@requires("GTPU")
class TunnelPastTheMtuIsDropped(GtpuTest):
    """A tunnelled packet is one this router grew: past the egress port's MTU it is dropped and
    counted (MTU_EXCEEDED, egress) like an MSR6 encapsulation, and reported to the controller as
    grown here (too-big report version 2), whatever the tunnel's checksum mode; one that fits
    leaves. The MTU is at least the IPv6 minimum, as the controller writes it (bmv2 looks up only
    longer packets)."""

    def runTest(self):
        mtu = 1300
        self.insert(names.SIXFLOW_EGRESS_MTU_PORT_MTU, {names.HDR_EG_PORT: 2}, names.SIXFLOW_EGRESS_MTU_SET_MTU,
                    {names.MTU: mtu})
        self.client.add_clone_session(TELEMETRY_CLONE_SESSION, CPU_PORT)
        self.add_tunnel(32, 0x32, ZERO)
        fits = udp_inner(b"f" * (mtu - 40 - 8 - 8 - 40 - 8))
        self.assertEqual(len(encapsulated(fits, 0x32)) - 14, mtu)
        self.expect_encapsulated(fits, 0x32, checksum=0)
        reason = p4defines.DROP_MTU_EXCEEDED
        for tunnel, mode in ((32, ZERO), (34, FULL), (35, INCREMENTAL)):
            if mode != ZERO:
                prefix = "fd00:9%d::" % tunnel
                self.add_tunnel(tunnel, tunnel, mode, prefix=prefix)
                inner = udp_inner(b"f" * (mtu - 40 - 8 - 8 - 40 - 8 + 1), dst=prefix + "1")
            else:
                inner = udp_inner(b"f" * (mtu - 40 - 8 - 8 - 40 - 8 + 1))
            before = self.egress_drop_count(reason)
            self.send_inner(inner)
            testutils.verify_no_other_packets(self)
            self.assertEqual(self.egress_drop_count(reason), before + 1)
            self.expect_too_big_report(2, mtu + 1, mtu, ingress_port=3)


@requires("GTPU", "MSR6")
class GroupPacketsAreNeverTunnelled(GtpuTest):
    """A tunnel whose prefix covers a group address never takes the group's packets: MSR6 does
    (the two encapsulations never meet)."""

    def runTest(self):
        self.add_tunnel(33, 0x33, ZERO, prefix="ff3e::", prefix_len=16)
        sid = str(ipaddress.IPv6Address((0xFD00 << 112) | (2 << 80) | (0x100 << 32)))
        self.add_encapsulation(3, "ff3e::1", [sid], N3)
        inner = bytes(IPv6(src=SERVER, dst="ff3e::1", hlim=30) / UDP(sport=5, dport=6) / Raw(b"group"))
        self.send_inner(inner)
        received = testutils.dp_poll(self, port_number=2, timeout=2)
        self.assertIsInstance(received, self.dataplane.PollSuccess, "the group packet did not leave")
        out = IPv6(bytes(received.packet)[14:])
        self.assertEqual((out.dst, out.nh), (sid, 43))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.encap_count(33), 0)


@requires("GTPU")
class CongestionMarkCarriesOverAtDecapsulation(GtpuTest):
    """Issue 30, RFC 6040 section 4.2 at the N3 end (the code MSR6's decapsulation uses): an outer
    CE mark becomes an ECN-capable inner packet's (ECT(0), ECT(1), CE stays), a Not-ECT inner
    packet under CE is dropped and counted (CE_NOT_ECT); an outer ECT(1) makes an inner ECT(0)
    ECT(1) (figure 4; before, ECT(0) was kept); every other pair leaves the inner codepoint as it
    is. Before, the CE mark was lost."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(43, 0x43)
        # (outer, inner, what the inner packet leaves with): Not-ECT 0, ECT(1) 1, ECT(0) 2, CE 3.
        cases = ((3, 2, 3), (3, 1, 3), (3, 3, 3), (2, 0, 0), (2, 1, 1), (2, 3, 3), (1, 2, 1), (1, 0, 0),
                 (1, 1, 1), (1, 3, 3), (0, 1, 1), (0, 2, 2))
        for outer_ecn, inner_ecn, leaves in cases:
            inner = bytes(IPv6(src=UE, dst=SERVER, hlim=40, tc=0xA0 | inner_ecn) / UDP(sport=7, dport=9) / b"ecn")
            frame, _ = uplink(0x43, inner=inner, tc=0xB8 | outer_ecn)
            expected = routed_inner(inner)
            expected[IPv6].tc = 0xA0 | leaves
            testutils.send_packet(self, 2, frame)
            testutils.verify_packet(self, expected, 3)
            testutils.verify_no_other_packets(self)
        inner = bytes(IPv6(src=UE, dst=SERVER, hlim=40, tc=0xA0) / UDP(sport=7, dport=9) / b"not-ect")
        self.expect_dropped(lambda: testutils.send_packet(self, 2, uplink(0x43, inner=inner, tc=0xBB)[0]),
                            p4defines.DROP_CE_NOT_ECT)
        self.assertEqual(self.decap_count(43), len(cases))


@requires("GTPU")
class OuterExtensionHeaderGoesWithTheOuterHeader(GtpuTest):
    """Issue 30: a G-PDU to the N3 address whose outer IPv6 header has an extension header in
    front of the UDP header (an HBH: Sixflow's APN6 one, a Router Alert; Destination Options) is
    a G-PDU all the same (before, it was plain UDP: never decapsulated). Decapsulation removes
    it with the outer header: the inner packet leaves as it was sent into the tunnel (hop limit
    - 1), counted under its tunnel; the length checks take the header into account."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(44, 0x44)
        for ext_type, body in ((HOPOPT, apn6_body(3, 0x1234, 0xABC, 7)), (HOPOPT, ROUTER_ALERT_BODY),
                               (DSTOPTS, DEST_OPTS_BODY)):
            for qfi in (None, 6):
                frame, inner = uplink(0x44, qfi=qfi)
                testutils.send_packet(self, 2, with_ext(frame, ext_type, body))
                testutils.verify_packet(self, routed_inner(inner), 3)
                testutils.verify_no_other_packets(self)
        self.assertEqual(self.decap_count(44), 6)


@requires("GTPU")
class TransitGpduWithAnOuterExtensionHeaderPassesUntouched(GtpuTest):
    """A G-PDU with a Destination Options header in front of its UDP header, to another router's
    N3 address: routed byte for byte (but the hop limit)."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        frame, _ = uplink(0x45, dst="fd00:5::99")
        sent = with_ext(frame, DSTOPTS, DEST_OPTS_BODY)
        self.assert_routed_to_server(sent)


# APN6 and GTP-U ------------------------------------------------------------------------------

@requires("GTPU", "APN6")
class Apn6AndGtpuTest(GtpuTest):
    def match_all_apn6(self, sla=3, app=0x1234, user=0xABC, flow=7):
        """A policy that matches every packet (every key a wildcard)."""
        return self.insert(names.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER, {},
                           names.SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6,
                           {names.SLA_LEVEL: sla, names.APP_ID: app, names.USER_ID: user, names.FLOW_ID: flow},
                           priority=100)


@requires("GTPU", "APN6")
class Apn6OptionOnAPassingGpduPrecedesItsUdpHeader(Apn6AndGtpuTest):
    """Issue 30: a match-all APN6 policy marks a G-PDU passing through (to another router's N3
    address) on its outer header: the 24-octet HBH right after the outer IPv6 header (RFC 8200
    section 4.1), in front of UDP, Payload Length + 24; UDP, GTP-U (with and without a PDU
    Session Container) and the inner packet leave byte for byte. Before, the HBH went behind
    the inner IPv6 header: the outer header said HBH with UDP behind it, 24 stray octets in the
    tunnel. A G-PDU that has an extension header there already is not marked (skipped)."""

    def runTest(self):
        policy = self.match_all_apn6()
        for qfi in (None, 4):
            frame, _ = uplink(0x46, dst="fd00:5::99", qfi=qfi)
            self.assert_routed_to_server(frame, with_ext(frame, HOPOPT, apn6_body(3, 0x1234, 0xABC, 7)))
        self.assertEqual(self.entry_packets(policy), 2)

        skipped = self.event_count(p4defines.EVENT_APN6_SKIPPED)
        frame, _ = uplink(0x46, dst="fd00:5::99")
        sent = with_ext(frame, DSTOPTS, DEST_OPTS_BODY)
        self.assert_routed_to_server(sent)
        self.assertEqual(self.event_count(p4defines.EVENT_APN6_SKIPPED), skipped + 1)


@requires("GTPU", "APN6")
class Apn6OptionOfAPassingGpduIsRead(Apn6AndGtpuTest):
    """A G-PDU that another router marked (Sixflow's APN6 HBH in front of its UDP header, as
    Apn6OptionOnAPassingGpduPrecedesItsUdpHeader makes it) is read as APN6 as any packet is: its
    SLA entry matches it; it leaves byte for byte as it came (its padding as it came, too), and a
    punted one reaches the controller so; at the egress edge a strip entry for its APP ID takes
    the option off; and the N3 end that decapsulates it delivers the inner packet alone. Before,
    the option was an unknown extension header there: no SLA handling, no strip."""

    def runTest(self):
        sla = self.insert(names.SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_SLA,
                          {names.HDR_SLA_LEVEL: (3, 0xFFFFFFFF)},
                          names.SIXFLOW_INGRESS_APN6_POST_ROUTING_SET_PRIORITY, {names.PRIORITY: 5}, priority=10)
        frame, _ = uplink(0x46, dst="fd00:5::99", qfi=4)
        marked = with_ext(frame, HOPOPT, apn6_body(3, 0x1234, 0xABC, 7))
        self.assert_routed_to_server(marked)
        padded_otherwise = with_ext(frame, HOPOPT, apn6_body(3, 0x1234, 0xABC, 7)[:-4] + bytes(4))
        self.assert_routed_to_server(padded_otherwise)
        self.assertEqual(self.entry_packets(sla), 2)

        # Punted (its hop limit spent), the controller gets it as it came, option in place.
        spent = bytearray(marked)
        spent[21] = 1
        testutils.send_packet(self, 2, bytes(spent))
        self.assertEqual(self.expect_punt(), (2, p4defines.PUNT_HOP_LIMIT, bytes(spent)))

        strip = self.insert(names.SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_STRIP,
                            {names.HDR_APP_ID: (0x1234, 0xFFFFFFFF)},
                            names.SIXFLOW_INGRESS_APN6_POST_ROUTING_STRIP_APN6, priority=10)
        self.assert_routed_to_server(marked, frame)
        self.assertEqual(self.entry_packets(strip), 1)

        self.add_n3(allow_zero_checksum=False)
        self.add_uplink(21, 0x2121)
        frame, inner = uplink(0x2121)
        testutils.send_packet(self, 2, with_ext(frame, HOPOPT, apn6_body(3, 0x99, 0xABC, 7)))
        testutils.verify_packet(self, routed_inner(inner), 3)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.decap_count(21), 1)


@requires("GTPU", "APN6")
class MarkedPacketEntersTheTunnelWithItsOption(Apn6AndGtpuTest):
    """A packet an APN6 policy marks and a downlink tunnel takes: the option is the inner
    packet's own, right after the inner IPv6 header (as inside an MSR6 tree); the outer header
    has none; the lengths count it (FULL checksum over it too)."""

    def runTest(self):
        self.match_all_apn6(sla=2, app=0x99, user=0x1, flow=0x2)
        self.add_tunnel(47, 0x47, ZERO)
        self.add_tunnel(48, 0x48, FULL, qfi=3, prefix="fd00:98::")
        for dst, teid, qfi, checksum in ((UE, 0x47, None, 0), ("fd00:98::1", 0x48, 3, None)):
            inner = udp_inner(dst=dst)
            marked = with_ext(inner, HOPOPT, apn6_body(2, 0x99, 0x1, 0x2), offset=0)
            expected = encapsulated(marked, teid, qfi, checksum)
            self.send_inner(inner)
            testutils.verify_packet(self, expected, 2)
            testutils.verify_no_other_packets(self)


@requires("GTPU", "APN6")
class PolicyDoesNotMarkWhatTheN3EndDecapsulates(Apn6AndGtpuTest):
    """A match-all APN6 policy and a G-PDU to the local N3 address: its outer header goes at
    decapsulation, so no option is inserted into it, and the inner packet leaves as it was sent
    into the tunnel (hop limit - 1). Before, the option was inserted and decapsulation kept the
    HBH: 24 stray octets behind the inner IPv6 header."""

    def runTest(self):
        self.match_all_apn6()
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(49, 0x49)
        for qfi in (None, 2):
            frame, inner = uplink(0x49, qfi=qfi)
            testutils.send_packet(self, 2, frame)
            testutils.verify_packet(self, routed_inner(inner), 3)
            testutils.verify_no_other_packets(self)
        self.assertEqual(self.decap_count(49), 2)


@requires("GTPU", "APN6")
class OnePacketWithTwoEventsCountsOnceAtTheirSet(Apn6AndGtpuTest):
    """The event counter's index is the set of a packet's events (define.p4): an echo request to
    the N3 address with a Destination Options header in front of its UDP header, under a
    match-all APN6 policy, is punted (GTPU_ECHO_PUNTED) and was not marked for its extension
    header (APN6_SKIPPED). It counts once, at the index with both bits, and each event's total
    (the sum over the indexes with its bit) grows by one; neither event's own index moves."""

    def runTest(self):
        self.match_all_apn6()
        self.add_n3(allow_zero_checksum=False)
        skipped, punted = p4defines.EVENT_APN6_SKIPPED, p4defines.EVENT_GTPU_ECHO_PUNTED
        both = (1 << skipped) | (1 << punted)
        cells = (both, 1 << skipped, 1 << punted)
        before = {index: self.counter(names.SIXFLOW_INGRESS_EVENT_COUNTER, index) for index in cells}
        totals = (self.event_count(skipped), self.event_count(punted))
        echo = (IPv6(src=PEER, dst=N3, hlim=50) / UDP(sport=2152, dport=GTPU_PORT)
                / GTP_U_Header(version=1, PT=1, S=1, seq=0x77, gtp_type=1, teid=0) / Raw(bytes([14, 0])))
        frame = with_ext(Ether(src=NEXT_HOP_MAC, dst=ROUTER_MAC) / echo, DSTOPTS, DEST_OPTS_BODY)
        testutils.send_packet(self, 2, frame)
        port, payload = self.expect_packet_in()
        self.assertEqual((port, bytes(payload)), (2, frame))
        testutils.verify_no_other_packets(self)
        after = {index: self.counter(names.SIXFLOW_INGRESS_EVENT_COUNTER, index) for index in cells}
        self.assertEqual(after, {**before, both: before[both] + 1})
        self.assertEqual((self.event_count(skipped), self.event_count(punted)), (totals[0] + 1, totals[1] + 1))



# Extension headers (TS 29.281 5.2) ---------------------------------------------------------------

def chained(teid, first_type, extensions, inner, checksum=None):
    """A G-PDU to the N3 address with E set, the first extension header's type first_type and the
    extension headers' bytes (each: its length in 4-octet units, its content, the next one's type),
    then inner; the GTP-U length counts the optional fields, the chain and inner."""
    header = GTP_U_Header(version=1, PT=1, E=1, gtp_type=255, teid=teid, next_ex=first_type,
                          length=4 + len(extensions) + len(inner))
    packet = IPv6(src=PEER, dst=N3, hlim=50) / UDP(sport=40000, dport=GTPU_PORT, chksum=checksum) / header / Raw(extensions + inner)
    return bytes(Ether(src=NEXT_HOP_MAC, dst=ROUTER_MAC) / packet)


def ul_psc(qfi, units, next_type=0):
    """An UL PDU Session Container (PDU type 1) of units 4-octet units: QoS monitoring fields
    (TS 38.415: QMP set, time stamps) fill the longer ones."""
    body = bytes([0x18, qfi]) + bytes(range(1, 4 * units - 3))
    return bytes([units]) + body + bytes([next_type])


@requires("GTPU")
class ExtensionHeaderChainsAreTaken(GtpuTest):
    """Issue 30: a G-PDU's extension headers are a chain (TS 29.281 5.2): an UL PDU Session
    Container of 2 and of 7 units (QoS monitoring fields), and ahead of or behind it headers whose
    type says comprehension is not required (5.2.1: high bits 0b00 or 0b01, e.g. the UDP Port
    extension 0x40), skipped; up to GTPU_EXT_MAX_UNITS units in all. Each is decapsulated (UDP
    checksum verified over the chain). Before, only a container of one unit with nothing after
    it was taken: the rest were dropped as MALFORMED."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=False)
        self.add_uplink(50, 0x50)
        _, inner = uplink(0x50)
        max_units = p4defines.GTPU_EXT_MAX_UNITS
        cases = [
            (0x85, ul_psc(9, 2)),
            (0x85, ul_psc(9, 7)),
            (0x40, bytes([1, 0x08, 0x68, 0x85]) + ul_psc(9, 1)),
            (0x85, ul_psc(9, 1, next_type=0x40) + bytes([1, 0x08, 0x68, 0x00])),
            (0x20, bytes([2, 1, 2, 3, 4, 5, 6, 0x85]) + ul_psc(9, max_units - 2)),
        ]
        for first_type, extensions in cases:
            testutils.send_packet(self, 2, chained(0x50, first_type, extensions, inner))
            testutils.verify_packet(self, routed_inner(inner), 3)
            testutils.verify_no_other_packets(self)
        self.assertEqual(self.decap_count(50), len(cases))


@requires("GTPU")
class ExtensionHeaderToComprehendUnknownHereIsDropped(GtpuTest):
    """Issue 30: an extension header whose type says the receiving endpoint must comprehend it
    (TS 29.281 5.2.1: high bits 0b10 or 0b11, e.g. the PDCP PDU Number 0xC0, the NR RAN Container
    0x84) and which this N3 end does not know is dropped and counted (GTPU_UNKNOWN_EXTENSION),
    first in the chain or behind a container, and goes to the controller as it came, with its
    ingress port, for the Supported Extension Headers Notification it sends back (7.2.3; before,
    it was dropped silently); a router it passes through forwards it untouched."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(51, 0x51)
        _, inner = uplink(0x51)
        reason = p4defines.DROP_GTPU_UNKNOWN_EXTENSION
        for first_type, extensions in ((0xC0, bytes([1, 0, 7, 0])), (0x84, bytes([2]) + bytes(6) + bytes([0])),
                                       (0x85, ul_psc(1, 1, next_type=0xC0) + bytes([1, 0, 7, 0]))):
            frame = chained(0x51, first_type, extensions, inner, checksum=0)
            self.expect_punted_drop(frame, reason)
            passing = bytearray(frame)
            passing[14 + 24:14 + 40] = ipaddress.IPv6Address("fd00:5::99").packed
            passing = bytes(passing)
            self.assert_routed_to_server(passing)
        self.assertEqual(self.decap_count(51), 0)


@requires("GTPU")
class RandomInnerPacketsLeaveTheTunnelAsTheyWentIn(GtpuTest):
    """The N3 end decapsulates G-PDUs whose inner packets carry random extension-header chains
    (test_parser's): each inner packet is routed on byte for byte but for its hop limit."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(21, 0x2121)
        rng = random.Random(test_parser.SEED + 3)
        count = test_parser.PACKETS // 3
        for number in range(count):
            carried, _, description = test_parser.random_packet(rng, (UE, SERVER))
            inner = carried[14:]
            frame, _ = uplink(0x2121, inner=inner, qfi=rng.choice((None, 5)))
            testutils.send_packet(self, 2, frame)
            routed = bytearray(bytes.fromhex((SERVER_MAC + ROUTER_MAC).replace(":", "")) + b"\x86\xdd" + inner)
            routed[21] -= 1
            try:
                testutils.verify_packet(self, bytes(routed), 3)
            except AssertionError as failure:
                raise AssertionError("packet %d: inner %s: %s" % (number, description, inner.hex())) from failure
        testutils.verify_no_other_packets(self)
        self.assertTrue(self.client.packet_ins.empty(), "a packet was punted")
        self.assertEqual(self.decap_count(21), count)


# TS 29.281 5.2.1: what an extension header type's two high bits ask of the receiving endpoint.
PDU_SESSION_CONTAINER = 0x85
SKIPPABLE_TYPES = (0x01, 0x02, 0x20, 0x3F, 0x40, 0x41, 0x7F)   # 0b00, 0b01: comprehension not required
REQUIRED_TYPES = (0x81, 0x82, 0x83, 0x84, 0xC0, 0xC1, 0xFF)      # 0b10, 0b11: required, and unknown here


def random_chain(rng):
    """A random chain of extension headers, [(type, length in 4-octet units)]: mostly containers
    and types that may be skipped, of lengths that fit; some of a length of 0 or past the bound,
    some of a type the N3 end must comprehend."""
    chain = []
    for _ in range(rng.choice((0, 1, 1, 2, 2, 3, 4, 6))):
        kind = rng.random()
        ext_type = (PDU_SESSION_CONTAINER if kind < 0.45 else rng.choice(SKIPPABLE_TYPES) if kind < 0.85
                    else rng.choice(REQUIRED_TYPES))
        units = rng.choice((1, 1, 1, 2, 2, 3, 4)) if rng.random() < 0.93 else rng.choice((0, 5, 7, 9))
        chain.append((ext_type, units))
    return chain


def chain_octets(rng, chain):
    """The chain on the wire: each header its length, random content and the next one's type (a
    header of length 0 is written 4 octets long: the N3 end reads no further than its length)."""
    octets = b""
    for i, (_, units) in enumerate(chain):
        next_type = chain[i + 1][0] if i + 1 < len(chain) else 0
        octets += bytes([units]) + rng.randbytes(max(4 * units, 4) - 2) + bytes([next_type])
    return octets


def chain_verdict(chain, inner_version, bound):
    """What the N3 end makes of a G-PDU with this chain, in the order TS 29.281 5.2 reads it (and
    docs/features/gtpu.md lists): None when it decapsulates, else the drop reason of the first
    header it cannot take (a length of 0, or past the bound: malformed; a type to comprehend other
    than the container: unknown), or malformed when what it carries is not IPv6."""
    used = 0
    for ext_type, units in chain:
        if units == 0:
            return p4defines.DROP_GTPU_MALFORMED
        if ext_type != PDU_SESSION_CONTAINER and ext_type & 0x80:
            return p4defines.DROP_GTPU_UNKNOWN_EXTENSION
        used += units
        if used > bound:
            return p4defines.DROP_GTPU_MALFORMED
    return None if inner_version == 6 else p4defines.DROP_GTPU_MALFORMED


@requires("GTPU")
class RandomExtensionChainsMeetTheirVerdict(GtpuTest):
    """G-PDUs with random extension-header chains (random_chain), to the N3 end and through a
    router they only pass, held to chain_verdict: decapsulated, the inner packet routed on;
    dropped and counted by reason, an unknown type to comprehend also punted as it came (for the
    controller's Supported Extension Headers Notification); and in transit, whatever the chain,
    forwarded byte for byte but for MACs and hop limit."""

    def runTest(self):
        self.add_n3(allow_zero_checksum=True)
        self.add_uplink(61, 0x61)
        rng = random.Random(test_parser.SEED + 4)
        bound = p4defines.GTPU_EXT_MAX_UNITS
        reasons = (p4defines.DROP_GTPU_MALFORMED, p4defines.DROP_GTPU_UNKNOWN_EXTENSION)
        before = {reason: self.drop_count(reason) for reason in reasons}
        expected = {reason: 0 for reason in reasons}
        decapsulated = 0
        for number in range(test_parser.PACKETS // 3):
            chain = random_chain(rng)
            inner = bytes(IPv6(src=UE, dst=SERVER, hlim=rng.randint(2, 255)) / UDP(sport=7, dport=9)
                          / Raw(rng.randbytes(rng.randint(0, 64))))
            if rng.random() < 0.05:
                inner = bytes([0x45]) + inner[1:]       # IPv4's version: not what a G-PDU may carry here
            if chain:
                flags, first_type = dict(E=1, S=rng.randint(0, 1)), chain[0][0]
            else:                                       # no chain: E set with type 0, or E clear with any
                flags, first_type = rng.choice(((dict(E=1, S=0), 0), (dict(E=0, S=1), rng.randint(1, 255))))
            body = chain_octets(rng, chain) + inner
            header = GTP_U_Header(version=1, PT=1, gtp_type=255, teid=0x61, next_ex=first_type, length=4 + len(body),
                                  **flags)
            checksum = 0 if rng.random() < 0.2 else None
            verdict = chain_verdict(chain, inner[0] >> 4, bound)
            description = "packet %d: chain %s, inner version %d, verdict %s" % (number, chain, inner[0] >> 4, verdict)
            for destination in (N3, "fd00:5::99"):
                frame = bytes(Ether(src=NEXT_HOP_MAC, dst=ROUTER_MAC)
                              / IPv6(src=PEER, dst=destination, hlim=50)
                              / UDP(sport=40000, dport=GTPU_PORT, chksum=checksum) / header / Raw(body))
                try:
                    if destination != N3:
                        self.assert_routed_to_server(frame)
                    elif verdict is None:
                        testutils.send_packet(self, 2, frame)
                        testutils.verify_packet(self, routed_inner(inner), 3)
                        testutils.verify_no_other_packets(self)
                    else:
                        testutils.send_packet(self, 2, frame)
                        if verdict == p4defines.DROP_GTPU_UNKNOWN_EXTENSION:
                            port, payload = self.expect_packet_in()
                            self.assertEqual((port, bytes(payload)), (2, frame))
                        testutils.verify_no_other_packets(self)
                    self.assertTrue(self.client.packet_ins.empty(), "punted, and not (only) for a notification")
                except AssertionError as failure:
                    raise AssertionError("%s to %s: %s" % (description, destination, frame.hex())) from failure
            if verdict is None:
                decapsulated += 1
            else:
                expected[verdict] += 1
        self.assertEqual({reason: self.drop_count(reason) - before[reason] for reason in reasons}, expected)
        self.assertEqual(self.decap_count(61), decapsulated)
        # Every verdict was reached: the generator is not too kind.
        self.assertTrue(decapsulated > 0 and all(expected.values()), (decapsulated, expected))
