# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of the split BNG (docs/features/bng.md, split mode): the forwarding switch
(BNG_FORWARD) encapsulates a subscriber's downstream packet into its session and sends it out of
the trunk towards the access switch; the access switch (BNG_ACCESS) passes that frame to the
line's port byte for byte (line map pass_down), and drops and counts what it must not pass.

Both halves are checked against one frame, split_frame(), built with scapy: the forwarding
switch must send exactly it (one switch per profile in run.sh), the access switch must send
exactly it on. Its source MAC is the BNG MAC the subscriber learnt in discovery (the access
switch's), not the forwarding switch's router MAC: Linux's pppoe module takes session frames
only from its access concentrator's MAC."""

import ptf.testutils as testutils
from scapy.layers.l2 import Ether
from scapy.layers.ppp import PPP, PPPoE, PPPoED
from scapy.packet import Raw

import p4info_names as names
import test_bng as bng
from base_test import ROUTER_MAC

PASS_DOWN = names.SIXFLOW_INGRESS_BNG_LOOKUP_PASS_DOWN
PASSED = names.SIXFLOW_INGRESS_BNG_PASS_DOWN_BNG_PASSED
PASS_DROPPED = names.SIXFLOW_INGRESS_BNG_PASS_DOWN_BNG_PASS_DROPPED

# The trunk between the two switches: port 3 on each in these tests.
TRUNK_PORT = 3
# The access switch's bngMac (PPPoE discovery's source), which the forwarding switch writes.
BNG_MAC = "00:aa:00:00:0b:01"


def split_frame(packet, ppp_proto):
    """packet (as the network sent it) as the forwarding switch sends it down the trunk: one hop
    on, in the line's tags and session, from the BNG MAC to the subscriber's."""
    if ppp_proto == bng.PPP_IPV6:
        inner = bng.routed_v6(packet)[bng.IPv6]
    else:
        inner = bng.routed_v4(packet)[bng.IP]
    return (Ether(src=BNG_MAC, dst=bng.SUB_MAC) / bng.tags()
            / PPPoE(version=1, type=1, code=0, sessionid=bng.SESSION_ID) / PPP(proto=ppp_proto) / inner)


def downstream_packets():
    """IPv6 to the /64 and to the delegated prefix, IPv4 to the IPCP address, with their PPP protocol."""
    return ((bng.v6_packet(src=bng.SERVER_V6, dst=bng.SUB_V6_HOST), bng.PPP_IPV6),
            (bng.v6_packet(src=bng.SERVER_V6, dst=bng.SUB_PD_HOST, size=301), bng.PPP_IPV6),
            (bng.v4_packet(src=bng.SERVER_V4, dst=bng.SUB_V4), bng.PPP_IPV4))


@bng.requires("BNG_FORWARD")
class SplitForwardEncapsulates(bng.DownstreamTest):
    """The forwarding switch: the line's session is behind the trunk (its port), the source MAC
    the access switch's bngMac; what goes down the trunk is split_frame()."""

    def setUp(self):
        bng.BngTest.setUp(self)
        self.insert(bng.PREFIX_V6, {names.HDR_IPV6_DST_64: (bng.upper64(bng.SUB_V6), 64)}, bng.SET_DOWNSTREAM_LINE,
                    {names.LINE_ID: bng.LINE})
        self.insert(bng.PREFIX_V6, {names.HDR_IPV6_DST_64: (bng.upper64(bng.SUB_PD), 56)}, bng.SET_DOWNSTREAM_LINE,
                    {names.LINE_ID: bng.LINE})
        self.insert(bng.PREFIX_V4, {names.HDR_IPV4_DST: (bng.SUB_V4, 32)}, bng.SET_DOWNSTREAM_LINE,
                    {names.LINE_ID: bng.LINE})
        self.insert(bng.LINE_SESSION, {names.HDR_LINE_ID: bng.LINE}, bng.SET_LINE_SESSION,
                    {names.PORT: TRUNK_PORT, names.S_TAG: bng.S_VID, names.C_TAG: bng.C_VID,
                     names.SESSION_ID: bng.SESSION_ID, names.SMAC: BNG_MAC, names.DMAC: bng.SUB_MAC})

    def runTest(self):
        for packet, proto in downstream_packets():
            testutils.send_packet(self, bng.NET_PORT, bytes(self.from_network(packet)))
            testutils.verify_packet(self, split_frame(packet, proto), TRUNK_PORT)
            testutils.verify_no_other_packets(self)
        self.assert_line(rx=3, tx=3)


@bng.requires("BNG_ACCESS")
class SplitAccessTest(bng.UpstreamTest):
    """The access switch: the subscriber's line on port 1 (UpstreamTest: line, session, sources)
    and the same line's tags on the trunk, passed to port 1."""

    def setUp(self):
        bng.UpstreamTest.setUp(self)
        self.insert(bng.LINE_MAP, {names.HDR_IG_PORT: TRUNK_PORT, names.HDR_S_TAG: bng.S_VID,
                                   names.HDR_C_TAG: bng.C_VID}, PASS_DOWN,
                    {names.LINE_ID: bng.LINE, names.PORT: bng.LINE_PORT})

    def assert_passed(self, passed, dropped=0):
        self.assertEqual((self.count(PASSED), self.count(PASS_DROPPED)), (passed, dropped))


@bng.requires("BNG_ACCESS")
class SplitAccessPasses(SplitAccessTest):
    """What the forwarding switch sends down the trunk leaves by the line's port byte for byte
    (no hop, no new MAC); counted as passed, not in the line's upstream counters. The line's own
    upstream still terminates."""

    def runTest(self):
        for packet, proto in downstream_packets():
            frame = split_frame(packet, proto)
            testutils.send_packet(self, TRUNK_PORT, bytes(frame))
            testutils.verify_packet(self, frame, bng.LINE_PORT)
            testutils.verify_no_other_packets(self)
        self.assert_passed(3)
        self.assert_line(rx=0)
        # Upstream on the line is what it was.
        packet = bng.v6_packet()
        testutils.send_packet(self, bng.LINE_PORT, bytes(bng.session_frame(bng.PPP_IPV6, packet)))
        testutils.verify_packet(self, bng.routed_v6(packet), bng.NET_PORT)
        testutils.verify_no_other_packets(self)
        self.assert_line(rx=1, tx=1)
        self.assert_passed(3)


@bng.requires("BNG_ACCESS")
class SplitAccessPassDrops(SplitAccessTest):
    """Only session data of a session this switch holds passes: on the trunk, the line's
    discovery, control (LCP) and another session's data are dropped and counted on the line as
    pass drops; data for a line the switch does not have is dropped as an unknown line (cell 0),
    never passed."""

    def runTest(self):
        packet = bng.v6_packet(src=bng.SERVER_V6, dst=bng.SUB_V6_HOST)
        pado = (Ether(src=BNG_MAC, dst=bng.SUB_MAC) / bng.tags(inner_type=0x8863)
                / PPPoED(code=bng.PADO, sessionid=0) / Raw(bytes.fromhex("01010000")))
        lcp = bng.session_frame(bng.LCP, Raw(bytes.fromhex("0901000812345678")), src=BNG_MAC, dst=bng.SUB_MAC)
        other_session = bng.session_frame(bng.PPP_IPV6, packet, session=bng.SESSION_ID + 1, src=BNG_MAC,
                                          dst=bng.SUB_MAC)
        self.expect_drop(pado, bng.DROP_BNG_MALFORMED, port=TRUNK_PORT)
        self.expect_drop(lcp, bng.DROP_BNG_MALFORMED, port=TRUNK_PORT)
        self.expect_drop(other_session, bng.DROP_BNG_UNKNOWN_SESSION, port=TRUNK_PORT)
        self.assert_passed(0, dropped=3)
        self.assert_line(rx=0)
        before = self.count(bng.UP_DROPPED, 0)
        self.expect_drop(bng.session_frame(bng.PPP_IPV6, packet, c_vid=8, src=BNG_MAC, dst=bng.SUB_MAC),
                         bng.DROP_BNG_UNKNOWN_LINE, port=TRUNK_PORT)
        self.assertEqual(self.count(bng.UP_DROPPED, 0), before + 1)
        self.assertEqual(self.count(PASSED, 0), 0)


@bng.requires("BNG_ACCESS", "BNG_FORWARD")
class SplitPassIsNotEncapsulatedAgain(SplitAccessTest):
    """On a switch with both halves (profile bng), a frame passed from the trunk whose packet is
    for a subscriber prefix this switch also maps is still passed as it came, neither encapsulated
    a second time nor routed."""

    def runTest(self):
        self.insert(bng.PREFIX_V6, {names.HDR_IPV6_DST_64: (bng.upper64(bng.SUB_V6), 64)}, bng.SET_DOWNSTREAM_LINE,
                    {names.LINE_ID: bng.LINE})
        self.insert(bng.LINE_SESSION, {names.HDR_LINE_ID: bng.LINE}, bng.SET_LINE_SESSION,
                    {names.PORT: bng.LINE_PORT, names.S_TAG: bng.S_VID, names.C_TAG: bng.C_VID,
                     names.SESSION_ID: bng.SESSION_ID, names.SMAC: ROUTER_MAC, names.DMAC: bng.SUB_MAC})
        packet, proto = downstream_packets()[0]
        frame = split_frame(packet, proto)
        testutils.send_packet(self, TRUNK_PORT, bytes(frame))
        testutils.verify_packet(self, frame, bng.LINE_PORT)
        testutils.verify_no_other_packets(self)
        self.assert_passed(1)
        self.assertEqual(self.count(bng.DOWN_RX), 0)


# The router's MAC is not the BNG MAC the split's frames carry: the pass is not a route.
assert ROUTER_MAC != BNG_MAC
