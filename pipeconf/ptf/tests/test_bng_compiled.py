# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""BNG packet tests fed by the controller: the entries are what the app's relay makes of a real
client capture's sessions (bob and alice, each with IPv4 and IPv6, and on the single BNG bob's
delegated prefix by DHCPv6-PD), written as SixflowBngProgrammable writes them (bng_entries.json,
written and held fresh by the app's BngPacketTestEntriesTest), installed as they are.
Single BNG (profile bng): each subscriber's IPv6 (from its address, and from its delegated
prefix) and IPv4 leave its session routed; from the other subscriber's addresses, or on a
session the relay never set up, they are dropped by reason; packets to each address and prefix
go into that subscriber's session (both tags, its session id, its MAC).
Split (bng-access, bng-forward, one switch each): the access switch terminates and routes each
subscriber's upstream and passes the forwarding switch's frames from the trunk to the line; the
forwarding switch sends each subscriber's downstream down the trunk in its session, from the
access switch's MAC. Frames are test_bng.py's helpers."""

import ipaddress

import ptf.testutils as testutils
from scapy.layers.inet import IP
from scapy.layers.inet6 import IPv6
from scapy.layers.l2 import Ether
from scapy.layers.ppp import PPP, PPPoE

import exported
import p4info_names as names
from profiles import requires, without
from test_bng import (DROP_BNG_SPOOFED_V4, DROP_BNG_SPOOFED_V6, DROP_BNG_UNKNOWN_SESSION, NET_PORT, PPP_IPV4,
                      PPP_IPV6, SERVER_MAC, SERVER_V4, SERVER_V6, BngTest, routed_v4, routed_v6, session_frame,
                      tags, v4_packet, v6_packet)
from base_test import ROUTER_MAC

FIXTURE = exported.load("bng_entries.json")
BNG_MAC = FIXTURE["bng_mac"]
LINE_PORT = FIXTURE["access_port"]
SINGLE = FIXTURE["single"]
SUBSCRIBERS = SINGLE["subscribers"]
SPLIT = FIXTURE["split"]
TRUNK_PORT = SPLIT["trunk_port"]


def in_prefix(prefix, host=7):
    """An address inside a prefix, not its first."""
    return str(ipaddress.IPv6Network(prefix)[host])


def ipv6_sources(subscriber):
    """Where a subscriber's IPv6 may come from: its address, and its delegated prefix's hosts."""
    sources = [subscriber["ipv6"]]
    if "delegated_prefix" in subscriber:
        sources.append(in_prefix(subscriber["delegated_prefix"]))
    return sources


def upstream(subscriber, ppp_proto, packet, session=None):
    """packet in the subscriber's session, on its line, to the BNG."""
    return session_frame(ppp_proto, packet, session=subscriber["session_id"] if session is None else session,
                         src=subscriber["mac"], dst=BNG_MAC, s_vid=subscriber["s_tag"], c_vid=subscriber["c_tag"])


def downstream_frame(subscriber, packet, proto):
    """packet (as the network sent it) in the subscriber's session: one hop on, both tags, its
    session id, from the BNG's MAC to the subscriber's."""
    inner = routed_v6(packet)[IPv6] if proto == PPP_IPV6 else routed_v4(packet)[IP]
    return (Ether(src=BNG_MAC, dst=subscriber["mac"]) / tags(subscriber["s_tag"], subscriber["c_tag"])
            / PPPoE(version=1, type=1, code=0, sessionid=subscriber["session_id"]) / PPP(proto=proto) / inner)


def downstream_packets(subscriber):
    """IPv6 to its address (and delegated prefix), IPv4 to its address, with their PPP protocol."""
    packets = [(v6_packet(src=SERVER_V6, dst=dst), PPP_IPV6) for dst in ipv6_sources(subscriber)]
    packets.append((v4_packet(src=SERVER_V4, dst=subscriber["ipv4"]), PPP_IPV4))
    return packets


def expect_upstream_routed(test, subscriber):
    """The subscriber's IPv6 from each of its sources and its IPv4, sent in its session on its
    line, leave terminated (tags, PPPoE and PPP gone) and routed to the servers."""
    sent = [(v6_packet(src=src, dst=SERVER_V6), PPP_IPV6, routed_v6) for src in ipv6_sources(subscriber)]
    sent.append((v4_packet(src=subscriber["ipv4"], dst=SERVER_V4), PPP_IPV4, routed_v4))
    for packet, proto, routed in sent:
        testutils.send_packet(test, LINE_PORT, bytes(upstream(subscriber, proto, packet)))
        testutils.verify_packet(test, routed(packet), NET_PORT)
        testutils.verify_no_other_packets(test)


@requires("BNG_ACCESS", "BNG_FORWARD")
class CompiledBngTest(BngTest):
    """test_bng.py's routes to the servers (port 2), the BNG's MAC as a router MAC (my_station,
    which routing writes for myStationMac: the BNG answers as the router) and the exported
    entries."""

    def setUp(self):
        BngTest.setUp(self)
        try:
            self.assertEqual(2, len(SUBSCRIBERS))
            self.insert(names.SIXFLOW_INGRESS_STATION_MY_STATION, {names.HDR_ETH_DST: BNG_MAC},
                        names.SIXFLOW_INGRESS_STATION_SET_MY_STATION)
            exported.install_entries(self, SINGLE["entries"])
        except BaseException:
            self.tearDown()   # unittest does not when setUp fails: the next test could not connect
            raise


@requires("BNG_ACCESS", "BNG_FORWARD")
class CompiledSessionsCarryTheirSubscribersUpstream(CompiledBngTest):
    """Each subscriber's IPv6, from its address and its delegated prefix, and its IPv4 leave
    terminated (tags, PPPoE and PPP gone) and routed to the servers."""

    def runTest(self):
        for subscriber in SUBSCRIBERS:
            expect_upstream_routed(self, subscriber)


@requires("BNG_ACCESS", "BNG_FORWARD")
class CompiledSessionsRefuseWhatIsNotTheirs(CompiledBngTest):
    """On one subscriber's session, the other's IPv6 address or delegated prefix and IPv4
    address are spoofed; a session id the relay never set up on the line is unknown."""

    def runTest(self):
        bob, alice = SUBSCRIBERS
        for on, other in ((bob, alice), (alice, bob)):
            for src in ipv6_sources(other):
                self.expect_drop(upstream(on, PPP_IPV6, v6_packet(src=src)), DROP_BNG_SPOOFED_V6, port=LINE_PORT)
            self.expect_drop(upstream(on, PPP_IPV4, v4_packet(src=other["ipv4"])), DROP_BNG_SPOOFED_V4,
                             port=LINE_PORT)
        unused = max(s["session_id"] for s in SUBSCRIBERS) + 1
        self.expect_drop(upstream(bob, PPP_IPV6, v6_packet(src=bob["ipv6"]), session=unused),
                         DROP_BNG_UNKNOWN_SESSION, port=LINE_PORT)


@requires("BNG_ACCESS", "BNG_FORWARD")
class CompiledSessionsCarryTheirSubscribersDownstream(CompiledBngTest):
    """Packets to each subscriber's address, delegated prefix and IPv4 address go into its
    session: the BNG's MAC to the subscriber's, its S-tag and C-tag, its PPPoE session, PPP, the
    packet one hop on."""

    def runTest(self):
        for subscriber in SUBSCRIBERS:
            for packet, proto in downstream_packets(subscriber):
                testutils.send_packet(self, NET_PORT, bytes(Ether(src=SERVER_MAC, dst=ROUTER_MAC) / packet))
                testutils.verify_packet(self, downstream_frame(subscriber, packet, proto), LINE_PORT)
                testutils.verify_no_other_packets(self)


@requires("BNG_ACCESS")
@without("BNG_FORWARD", what="split access switch on its own")
class CompiledSplitAccessHalf(BngTest):
    """The access switch given the access halves: each subscriber's upstream terminated and
    routed; the forwarding switch's frame for each subscriber, from the trunk, passed to the line
    as it came."""

    def setUp(self):
        BngTest.setUp(self)
        try:
            self.insert(names.SIXFLOW_INGRESS_STATION_MY_STATION, {names.HDR_ETH_DST: BNG_MAC},
                        names.SIXFLOW_INGRESS_STATION_SET_MY_STATION)
            exported.install_entries(self, SPLIT["access_entries"])
        except BaseException:
            self.tearDown()
            raise

    def runTest(self):
        for subscriber in SPLIT["subscribers"]:
            expect_upstream_routed(self, subscriber)
            for packet, proto in downstream_packets(subscriber):
                frame = downstream_frame(subscriber, packet, proto)
                testutils.send_packet(self, TRUNK_PORT, bytes(frame))
                testutils.verify_packet(self, frame, LINE_PORT)
                testutils.verify_no_other_packets(self)


@requires("BNG_FORWARD")
@without("BNG_ACCESS", what="split forwarding switch on its own")
class CompiledSplitForwardHalf(BngTest):
    """The forwarding switch given the forwarding halves: each subscriber's downstream goes down
    the trunk in its session, from the access switch's MAC (the one the subscriber knows)."""

    def setUp(self):
        BngTest.setUp(self)
        try:
            exported.install_entries(self, SPLIT["forward_entries"])
        except BaseException:
            self.tearDown()
            raise

    def runTest(self):
        for subscriber in SPLIT["subscribers"]:
            for packet, proto in downstream_packets(subscriber):
                testutils.send_packet(self, NET_PORT, bytes(Ether(src=SERVER_MAC, dst=ROUTER_MAC) / packet))
                testutils.verify_packet(self, downstream_frame(subscriber, packet, proto), TRUNK_PORT)
                testutils.verify_no_other_packets(self)
