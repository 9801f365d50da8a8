# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of ECMP (control/routing.p4, WITH_ECMP): a routing_v6 entry names a group of
equal-cost next hops (set_ecmp_group), the ecmp table's action selector picks one per flow from
the hash of its addresses, flow label, upper-layer protocol and ports (none in a fragment). Each
copy that leaves is checked byte for byte against the member of the port it left by (that
member's MACs, hop limit one lower, nothing else changed)."""

import ptf.testutils as testutils
from ptf.dataplane import match_exp_pkt
from scapy.layers.inet import TCP, UDP
from scapy.layers.inet6 import ICMPv6EchoRequest, IPv6, IPv6ExtHdrFragment
from scapy.layers.l2 import Ether

import p4info_names as names
from base_test import DROP_NO_ROUTE, DROP_OUT_OF_SCOPE, PUNT_NO_ROUTE, PUNT_OUT_OF_SCOPE, ROUTER_MAC, SixflowTest
from profiles import requires

HOST_MAC = "00:00:00:00:00:10"
# The group's members: (port, source MAC, next hop MAC). Port 1 is where the flows come in.
MEMBERS = [(2, ROUTER_MAC, "00:bb:00:00:00:02"),
           (3, ROUTER_MAC, "00:bb:00:00:00:03"),
           (4, ROUTER_MAC, "00:bb:00:00:00:04")]
GROUP = 7


def routed(sent, member):
    """What the member makes of a packet: its MACs, the hop limit one lower."""
    expected = sent.copy()
    expected[Ether].src = member[1]
    expected[Ether].dst = member[2]
    expected[IPv6].hlim = sent[IPv6].hlim - 1
    return bytes(expected)


def flows():
    """Flows to the ECMP prefix that differ in one field each: UDP and TCP source ports, the
    source address, the flow label, and ICMPv6 (no ports) from several sources."""
    result = []
    for sport in range(5000, 5012):
        result.append(IPv6(src="fd00:1:1::10", dst="fd00:1:2::7", hlim=64) / UDP(sport=sport, dport=6000))
    for sport in range(40000, 40006):
        result.append(IPv6(src="fd00:1:1::10", dst="fd00:1:2::8", hlim=64) / TCP(sport=sport, dport=443, flags="S"))
    for host in range(0x20, 0x26):
        result.append(IPv6(src="fd00:1:1::%x" % host, dst="fd00:1:2::7", hlim=64) / UDP(sport=5000, dport=6000))
    for label in (1, 2, 3, 0xabcde):
        result.append(IPv6(src="fd00:1:1::10", dst="fd00:1:2::7", hlim=64, fl=label) / UDP(sport=5000, dport=6000))
    for host in range(0x30, 0x36):
        result.append(IPv6(src="fd00:1:1::%x" % host, dst="fd00:1:2::9", hlim=64)
                      / ICMPv6EchoRequest(id=0x42, seq=1, data=b"ecmp"))
    return [Ether(src=HOST_MAC, dst=ROUTER_MAC) / f / (b"ecmp-flow" * 4) for f in result]


@requires("ECMP")
class EcmpTest(SixflowTest):

    def leaves_by(self, sent):
        """Sends a packet in by port 1 and returns the port it left by, after checking that
        exactly one copy left, byte for byte as that port's member makes it."""
        testutils.send_packet(self, 1, bytes(sent))
        result = testutils.dp_poll(self, device_number=0, timeout=2)
        self.assertTrue(isinstance(result, self.dataplane.PollSuccess), "the packet left by no port: %r" % sent)
        member = next((m for m in MEMBERS if m[0] == result.port), None)
        self.assertIsNotNone(member, "left by port %d, which is not a member" % result.port)
        expected = routed(sent, member)
        self.assertTrue(match_exp_pkt(expected, result.packet),
                        "port %d: got %s, expected %s" % (result.port, bytes(result.packet).hex(), expected.hex()))
        testutils.verify_no_other_packets(self)
        return result.port


class SpreadsFlowsOverTheGroupAndKeepsEachOnItsPort(EcmpTest):
    """34 flows to a prefix with three equal-cost next hops: they leave by more than one port (by
    all three, with this hash and these flows), each flow by the same port every time, each copy
    with its member's MACs and the hop limit one lower."""

    def runTest(self):
        self.add_ecmp_route("fd00:1:2::", 64, GROUP, MEMBERS)
        ports = {}
        for n, sent in enumerate(flows()):
            ports[n] = self.leaves_by(sent)
        used = set(ports.values())
        self.assertGreater(len(used), 1, "every flow left by port %s" % used)
        self.assertEqual(used, {m[0] for m in MEMBERS}, "flows per port: %s" % {
            p: sum(1 for v in ports.values() if v == p) for p in used})
        # The same flow again (a later packet, with another hop limit): the same port.
        for n, sent in enumerate(flows()):
            again = sent.copy()
            again[IPv6].hlim = 9
            self.assertEqual(self.leaves_by(again), ports[n], "flow %d moved" % n)
        self.assertTrue(self.client.packet_ins.empty(), "a routed packet is not punted")


class FragmentsOfADatagramTakeOnePath(EcmpTest):
    """A datagram's first fragment carries its ports, the later ones do not: each datagram's
    fragments leave by one port (RFC 6437 3: a fragment's flow is its addresses, label and
    protocol), so they arrive together, and datagrams from several sources still use more than
    one port."""

    def runTest(self):
        self.add_ecmp_route("fd00:1:2::", 64, GROUP, MEMBERS)
        used = set()
        for n in range(24):
            ip = IPv6(src="fd00:1:1::%x" % (0x40 + n // 4), dst="fd00:1:2::7", hlim=64)
            datagram = bytes(UDP(sport=5000 + n, dport=6000 + n) / (b"x" * 64))
            head = Ether(src=HOST_MAC, dst=ROUTER_MAC) / ip
            first = head / IPv6ExtHdrFragment(nh=17, offset=0, m=1, id=n) / datagram[:40]
            later = head / IPv6ExtHdrFragment(nh=17, offset=5, m=0, id=n) / datagram[40:]
            port = self.leaves_by(first)
            self.assertEqual(self.leaves_by(later), port, "datagram %d: its fragments took two paths" % n)
            used.add(port)
        self.assertGreater(len(used), 1, "every datagram left by port %s" % used)


class OneMemberGroupForwardsLikeANextHop(EcmpTest):
    """A group of one: every flow leaves by its port with its MACs."""

    def runTest(self):
        self.add_ecmp_route("fd00:1:2::", 64, GROUP, MEMBERS[1:2])
        for sent in flows()[:8]:
            self.assertEqual(self.leaves_by(sent), MEMBERS[1][0])


class SingleNextHopRoutesStayDirect(EcmpTest):
    """A route with one next hop is still routing_v6's set_next_hop beside an ECMP route: the
    longest match decides, the /128 leaves by its own port."""

    def runTest(self):
        self.add_ecmp_route("fd00:1:2::", 64, GROUP, MEMBERS)
        self.add_route("fd00:1:2::7", 128, 1, ROUTER_MAC, "00:cc:00:00:00:01")
        sent = flows()[0]
        expected = routed(sent, (1, ROUTER_MAC, "00:cc:00:00:00:01"))
        testutils.send_packet(self, 2, bytes(sent))
        testutils.verify_packet(self, expected, 1)
        testutils.verify_no_other_packets(self)


class MissingGroupIsNoRoute(EcmpTest):
    """routing_v6 names a group the ecmp table does not have (being written, or gone): the packet
    is dropped and counted as NO_ROUTE and punted for the Destination Unreachable, as without a
    route; it leaves by no port."""

    def runTest(self):
        self.insert(names.SIXFLOW_INGRESS_ROUTING_ROUTING_V6, {names.HDR_IPV6_DST: ("fd00:1:2::", 64)},
                    names.SIXFLOW_INGRESS_ROUTING_SET_ECMP_GROUP, {names.GROUP_ID: 99})
        before = self.drop_count(DROP_NO_ROUTE)
        sent = flows()[0]
        testutils.send_packet(self, 1, bytes(sent))
        self.assertEqual(self.expect_punt(), (1, PUNT_NO_ROUTE, bytes(sent)))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_NO_ROUTE), before + 1)


class OutOfScopeIsPuntedAsAMemberWouldHaveLeftIt(EcmpTest):
    """A link-local source's packet to a group's prefix is dropped before a member is picked
    (routing.md#scopes), counted as OUT_OF_SCOPE and punted OUT_OF_SCOPE with its hop limit one
    lower, as every routed punt is (the controller gives it back); its MACs are as it came."""

    def runTest(self):
        self.add_ecmp_route("fd00:1:2::", 64, GROUP, MEMBERS)
        before = self.drop_count(DROP_OUT_OF_SCOPE)
        sent = flows()[0]
        sent[IPv6].src = "fe80::10"
        testutils.send_packet(self, 1, bytes(sent))
        expected = sent.copy()
        expected[IPv6].hlim -= 1
        self.assertEqual(self.expect_punt(), (1, PUNT_OUT_OF_SCOPE, bytes(expected)))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_OUT_OF_SCOPE), before + 1)
