# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""GTP-U over IPv6 tunnels created through REST, between a data-network host (h_bj, on beijing,
which holds the tunnels' N3 addresses) and a peer (h_sh, the gNB's side, two routers away):
downlink packets to a UE address leave beijing encapsulated in each UDP checksum mode, cross
the transit routers and reach the peer byte for byte as scapy builds them (checksums computed by
scapy, not by Sixflow), and the peer's Linux stack accepts the full and incremental checksums
and a zero one only on a socket that allows it (RFC 6936); uplink G-PDUs from the peer's Linux
stack come out of the tunnel at beijing and reach h_bj routed, a zero checksum only where the N3
address accepts it, an unknown TEID not at all (the controller answers it with an Error
Indication), nor one with an extension header to comprehend that Sixflow does not (answered with
a Supported Extension Headers Notification); the controller answers an echo request, and one with
such an extension with the notification; a G-PDU carrying less than an IPv6 header crosses the
routers between the peer and beijing and is malformed there; a UE's packet to another UE goes up
one tunnel and down the other, and the ICMPv6 errors about one that cannot (hop limit spent, too
big for the other tunnel) come down the sender's own; a packet to a UE with its hop limit spent
gets a Time Exceeded, and a datagram too big for the tunnel a Packet Too Big that Linux's path MTU
discovery takes; the tunnels' counters count what went through."""

import ipaddress
import json
import sys
import time
from datetime import datetime

import drops
import expect
import p4defines
import traffic
from systest import SystemTest
from udppeers import UDPTOOLS, EchoPeer, KernelListener

from scapy.contrib.gtp import GTP_U_Header, GTPPDUSessionContainer
from scapy.layers.inet import UDP
from scapy.layers.inet6 import IPv6
from scapy.layers.l2 import Ether
from scapy.packet import Raw

GTPU_PORT = 2152
# Inside beijing's locator, so routing already brings uplink packets there.
N3_STRICT = "fd00:1:1::2152:1"   # refuses a zero UDP checksum
N3_LENIENT = "fd00:1:1::2152:2"  # accepts one
DATA_NETWORK, PEER = "h_bj", "h_sh"
TUNNELS = {
    # id: (UE prefix, N3 address, downlink TEID, uplink TEID, checksum mode, QFI, accept zero)
    "gtpu-zero": ("fd00:99:1::/64", N3_STRICT, 0x1001, 0x2001, "ZERO", None, False),
    "gtpu-full": ("fd00:99:2::/64", N3_STRICT, 0x1002, 0x2002, "FULL", None, False),
    "gtpu-incremental": ("fd00:99:3::/64", N3_STRICT, 0x1003, 0x2003, "INCREMENTAL", 9, False),
    "gtpu-lenient": ("fd00:99:4::/64", N3_LENIENT, 0x1004, 0x2004, "ZERO", None, True),
}


def ue_address(tunnel):
    return TUNNELS[tunnel][0].replace("::/64", "::1")


def gtpu_header(teid, qfi=None, pdu_type=0):
    if qfi is None:
        return GTP_U_Header(version=1, PT=1, gtp_type=255, teid=teid)
    return (GTP_U_Header(version=1, PT=1, gtp_type=255, teid=teid, E=1, seq=0, npdu=0, next_ex=0x85)
            / GTPPDUSessionContainer(ExtHdrLen=1, type=pdu_type, QFI=qfi, NextExtHdr=0))


class GtpuTest(SystemTest):

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.dn = cls.lab.hosts[DATA_NETWORK]
        cls.peer = cls.lab.hosts[PEER]
        cls.created = []
        try:
            for tunnel, (prefix, n3, down, up, mode, qfi, accept_zero) in TUNNELS.items():
                body = {"id": tunnel, "uePrefixes": [prefix], "n3Address": n3, "peerAddress": cls.peer.ipv6,
                        "downlinkTeid": down, "uplinkTeid": up, "checksumMode": mode,
                        "acceptZeroChecksum": accept_zero, "decapDevice": "device:beijing"}
                if qfi is not None:
                    body["qfi"] = qfi
                cls.rest.post("gtpu/tunnels", body)
                cls.created.append(tunnel)
        except Exception:
            cls.tearDownClass()
            raise

    @classmethod
    def tearDownClass(cls):
        for tunnel in cls.created:
            try:
                cls.rest.delete("gtpu/tunnels/" + tunnel)
            except Exception:  # already gone
                pass

    def setUp(self):
        for tunnel in TUNNELS:
            self.eventually(lambda: self.rest.get("gtpu/tunnels/" + tunnel)["state"] == "INSTALLED",
                            what="tunnel %s INSTALLED" % tunnel)

    def counters(self, tunnel):
        counters = self.rest.get("gtpu/tunnels/" + tunnel)["counters"]
        self.assertEqual([], counters["unreadDevices"], counters)
        return counters

    # Downlink ---------------------------------------------------------------------------------

    def downlink(self, tunnel, flow, accept_zero_checksum=False):
        """Sends 3 packets from the data network to the tunnel's UE; returns (frames at the peer
        with what each must be, the datagrams the peer's kernel delivered)."""
        _, n3, teid, _, mode, qfi, _ = TUNNELS[tunnel]
        before = self.counters(tunnel)["downlinkPackets"]
        with traffic.Capture(self.lab, [self.peer], duration=3) as capture, \
                KernelListener(self.lab, self.peer, GTPU_PORT, 3, accept_zero_checksum) as kernel:
            traffic.send(self.lab, self.dn, ue_address(tunnel), count=3, rate=50, flow=flow)
        # G-PDUs only (message type 255): the controller's Echo Requests to the peer (path
        # supervision, every echoIntervalSeconds) come from the same N3 address and may fall in.
        frames = [f for _, f in capture.frames[self.peer.name]
                  if IPv6 in Ether(f) and Ether(f)[IPv6].src == n3 and UDP in Ether(f)
                  and bytes(Ether(f)[UDP].payload)[1:2] == b"\xff"]
        self.assertEqual(3, len(frames), "%d of 3 tunnel packets reached the peer" % len(frames))
        beijing = self.lab.switches["beijing"]
        last = self.lab.switches[self.peer.switch]
        routers = self.lab.hops("beijing", self.peer.switch)
        pairs = []
        for frame in frames:
            outer = Ether(frame)
            inner = bytes(outer[UDP].payload)[16 if qfi is not None else 8:]
            _, seq, sent_ns = traffic.hosttools.sequence_of(bytes(12) + b"\x86\xdd" + inner)
            sent = traffic.frame_sent(self.dn, ue_address(tunnel), beijing.router_mac, flow, seq, sent_ns)
            label = outer[IPv6].fl
            # The entropy port carries the flow label's low 14 bits (gtpu.p4); both come from a
            # hash of the inner flow, so they are taken from the frame and held to each other.
            self.assertEqual(0xC000 | (label & 0x3FFF), outer[UDP].sport, "entropy source port")
            # The inner packet one hop on: the encapsulating router forwards it into the tunnel.
            inner_sent = sent[14:21] + bytes([sent[21] - 1]) + sent[22:]
            expected = (Ether(src=last.router_mac, dst=self.peer.mac)
                        / IPv6(src=n3, dst=self.peer.ipv6, hlim=64 - routers, tc=IPv6(sent[14:]).tc, fl=label)
                        / UDP(sport=outer[UDP].sport, dport=GTPU_PORT, chksum=0 if mode == "ZERO" else None)
                        / gtpu_header(teid, qfi) / Raw(inner_sent))
            pairs.append((bytes(expected), frame))
        self.eventually(lambda: self.counters(tunnel)["downlinkPackets"] - before == 3,
                        what="downlink counter of %s up by 3" % tunnel)
        return pairs, [d for d in kernel.datagrams if d["hex"][2:4] == "ff"]   # G-PDUs, as above

    def check_downlink(self, tunnel, flow):
        pairs, delivered = self.downlink(tunnel, flow)
        for expected, got in pairs:
            self.assertFramesEqual(expected, got, "%s tunnel packet" % tunnel)
        payloads = sorted(bytes(Ether(e)[UDP].payload).hex() for e, _ in pairs)
        self.assertEqual(payloads, sorted(d["hex"] for d in delivered),
                         "the peer's Linux stack did not accept every %s datagram" % tunnel)

    def test_downlink_with_a_full_checksum_reaches_the_peer_and_linux_accepts_it(self):
        self.check_downlink("gtpu-full", 701)

    def test_downlink_with_an_incremental_checksum_and_qfi_reaches_the_peer_and_linux_accepts_it(self):
        self.check_downlink("gtpu-incremental", 702)

    def test_downlink_with_a_zero_checksum_is_accepted_only_by_a_socket_that_allows_it(self):
        pairs, refused = self.downlink("gtpu-zero", 703)
        for expected, got in pairs:
            self.assertFramesEqual(expected, got, "zero-checksum tunnel packet")
        self.assertEqual([], refused, "a default socket took a zero UDP checksum over IPv6")
        pairs, accepted = self.downlink("gtpu-zero", 704, accept_zero_checksum=True)
        self.assertEqual(3, len(accepted), "a socket with UDP_NO_CHECK6_RX did not get the zero-checksum datagrams")

    # Uplink -----------------------------------------------------------------------------------

    def uplink(self, tunnel, flow, teid=None, n3=None, zero_checksum=False, inner_source=None):
        """The peer's Linux stack sends 3 G-PDUs to the N3 address; returns (what h_bj must get,
        the frames it got)."""
        prefix, tunnel_n3, _, up, _, _, _ = TUNNELS[tunnel]
        beijing = self.lab.switches["beijing"]
        sent = []
        with traffic.Capture(self.lab, [self.dn], duration=3) as capture:
            for seq in range(3):
                inner = traffic.hosttools.udp_frame(self.peer.mac, beijing.router_mac,
                                                    inner_source or ue_address(tunnel),
                                                    self.dn.ipv6, 40000, 5004,
                                                    traffic.hosttools.payload(flow, seq, time.time_ns()))
                sent.append(inner)
                datagram = bytes(gtpu_header(teid if teid is not None else up, pdu_type=1) / Raw(inner[14:]))
                command = [sys.executable, UDPTOOLS, "send", "--dst", n3 or tunnel_n3, "--port", str(GTPU_PORT),
                           "--hex", datagram.hex()]
                if zero_checksum:
                    command.append("--zero-checksum")
                self.lab.in_host(self.peer, *command)
        expected = [expect.routed(frame, beijing.router_mac, self.dn.mac, 1) for frame in sent]
        return expected, capture.flow(self.dn, flow)

    def test_uplink_leaves_the_tunnel_at_the_n3_address_and_reaches_the_data_network(self):
        before = self.counters("gtpu-full")["uplinkPackets"]
        expected, got = self.uplink("gtpu-full", 711)
        self.assertEqual(3, len(got), "%d of 3 decapsulated packets reached %s" % (len(got), self.dn.name))
        for e, g in zip(expected, got):
            self.assertFramesEqual(e, g, "decapsulated packet")
        self.eventually(lambda: self.counters("gtpu-full")["uplinkPackets"] - before == 3,
                        what="uplink counter of gtpu-full up by 3")

    def test_uplink_with_a_zero_checksum_passes_only_where_the_n3_address_accepts_it(self):
        _, refused = self.uplink("gtpu-zero", 712, zero_checksum=True)
        self.assertEqual([], refused, "%s refuses zero checksums, yet packets came through" % N3_STRICT)
        expected, accepted = self.uplink("gtpu-lenient", 713, zero_checksum=True)
        self.assertEqual(3, len(accepted), "%d of 3 zero-checksum packets through %s" % (len(accepted), N3_LENIENT))
        for e, g in zip(expected, accepted):
            self.assertFramesEqual(e, g, "decapsulated zero-checksum packet")

    def test_a_gpdu_carrying_less_than_an_ipv6_header_crosses_the_routers_and_is_malformed_at_n3(self):
        """The peer's Linux stack sends 3 G-PDUs whose T-PDU is an IPv4 header (20 octets, less
        than an IPv6 header) to beijing's N3 address, across the routers between them: each
        router they only pass forwards them (RFC 8200 4.4), and beijing, the tunnel's end, counts
        each as malformed (GTPU_MALFORMED). Before, the first router dropped them as cut short
        (GTPU_TRUNCATED): its parser read an IPv6 header past the packet's end."""
        _, n3, _, up, _, _, _ = TUNNELS["gtpu-full"]
        ipv4_header = bytes.fromhex("4500001400000000401100000a0000010a000002")
        datagram = bytes(gtpu_header(up) / Raw(ipv4_header))
        before = drops.read(self.lab)
        for _ in range(3):
            self.lab.in_host(self.peer, sys.executable, UDPTOOLS, "send", "--dst", n3, "--port", str(GTPU_PORT),
                             "--hex", datagram.hex())
        malformed = ("beijing", "ingress", p4defines.DROP_GTPU_MALFORMED)

        def counted():
            # The reading once beijing has counted them; until then what grew, for the failure.
            reading = drops.read(self.lab)
            if reading.get(malformed, 0) - before.get(malformed, 0) < 3:
                raise AssertionError(drops.grown(before, reading))
            return reading

        after = self.eventually(counted, what="beijing counting 3 G-PDUs malformed")
        self.assertEqual(3, after[malformed] - before.get(malformed, 0), drops.grown(before, after))
        cut_short = [key for key in after if key[2] in (p4defines.DROP_PARSER_ERROR, p4defines.DROP_GTPU_TRUNCATED)
                     and after[key] > before.get(key, 0)]
        self.assertEqual([], cut_short, "a router dropped them as cut short: %s" % drops.grown(before, after))

    def test_a_ue_to_another_ue_goes_up_its_tunnel_and_down_the_others(self):
        """UE to UE through beijing, which ends both tunnels: the peer's Linux stack sends G-PDUs
        up gtpu-full's tunnel to gtpu-zero's UE; beijing decapsulates them, takes them round its
        pipeline once more (its recirculation port) and sends them down gtpu-zero's tunnel, so
        they come back to the peer from gtpu-zero's N3 address with its downlink TEID and a zero
        checksum, the inner packet one hop on. Each tunnel counts them on its side."""
        _, n3, teid, _, _, _, _ = TUNNELS["gtpu-zero"]
        up = TUNNELS["gtpu-full"][3]
        uplink_before = self.counters("gtpu-full")["uplinkPackets"]
        downlink_before = self.counters("gtpu-zero")["downlinkPackets"]
        beijing = self.lab.switches["beijing"]
        sent = []
        with traffic.Capture(self.lab, [self.peer], duration=3) as capture:
            for seq in range(3):
                inner = traffic.hosttools.udp_frame(self.peer.mac, beijing.router_mac, ue_address("gtpu-full"),
                                                    ue_address("gtpu-zero"), 40000, 5004,
                                                    traffic.hosttools.payload(717, seq, time.time_ns()))[14:]
                sent.append(inner)
                datagram = bytes(gtpu_header(up, pdu_type=1) / Raw(inner))
                self.lab.in_host(self.peer, sys.executable, UDPTOOLS, "send", "--dst", N3_STRICT,
                                 "--port", str(GTPU_PORT), "--hex", datagram.hex())
        frames = [Ether(f) for _, f in capture.frames[self.peer.name]]
        down = [f for f in frames if IPv6 in f and f[IPv6].src == n3 and UDP in f
                and bytes(f[UDP].payload)[:2] == b"\x30\xff"
                and bytes(f[UDP].payload)[4:8] == teid.to_bytes(4, "big")]
        self.assertEqual(3, len(down), "%d of 3 packets came down gtpu-zero's tunnel" % len(down))
        one_hop_on = sorted((i[:7] + bytes([i[7] - 1]) + i[8:]).hex() for i in sent)
        self.assertEqual(one_hop_on, sorted(bytes(f[UDP].payload)[8:].hex() for f in down))
        for frame in down:
            self.assertEqual((frame[IPv6].dst, frame[UDP].dport, frame[UDP].chksum), (self.peer.ipv6, GTPU_PORT, 0))
        self.eventually(lambda: self.counters("gtpu-full")["uplinkPackets"] - uplink_before == 3,
                        what="uplink counter of gtpu-full up by 3")
        self.eventually(lambda: self.counters("gtpu-zero")["downlinkPackets"] - downlink_before == 3,
                        what="downlink counter of gtpu-zero up by 3")

    def round_answers(self, inner, up_tunnel="gtpu-full"):
        """Sends `inner` (an IPv6 packet) up `up_tunnel` from the peer's Linux stack; returns the
        outer frames of the G-PDUs that came back down that same tunnel (its N3 address and
        downlink TEID) within 3 s."""
        _, n3, teid, up, _, _, _ = TUNNELS[up_tunnel]
        datagram = bytes(gtpu_header(up, pdu_type=1) / Raw(inner))
        with traffic.Capture(self.lab, [self.peer], duration=3) as capture:
            self.lab.in_host(self.peer, sys.executable, UDPTOOLS, "send", "--dst", N3_STRICT,
                             "--port", str(GTPU_PORT), "--hex", datagram.hex())
        frames = [Ether(f) for _, f in capture.frames[self.peer.name]]
        return [f for f in frames if IPv6 in f and f[IPv6].src == n3 and UDP in f
                and bytes(f[UDP].payload)[:2] == b"\x30\xff"
                and bytes(f[UDP].payload)[4:8] == teid.to_bytes(4, "big")]

    def assertAnsweredFromBeijing(self, down, icmp_type, code, quoted):
        """`down`, one G-PDU down gtpu-full's tunnel (checksum FULL, which scapy recomputes), holds
        an ICMPv6 error from beijing to gtpu-full's UE: this type and code, quoting `quoted`."""
        self.assertEqual(1, len(down), "%d answers came down gtpu-full's tunnel" % len(down))
        frame = down[0]
        checked = frame.copy()
        del checked[UDP].chksum
        self.assertEqual(Ether(bytes(checked))[UDP].chksum, frame[UDP].chksum, "the tunnel's FULL checksum")
        answer = IPv6(bytes(frame[UDP].payload)[8:])
        self.assertEqual(ue_address("gtpu-full"), answer.dst)
        self.assertIn(ipaddress.IPv6Address(answer.src), ipaddress.IPv6Network("fd00:1:1::/64"),
                      "from one of beijing's addresses")
        self.assertEqual(58, answer.nh)
        message = bytes(answer.payload)
        self.assertEqual((icmp_type, code), (message[0], message[1]))
        checked = IPv6(bytes(answer))
        del checked.payload.cksum
        self.assertEqual(bytes(IPv6(bytes(checked)).payload)[2:4], message[2:4], "the ICMPv6 checksum")
        self.assertEqual(quoted[:1280 - 48], message[8:])
        return message

    def test_a_ue_whose_packet_runs_out_of_hops_on_the_round_is_told_down_its_own_tunnel(self):
        """UE to UE with hop limit 1: beijing decapsulates the G-PDU and takes the inner packet
        round its pipeline, where it may not forward it into gtpu-zero's tunnel; routing punts it
        from the recirculation port, and the controller's Time Exceeded goes back through the
        pipeline (ONOS's TABLE port), which sends it down gtpu-full's tunnel to the sender: the
        peer gets it from gtpu-full's N3 address with that tunnel's downlink TEID. Nothing enters
        gtpu-zero's tunnel. Before 2026-12-07 the packet was dropped unseen."""
        beijing = self.lab.switches["beijing"]
        sent = traffic.hosttools.udp_frame(self.peer.mac, beijing.router_mac, ue_address("gtpu-full"),
                                           ue_address("gtpu-zero"), 40000, 5004,
                                           traffic.hosttools.payload(718, 0, time.time_ns()))[14:]
        inner = sent[:7] + b"\x01" + sent[8:]
        downlink_before = self.counters("gtpu-zero")["downlinkPackets"]
        down = self.round_answers(inner)
        self.assertAnsweredFromBeijing(down, 3, 0, inner)
        self.assertEqual(downlink_before, self.counters("gtpu-zero")["downlinkPackets"])

    def test_a_ue_whose_packet_is_too_big_for_the_other_tunnel_is_told_down_its_own(self):
        """UE to UE, a G-PDU of the link's 1500 octets up gtpu-full's tunnel (no QFI) to the UE of
        gtpu-incremental, whose tunnel adds a PDU Session Container (8 octets more): after the
        round it is too big for the port to the peer. beijing drops it and reports it; the
        controller's Packet Too Big, with the port's MTU less that tunnel's 64 octets, goes back
        through the pipeline and down gtpu-full's tunnel to the sender, quoting the packet as it
        went round (its hop limit one lower). Before 2026-12-07 the report found no way back."""
        beijing = self.lab.switches["beijing"]
        payload = traffic.hosttools.payload(719, 0, time.time_ns(), size=1500 - 40 - 8 - 8 - 40 - 8)
        inner = traffic.hosttools.udp_frame(self.peer.mac, beijing.router_mac, ue_address("gtpu-full"),
                                            ue_address("gtpu-incremental"), 40000, 5004, payload)[14:]
        self.assertEqual(1500 - 56, len(inner))
        downlink_before = self.counters("gtpu-incremental")["downlinkPackets"]
        down = self.round_answers(inner)
        one_hop_on = inner[:7] + bytes([inner[7] - 1]) + inner[8:]
        message = self.assertAnsweredFromBeijing(down, 2, 0, one_hop_on)
        self.assertEqual(1500 - 64, int.from_bytes(message[4:8], "big"), "the MTU less the tunnel")
        # Counted as entering the tunnel (what the tunnel end did), then dropped for the MTU.
        self.eventually(lambda: self.counters("gtpu-incremental")["downlinkPackets"] - downlink_before == 1,
                        what="downlink counter of gtpu-incremental up by 1")

    def test_the_data_network_learns_the_tunnels_mtu_and_its_next_datagram_fits(self):
        """Path MTU discovery into a tunnel, Linux at h_bj: two datagrams that fill its link, to
        gtpu-zero's UE. The first is 56 octets bigger in the tunnel and too big for beijing's port
        towards the peer: dropped, and the controller tells h_bj that MTU less the tunnel (the
        report's packet with the tunnel taken off). h_bj's kernel takes it, and the second datagram
        reaches the peer in the tunnel as fragments, each G-PDU within the link. Before 2026-12-07
        the controller could not find h_bj's packet in the report (MALFORMED) and told nobody."""
        ue = ue_address("gtpu-zero")
        _, n3, teid, _, _, _, _ = TUNNELS["gtpu-zero"]
        link_mtu = int(self.lab.in_host(self.dn, "cat", "/sys/class/net/%s/mtu" % self.dn.ifname).stdout)
        self.lab.in_host(self.dn, "ip", "-6", "route", "flush", "cache")
        self.addCleanup(self.lab.in_host, self.dn, "ip", "-6", "route", "flush", "cache")
        sender = ("import socket, time\n"
                  "s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)\n"
                  "for i in range(2):\n"
                  "    s.sendto(bytes([0x30 + i]) * %d, (%r, 5007))\n"
                  "    time.sleep(2)\n" % (link_mtu - 48, ue))
        with traffic.Capture(self.lab, [self.dn, self.peer], duration=6) as capture:
            self.lab.in_host(self.dn, sys.executable, "-c", sender, timeout=30)
        told = [Ether(f) for _, f in capture.frames[self.dn.name]]
        told = [f for f in told if IPv6 in f and f[IPv6].nh == 58 and bytes(f[IPv6].payload)[:1] == b"\x02"]
        self.assertEqual(1, len(told), "one Packet Too Big for the one datagram that did not fit")
        message = bytes(told[0][IPv6].payload)
        self.assertEqual((self.dn.gateway, self.dn.ipv6), (told[0][IPv6].src, told[0][IPv6].dst))
        self.assertEqual(link_mtu - 56, int.from_bytes(message[4:8], "big"), "the MTU less the tunnel")
        quoted = IPv6(message[8:])
        self.assertEqual((self.dn.ipv6, ue), (quoted.src, quoted.dst), "the datagram h_bj sent")
        route = self.lab.in_host(self.dn, "ip", "-6", "route", "get", ue).stdout
        self.assertIn("mtu %d" % (link_mtu - 56), route, "h_bj's kernel took the MTU")
        tunnelled = [Ether(f) for _, f in capture.frames[self.peer.name]]
        tunnelled = [f for f in tunnelled if IPv6 in f and f[IPv6].src == n3 and UDP in f
                     and bytes(f[UDP].payload)[:2] == b"\x30\xff" and bytes(f[UDP].payload)[4:8] == teid.to_bytes(4, "big")]
        inner = [IPv6(bytes(f[UDP].payload)[8:]) for f in tunnelled]
        inner = [p for p in inner if (p.src, p.dst) == (self.dn.ipv6, ue)]
        self.assertGreaterEqual(len(inner), 2, "the second datagram, in fragments")
        self.assertTrue(all(p.nh == 44 for p in inner), "only fragments entered the tunnel")
        self.assertTrue(all(len(f[IPv6]) <= link_mtu for f in tunnelled), "every G-PDU within the link")

    def test_a_packet_to_a_ue_with_its_hop_limit_spent_gets_time_exceeded(self):
        """Linux's ping from the data network to a UE with hop limit 1: beijing may not forward it
        into the tunnel, and the sender gets a Time Exceeded from its gateway. Before 2026-12-07
        the packet was dropped at the tunnel's entry and nobody was told."""
        done = self.lab.in_host(self.dn, "ping", "-6", "-n", "-c", "1", "-t", "1", "-W", "2",
                                ue_address("gtpu-zero"), check=False)
        self.assertNotEqual(0, done.returncode, done.stdout)
        self.assertIn("From %s icmp_seq=1 Time exceeded: Hop limit" % self.dn.gateway, done.stdout, done.stdout)

    def test_an_unknown_teid_never_leaves_the_tunnel(self):
        _, got = self.uplink("gtpu-full", 714, teid=0xDEAD)
        self.assertEqual([], got, "a G-PDU with an unknown TEID was decapsulated")

    def test_an_inner_source_outside_the_ue_prefixes_never_leaves_the_tunnel(self):
        # A UE (or whoever sits behind the peer) sending from an address its tunnel does not carry.
        _, got = self.uplink("gtpu-full", 715, inner_source="fd00:7777::1")
        self.assertEqual([], got, "a G-PDU from outside its tunnel's UE prefixes was decapsulated")

    def test_each_n3_address_answers_a_ping(self):
        """Linux's ping from the peer to each N3 address gets Echo Replies from it: what GTP-U does
        not take at an N3 address is the router's own (answered by the controller), not a packet
        without a route (a Destination Unreachable before 2026-12-07)."""
        for n3 in (N3_STRICT, N3_LENIENT):
            with self.subTest(n3=n3):
                def answered():
                    done = self.lab.in_host(self.peer, "ping", "-6", "-n", "-c", "3", "-i", "0.2", "-W", "2", n3,
                                            check=False)
                    return done if done.returncode == 0 else None
                done = self.eventually(answered, timeout=30, what="%s answering a ping" % n3)
                self.assertIn("3 received", done.stdout, done.stdout)
                self.assertIn("from %s:" % n3, done.stdout, done.stdout)

    def test_an_unknown_teid_gets_an_error_indication_from_the_n3_address(self):
        n3 = TUNNELS["gtpu-full"][1]
        inner = traffic.hosttools.udp_frame(self.peer.mac, self.lab.switches["beijing"].router_mac,
                                            ue_address("gtpu-full"), self.dn.ipv6, 40000, 5004, b"x" * 16)
        datagram = bytes(gtpu_header(0xDEAD, pdu_type=1) / Raw(inner[14:]))
        # From the user plane port: the Error Indication goes to port 2152 whatever the source port.
        done = self.lab.in_host(self.peer, sys.executable, UDPTOOLS, "send", "--dst", n3, "--port", str(GTPU_PORT),
                                "--sport", str(GTPU_PORT), "--hex", datagram.hex(), "--replies", "3")
        replies = json.loads(done.stdout.strip().splitlines()[-1])["replies"]
        # TS 29.281 7.3.1: flags 0x32 (S set), type 26, length 28, TEID 0, sequence 0, N-PDU 0, no
        # extension; TEID Data I (16) with the unknown TEID, GTP-U Peer Address (133) with the N3 address.
        peer_address = ipaddress.IPv6Address(n3).packed.hex()
        self.assertEqual([{"src": n3, "sport": GTPU_PORT,
                           "hex": "321a001c" "00000000" "0000" "00" "00" "10" "0000dead" "85" "0010" + peer_address}],
                         [{k: r[k] for k in ("src", "sport", "hex")} for r in replies])

    def test_an_extension_to_comprehend_gets_a_supported_extension_headers_notification(self):
        # A G-PDU of gtpu-full's uplink TEID whose PDU Session Container is followed by a PDCP PDU
        # Number extension (0xc0: every receiver must comprehend it; Sixflow does not).
        n3, uplink_teid = TUNNELS["gtpu-full"][1], TUNNELS["gtpu-full"][3]
        inner = traffic.hosttools.udp_frame(self.peer.mac, self.lab.switches["beijing"].router_mac,
                                            ue_address("gtpu-full"), self.dn.ipv6, 40000, 5004,
                                            traffic.hosttools.payload(716, 0, time.time_ns()))
        header = GTP_U_Header(version=1, PT=1, gtp_type=255, teid=uplink_teid, E=1, seq=0, npdu=0, next_ex=0x85)
        datagram = bytes(header / Raw(bytes.fromhex("01 10 09 c0" "01 0001 00") + inner[14:]))
        with traffic.Capture(self.lab, [self.dn], duration=3) as capture:
            done = self.lab.in_host(self.peer, sys.executable, UDPTOOLS, "send", "--dst", n3,
                                    "--port", str(GTPU_PORT), "--sport", "40124", "--hex", datagram.hex(),
                                    "--replies", "3")
        replies = json.loads(done.stdout.strip().splitlines()[-1])["replies"]
        # TS 29.281 7.2.3 to the G-PDU's source port: flags 0x32, type 31, length 7, TEID 0,
        # sequence 0, N-PDU 0, no extension; Extension Header Type List (141) of one: 0x85.
        self.assertEqual([{"src": n3, "sport": GTPU_PORT, "hex": "321f0007" "00000000" "0000" "00" "00" "8d" "01" "85"}],
                         [{k: r[k] for k in ("src", "sport", "hex")} for r in replies])
        self.assertEqual([], capture.flow(self.dn, 716), "a G-PDU with an extension to comprehend was decapsulated")

    # Path management --------------------------------------------------------------------------

    def test_the_controller_echoes_each_path_and_sees_a_silent_peer_go_down(self):
        # TS 29.281 7.2.1: Echo Requests from each N3 address to the peer, every echoIntervalSeconds
        # (60 by default, 2 here); the peer answers while its echo responder runs, then falls silent.
        component = "org.sixflow.app.features.gtpu.impl.echo.GtpuPathSupervisor"
        n3s = sorted({n3 for _, n3, _, _, _, _, _ in TUNNELS.values()})

        def paths():
            return {p["n3Address"]: p for p in self.rest.get("gtpu/paths")["paths"]
                    if p["device"] == "device:beijing" and p["peerAddress"] == self.peer.ipv6}

        self.lab.onos.post("configuration/" + component, {"echoIntervalSeconds": "2"})
        try:
            with EchoPeer(self.lab, self.peer, duration=14) as peer:
                self.eventually(lambda: sorted(paths()) == n3s and all(p["state"] == "UP" for p in paths().values()),
                                timeout=14, what="both paths UP")
            # Each request came from an N3 address to port 2152, from port 2152, S set, TEID 0, length 4.
            self.assertTrue(peer.datagrams)
            for request in peer.datagrams:
                self.assertIn(request["src"], n3s)
                self.assertEqual(GTPU_PORT, request["sport"])
                self.assertEqual("32010004" "00000000", request["hex"][:16], request)
            self.eventually(lambda: all(p["state"] == "DOWN" for p in paths().values()), timeout=30,
                            what="both paths DOWN once the peer is silent")
            self.assertTrue(all(p["missed"] >= 3 and p["responses"] >= 1 for p in paths().values()), paths())
            # Echoed all along (a route to the peer): each says when its last request went, nothing why not.
            self.assertTrue(all(p["notEchoed"] is None and p["lastRequest"] for p in paths().values()), paths())
            # The master's next request is one interval after its last (the rounds go at a fixed delay).
            for p in paths().values():
                gap = (datetime.fromisoformat(p["nextRequest"]) - datetime.fromisoformat(p["lastRequest"])).total_seconds()
                self.assertTrue(1.9 <= gap <= 2.5, p)
            self.assertEqual(2, self.rest.get("gtpu/paths")["echoIntervalSeconds"])
        finally:
            self.lab.onos.post("configuration/" + component, {"echoIntervalSeconds": "60"})

    def test_the_controller_answers_an_echo_request_to_an_n3_address(self):
        request = bytes.fromhex("32010004" "00000000" "1234" "00" "00")
        done = self.lab.in_host(self.peer, sys.executable, UDPTOOLS, "send", "--dst", N3_STRICT,
                                "--port", str(GTPU_PORT), "--sport", "40123", "--hex", request.hex(),
                                "--replies", "3")
        replies = json.loads(done.stdout.strip().splitlines()[-1])["replies"]
        # TS 29.281 7.2.2: S set, the request's sequence number, type 2, TEID 0, Recovery IE 0.
        self.assertEqual([{"src": N3_STRICT, "sport": GTPU_PORT,
                           "hex": "32020006" "00000000" "1234" "00" "00" "0e00"}],
                         [{k: r[k] for k in ("src", "sport", "hex")} for r in replies])

    def test_an_echo_request_with_an_extension_to_comprehend_gets_the_notification_instead(self):
        # PDCP PDU Number (0xc0) in the request: the answer lists what Sixflow takes, not that the path is up.
        request = bytes.fromhex("36010008" "00000000" "1234" "00" "c0" "01 0001 00".replace(" ", ""))
        done = self.lab.in_host(self.peer, sys.executable, UDPTOOLS, "send", "--dst", N3_STRICT,
                                "--port", str(GTPU_PORT), "--sport", "40125", "--hex", request.hex(),
                                "--replies", "3")
        replies = json.loads(done.stdout.strip().splitlines()[-1])["replies"]
        self.assertEqual([{"src": N3_STRICT, "sport": GTPU_PORT,
                           "hex": "321f0007" "00000000" "0000" "00" "00" "8d" "01" "85"}],
                         [{k: r[k] for k in ("src", "sport", "hex")} for r in replies])
