# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""hosttools.py: the frames it sends are well-formed IPv6/UDP (checked by scapy where the venv has it),
its payload survives the extension headers switches add, and captures read back as written."""

import ipaddress
import json
import os
import struct
import tempfile
import unittest

import hosttools

try:
    from scapy.layers.inet6 import IPv6, UDP
    from scapy.layers.l2 import Ether
except ImportError:  # system python3 without the project venv
    Ether = None

SRC, DST = "fd00:1:1::10", "fd00:1:4::10"


def frame(data=b"", **kw):
    return hosttools.udp_frame("00:00:00:00:01:10", "00:aa:00:00:00:01", SRC, DST, 40000, 5004, data, **kw)


class PayloadTest(unittest.TestCase):

    def test_round_trip_and_padding(self):
        data = hosttools.payload(7, 123456, 1_700_000_000_123_456_789, size=64)
        self.assertEqual(64, len(data))
        self.assertEqual(b"SXFL", data[:4])
        self.assertEqual((7, 123456, 1_700_000_000_123_456_789), hosttools.parse_payload(data))
        self.assertIsNone(hosttools.parse_payload(b"not ours at all, padded to length"))
        with self.assertRaises(ValueError):
            hosttools.payload(1, 1, 1, size=8)


class FrameTest(unittest.TestCase):

    def test_layout(self):
        data = hosttools.payload(1, 2, 3)
        f = frame(data, hop_limit=9, traffic_class=0x28)
        self.assertEqual(14 + 40 + 8 + len(data), len(f))
        self.assertEqual(bytes.fromhex("00aa00000001" "000000000110" "86dd"), f[:14])
        self.assertEqual((6 << 28) | (0x28 << 20), struct.unpack_from("!I", f, 14)[0])
        self.assertEqual((8 + len(data), 17, 9), struct.unpack_from("!HBB", f, 18))
        self.assertEqual(ipaddress.IPv6Address(DST).packed, f[38:54])

    def test_checksum_verifies(self):
        f = frame(hosttools.payload(1, 2, 3, size=33))  # odd length exercises the padding
        pseudo = ipaddress.IPv6Address(SRC).packed + ipaddress.IPv6Address(DST).packed + \
            struct.pack("!I3xB", len(f) - 54, 17)
        self.assertEqual(0, hosttools._checksum(pseudo + f[54:]))

    @unittest.skipIf(Ether is None, "scapy not importable (run with the project venv: .venv/bin/python)")
    def test_scapy_reads_the_same_frame_it_would_build(self):
        data = hosttools.payload(5, 6, 7, size=40)
        f = frame(data)
        expected = Ether(src="00:00:00:00:01:10", dst="00:aa:00:00:00:01") / IPv6(src=SRC, dst=DST, hlim=64) / \
            UDP(sport=40000, dport=5004) / data
        self.assertEqual(bytes(expected), f)


class SendTest(unittest.TestCase):

    def test_refuses_a_rate_of_zero_before_opening_anything(self):
        with self.assertRaises(ValueError):
            hosttools.send("eth0", DST, count=1, rate=0, src=SRC, src_mac="00:00:00:00:01:10",
                           dst_mac="00:aa:00:00:00:01")


class ExtensionHeadersTest(unittest.TestCase):

    def test_payload_found_past_hop_by_hop_and_routing_headers(self):
        data = hosttools.payload(3, 99, 42)
        plain = frame(data)
        hbh = bytes([43, 0]) + bytes(6)                     # hop-by-hop, 8 bytes, then routing
        routing = bytes([17, 2, 4, 1]) + bytes(4) + bytes(16)  # routing, 24 bytes, then UDP
        ipv6 = bytearray(plain[14:54])
        ipv6[6] = 0                                          # next header: hop-by-hop
        struct.pack_into("!H", ipv6, 4, len(hbh) + len(routing) + len(plain) - 54)
        extended = plain[:14] + bytes(ipv6) + hbh + routing + plain[54:]
        self.assertEqual((3, 99, 42), hosttools.sequence_of(extended))
        self.assertEqual((3, 99, 42), hosttools.sequence_of(plain))

    def test_no_udp(self):
        self.assertIsNone(hosttools.sequence_of(b"\x00" * 12 + b"\x08\x00" + b"\x00" * 60))
        icmp = bytearray(frame(b""))
        icmp[20] = 58
        self.assertIsNone(hosttools.sequence_of(bytes(icmp)))
        self.assertIsNone(hosttools.sequence_of(frame(b"")[:40]))


class CaptureFileTest(unittest.TestCase):

    def test_read_capture(self):
        f = frame(hosttools.payload(1, 0, 5))
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "cap.jsonl")
            with open(path, "w") as out:
                out.write(json.dumps({"time": 1.5, "timeNs": 1_500_000_000, "length": len(f), "hex": f.hex()}) + "\n")
            self.assertEqual([(1_500_000_000, f)], hosttools.read_capture(path))


if __name__ == "__main__":
    unittest.main()


class BurstTest(unittest.TestCase):
    """burst patches each probe into a template; the result must be the frame udp_frame would build."""

    SPEC = {"src": SRC, "dst": DST, "sport": 40000, "dport": 6100, "hopLimit": 64, "trafficClass": 0xa3,
            "firstFlowLabel": 5000, "count": 3, "frameSize": 128, "intervalNanos": 1_000_000, "flowId": 9}

    def test_probe_equals_a_fully_built_frame(self):
        template = hosttools._ProbeTemplate(self.SPEC, "00:00:00:00:01:10", "00:aa:00:00:00:01")
        for i, sent in ((0, 1), (1, 1_700_000_000_000_000_000), (2, 2 ** 63 - 1)):
            expected = hosttools.udp_frame("00:00:00:00:01:10", "00:aa:00:00:00:01", SRC, DST, 40000, 6100,
                                           hosttools.payload(9, 5000 + i, sent, 128 - 62), 64, 0xa3, 5000 + i)
            self.assertEqual(expected, template.build(i, sent))
        self.assertEqual(128, len(template.build(0, 0)))

    def test_pacing_summary_of_a_schedule(self):
        summary = hosttools.pacing_summary([0, 1000, 2000, 3000], [0, 1100, 2000, 3000])
        self.assertEqual(4, summary["sent"])
        self.assertEqual(1000, summary["requestedIntervalNanos"])
        # errors |achieved - scheduled|: 100, 100, 0
        self.assertAlmostEqual(200 / 3, summary["meanErrorNanos"])
        self.assertEqual(100.0, summary["maxErrorNanos"])
        self.assertAlmostEqual(25.0, summary["meanLatenessNanos"])
        self.assertAlmostEqual(1e6, summary["achievedPacketsPerSecond"])


class PppoeBurstTest(unittest.TestCase):
    """A burst with "pppoe" sends each probe as the session's subscriber would, byte for byte."""

    PPPOE = {"sessionId": 0x1234, "sTag": 100, "cTag": 11, "srcMac": "02:00:00:00:00:11",
             "dstMac": "02:00:00:00:00:22"}

    def spec(self, **pppoe):
        return dict(BurstTest.SPEC, pppoe=dict(self.PPPOE, **pppoe))

    def test_probe_is_the_plain_probe_in_the_sessions_framing(self):
        template = hosttools._ProbeTemplate(self.spec(), "00:00:00:00:01:10", "00:aa:00:00:00:01")
        for i, sent in ((0, 1), (2, 2 ** 63 - 1)):
            frame = template.build(i, sent)
            self.assertEqual(128, len(frame))
            ipv6 = hosttools.udp_frame("00:00:00:00:01:10", "00:aa:00:00:00:01", SRC, DST, 40000, 6100,
                                       hosttools.payload(9, 5000 + i, sent, 128 - 78), 64, 0xa3, 5000 + i)[14:]
            head = (bytes.fromhex("020000000022" "020000000011" "88a8" "0064" "8100" "000b" "8864")
                    + bytes([0x11, 0]) + (0x1234).to_bytes(2, "big") + (128 - 28).to_bytes(2, "big")
                    + bytes.fromhex("0057"))
            self.assertEqual(head + ipv6, frame)

    def test_a_line_without_tags(self):
        frame = hosttools._ProbeTemplate(self.spec(sTag=0, cTag=0), "00:00:00:00:01:10", "00:00:00:00:00:00").build(0, 0)
        self.assertEqual(b"\x88\x64\x11\x00\x12\x34", frame[12:18])
        self.assertEqual(128 - 20, int.from_bytes(frame[18:20], "big"))
        self.assertEqual(b"\x00\x57", frame[20:22])
        self.assertEqual(6, frame[22] >> 4)

    def test_bad_framing_is_refused(self):
        for bad in ({"sessionId": 0}, {"sessionId": 0xFFFF}, {"sTag": 5, "cTag": 0}, {"cTag": 4095}):
            with self.subTest(bad=bad), self.assertRaises(ValueError):
                hosttools._ProbeTemplate(self.spec(**bad), "00:00:00:00:01:10", "00:aa:00:00:00:01")
