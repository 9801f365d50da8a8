# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""A split MSR6 node, fed by the controller: msr6_entries.json's split_tree is what the app's
Msr6RuleCompiler makes of source -> replicator -> leaf-a, leaf-b when the replicator has receivers
of its own and its egress cannot decapsulate the list (Tofino 1 parses 3 M-SIDs there): the source
sends the replicator two copies by one link, told apart by their replication ids (0 and 1, as ONOS
numbers a group's replicas per port), one to its replicating SID and one to a leaf SID of its own;
the replicator copies the first on to the leaves and decapsulates the second in ingress for its
receivers, as a leaf does (docs/features/msr6.md#limits)."""

import ptf.testutils as testutils
from scapy.layers.inet6 import IPv6

import exported
import p4info_names as names
from base_test import EVENT_MSR6_DECAP, SixflowTest
from profiles import requires
from test_msr6 import ENCAP_SRC, encapsulated, flow_label, forwarded, frame, mrh, outer
from test_msr6_compiled import HOST_MAC, HOST_PORT, group_mac, inner, node

TREE = exported.load("msr6_entries.json")["split_tree"]


def from_source(original, segments_left):
    """The source's copy with this Segments Left: to the M-SID there, by its link to the replicator."""
    source, replicator = node(TREE, "source"), node(TREE, "replicator")
    msids = TREE["msids"]
    return frame(replicator["mac"], source["mac"],
                 encapsulated(msids[segments_left], mrh(msids, TREE["mrh_type"], segments_left), original, hlim=64))


def collect(test, port, count):
    """The next `count` frames out of a port, as bytes."""
    frames = []
    for _ in range(count):
        received = testutils.dp_poll(test, port_number=port, timeout=2)
        test.assertIsInstance(received, test.dataplane.PollSuccess,
                              "%d of %d frames out of port %d" % (len(frames), count, port))
        frames.append(bytes(received.packet))
    return frames


@requires("MSR6")
class SplitTreeTest(SixflowTest):
    def install(self, name):
        device = "device:" + name
        mac = node(TREE, name)["mac"]
        if mac != node(TREE, "source")["mac"]:
            self.insert(names.SIXFLOW_INGRESS_STATION_MY_STATION, {names.HDR_ETH_DST: mac},
                        names.SIXFLOW_INGRESS_STATION_SET_MY_STATION)
        self.assertTrue(exported.install_entries(self, TREE["entries"], device),
                        "the compiler wrote nothing to %s" % device)
        exported.install_groups(self, TREE["groups"], device)


@requires("MSR6")
class SplitNodeGetsTwoCopiesByOneLink(SplitTreeTest):
    """The source's group sends two replicas to its one link: the first (replication id 0)
    addressed to the replicator's replicating SID with Segments Left 0, the second (id 1) to its
    leaf SID with Segments Left 1; the same MRH, the same MACs."""

    def runTest(self):
        replicator = node(TREE, "replicator")
        msids = TREE["msids"]
        self.assertEqual(msids[0], replicator["sid"])
        self.assertEqual(msids[1], replicator["leaf_sid"])
        self.install("source")
        original = inner(TREE, b"split-")
        sent = frame(node(TREE, "source")["mac"], HOST_MAC, original)
        testutils.send_packet(self, HOST_PORT, sent)
        port = node(TREE, "source")["ports"]["replicator"]
        self.assertEqual(sorted(collect(self, port, 2)), sorted([from_source(original, 0), from_source(original, 1)]))
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class SplitNodeReplicatesOneCopyAndDeliversTheOther(SplitTreeTest):
    """At the replicator: the copy to its replicating SID becomes one per leaf and none for its
    receivers; the copy to its leaf SID is decapsulated in ingress and delivered to its receiver
    port only, to the group's MAC, as the source forwarded it."""

    def runTest(self):
        self.install("replicator")
        replicator = node(TREE, "replicator")
        msids = TREE["msids"]
        original = inner(TREE, b"split-")
        testutils.send_packet(self, 1, from_source(original, 0))
        for leaf in ("leaf-a", "leaf-b"):
            target = node(TREE, leaf)
            sl = msids.index(target["sid"])
            expected = frame(target["mac"], replicator["mac"],
                             outer(ENCAP_SRC, target["sid"], mrh(msids, TREE["mrh_type"], sl) + forwarded(original),
                                   hlim=63, tc=IPv6(original).tc, fl=flow_label(original)))
            testutils.verify_packet(self, expected, replicator["ports"][leaf])
        testutils.verify_no_other_packets(self)

        before = self.event_count(EVENT_MSR6_DECAP)
        testutils.send_packet(self, 1, from_source(original, 1))
        delivered = frame(group_mac(TREE["group"]), replicator["mac"], forwarded(original))
        self.assertEqual(replicator["receiver_ports"], [4])
        testutils.verify_packet(self, delivered, 4)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.event_count(EVENT_MSR6_DECAP), before + 1)
