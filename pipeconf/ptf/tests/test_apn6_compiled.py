# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""APN6 packet tests fed by the controller: the entries are those the app's Apn6PolicyCompiler
makes of one policy at its ingress edge (apn6_entries.json, written and held fresh by the app's
Apn6PacketTestEntriesTest), installed as they are. A packet the policy matches leaves with the
option its policy carries, byte for byte (docs/features/apn6.md); one a single dimension keeps
out leaves without it; one routed back out of the host port has the option stripped."""

import ptf.testutils as testutils
from scapy.layers.inet import TCP, UDP
from scapy.layers.inet6 import IPv6
from scapy.layers.l2 import Ether

import exported
import p4info_names as names
from base_test import ROUTER_MAC, SixflowTest
from profiles import requires
from test_apn6 import NEXT_HOP_MAC, routed, with_apn6

FIXTURE = exported.load("apn6_entries.json")
POLICY = FIXTURE["policy"]
HOST_PORT = POLICY["ingress_port"]
CORE_PORT = 2
HOST_MAC = "00:00:00:00:00:10"
OPTION = (POLICY["sla_level"], POLICY["app_id"], POLICY["user_id"], POLICY["flow_id"])


def first(prefix_text, host):
    """Address `host` in the policy's prefix."""
    addr, _ = prefix_text.split("/")
    return addr.rstrip(":") + "::" + host


def matching(**changes):
    """A UDP packet inside every dimension of the policy, from the host port's side; `changes`
    move one dimension out (src, dst, sport, dport, tcp)."""
    src = changes.get("src", first(POLICY["source"], "10"))
    dst = changes.get("dst", first(POLICY["destination"], "7"))
    sport = changes.get("sport", POLICY["source_ports"][0] + 1)
    dport = changes.get("dport", POLICY["destination_ports"][0])
    l4 = TCP(sport=sport, dport=dport, flags="S") if changes.get("tcp") else UDP(sport=sport, dport=dport)
    return Ether(src=HOST_MAC, dst=ROUTER_MAC) / IPv6(src=src, dst=dst, hlim=64) / l4 / (b"apn6-compiled" * 4)


@requires("APN6")
class CompiledPolicyTest(SixflowTest):
    """The policy's destination by the core port, its source back by the host port."""

    def setUp(self):
        SixflowTest.setUp(self)
        try:
            addr, length = POLICY["destination"].split("/")
            self.add_route(addr, int(length), CORE_PORT, ROUTER_MAC, NEXT_HOP_MAC)
            addr, length = POLICY["source"].split("/")
            self.add_route(addr, int(length), HOST_PORT, ROUTER_MAC, HOST_MAC)
            self.written = exported.install_entries(self, FIXTURE["entries"])
        except BaseException:
            self.tearDown()   # unittest does not when setUp fails: the next test could not connect
            raise

    def classifier_packets(self):
        """Packets the policy's classifier entries counted (apn6_classifier_counter)."""
        table = self.p4info.table(names.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER).preamble.id
        entries = [e for e in self.written if e.table_id == table]
        self.assertTrue(entries, "the policy's classifier entries")
        return sum(self.entry_packets(e) for e in entries)


@requires("APN6")
class CompiledPolicyInsertsItsOption(CompiledPolicyTest):
    """Matching packets (both ends of the source port range) leave the core port with the
    24-octet HBH carrying the policy's SLA level, application, user and flow ids; each counted by
    the policy's entries."""

    def runTest(self):
        for sport in POLICY["source_ports"]:
            sent = matching(sport=sport)
            testutils.send_packet(self, HOST_PORT, bytes(sent))
            testutils.verify_packet(self, routed(with_apn6(sent, *OPTION)), CORE_PORT)
            testutils.verify_no_other_packets(self)
        self.assertEqual(self.classifier_packets(), 2)


@requires("APN6")
class CompiledPolicyLeavesOthersAlone(CompiledPolicyTest):
    """One dimension outside the policy (source port past the range, another destination port,
    TCP, another source prefix, another ingress port): routed without an option, and not
    counted by the policy's entries."""

    def runTest(self):
        cases = [(HOST_PORT, matching(sport=POLICY["source_ports"][1] + 1)),
                 (HOST_PORT, matching(dport=POLICY["destination_ports"][1] + 1)),
                 (HOST_PORT, matching(tcp=True)),
                 (HOST_PORT, matching(src="fd00:1:9::10")),
                 (3, matching())]
        for port, sent in cases:
            testutils.send_packet(self, port, bytes(sent))
            testutils.verify_packet(self, routed(bytes(sent)), CORE_PORT)
            testutils.verify_no_other_packets(self)
        self.assertEqual(self.classifier_packets(), 0)


@requires("APN6")
class CompiledPolicyStripsAtTheHostPort(CompiledPolicyTest):
    """A packet carrying the policy's option, routed out of the host port, leaves without it."""

    def runTest(self):
        strip_table = self.p4info.table(names.SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_STRIP).preamble.id
        strips = [e for e in self.written if e.table_id == strip_table]
        self.assertEqual(1, len(strips), "the policy's one strip entry at its ingress edge")
        plain = (Ether(src=NEXT_HOP_MAC, dst=ROUTER_MAC)
                 / IPv6(src=first(POLICY["destination"], "7"), dst=first(POLICY["source"], "10"), hlim=50)
                 / UDP(sport=6000, dport=5001) / (b"back" * 8))
        sent = with_apn6(plain, *OPTION)
        testutils.send_packet(self, CORE_PORT, sent)
        testutils.verify_packet(self, routed(bytes(plain), dmac=HOST_MAC), HOST_PORT)
        testutils.verify_no_other_packets(self)
        # Counted by the compiled strip entry itself (apn6_strip_counter).
        self.assertEqual(self.entry_packets(strips[0]), 1)
