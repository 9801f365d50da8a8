# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""ppp_client.py (the generator's subscriber) against the frames real Debian pppoe-server and pppd
exchanged in the PPPoE VM (the capture the app's BNG tests read), then its data and bad input."""

import io
import ipaddress
import os
import socket
import struct
import unittest

import frames
import generator
import ppp_client
from ppp_client import ClientSession

CAPTURE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "demo", "src", "main", "resources",
                       "org", "sixflow", "demo", "seed", "pppoe-vm-capture.txt")
CLIENT_MAC, SERVER_MAC = bytes.fromhex("5254005f0001"), bytes.fromhex("5254005f0002")


def captured(c_vid):
    with open(CAPTURE) as f:
        rows = [line.split() for line in f if line.strip() and not line.startswith("#")]
    return [bytes.fromhex(r[3]) for r in rows if int(r[1]) == c_vid]


def name(frame):
    return frames.Frame(0.0, frame).pppoe.name + (
        "" if frames.Frame(0.0, frame).pppoe.ppp_code is None else "-%d" % frames.Frame(0.0, frame).pppoe.ppp_code)


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


class ClientAgainstTheCaptureTest(unittest.TestCase):
    """The server's frames of C-VID 10, in the order they came, each answered by the client."""

    def setUp(self):
        self.sent, self.clock = [], Clock()
        self.client = ClientSession(CLIENT_MAC, 100, 10, "alice@sixflow", "alice-secret",
                                    bytes.fromhex("0000000000100001"), self.sent.append, self.clock)
        self.client.host_uniq = bytes.fromhex("d4000000")   # the Host-Uniq pppd sent in the capture

    def feed(self, frame):
        parsed = generator.line_of(frame)
        self.assertIsNotNone(parsed)
        dst, src, s_tag, c_tag, ethertype, payload = parsed
        self.assertEqual((CLIENT_MAC, 100, 10), (dst, s_tag, c_tag))
        self.client.receive(src, ethertype, payload)

    def test_reaches_up_answers_echoes_and_ends_at_the_servers_padt(self):
        self.client.start()
        for frame in captured(10):
            if frame[6:12] == SERVER_MAC:
                self.feed(frame)
        kinds = [name(f) for f in self.sent]
        self.assertEqual(["PADI", "PADR", "LCP-1", "LCP-2", "PAP-1"], kinds[:5])
        # IPCP: the server's request with VJ is rejected, ours Nak'd to 10.33.0.11 and asked again.
        self.assertIn("IPCP-4", kinds)
        self.assertEqual(2, kinds.count("IPCP-1"))
        self.assertEqual(["LCP-10"], kinds[-1:], "nothing sent after the server's PADT")
        self.assertEqual(4, kinds.count("LCP-10"), "every echo request of the server answered")
        for f in self.sent:
            parsed = frames.Frame(0.0, f)
            self.assertEqual((100, 10), parsed.vlans)
            self.assertEqual(CLIENT_MAC, parsed.src)
        self.assertEqual(ipaddress.IPv4Address("10.33.0.11"), self.client.ipv4)
        self.assertEqual(2, self.client.session_id)
        self.assertEqual(bytes.fromhex("0000000000100001"), self.client.interface_id)
        self.assertEqual("ended", self.client.state)
        self.assertEqual("PADT from the server", self.client.why)
        for milestone in ("padi", "pads", "lcp", "auth", "ipcp", "ipv6cp", "up", "ended"):
            self.assertIn(milestone, self.client.times)

    def test_a_servers_configure_request_asked_again_after_lcp_opened_is_answered(self):
        self.client.start()
        server_frames = [f for f in captured(10) if f[6:12] == SERVER_MAC]
        for frame in server_frames[:-1]:   # up to, not including, the PADT
            self.feed(frame)
        self.assertEqual("up", self.client.state)
        lcp_request = next(f for f in server_frames if name(f) == "LCP-1")
        self.feed(lcp_request)
        self.assertEqual("LCP-2", name(self.sent[-1]))
        self.assertEqual(lcp_request[22 + 6 + 3], self.sent[-1][22 + 6 + 3], "the request's identifier")
        self.assertEqual("up", self.client.state)

    def test_padr_carries_the_servers_cookie_and_goes_to_its_mac(self):
        self.client.start()
        self.feed(captured(10)[1])   # the PADO
        padr = self.sent[-1]
        self.assertEqual(SERVER_MAC, padr[0:6])
        tags = dict(ppp_client.parse_tags(padr[28:]))
        self.assertEqual(bytes.fromhex("b4d8be39d3ad00de81f0e406341f2539d3000000")[:16],
                         tags[ppp_client.TAG_AC_COOKIE][:16])
        self.assertEqual(bytes.fromhex("d4000000"), tags[ppp_client.TAG_HOST_UNIQ])

    def test_another_subscribers_pado_is_ignored(self):
        self.client.start()
        self.client.host_uniq = b"\x01\x02\x03\x04"
        self.feed(captured(10)[1])
        self.assertEqual("discovery", self.client.state)
        self.assertEqual(1, len(self.sent))

    def test_padi_is_sent_again_with_a_doubling_wait_then_the_session_fails(self):
        self.client.max_tries = 3
        self.client.start()
        waits = []
        while self.client.going:
            due = self.client.due()
            waits.append(due - self.clock.now)
            self.clock.now = due
            self.client.tick()
        self.assertEqual([5.0, 10.0, 20.0, 40.0], waits)
        self.assertEqual(4, len(self.sent))
        self.assertEqual("failed", self.client.state)
        self.assertIn("PADI", self.client.why)

    def test_a_malformed_frame_changes_nothing(self):
        self.client.start()
        pado = bytearray(captured(10)[1])
        pado[22 + 5] = 0xFF   # PPPoE length past the frame
        self.feed(bytes(pado))
        self.assertEqual("discovery", self.client.state)
        self.assertEqual(1, self.client.malformed)


class ClientDataTest(unittest.TestCase):
    """After UP: the RA's /64 with the negotiated interface id, then one echo each way of IP."""

    def up_client(self, **kw):
        self.sent, self.clock = [], Clock()
        c = ClientSession(b"\x02\x5f\0\0\0\x07", 200, 8, "gen7@sixflow", "gen-7", struct.pack("!HHI", 0x5F, 0, 8),
                          self.sent.append, self.clock, ping6="fd00:b:1::13", ping4="10.0.3.13", **kw)
        c.start()
        c.state, c.session_id, c.ac_mac = "up", 9, SERVER_MAC
        c.ipv4 = ipaddress.IPv4Address("10.40.0.10")
        c.times["up"] = self.clock.now
        c.timers["ra"] = self.clock.now + c.ra_wait
        return c

    def downstream(self, c, protocol, packet):
        ppp = struct.pack("!H", protocol) + packet
        c.receive(SERVER_MAC, ppp_client.ETH_P_PPPOE_SESS, ppp_client.pppoe(0, 9, ppp))

    def ra(self, prefix, flags=0x40):
        bng = ipaddress.IPv6Address("fe80::2aa:ff:fe00:b01")
        pio = struct.pack("!BBBBIII", 3, 4, 64, flags, 86400, 14400, 0) + ipaddress.IPv6Address(prefix).packed
        body = struct.pack("!BBHBBHII", ppp_client.RA, 0, 0, 64, 0, 1800, 0, 0) + pio
        return ppp_client.ipv6_packet(bng, ipaddress.IPv6Address("ff02::1"), 58,
                                      ppp_client.icmpv6(bng, ipaddress.IPv6Address("ff02::1"), body), 255)

    def test_solicits_when_no_ra_comes_then_takes_the_ras_prefix_and_pings(self):
        c = self.up_client()
        self.clock.now += c.ra_wait
        c.tick()
        rs = self.sent[-1][28:]
        self.assertEqual(ppp_client.PPP_IPV6, struct.unpack_from("!H", rs)[0])
        ip6 = rs[2:]
        self.assertEqual((255, ppp_client.RS), (ip6[7], ip6[40]))
        src, dst = ipaddress.IPv6Address(ip6[8:24]), ipaddress.IPv6Address(ip6[24:40])
        self.assertEqual(ipaddress.IPv6Address("fe80::5f:0:0:8"), src)
        pseudo = src.packed + dst.packed + struct.pack("!IxxxB", len(ip6) - 40, 58)
        self.assertEqual(0, ppp_client.checksum(pseudo + ip6[40:]), "RS checksum")
        self.downstream(c, ppp_client.PPP_IPV6, self.ra("fd33:1:0:7::"))
        self.assertEqual(ipaddress.IPv6Address("fd33:1:0:7:5f:0:0:8"), c.ipv6)
        echo = self.sent[-1][30:]
        self.assertEqual(ppp_client.ECHO6_REQ, echo[40])
        self.assertEqual(ipaddress.IPv6Address("fd00:b:1::13"), ipaddress.IPv6Address(echo[24:40]))
        reply = bytearray(echo)
        reply[8:24], reply[24:40], reply[40] = echo[24:40], echo[8:24], ppp_client.ECHO6_REP
        self.downstream(c, ppp_client.PPP_IPV6, bytes(reply))
        self.assertIn("ping6", c.times)
        self.assertNotIn("ping6", c.timers)

    def test_an_ra_without_autonomous_prefix_gives_no_address(self):
        c = self.up_client()
        self.downstream(c, ppp_client.PPP_IPV6, self.ra("fd33:1:0:7::", flags=0x80))
        self.assertIsNone(c.ipv6)

    def test_ipv4_echo_with_valid_checksums_and_its_reply(self):
        c = self.up_client()
        c._send_ping4()
        ip4 = self.sent[-1][30:]
        self.assertEqual(0, ppp_client.checksum(ip4[:20]), "IPv4 header checksum")
        self.assertEqual(0, ppp_client.checksum(ip4[20:]), "ICMP checksum")
        reply = bytearray(ip4)
        reply[12:16], reply[16:20], reply[20] = ip4[16:20], ip4[12:16], 0
        self.downstream(c, ppp_client.PPP_IPV4, bytes(reply))
        self.assertIn("ping4", c.times)

    def test_stop_sends_terminate_twice_then_padt(self):
        c = self.up_client()
        c.stop()
        self.assertEqual("terminating", c.state)
        self.assertEqual((ppp_client.PPP_LCP, ppp_client.TERM_REQ), struct.unpack_from("!HB", self.sent[-1], 28))
        self.clock.now += c.rto
        c.tick()
        self.assertEqual((ppp_client.PPP_LCP, ppp_client.TERM_REQ), struct.unpack_from("!HB", self.sent[-1], 28),
                         "an unanswered Terminate-Request is sent again, as pppd does")
        self.assertEqual("terminating", c.state)
        self.clock.now += c.rto
        c.tick()
        self.assertEqual(ppp_client.PADT, self.sent[-1][23])
        self.assertEqual(9, struct.unpack_from("!H", self.sent[-1], 24)[0])
        self.assertEqual(("ended", "stopped", False), (c.state, c.why, c.terminate_acked))

    def test_an_ack_after_the_padt_is_recorded_as_late_and_changes_nothing_else(self):
        c = self.up_client()
        c.stop()
        for _ in range(2):
            self.clock.now += c.rto
            c.tick()
        self.assertEqual(("ended", "stopped", False), (c.state, c.why, c.terminate_acked))
        sent = len(self.sent)
        self.clock.now += 1.5
        lcp = ppp_client.PPP_LCP
        self.downstream(c, lcp, ppp_client.control(lcp, ppp_client.TERM_REQ, 1, b"")[2:])
        self.assertNotIn("terminate_ack_late", c.times, "a Terminate-Request is no ack")
        self.downstream(c, lcp, ppp_client.control(lcp, ppp_client.TERM_ACK, 0x7E, b"")[2:])
        self.assertEqual(2 * c.rto + 1.5, c.times["terminate_ack_late"] - c.times["terminate"])
        self.assertEqual(("ended", "stopped", False, sent), (c.state, c.why, c.terminate_acked, len(self.sent)))

    def test_an_acked_stop_sends_padt_at_once(self):
        c = self.up_client()
        c.stop()
        self.downstream(c, ppp_client.PPP_LCP, ppp_client.control(ppp_client.PPP_LCP, ppp_client.TERM_ACK, 0x7E, b"")[2:])
        self.assertEqual(ppp_client.PADT, self.sent[-1][23])
        self.assertEqual(("ended", "stopped", True), (c.state, c.why, c.terminate_acked))


class ServerWire:
    """A wire to a server that acks an LCP Terminate-Request at once, never, or only once the
    client sent PADT (`acks`: "at once", None, "after PADT")."""

    def __init__(self, acks):
        self.sock, self.peer = socket.socketpair()
        self.sock.setblocking(False)
        self.acks, self.waiting = acks, []
        self.sent = self.received = 0

    def send(self, frame):
        self.sent += 1
        session_id = struct.unpack_from("!H", frame, 24)[0]
        terminate = frame[22:24] == b"\x11\x00" and frame[28:31] == b"\xc0\x21" + bytes([ppp_client.TERM_REQ])
        padt = frame[22:24] == bytes([0x11, ppp_client.PADT])
        if terminate and self.acks == "at once" or padt and self.acks == "after PADT":
            ack = ppp_client.control(ppp_client.PPP_LCP, ppp_client.TERM_ACK, 0x7E, b"")
            self.waiting.append(frame[6:12] + SERVER_MAC + frame[12:20]
                                + struct.pack("!H", ppp_client.ETH_P_PPPOE_SESS) + ppp_client.pppoe(0, session_id, ack))
            self.peer.send(b"!")

    def frames(self):
        try:
            self.sock.recv(4096)
        except BlockingIOError:
            pass
        while self.waiting:
            self.received += 1
            yield self.waiting.pop(0)


class StopSummaryTest(unittest.TestCase):
    """The generator's summary says how each held session's stop ended: acked, acked only after
    the PADT (a busy server: late, not never), or never acked."""

    def stopped(self, acks, count=4, rto=0.02, late_ack_wait=0.05):
        wire = ServerWire(acks)
        self.addCleanup(wire.sock.close)
        self.addCleanup(wire.peer.close)
        g = generator.Generator(wire, generator.plan(count), 2, rto=rto, out=io.StringIO())
        for i, s in enumerate(g.sessions):
            s.state, s.session_id, s.ac_mac = "up", i + 1, SERVER_MAC
            s.times["up"] = g.clock()
        g.pending = []
        generator.LATE_ACK_WAIT, before = late_ack_wait, generator.LATE_ACK_WAIT
        self.addCleanup(setattr, generator, "LATE_ACK_WAIT", before)
        summary = g.run(hold=0, timeout=0)
        self.assertTrue(all(s.state == "ended" and s.why == "stopped" for s in g.sessions))
        return summary, wire

    @staticmethod
    def ends(summary):
        return (summary["held"], summary["endedAcked"], summary["endedUnacked"], summary["unackedAckedLate"])

    def test_acked_at_once(self):
        summary, wire = self.stopped("at once", rto=3.0, late_ack_wait=10.0)
        self.assertEqual((4, 4, 0, 0), self.ends(summary))
        self.assertEqual(4 * 2, wire.sent, "a Terminate-Request and a PADT each")
        self.assertLess(summary["stopSeconds"], 3.0, "no Terminate-Request sent again, no wait for late acks")

    def test_never_acked(self):
        summary, wire = self.stopped(None)
        self.assertEqual(((4, 0, 4, 0), None), (self.ends(summary), summary["lateAckSeconds"]))
        self.assertEqual(4 * 3, wire.sent, "two Terminate-Requests and a PADT each")

    def test_acked_only_after_the_padt(self):
        summary, wire = self.stopped("after PADT", late_ack_wait=10.0)
        self.assertEqual((4, 0, 4, 4), self.ends(summary))
        self.assertGreaterEqual(summary["lateAckSeconds"]["p50"], 0.04, "two Terminate-Requests' waits")
        self.assertLess(summary["stopSeconds"], 3.0, "measured until the sessions ended, not the late acks")


class PlanTest(unittest.TestCase):

    def test_lines_macs_and_users(self):
        subs = generator.plan(130, first_s_tag=200, lines_per_s_tag=64)
        self.assertEqual((0, 200, 1), subs[0][:3])
        self.assertEqual((64, 201, 1), subs[64][:3])
        self.assertEqual((129, 202, 2), subs[129][:3])
        self.assertEqual(130, len({s[3] for s in subs}))
        self.assertEqual("gen129@sixflow", subs[129][4])

    def test_refuses_what_does_not_fit(self):
        for kw in ({"count": 0}, {"count": 10, "first_s_tag": 4094, "lines_per_s_tag": 1},
                   {"count": 1, "lines_per_s_tag": 4095}, {"count": 1, "first_c_tag": 0}):
            with self.assertRaises(ValueError):
                generator.plan(**kw)

    def test_line_of_other_frames(self):
        self.assertIsNone(generator.line_of(b"\0" * 12 + b"\x86\xdd" + b"\0" * 40))
        self.assertIsNone(generator.line_of(b"\0" * 10))


if __name__ == "__main__":
    unittest.main()
