# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""frames.py on frames written here byte by byte (RFC 2516 layouts), through a real pcap file."""

import os
import struct
import tempfile
import unittest

import frames

MAC_A = bytes.fromhex("525400aa0001")
MAC_B = bytes.fromhex("525400bb0002")


def qinq_frame(s_tag, c_tag, ethertype, pppoe):
    return (MAC_B + MAC_A + struct.pack("!HH", 0x88A8, s_tag) + struct.pack("!HH", 0x8100, 0x2000 | c_tag)
            + struct.pack("!H", ethertype) + pppoe)


def pcap(path, records, nanos=False):
    magic = 0xA1B23C4D if nanos else 0xA1B2C3D4
    with open(path, "wb") as f:
        f.write(struct.pack("<IHHiIII", magic, 2, 4, 0, 0, 65535, 1))
        for ts, data in records:
            frac = int(round((ts % 1) * (1e9 if nanos else 1e6)))
            f.write(struct.pack("<IIII", int(ts), frac, len(data), len(data)) + data)


class FramesTest(unittest.TestCase):

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)

    def test_discovery_and_session_frames_with_tags(self):
        padi = struct.pack("!BBHH", 0x11, 0x09, 0, 4) + struct.pack("!HH", 0x0101, 0)   # Service-Name ""
        ipcp_ack = struct.pack("!BBHH", 0x11, 0, 0x1234, 8) + struct.pack("!HBBH", 0x8021, 2, 7, 4) + b"\0\0"
        path = os.path.join(self.tmp.name, "w.pcap")
        pcap(path, [(100.25, qinq_frame(100, 10, 0x8863, padi)),
                    (100.5, qinq_frame(100, 11, 0x8864, ipcp_ack) + b"\0" * 20)])   # with Ethernet padding
        got = frames.read_pcap(path)
        self.assertEqual(2, len(got))
        self.assertEqual((100, 10), got[0].vlans)
        self.assertTrue(got[0].pppoe.discovery)
        self.assertEqual("PADI", got[0].pppoe.name)
        self.assertEqual(0, got[0].pppoe.session_id)
        self.assertAlmostEqual(100.25, got[0].ts)
        self.assertEqual((100, 11), got[1].vlans)
        self.assertEqual(0x1234, got[1].pppoe.session_id)
        self.assertEqual("IPCP", got[1].pppoe.name)
        self.assertEqual(frames.CONFIGURE_ACK, got[1].pppoe.ppp_code)
        self.assertEqual(8, len(got[1].pppoe.body))   # the PPPoE length, not the padding

    def test_single_tag_is_not_qinq_and_nanosecond_files_read(self):
        frame = MAC_B + MAC_A + struct.pack("!HHH", 0x8100, 10, 0x86DD) + b"\x60" + b"\0" * 39
        path = os.path.join(self.tmp.name, "n.pcap")
        pcap(path, [(5.000000123, frame)], nanos=True)
        got = frames.read_pcap(path)
        self.assertIsNone(got[0].vlans)
        self.assertEqual([(0x8100, 10)], got[0].tags)
        self.assertEqual(0x86DD, got[0].ethertype)
        self.assertIsNone(got[0].pppoe)
        self.assertAlmostEqual(5.000000123, got[0].ts, places=8)

    def test_ra_and_dhcpv6_inside_sessions_are_told_apart(self):
        def session_ipv6(next_header, l4):
            ip6 = struct.pack("!IHBB", 0x60000000, len(l4), next_header, 255) + b"\xfe\x80" + b"\0" * 30 + l4
            ppp = struct.pack("!H", 0x0057) + ip6
            return qinq_frame(100, 10, 0x8864, struct.pack("!BBHH", 0x11, 0, 7, len(ppp)) + ppp)
        ra = session_ipv6(58, bytes([134, 0, 0, 0]) + b"\0" * 12)
        solicit = session_ipv6(17, struct.pack("!HHHH", 546, 547, 12, 0) + b"\x01\0\0\0")
        reply = session_ipv6(17, struct.pack("!HHHH", 547, 546, 12, 0) + b"\x07\0\0\0")
        echo = session_ipv6(58, bytes([128, 0, 0, 0]) + b"\0" * 4)
        path = os.path.join(self.tmp.name, "s.pcap")
        pcap(path, [(1.0, ra), (2.0, solicit), (3.0, reply), (4.0, echo)])
        kinds = [f.pppoe.ipv6_kind() for f in frames.read_pcap(path)]
        self.assertEqual(["RA", "DHCPv6 to server", "DHCPv6 to client", None], kinds)

    def test_not_a_pcap_is_refused(self):
        path = os.path.join(self.tmp.name, "x")
        with open(path, "wb") as f:
            f.write(b"hello, this is not a capture")
        with self.assertRaisesRegex(ValueError, "not a pcap"):
            frames.read_pcap(path)


if __name__ == "__main__":
    unittest.main()
