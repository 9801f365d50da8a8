# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""wire.py against vectors worked out by hand here (RFC 6743, RFC 6744, RFC 1071/1624 arithmetic)."""

import ipaddress
import os
import random
import struct
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

import endpoint  # noqa: E402
import wire  # noqa: E402
from wire import LocatorEntry, WireError  # noqa: E402


def a16(text):
    return ipaddress.IPv6Address(text).packed


NID_A = a16("::a")[8:]
NID_B = a16("::b")[8:]
IDENTITY = a16("fd49:4c4e::")[:8]
# ICMPv6 Echo Request, id 1, seq 1, no data, checksum field zero
ECHO = bytes.fromhex("8000000000010001")


class ChecksumVectors(unittest.TestCase):
    """Worked by hand (16-bit words, end-around carry):

    ILNP pseudo-header of ::a -> ::b, length 8, next header 58: words 000a, 000b, 0008, 003a
    echo: 8000, 0000, 0001, 0001
    sum = 000a + 000b + 0008 + 003a + 8000 + 0001 + 0001 = 8059, checksum = ~8059 = 7fa6.
    The identity addresses fd49:4c4e::a and ::b add 2 x (fd49 + 4c4e) = 2 x 4998 (14997 folded) = 9330:
    8059 + 9330 = 11389 -> 138a, checksum = ~138a = ec75.
    """

    def test_ilnp_checksum_covers_nids_only(self):
        self.assertEqual(0x7FA6, wire.ilnp_upper_checksum(NID_A, NID_B, 58, ECHO))
        # whatever the locators, the ILNP checksum is that one; the IPv6 one changes with them
        self.assertEqual(0x7FA6, wire.checksum(wire.ilnp_pseudo_header(NID_A, NID_B, 8, 58) + ECHO))
        ipv6_a1 = wire.upper_checksum(a16("fd00:a1::a"), a16("fd00:b1::b"), 58, ECHO)
        ipv6_out = wire.upper_checksum(a16("2001:db8:a1::a"), a16("fd00:b1::b"), 58, ECHO)
        self.assertNotEqual(ipv6_a1, ipv6_out)
        self.assertNotEqual(0x7FA6, ipv6_a1)

    def test_identity_pseudo_header(self):
        self.assertEqual(0xEC75, wire.upper_checksum(a16("fd49:4c4e::a"), a16("fd49:4c4e::b"), 58, ECHO))

    def test_incremental_update_both_ways(self):
        self.assertEqual(0x7FA6, wire.adjust_checksum(0xEC75, IDENTITY * 2, bytes(16)))
        self.assertEqual(0xEC75, wire.adjust_checksum(0x7FA6, bytes(16), IDENTITY * 2))

    def test_ones_sum_folds_carries(self):
        self.assertEqual(0x0001, wire.ones_sum(bytes.fromhex("ffff0001")))   # 0x10000 -> 0x0001
        self.assertEqual(0x0100, wire.ones_sum(b"\x01"))                      # odd length pads a zero
        self.assertEqual(0xFFFF, wire.checksum(b""))

    def test_incremental_equals_recomputation_on_random_messages(self):
        rnd = random.Random(6741)
        for _ in range(500):
            nid_s, nid_d = rnd.randbytes(8), rnd.randbytes(8)
            body = bytearray(rnd.randbytes(rnd.randrange(8, 200)))
            body[2:4] = b"\0\0"
            full_ident = wire.upper_checksum(IDENTITY + nid_s, IDENTITY + nid_d, 17, body)
            full_ilnp = wire.ilnp_upper_checksum(nid_s, nid_d, 17, body)
            got = wire.adjust_checksum(full_ident, IDENTITY * 2, bytes(16))
            # 0x0000 and 0xffff are the same number in ones' complement; a verifier accepts both
            self.assertEqual(full_ilnp % 0xFFFF, got % 0xFFFF)
            body[2:4] = struct.pack("!H", got)
            self.assertEqual(0xFFFF, wire.ones_sum(wire.ilnp_pseudo_header(nid_s, nid_d, len(body), 17) + body))


class NonceOptionCodec(unittest.TestCase):

    def test_32_bit_nonce_header_byte_for_byte(self):
        # next header 58, Hdr Ext Len 0 (8 bytes), option 0x8b, length 4, nonce
        self.assertEqual(bytes.fromhex("3a008b04 01020304"), wire.nonce_dest_opts(58, bytes.fromhex("01020304")))

    def test_96_bit_nonce_header_byte_for_byte(self):
        nonce = bytes(range(0x11, 0x1D))
        self.assertEqual(bytes.fromhex("06018b0c") + nonce, wire.nonce_dest_opts(6, nonce))

    def test_option_type_bits(self):
        # RFC 6744: act = 10 (discard, Parameter Problem even to multicast), chg = 0
        self.assertEqual(0b10, wire.NONCE_OPTION_TYPE >> 6)
        self.assertEqual(0, (wire.NONCE_OPTION_TYPE >> 5) & 1)

    def test_parse_finds_nonce_after_padding(self):
        hdr = bytes.fromhex("3a01" "00" "0100" "8b04deadbeef" "0103000000")
        self.assertEqual(16, len(hdr))
        self.assertEqual((58, 16, bytes.fromhex("deadbeef")), wire.parse_dest_opts(hdr))
        self.assertEqual((17, 8, None), wire.parse_dest_opts(bytes.fromhex("1100010400000000")))

    def test_bad_headers_are_refused(self):
        for bad, why in ((bytes.fromhex("3a008b04010203"), "at least 8"),
                         (bytes.fromhex("3a018b04deadbeef"), "says 16"),
                         (bytes.fromhex("3a008b05deadbeef"), "runs past"),
                         (bytes.fromhex("3a008b02dead0100"), "4 or 12"),
                         (bytes.fromhex("3a018b04deadbeef8b0401020304 0000".replace(" ", "")), "two Nonce")):
            with self.assertRaisesRegex(WireError, why):
                wire.parse_dest_opts(bad)
        with self.assertRaisesRegex(WireError, "4 or 12"):
            wire.nonce_dest_opts(58, b"\1\2")


class LocatorUpdateCodec(unittest.TestCase):

    def test_advertisement_byte_for_byte(self):
        msg = wire.locator_update(wire.LU_ADVERTISEMENT, [LocatorEntry(a16("fd00:a2::")[:8], 10, 600)], 0x1234)
        self.assertEqual(bytes.fromhex("9c001234" "01010000" "fd0000a200000000" "000a0258"), msg)

    def test_two_locators_round_trip(self):
        entries = [LocatorEntry(a16("fd00:a2::")[:8], 5, 600), LocatorEntry(a16("2001:db8:a1::")[:8], 20, 0)]
        msg = wire.locator_update(wire.LU_ACKNOWLEDGEMENT, entries)
        self.assertEqual(8 + 24, len(msg))
        self.assertEqual(bytes.fromhex("9c000000" "02020000"), msg[:8])
        self.assertEqual((wire.LU_ACKNOWLEDGEMENT, entries), wire.parse_locator_update(msg))

    def test_checksum_of_a_locator_update(self):
        """fd00:a2::/64, pref 10, life 600, from ::a to ::b, by hand:
        pseudo (20-byte message): 000a + 000b + 0014 + 003a
        message: 9c00 + 0101 + fd00 + 00a2 + 000a + 0258
        000a+000b+0014+003a = 0063; 9c00+0101 = 9d01; fd00+00a2 = fda2; 000a+0258 = 0262
        0063 + 9d01 + fda2 + 0262 = 19d68 -> 9d69, checksum = ~9d69 = 6296."""
        msg = wire.locator_update(wire.LU_ADVERTISEMENT, [LocatorEntry(a16("fd00:a2::")[:8], 10, 600)])
        self.assertEqual(20, len(msg))
        self.assertEqual(0x6296, wire.ilnp_upper_checksum(NID_A, NID_B, 58, msg))

    def test_bad_messages_are_refused(self):
        good = wire.locator_update(wire.LU_ADVERTISEMENT, [LocatorEntry(bytes(8))])
        with self.assertRaisesRegex(WireError, "says 1 locators"):
            wire.parse_locator_update(good[:-1])
        with self.assertRaisesRegex(WireError, "unknown Locator Update operation 3"):
            wire.parse_locator_update(good[:5] + b"\3" + good[6:])
        with self.assertRaisesRegex(WireError, "not a Locator Update"):
            wire.parse_locator_update(b"\x80" + good[1:])
        with self.assertRaisesRegex(WireError, "says 0 locators"):
            wire.parse_locator_update(good[:4] + b"\0" + good[5:8])
        with self.assertRaisesRegex(WireError, "1..255"):
            wire.locator_update(wire.LU_ADVERTISEMENT, [])
        with self.assertRaisesRegex(WireError, "16-bit"):
            LocatorEntry(bytes(8), 70000, 1)


class UpperLayerWalk(unittest.TestCase):

    def test_finds_tcp_after_fragment_and_dest_opts_but_not_in_later_fragments(self):
        ip = bytes(40)
        frag0 = struct.pack("!BBHI", 60, 0, 0x0001, 7)           # offset 0, M=1, next: dest opts
        opts = wire.nonce_dest_opts(6, bytes(4))
        self.assertEqual((40 + 8 + 8, 6), wire.find_upper_layer(ip + frag0 + opts + bytes(20), 40, 44))
        frag1 = struct.pack("!BBHI", 6, 0, (185 << 3), 7)
        self.assertIsNone(wire.find_upper_layer(ip + frag1 + bytes(20), 40, 44))
        self.assertIsNone(wire.find_upper_layer(ip + bytes(24), 40, 43))      # routing header


class RouterErrorCodec(unittest.TestCase):
    """What the endpoint does with a router's ICMPv6 error about one of its packets: the quote back
    into the packet the application sent (addresses, no Nonce header, the transport checksum over
    the identity addresses again), and the error rebuilt around it with a right checksum."""

    ID_A, ID_B = IDENTITY + NID_A, IDENTITY + NID_B
    LOC_A, LOC_B = a16("fd00:a1::a"), a16("fd00:b1::b")

    def sent_and_wire(self, payload=b"x" * 100):
        """An application's UDP datagram (identity checksum) and the ILNPv6 packet it leaves as."""
        udp = bytearray(struct.pack("!HHHH", 40000, 9, 8 + len(payload), 0) + payload)
        udp[6:8] = struct.pack("!H", wire.upper_checksum(self.ID_A, self.ID_B, wire.NH_UDP, udp))
        sent = wire.ipv6_header(len(udp), wire.NH_UDP, 64, self.ID_A, self.ID_B) + bytes(udp)
        on_wire = bytearray(udp)
        on_wire[6:8] = struct.pack("!H", wire.ilnp_upper_checksum(NID_A, NID_B, wire.NH_UDP, udp[:6] + b"\0\0" + udp[8:]))
        opts = wire.nonce_dest_opts(wire.NH_UDP, b"\x01\x02\x03\x04")
        packet = wire.ipv6_header(len(opts) + len(on_wire), wire.NH_DEST_OPTS, 64, self.LOC_A, self.LOC_B)
        return sent, packet + opts + bytes(on_wire)

    def test_the_quote_is_the_packet_the_application_sent(self):
        sent, on_wire = self.sent_and_wire()
        to_identity = wire.checksum_delta(bytes(16), IDENTITY * 2)
        back, opts_len, nonce = wire.quote_as_sent(on_wire, self.ID_A, self.ID_B, to_identity)
        self.assertEqual(sent.hex(), back.hex())
        self.assertEqual((8, b"\x01\x02\x03\x04"), (opts_len, nonce))
        # Cut short (a router quotes what fits): the header keeps the whole packet's length.
        back, _, _ = wire.quote_as_sent(on_wire[:60], self.ID_A, self.ID_B, to_identity)
        self.assertEqual(sent[:52].hex(), back.hex())

    def test_an_error_round_trips_with_its_checksum(self):
        sent, on_wire = self.sent_and_wire()
        router = a16("fd00:a1::1")
        error = wire.icmpv6_error(wire.ICMPV6_PACKET_TOO_BIG, 0, 1400, on_wire, router, self.LOC_A)
        self.assertEqual(0, wire.checksum(wire.pseudo_header(router, self.LOC_A, len(error) - 40, wire.NH_ICMPV6)
                                          + error[40:]))
        self.assertEqual((2, 0, 1400, on_wire), wire.parse_icmpv6_error(error))

    def test_what_is_no_error_about_an_ilnp_packet_is_refused(self):
        _, on_wire = self.sent_and_wire()
        router = a16("fd00:a1::1")
        error = bytearray(wire.icmpv6_error(wire.ICMPV6_PACKET_TOO_BIG, 0, 1400, on_wire, router, self.LOC_A))
        bad_checksum = bytes(error[:42]) + bytes([error[42] ^ 1]) + bytes(error[43:])
        echo = wire.icmpv6_error(128, 0, 0, b"", router, self.LOC_A)
        to_identity = wire.checksum_delta(bytes(16), IDENTITY * 2)
        for packet in (bad_checksum, echo, bytes(error[:47]), bytes(error[:40]) + b"\x02"):
            with self.assertRaises(WireError):
                wire.parse_icmpv6_error(packet)
        plain = wire.ipv6_header(8, wire.NH_UDP, 64, self.LOC_A, self.LOC_B) + bytes(8)
        no_nonce = wire.ipv6_header(16, wire.NH_DEST_OPTS, 64, self.LOC_A, self.LOC_B) + bytes([17, 0, 1, 4]) + bytes(12)
        for quote in (plain, no_nonce, on_wire[:45]):
            with self.assertRaises(WireError):
                wire.quote_as_sent(quote, self.ID_A, self.ID_B, to_identity)


class CommandLine(unittest.TestCase):

    def test_nids_locators_and_peers(self):
        self.assertEqual(bytes.fromhex("000000000000000a"), endpoint.nid_bytes("0:0:0:a"))
        self.assertEqual(bytes.fromhex("000000000000000a"), endpoint.nid_bytes("::a"))
        self.assertEqual(bytes.fromhex("fd0000b100000000"), endpoint.locator_bytes("fd00:b1::/64"))
        nid, entries = endpoint.parse_peer("0:0:0:b=fd00:b1::,2001:db8::@5", 10, 600)
        self.assertEqual(bytes.fromhex("000000000000000b"), nid)
        self.assertEqual([LocatorEntry(a16("fd00:b1::")[:8], 10, 600), LocatorEntry(a16("2001:db8::")[:8], 5, 600)],
                         entries)
        with self.assertRaisesRegex(ValueError, "64 bits"):
            endpoint.nid_bytes("1::a")
        with self.assertRaisesRegex(ValueError, "only its upper 64 bits"):
            endpoint.locator_bytes("fd00:b1::1")
        with self.assertRaisesRegex(ValueError, "NID=LOCATOR"):
            endpoint.parse_peer("fd00:b1::", 10, 600)


class LocatorUpdateTimers(unittest.TestCase):

    def test_the_wait_between_sends_doubles_up_to_its_cap(self):
        self.assertEqual([0.25, 0.5, 1.0, 2.0, 4.0, 4.0], [endpoint.lu_wait(0.25, n, 4.0) for n in range(6)])
        # The defaults: five sends over 3.75 s, given up 7.75 s after the first.
        args = endpoint.parser().parse_args(["--nid", "::a", "--iface", "eth0"])
        self.assertEqual(7.75, sum(endpoint.lu_wait(args.lu_interval, n, args.lu_max_interval)
                                   for n in range(args.lu_retries)))


if __name__ == "__main__":
    unittest.main()
