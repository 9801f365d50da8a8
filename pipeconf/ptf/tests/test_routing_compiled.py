# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Routing packet tests fed by the controller: the entries are those the app's RoutingManager
writes to one router (routing_entries.json, written and held fresh by the app's
RoutingPacketTestEntriesTest: the lab's Beijing, host-facing ports 3 and 4, links on ports 1 and
2, and a link wuhan-shanghai that gives it two equal-cost paths to shanghai; and the routes
RoutingManager holds there), for the profile under test's pipeconf (routing writes what it takes:
no host_port without MSR6, no ECMP group without ECMP), all of them installed as they are, groups
and my_station included (the base test's own is removed first). A packet to each route leaves by
its port with the next hop's MACs and the hop limit one lower; flows to a route with several next
hops, where the profile has ECMP, leave by more than one of them, each by its member's MACs; a ping to each of the router's addresses is punted with PUNT_FOR_ROUTER; a frame to
another MAC is not routed."""

import ipaddress

import ptf.testutils as testutils
from p4.v1 import p4runtime_pb2
from scapy.layers.inet import UDP
from scapy.layers.inet6 import ICMPv6EchoRequest, IPv6
from scapy.layers.l2 import Ether

import exported
import p4info_names as names
from base_test import DROP_NOT_MY_STATION, PUNT_FOR_ROUTER, ROUTER_MAC, SixflowTest
from profiles import features, profile

FIXTURE = exported.load("routing_entries.json")
ROUTING_V6 = names.SIXFLOW_INGRESS_ROUTING_ROUTING_V6
HOST_MAC = "00:00:00:00:00:10"
PORTS = (1, 2, 3, 4)


def mac(hex_text):
    return ":".join("%02x" % b for b in int(hex_text, 16).to_bytes(6, "big"))


def address(hex_text, host=0):
    return str(ipaddress.IPv6Address(int(hex_text, 16) | host))


def of(entries, table, action):
    return [e for e in entries if e["table"] == table and e["action"] == action]


class CompiledRoutesTest(SixflowTest):
    """What routing writes to the router when it runs the profile under test's pipeconf."""

    def setUp(self):
        SixflowTest.setUp(self)
        try:
            compiled = FIXTURE["profiles"][profile()]
            entries, self.routes = compiled["entries"], compiled["routes"]
            self.next_hops = of(entries, ROUTING_V6, names.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP)
            self.to_groups = [e for e in entries if e["table"] == ROUTING_V6 and e.get("action") == getattr(
                names, "SIXFLOW_INGRESS_ROUTING_SET_ECMP_GROUP", None)]
            self.punts = of(entries, ROUTING_V6, names.SIXFLOW_INGRESS_ROUTING_PUNT_TO_ROUTER)
            stations = of(entries, names.SIXFLOW_INGRESS_STATION_MY_STATION, names.SIXFLOW_INGRESS_STATION_SET_MY_STATION)
            # The router MAC the test frames use must be the one routing writes; drop the base
            # test's my_station entry so that only routing's makes frames routable.
            self.assertEqual([mac(e["match"][names.HDR_ETH_DST]) for e in stations], [ROUTER_MAC])
            base = self.p4info.table_entry(names.SIXFLOW_INGRESS_STATION_MY_STATION, {names.HDR_ETH_DST: ROUTER_MAC})
            self.client.write(base, update_type=p4runtime_pb2.Update.DELETE)
            exported.install_groups(self, compiled["groups"])
            exported.install_entries(self, entries)
        except BaseException:
            self.tearDown()   # unittest does not when setUp fails: the next test could not connect
            raise

    @staticmethod
    def frame(dst, l4, hlim=64):
        return Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst=dst, hlim=hlim) / l4


class CompiledRoutesForwardToTheirNextHops(CompiledRoutesTest):
    """Each route RoutingManager holds for the router (its own view, not its entries): a packet to
    an address in it leaves by the route's port with the route's source and next-hop MACs and
    the hop limit one lower (sent in by another port)."""

    def runTest(self):
        self.assertEqual(len(self.routes), len(self.next_hops) + len(self.to_groups), "one routing_v6 entry per route")
        self.assertGreaterEqual(len(self.routes), 4)
        ecmp = "ECMP" in features()
        self.assertEqual(len(self.to_groups), sum(1 for r in self.routes if "next_hops" in r) if ecmp else 0)
        for route in self.routes:
            prefix = ipaddress.IPv6Network(route["prefix"])
            dst = str(prefix.network_address + (0 if prefix.prefixlen == 128 else 0x7))
            hops = route.get("next_hops", [route]) if ecmp else [route]
            for hop in hops:
                self.assertIn(hop["port"], PORTS)
            used = set()
            # Several flows (UDP source ports) where there are several next hops, else one.
            for sport in (range(5000, 5016) if len(hops) > 1 else (5000,)):
                in_port = next(p for p in (3, 4) if p not in [h["port"] for h in hops])
                sent = self.frame(dst, UDP(sport=sport, dport=6000) / (b"compiled-route" * 4), hlim=9)
                testutils.send_packet(self, in_port, bytes(sent))
                result = testutils.dp_poll(self, device_number=0, timeout=2)
                self.assertTrue(isinstance(result, self.dataplane.PollSuccess), "%s: nothing left" % route)
                hop = next((h for h in hops if h["port"] == result.port), None)
                self.assertIsNotNone(hop, "%s: left by port %d" % (route, result.port))
                expected = sent.copy()
                expected[Ether].src = route["source_mac"]
                expected[Ether].dst = hop["next_hop_mac"]
                expected[IPv6].hlim = 8
                self.assertEqual(bytes(result.packet), bytes(expected), "%s via port %d" % (route, result.port))
                testutils.verify_no_other_packets(self)
                used.add(result.port)
            if len(hops) > 1:
                self.assertGreater(len(used), 1, "%s: every flow left by %s" % (route, used))
        self.assertTrue(self.client.packet_ins.empty(), "a routed packet is not punted")


class CompiledRouterAddressesArePunted(CompiledRoutesTest):
    """Each of the router's own addresses (its interfaces' and its link-local one): an Echo
    Request reaches the controller as received, with punt reason FOR_ROUTER, and nothing leaves."""

    def runTest(self):
        self.assertGreaterEqual(len(self.punts), 3)
        for n, entry in enumerate(self.punts):
            value, length = entry["match"][names.HDR_IPV6_DST]
            self.assertEqual(length, 128)
            ping = self.frame(address(value), ICMPv6EchoRequest(id=0x77, seq=n, data=b"are-you-there"))
            testutils.send_packet(self, 3, bytes(ping))
            self.assertEqual(self.expect_punt(), (3, PUNT_FOR_ROUTER, bytes(ping)))
            testutils.verify_no_other_packets(self)


class CompiledStationRoutesOnlyTheRouterMac(CompiledRoutesTest):
    """Routing's my_station entry is the only one: a frame to another unicast MAC is dropped and
    counted, not routed."""

    def runTest(self):
        value, length = self.next_hops[0]["match"][names.HDR_IPV6_DST]
        sent = self.frame(address(value, 0 if length == 128 else 0x7), UDP(sport=1, dport=2) / b"stranger")
        sent[Ether].dst = "00:aa:00:00:00:99"
        before = self.drop_count(DROP_NOT_MY_STATION)
        testutils.send_packet(self, 3, bytes(sent))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_NOT_MY_STATION), before + 1)
