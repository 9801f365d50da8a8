# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""MSR6 trees created through REST carry a host's multicast to exactly its receivers: one
decapsulated copy each, byte for byte the sender's packet; trees that share devices stay apart."""

import ipaddress
import time

import expect
import traffic
from systest import SystemTest

GROUP_A = "ff3e::1"
GROUP_B = "ff3e::2"


class Msr6Base(SystemTest):

    def setUp(self):
        self.created = []
        hosts = sorted(self.lab.hosts.values(), key=lambda h: h.name)
        self.source = self.lab.hosts.get("h_bj", hosts[0])
        self.others = [h for h in hosts if h != self.source]

    def tearDown(self):
        for tree in self.created:
            try:
                self.rest.delete("trees/" + tree)
            except Exception:  # already gone: what matters is that nothing is left
                pass

    def create_tree(self, tree_id, group, receivers, mode="TE", algorithm="SHORTEST_PATHS"):
        body = {"id": tree_id, "source": self.lab.connect_point(self.source), "group": group,
                "receivers": [self.lab.connect_point(h) for h in receivers], "mode": mode, "algorithm": algorithm}
        tree = self.rest.post("trees", body)
        self.created.append(tree_id)
        return tree

    def wait_delivering(self, group, receivers, timeout=10.0):
        """Probes the group until every receiver gets a packet: a tree is installed asynchronously,
        and what a test measures starts only once it carries traffic."""
        import time
        deadline = time.monotonic() + timeout
        probe = 9000
        while True:
            probe += 1
            with traffic.Capture(self.lab, receivers, duration=0.5) as capture:
                self.send_to_group(group, probe, count=1)
            if all(capture.flow(h, probe) for h in receivers):
                return
            if time.monotonic() > deadline:
                self.fail("the tree of %s did not deliver to %s within %.0f s"
                          % (group, [h.name for h in receivers], timeout))

    def send_to_group(self, group, flow, count=5, rate=100):
        return traffic.send(self.lab, self.source, group, count=count, rate=rate, flow=flow,
                            dst_mac=traffic.multicast_mac(group))

    def assert_delivered(self, capture, group, flow, receivers, count):
        for host in self.others:
            got = capture.flow(host, flow)
            if host not in receivers:
                self.assertEqual([], got, "%s is not a receiver of %s but got %d packets" % (host.name, group,
                                                                                          len(got)))
                continue
            seqs = sorted(traffic.hosttools.sequence_of(f)[1] for f in got)
            self.assertEqual(list(range(count)), seqs, "%s: copies per packet of %s" % (host.name, group))
            leaf_mac = self.lab.switches[host.switch].router_mac
            for frame in got:
                _, seq, sent_ns = traffic.hosttools.sequence_of(frame)
                sent = traffic.frame_sent(self.source, group, traffic.multicast_mac(group), flow, seq, sent_ns)
                self.assertFramesEqual(expect.delivered_multicast(sent, leaf_mac), frame,
                                       "%s packet %d at %s" % (group, seq, host.name))


class Msr6TreeTest(Msr6Base):

    def check_mode(self, mode, flow):
        self.create_tree("seed-" + mode.lower(), GROUP_A, self.others, mode=mode)
        with traffic.Capture(self.lab, self.others, duration=3) as capture:
            self.send_to_group(GROUP_A, flow)
        self.assert_delivered(capture, GROUP_A, flow, self.others, 5)

    def test_te_tree_reaches_every_receiver_once(self):
        self.check_mode("TE", 201)

    def test_rlb_tree_reaches_every_receiver_once(self):
        self.check_mode("RLB", 202)

    def test_a_receiver_on_the_sources_own_switch_gets_its_copy_there(self):
        """The ingress edge copies to its own receivers as well, decapsulated (fat-tree-k4: two
        hosts per edge switch; msr6-study has one host per switch, so it skips)."""
        local = [h for h in self.others if h.switch == self.source.switch]
        if not local:
            self.skipTest("no other host on %s in this topology" % self.source.switch)
        remote = next(h for h in self.others if h.switch != self.source.switch)
        for mode, flow in (("TE", 211), ("RLB", 212)):
            tree = "local-" + mode.lower()
            self.create_tree(tree, GROUP_A, [local[0], remote], mode=mode)
            self.wait_delivering(GROUP_A, [local[0], remote])
            with traffic.Capture(self.lab, self.others, duration=3) as capture:
                self.send_to_group(GROUP_A, flow)
            self.assert_delivered(capture, GROUP_A, flow, [local[0], remote], 5)
            self.rest.delete("trees/" + tree)
            self.created.remove(tree)

    def test_non_receivers_get_nothing_and_a_removed_tree_delivers_nothing(self):
        receivers = self.others[:1] + self.others[2:]
        self.create_tree("some", GROUP_A, receivers)
        with traffic.Capture(self.lab, self.others, duration=3) as capture:
            self.send_to_group(GROUP_A, 203)
        self.assert_delivered(capture, GROUP_A, 203, receivers, 5)
        self.rest.delete("trees/some")
        self.created.remove("some")
        with traffic.Capture(self.lab, self.others, duration=2) as capture:
            self.send_to_group(GROUP_A, 204)
        self.assert_delivered(capture, GROUP_A, 204, [], 5)

    def test_the_trees_encapsulation_entry_counts_its_packets_in_onos(self):
        """The tree's entry at the ingress edge counts the packets it encapsulated
        (msr6_encap_counter, a direct counter): real ONOS reads the counter with the entry and
        shows it as the flow's packets after each poll of the device (every 30 s by default;
        lastSeen says when). The probes that showed the tree delivering were encapsulated too:
        the count is taken after a poll that followed them, and 5 packets later must be 5 more."""
        receivers = self.others[:2]
        self.create_tree("counted", GROUP_B, receivers)
        self.wait_delivering(GROUP_B, receivers)
        device = self.lab.switches[self.source.switch].device_id
        group = int(ipaddress.IPv6Address(GROUP_B))

        def counted_after(ms):
            # The tree's entries there (ONOS shows a PI exact value in hex), once ONOS has
            # polled them after `ms` (a margin past the last packet: the poll reads the device
            # just before it stamps lastSeen).
            entries = self.lab.flows_matching(device, "msr6_encap", "ipv6_dst", value=group)
            self.assertTrue(entries, "no msr6_encap entry of %s on %s" % (GROUP_B, device))
            if all(e.get("lastSeen", 0) > ms for e in entries):
                return [sum(e.get("packets", 0) for e in entries)]
            return None

        probes_done = time.time() * 1000 + 500
        [before] = self.eventually(lambda: counted_after(probes_done), timeout=75, interval=1.0,
                                   what="ONOS polling the tree's entry after the probes")
        self.assertGreaterEqual(before, 1, "the probe the receivers got was encapsulated")
        with traffic.Capture(self.lab, self.others, duration=3) as capture:
            self.send_to_group(GROUP_B, 215)
        sent = time.time() * 1000 + 500
        self.assert_delivered(capture, GROUP_B, 215, receivers, 5)
        [after] = self.eventually(lambda: counted_after(sent), timeout=75, interval=1.0,
                                  what="ONOS polling the tree's entry after the 5 packets")
        print("REPORT: the tree's msr6_encap entry on %s: %d packets after the probes, %d after 5 more "
              "(ONOS polled it %.1f s after the capture ended)" % (device, before, after, time.time() - sent / 1000))
        self.assertEqual(before + 5, after)

    def test_each_branch_of_the_tree_counts_its_copies_in_onos(self):
        """Each msr6_copy entry of the tree (a branch at a replicating node, or a receiver of
        that node) counts the copies it made (msr6_copy_counter, a direct counter): real ONOS
        reads it with the entry as the flow's packets. Every packet takes every branch once, so
        5 packets later each of the tree's copy entries must show exactly 5 more."""
        devices = [switch.device_id for switch in self.lab.switches.values()]

        def copy_entries():
            return {(device, flow["id"]): flow for device in devices for flow in self.lab.flows(device, "msr6_copy")}

        earlier = set(copy_entries())
        self.create_tree("branches", GROUP_B, self.others)
        self.wait_delivering(GROUP_B, self.others)

        def counted_after(ms):
            # The tree's copy entries (those that were not there before it), once ONOS has polled
            # them all after `ms`.
            entries = {key: flow for key, flow in copy_entries().items() if key not in earlier}
            self.assertTrue(entries, "the tree made no msr6_copy entry")
            if all(flow.get("lastSeen", 0) > ms for flow in entries.values()):
                return [{key: flow.get("packets", 0) for key, flow in entries.items()}]
            return None

        probes_done = time.time() * 1000 + 500
        [before] = self.eventually(lambda: counted_after(probes_done), timeout=75, interval=1.0,
                                   what="ONOS polling the tree's copy entries after the probes")
        self.assertTrue(all(count >= 1 for count in before.values()),
                        "every branch carried the probe the receivers got: %s" % before)
        with traffic.Capture(self.lab, self.others, duration=3) as capture:
            self.send_to_group(GROUP_B, 216)
        sent = time.time() * 1000 + 500
        self.assert_delivered(capture, GROUP_B, 216, self.others, 5)
        [after] = self.eventually(lambda: counted_after(sent), timeout=75, interval=1.0,
                                  what="ONOS polling the tree's copy entries after the 5 packets")
        print("REPORT: the tree's %d msr6_copy entries on %d devices: %s packets after the probes, +5 each expected"
              % (len(before), len({device for device, _ in before}), sorted(before.values())))
        self.assertEqual(set(before), set(after), "the tree's copy entries changed")
        self.assertEqual({key: count + 5 for key, count in before.items()}, after)

    def check_two_trees_stay_apart(self, a_receivers, b_receivers, b_mode, flow, a_mode="TE"):
        """Tree A and tree B each deliver exactly to their receivers; once A is removed, A's group
        reaches nobody and B delivers as before."""
        self.create_tree("tree-a", GROUP_A, a_receivers, mode=a_mode)
        self.create_tree("tree-b", GROUP_B, b_receivers, mode=b_mode)
        self.wait_delivering(GROUP_A, a_receivers)
        self.wait_delivering(GROUP_B, b_receivers)
        for removed in (False, True):
            if removed:
                self.rest.delete("trees/tree-a")
                self.created.remove("tree-a")
            with traffic.Capture(self.lab, self.others, duration=3) as capture:
                self.send_to_group(GROUP_A, flow)
                self.send_to_group(GROUP_B, flow + 1)
            self.assert_delivered(capture, GROUP_A, flow, [] if removed else a_receivers, 5)
            self.assert_delivered(capture, GROUP_B, flow + 1, b_receivers, 5)
            flow += 2

    def test_two_trees_sharing_devices_stay_apart(self):
        self.check_two_trees_stay_apart(self.others[1:2], self.others[2:3], "RLB", 205)

    def test_trees_sharing_a_receiver_port_and_devices_stay_apart(self):
        # Receivers overlap (one host in both trees): the trees meet on that host's port and on
        # the devices on the way, each with its own multicast MAC, SIDs and groups there.
        self.check_two_trees_stay_apart(self.others[0:2], self.others[1:3], "TE", 209)

    def test_rlb_trees_replicating_with_one_bitstring_stay_apart(self):
        # Both RLB, A to Nanjing and Shanghai, B to every host: on the study network Nanjing
        # replicates to Shanghai with one Local Bitstring in both trees and delivers to its own
        # host in both, each copy with its own group's multicast MAC. Each tree has its own
        # SID-to-group entry and group there (End.RLB.X groups were once keyed by the bitstring
        # alone, and the second tree was refused).
        self.check_two_trees_stay_apart(self.others[1:], self.others, "RLB", 213, a_mode="RLB")


class Msr6SplitTest(Msr6Base):
    """A replicating node with receivers of its own on a device whose egress removes only a few
    M-SIDs (Tofino 1: 3) is split: its parent sends it two copies by one link, one to its
    replicating SID and one to a leaf SID of its own. On bmv2 the device's netcfg says so
    (egressMsids); real ONOS then numbers the two copies on that port itself (replication ids 0
    and 1, in bucket order), and the copy entries Sixflow compiled must agree with it, or a
    receiver gets no copy or two."""

    SPLIT = "nanjing"   # msr6-study: Beijing's shortest paths replicate there, to Shanghai and h_nj

    def setUp(self):
        super().setUp()
        if self.SPLIT not in self.lab.switches:
            self.skipTest("the split scenario is msr6-study's (%s)" % self.SPLIT)
        self.onos = self.lab.onos
        self.path = "network/configuration/devices/device:%s/sixflow" % self.SPLIT
        self.original = self.onos.get(self.path)
        self.addCleanup(self.onos.post, self.path, self.original)

    def tree_groups(self, switch):
        """The device's MSR6 groups in ONOS (ALL groups, not on their way out)."""
        return [g for g in self.onos.get("groups/device:" + switch)["groups"]
                if g["type"] == "ALL" and g["state"] != "PENDING_DELETE"]

    @staticmethod
    def ports(group):
        return [i["port"] for b in group["buckets"] for i in b["treatment"]["instructions"] if i["type"] == "OUTPUT"]

    def tree_msids(self, tree_id):
        return len(self.rest.get("trees/" + tree_id)["msids"])

    def test_a_split_node_delivers_once_to_each_receiver_through_onos(self):
        self.create_tree("plain", GROUP_A, self.others)
        self.wait_delivering(GROUP_A, self.others)
        unsplit = self.tree_msids("plain")
        self.rest.delete("trees/plain")
        self.created.remove("plain")

        self.onos.post(self.path, dict(self.original, egressMsids=3))
        self.create_tree("split", GROUP_A, self.others)
        # One M-SID more: the split node's leaf SID.
        self.assertEqual(unsplit + 1, self.tree_msids("split"))
        self.wait_delivering(GROUP_A, self.others)
        with traffic.Capture(self.lab, self.others, duration=3) as capture:
            self.send_to_group(GROUP_A, 221)
        self.assert_delivered(capture, GROUP_A, 221, self.others, 5)
        # In ONOS: the split node's SIDs, one replicating through its tree group and one, its leaf
        # SID, delivering to its one receiver port by unicast (so no delivery group, 0x4200..0x7FFF:
        # docs/features/msr6.md#leaf-delivery), and a parent's group with two buckets to one port,
        # which ONOS numbered (its states may still say PENDING_ADD: ONOS confirms groups by polling).
        msids = [int(ipaddress.IPv6Address(m)) for m in self.rest.get("trees/split")["msids"]]
        actions = sorted(i.get("actionId", "").rsplit(".", 1)[-1] for m in msids
                         for f in self.lab.flows_matching("device:" + self.SPLIT, "msr6_sid_group", "sid", value=m)
                         for i in f["treatment"]["instructions"])
        self.assertEqual(["deliver", "replicate"], actions)
        self.assertEqual([], [g for g in self.tree_groups(self.SPLIT) if 0x4200 <= g["givenGroupId"] <= 0x7FFF])
        doubled = [(name, g["givenGroupId"]) for name in self.lab.switches for g in self.tree_groups(name)
                   if len(self.ports(g)) != len(set(self.ports(g)))]
        self.assertEqual(1, len(doubled), "one group sends two copies by one port: %s" % doubled)

        # Its netcfg back as it was: the tree is rebuilt unsplit and delivers as before.
        self.onos.post(self.path, self.original)
        self.eventually(lambda: self.tree_msids("split") == unsplit, what="the tree rebuilt unsplit")
        self.wait_delivering(GROUP_A, self.others)
        with traffic.Capture(self.lab, self.others, duration=3) as capture:
            self.send_to_group(GROUP_A, 222)
        self.assert_delivered(capture, GROUP_A, 222, self.others, 5)
