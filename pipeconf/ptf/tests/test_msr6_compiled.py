# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""MSR6 packet tests fed by the controller: the entries and groups are those the app's
Msr6RuleCompiler makes of a TE and an RLB tree (msr6_entries.json, written and held fresh by the
app's Msr6PacketTestEntriesTest): source -> replicator -> leaf-a, leaf-b. Each test installs one
device's entries and groups (groups as multicast groups) and follows a packet through it, byte
for byte, with frames built here from the tree (its M-SID list, each node's SID, MAC and ports)
and the wire format (docs/wire-formats.md; test_msr6.py's builders): encapsulation at the
source, one copy per leaf at the replicator (SL and destination of that leaf's SID), and
decapsulation to the receivers at each leaf."""

import ipaddress

import ptf.testutils as testutils
from scapy.layers.inet import UDP
from scapy.layers.inet6 import IPv6
from scapy.layers.l2 import Ether

import exported
import p4info_names as names
from base_test import EVENT_MSR6_DECAP, SixflowTest
from profiles import requires
from test_msr6 import ENCAP_SRC, encapsulated, flow_label, forwarded, frame, mrh, outer

FIXTURE = exported.load("msr6_entries.json")
TREES = FIXTURE["trees"]
HOST_PORT = 3          # the source's host, on the source device
HOST_MAC = "00:00:00:00:00:10"


def node(tree, name):
    return next(n for n in tree["nodes"] if n["device"] == "device:" + name)


def group_mac(group):
    """RFC 2464: 33:33 and the group address's last 32 bits."""
    low = ipaddress.IPv6Address(group).packed[12:]
    return "33:33:" + ":".join("%02x" % b for b in low)


def inner(tree, payload=b"compiled-tree-"):
    return bytes(IPv6(src="fd00:1:1::10", dst=tree["group"], hlim=32, tc=0x20, fl=0xABCDE)
                 / UDP(sport=4000, dport=5004) / (payload * 6))


def from_source(tree, original):
    """What the source sends the replicator: the encapsulated packet, SL 0, to M-SID[0]."""
    source, replicator = node(tree, "source"), node(tree, "replicator")
    return frame(replicator["mac"], source["mac"],
                 encapsulated(tree["msids"][0], mrh(tree["msids"], tree["mrh_type"], 0), original, hlim=64))


def to_leaf(tree, original, leaf):
    """The replicator's copy for a leaf: SL the index of its SID, destination that SID, hop limit
    one lower, that link's MACs; the inner packet as the source forwarded it."""
    replicator, target = node(tree, "replicator"), node(tree, leaf)
    sl = tree["msids"].index(target["sid"])
    return frame(target["mac"], replicator["mac"],
                 outer(ENCAP_SRC, target["sid"], mrh(tree["msids"], tree["mrh_type"], sl) + forwarded(original),
                       hlim=63, tc=IPv6(original).tc, fl=flow_label(original)))


@requires("MSR6")
class CompiledTreeTest(SixflowTest):
    def install(self, name):
        """The device's entries and groups of every tree, and a my_station entry for its MAC
        (routing writes that one, not the tree compiler; the base test's is the source's MAC)."""
        device = "device:" + name
        written = []
        mac = node(TREES[0], name)["mac"]
        if mac != node(TREES[0], "source")["mac"]:
            self.insert(names.SIXFLOW_INGRESS_STATION_MY_STATION, {names.HDR_ETH_DST: mac},
                        names.SIXFLOW_INGRESS_STATION_SET_MY_STATION)
        for tree in TREES:
            entries = exported.install_entries(self, tree["entries"], device)
            self.assertTrue(entries, "the compiler wrote nothing to %s" % device)
            exported.install_groups(self, tree["groups"], device)
            written += entries
        return written

    def check_tree_shape(self, tree):
        # The tree test_msr6.py's cases assume: M-SID[0] the replicator's, then each leaf's.
        self.assertEqual(tree["msids"][0], node(tree, "replicator")["sid"])
        self.assertEqual(sorted(tree["msids"][1:]), sorted(node(tree, leaf)["sid"] for leaf in ("leaf-a", "leaf-b")))


@requires("MSR6")
class CompiledTreesEncapsulateAtTheSource(CompiledTreeTest):
    """The source's entries: a packet to the group, from its host, leaves by its link to the
    replicator with the outer header, the MRH (type of the mode, SL 0, the M-SIDs) and the packet
    one hop on, addressed to the replicator's SID with that link's MACs."""

    def runTest(self):
        for tree in TREES:
            self.check_tree_shape(tree)
        classifiers = [entry for entry in self.install("source")
                       if entry.table_id == self.p4info.table(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP).preamble.id]
        # One classifier entry per tree, each counting its tree's one packet.
        self.assertEqual(len(classifiers), len(TREES))
        for tree in TREES:
            original = inner(tree)
            sent = Ether(src=HOST_MAC, dst=node(tree, "source")["mac"]) / IPv6(original)
            testutils.send_packet(self, HOST_PORT, bytes(sent))
            testutils.verify_packet(self, from_source(tree, original), node(tree, "source")["ports"]["replicator"])
            testutils.verify_no_other_packets(self)
        self.assertEqual([self.entry_packets(entry) for entry in classifiers], [1] * len(TREES))


@requires("MSR6")
class CompiledTreesReplicateAtTheReplicator(CompiledTreeTest):
    """The replicator's entries and group: the source's packet becomes one copy per leaf, by the
    leaf's port, with the leaf's SID as destination and its index as Segments Left; each of the
    tree's copy entries counts its one copy (msr6_copy_counter)."""

    def runTest(self):
        copy_table = self.p4info.table(names.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY).preamble.id
        copies = [entry for entry in self.install("replicator") if entry.table_id == copy_table]
        self.assertEqual(len(copies), 2 * len(TREES), "one copy entry per leaf of each tree")
        for tree in TREES:
            original = inner(tree)
            testutils.send_packet(self, 1, from_source(tree, original))
            for leaf in ("leaf-a", "leaf-b"):
                testutils.verify_packet(self, to_leaf(tree, original, leaf),
                                        node(tree, "replicator")["ports"][leaf])
            testutils.verify_no_other_packets(self)
        self.assertEqual([self.entry_packets(entry) for entry in copies], [1] * len(copies))


class LeafTest(CompiledTreeTest):
    def check_leaf(self, leaf):
        """The leaf's entries and group: the replicator's copy leaves by the receiver port as the
        original packet (as the source forwarded it) to the group's multicast MAC from the leaf's."""
        self.install(leaf)
        before = self.event_count(EVENT_MSR6_DECAP)
        for tree in TREES:
            original = inner(tree)
            testutils.send_packet(self, 1, to_leaf(tree, original, leaf))
            delivered = frame(group_mac(tree["group"]), node(tree, leaf)["mac"], forwarded(original))
            ports = node(tree, leaf)["receiver_ports"]
            self.assertTrue(ports)
            for port in ports:
                testutils.verify_packet(self, delivered, port)
            testutils.verify_no_other_packets(self)
        self.assertEqual(self.event_count(EVENT_MSR6_DECAP), before + len(TREES))


@requires("MSR6")
class CompiledTreesDecapsulateAtLeafA(LeafTest):
    """leaf-a decapsulates its copy of each tree to its receivers."""

    def runTest(self):
        self.check_leaf("leaf-a")


@requires("MSR6")
class CompiledTreesDecapsulateAtLeafB(LeafTest):
    """leaf-b decapsulates its copy of each tree to its receivers."""

    def runTest(self):
        self.check_leaf("leaf-b")
