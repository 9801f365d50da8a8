# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""GTP-U packet tests fed by the controller: the entries are those the app's GtpuTunnelCompiler
makes of one tunnel (gtpu_entries.json, written and held fresh by the app's
GtpuPacketTestEntriesTest), installed as they are. Downlink: a packet to each UE prefix leaves
in the tunnel byte for byte; uplink: a G-PDU from each UE prefix is decapsulated and routed, one
from outside them is dropped by the UE source check. The expected frames are test_gtpu.py's
(scapy's GTP-U and checksums). With routing's /128 for the N3 address, what is not GTP-U there
comes to the controller as the router's own."""

import ipaddress

import ptf.testutils as testutils
from scapy.layers.inet import UDP
from scapy.layers.inet6 import ICMPv6EchoRequest, IPv6
from scapy.layers.l2 import Ether
from scapy.packet import Raw

import exported
import p4defines
import test_gtpu
from base_test import ROUTER_MAC
from test_gtpu import GtpuTest, routed_inner, udp_inner, uplink
from profiles import requires

FIXTURE = exported.load("gtpu_entries.json")
TUNNEL = FIXTURE["tunnel"]


def address(text):
    return str(ipaddress.IPv6Address(text))


@requires("GTPU")
class CompiledTunnelTest(GtpuTest):
    """test_gtpu.py's routes (the peer by port 2, the data network by port 3) and the compiled
    tunnel's entries."""

    def setUp(self):
        GtpuTest.setUp(self)
        try:
            # The expected frames come from test_gtpu.py's helpers, built on its N3 and peer.
            self.assertEqual(address(TUNNEL["n3_address"]), address(test_gtpu.N3))
            self.assertEqual(address(TUNNEL["peer_address"]), address(test_gtpu.PEER))
            exported.install_entries(self, FIXTURE["entries"])
        except BaseException:
            self.tearDown()   # unittest does not when setUp fails: the next test could not connect
            raise


@requires("GTPU")
class CompiledTunnelEncapsulatesDownlink(CompiledTunnelTest):
    """A packet to each UE prefix leaves as the tunnel's G-PDU with its downlink TEID and QFI
    (a PDU Session Container) and a full UDP checksum, counted under the tunnel's index."""

    def runTest(self):
        self.assertEqual(TUNNEL["checksum_mode"], p4defines.GTPU_CHECKSUM_FULL)
        index = TUNNEL["counter_index"]
        before = self.encap_count(index)
        for ue in ("fd00:99::7", "fd00:99::ffff:1", "fd00:97::5"):
            inner = udp_inner(dst=ue)
            self.expect_encapsulated(inner, TUNNEL["downlink_teid"], qfi=TUNNEL["qfi"])
        # Outside the prefixes: routed as it is (fd00:97::6 has no route: nothing leaves).
        self.send_inner(udp_inner(dst="fd00:97::6"))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.encap_count(index), before + 3)


@requires("GTPU")
class CompiledTunnelDecapsulatesUplink(CompiledTunnelTest):
    """A G-PDU to the N3 address with the uplink TEID, from inside each UE prefix, with a checksum
    and with a zero one (the tunnel accepts zero checksums), is decapsulated and routed; from
    outside them it is dropped and counted as spoofed."""

    def runTest(self):
        index = TUNNEL["counter_index"]
        teid = TUNNEL["uplink_teid"]

        def from_source(src):
            inner = bytes(IPv6(src=src, dst=test_gtpu.SERVER, hlim=40) / UDP(sport=7, dport=9) / Raw(b"compiled" * 3))
            return inner

        before = self.decap_count(index)
        sent = 0
        for src in ("fd00:99::7", "fd00:99::ffff:1", "fd00:97::5"):
            for checksum in (None, 0):
                frame, inner = uplink(teid, inner=from_source(src), checksum=checksum, qfi=TUNNEL["qfi"])
                testutils.send_packet(self, 2, frame)
                testutils.verify_packet(self, routed_inner(inner), 3)
                testutils.verify_no_other_packets(self)
                sent += 1
        self.assertEqual(self.decap_count(index), before + sent)
        for src in ("fd00:97::6", "fd00:99:0:1::7", test_gtpu.SERVER):
            self.expect_dropped(lambda: testutils.send_packet(self, 2, uplink(teid, inner=from_source(src))[0]),
                                p4defines.DROP_GTPU_SPOOFED_SOURCE)
        self.assertEqual(self.decap_count(index), before + sent)


@requires("GTPU")
class CompiledN3AddressIsTheRoutersOwn(CompiledTunnelTest):
    """With routing's /128 for the N3 address (router_entries: what RoutingManager writes for an
    address GTP-U ends on the router), what GTP-U does not take there comes to the controller as
    the router's own (punt reason FOR_ROUTER: a ping is answered), not as a packet without a route
    (NO_ROUTE, a Destination Unreachable from the router about its own address); a G-PDU to it is
    still decapsulated and routed."""

    def runTest(self):
        exported.install_entries(self, FIXTURE["router_entries"])
        n3 = TUNNEL["n3_address"]
        ping = bytes(Ether(src=test_gtpu.NEXT_HOP_MAC, dst=ROUTER_MAC)
                     / IPv6(src=test_gtpu.PEER, dst=n3, hlim=64) / ICMPv6EchoRequest(id=7, seq=1, data=b"n3"))
        other = bytes(Ether(src=test_gtpu.NEXT_HOP_MAC, dst=ROUTER_MAC)
                      / IPv6(src=test_gtpu.PEER, dst=n3, hlim=64) / UDP(sport=40000, dport=9) / Raw(b"not gtp-u"))
        for frame in (ping, other):
            testutils.send_packet(self, 2, frame)
            self.assertEqual(self.expect_punt(), (2, p4defines.PUNT_FOR_ROUTER, frame))
            testutils.verify_no_other_packets(self)
        frame, inner = uplink(TUNNEL["uplink_teid"], inner=bytes(IPv6(src="fd00:99::7", dst=test_gtpu.SERVER, hlim=40)
                                                                  / UDP(sport=7, dport=9) / Raw(b"still")),
                              qfi=TUNNEL["qfi"])
        testutils.send_packet(self, 2, frame)
        testutils.verify_packet(self, routed_inner(inner), 3)
        testutils.verify_no_other_packets(self)
        self.assertTrue(self.client.packet_ins.empty(), "a G-PDU is not the router's")


@requires("GTPU")
class CompiledTunnelTakesUeToUeRound(CompiledTunnelTest):
    """UE to UE through this router with the compiler's entries: a G-PDU from one of the tunnel's
    UE prefixes to another (this router encapsulates the tunnel, so the compiler wrote its
    gtpu_hairpin entries) goes round once more and comes back down the tunnel, as a packet to
    that UE from the data network does; counted once each way."""

    def runTest(self):
        index = TUNNEL["counter_index"]
        decapsulated, encapsulated = self.decap_count(index), self.encap_count(index)
        inner = bytes(IPv6(src="fd00:99::7", dst="fd00:97::5", hlim=40, tc=0x28)
                      / UDP(sport=7000, dport=7001) / Raw(b"ue-to-ue" * 4))
        frame, _ = uplink(TUNNEL["uplink_teid"], inner=inner, qfi=TUNNEL["qfi"])
        testutils.send_packet(self, 2, frame)
        testutils.verify_packet(self, test_gtpu.encapsulated(inner, TUNNEL["downlink_teid"], qfi=TUNNEL["qfi"]), 2)
        testutils.verify_no_other_packets(self)
        self.assertEqual((self.decap_count(index), self.encap_count(index)), (decapsulated + 1, encapsulated + 1))
