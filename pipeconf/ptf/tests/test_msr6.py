# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of control/msr6.p4: TE and RLB encapsulation, End.RL and End.RLB.X replication
with per-copy Segments Left and destination, leaf decapsulation, and every malformed case."""

import ipaddress

import ptf.testutils as testutils
from p4.v1 import p4runtime_pb2
from scapy.layers.inet import IP, UDP
from scapy.layers.inet6 import IPv6, IPv6ExtHdrFragment
from scapy.layers.l2 import Ether

import p4defines
import p4info_names as names
from flow_label import flow_label
from base_test import (DROP_CE_NOT_ECT, DROP_HOP_LIMIT, DROP_MSR6_MALFORMED, DROP_MSR6_NO_GROUP, DROP_MSR6_UNKNOWN, DROP_OUT_OF_SCOPE,
                       DROP_PARSER_ERROR, DROP_SR_BOUNDARY,
                       EVENT_MSR6_DECAP, PUNT_HOP_LIMIT, PUNT_OUT_OF_SCOPE, SixflowTest)
from profiles import requires

ROUTER_MAC = "00:aa:00:00:00:01"
GROUP = "ff3e::1234"
SOURCE = "fd00:1:1::10"
ENCAP_SRC = "fd00:1:1::1"
END_RL_FUNCTION = 0x100
END_RLB_X_FUNCTION = 0x200


def sid(node, function, argument, pointer):
    """Locator fd00:0:<node>::/64 | Function(32) | Argument(16) | Pointer(16)."""
    value = (0xFD00 << 112) | (node << 80) | (function << 32) | (argument << 16) | pointer
    return str(ipaddress.IPv6Address(value))


def sid_bytes(text):
    return ipaddress.IPv6Address(text).packed


def inner_packet():
    return (IPv6(src=SOURCE, dst=GROUP, hlim=32) / UDP(sport=4000, dport=5004) / (b"video-frame-" * 6))


def mrh(sids, mrh_type=1, segments_left=0, next_header=41, ext_len=None):
    ext_len = 2 * len(sids) if ext_len is None else ext_len
    return (bytes([next_header, ext_len, 253, segments_left, mrh_type, 0, 0, 0])
            + b"".join(sid_bytes(s) for s in sids))


def outer(src, dst, payload, hlim=64, next_header=43, tc=0, fl=0):
    header = bytearray(bytes(IPv6(src=src, dst=dst, hlim=hlim, nh=next_header, plen=len(payload), tc=tc, fl=fl)))
    return bytes(header[:40]) + payload


def forwarded(inner):
    """inner (the bytes of an IPv6 packet) one hop on: hop limit - 1."""
    out = bytearray(inner)
    out[7] -= 1
    return bytes(out)


def encapsulated(dst, mrh_bytes, inner, hlim=64):
    """The outer header the ingress edge puts on inner (an IPv6 packet, bytes, as it arrived): the
    inner Traffic Class (RFC 6040) and a flow label hashed from the inner flow (RFC 6438); the
    inner packet one hop on (the edge forwarded it into the tree)."""
    packet = IPv6(inner)
    return outer(ENCAP_SRC, dst, mrh_bytes + forwarded(inner), hlim=hlim, tc=packet.tc, fl=flow_label(inner))


def frame(dst_mac, src_mac, ipv6_bytes):
    return bytes.fromhex(dst_mac.replace(":", "")) + bytes.fromhex(src_mac.replace(":", "")) + b"\x86\xdd" + ipv6_bytes


def msr6_packet(sids, dst, segments_left, mrh_type=1, hlim=64, ext_len=None):
    return frame(ROUTER_MAC, "00:00:00:00:00:aa",
                 outer(ENCAP_SRC, dst, mrh(sids, mrh_type, segments_left, ext_len=ext_len) + bytes(inner_packet()),
                       hlim=hlim))


@requires("MSR6")
class Msr6Test(SixflowTest):
    def add_local_sid(self, node, function, action):
        prefix = str(ipaddress.IPv6Address((0xFD00 << 112) | (node << 80) | (function << 32)))
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_LOCAL_SID, {names.HDR_IPV6_DST: (prefix, 96)}, action)

    def adjacency(self, group, port, dmac):
        self.insert(names.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_ADJACENCY, {names.HDR_GROUP: group, names.HDR_EG_PORT: port},
                    names.SIXFLOW_EGRESS_MSR6_EGRESS_SET_ADJACENCY, {names.SMAC: ROUTER_MAC, names.DMAC: dmac})

    def leaf_sid(self, group, ports):
        """Node 4's End.RL SID, the last of a list: group delivers its packets, decapsulated, to
        ports (a multicast group, copy id 0 on each). Returns the SID."""
        leaf = sid(4, END_RL_FUNCTION, 0, 0)
        self.add_local_sid(4, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: leaf},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: group})
        self.client.add_multicast_group(group, [(port, 0) for port in ports])
        return leaf

    def replicating_sid(self, group, child=sid(3, END_RL_FUNCTION, 0, 0), port=2, local_ports=()):
        """Node 2's End.RL SID at Pointer 1 of the list [it, child]: group copies it once, to
        child by port, and delivers it to each of local_ports (receivers of node 2). Returns the
        list."""
        me = sid(2, END_RL_FUNCTION, 0, 1)
        self.add_local_sid(2, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: group})
        sids = [me, child]
        self.replication_group(group, [(port, 0)] + [(local, None) for local in local_ports], sids, pointer=1)
        return sids


@requires("MSR6")
class EncapsulatesWithTheTreesMsids(Msr6Test):
    """The ingress edge wraps a group packet: outer IPv6 (DA = M-SID[0], hop limit after routing
    63), Routing Header type 253 with Hdr Ext Len 2n and SL 0, MRH type, the n M-SIDs, then the
    original packet one hop on (hop limit - 1). TE with 3 M-SIDs; RLB with 6 (both halves of the list)."""

    def runTest(self):
        self.add_route("fd00:0:2::", 48, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        for tree, mrh_type, count in ((1, 1, 3), (2, 3, 6)):
            sids = [sid(2 + i, END_RL_FUNCTION, 0, 0) for i in range(count)]
            group = "ff3e::%x" % tree
            classifier = self.add_encapsulation(tree, group, sids, ENCAP_SRC, mrh_type, source=SOURCE)
            inner = inner_packet()
            inner[IPv6].dst = group
            sent = Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / inner
            expected = frame("00:bb:00:00:00:02", ROUTER_MAC,
                             encapsulated(sids[0], mrh(sids, mrh_type), bytes(inner), hlim=63))
            testutils.send_packet(self, 1, bytes(sent))
            testutils.verify_packet(self, expected, 2)
            testutils.verify_no_other_packets(self)
            self.assertEqual(self.entry_packets(classifier), 1)


@requires("MSR6")
class Apn6OptionTravelsInsideTheEncapsulation(Msr6Test):
    """A packet both an APN6 policy and a tree match: the option is inserted into the original
    packet, which is then encapsulated whole. The policy's entry counts it, and the tree's
    classifier entry its encapsulation."""

    def runTest(self):
        self.add_route("fd00:0:2::", 48, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        policy = self.insert(names.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER,
                             {names.HDR_IPV6_SRC: (SOURCE, "ffff:" * 7 + "ffff"), names.HDR_IP_PROTO: (17, 0xFF)},
                             names.SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6,
                             {names.SLA_LEVEL: 5, names.APP_ID: 0x77, names.USER_ID: 0x42, names.FLOW_ID: 9},
                             priority=100)
        sids = [sid(2, END_RL_FUNCTION, 0, 0)]
        classifier = self.add_encapsulation(7, GROUP, sids, ENCAP_SRC, source=SOURCE)

        original = bytes(inner_packet())
        header = bytearray(original[:40])
        header[4:6] = (int.from_bytes(header[4:6], "big") + 24).to_bytes(2, "big")
        header[6] = 0
        header[7] -= 1  # the edge forwarded it into the tree
        # HBH (Next Header UDP, Hdr Ext Len 2), the option (type 0x1E, length 16), PadN.
        hbh = (bytes([17, 2, 0x1E, 16]) + (5).to_bytes(4, "big") + (0x77).to_bytes(4, "big")
               + (0x42).to_bytes(4, "big") + (9).to_bytes(4, "big") + bytes([1, 2, 0, 0]))
        with_option = bytes(header) + hbh + original[40:]
        testutils.send_packet(self, 1, bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / inner_packet()))
        testutils.verify_packet(self, frame("00:bb:00:00:00:02", ROUTER_MAC,
                                            outer(ENCAP_SRC, sids[0], mrh(sids) + with_option, hlim=63,
                                                  fl=flow_label(original))), 2)
        testutils.verify_no_other_packets(self)
        self.assertEqual([self.entry_packets(policy), self.entry_packets(classifier)], [1, 1])


@requires("MSR6")
class IngressEdgeReplicatesWhenTheRootHasSeveralChildren(Msr6Test):
    """An encap entry with a group: the ingress edge sends one encapsulated copy per child, copy i
    with SL i and DA M-SID[i], hop limit 64, by the group's ports with their adjacency MACs."""

    def runTest(self):
        sids = [sid(3, END_RL_FUNCTION, 0, 0), sid(4, END_RL_FUNCTION, 0, 0)]
        self.add_encapsulation(9, GROUP, sids, ENCAP_SRC, mcast_group=50)
        self.replication_group(50, [(2, 0), (3, 1)], sids)
        self.adjacency(50, 2, "00:bb:00:00:00:03")
        self.adjacency(50, 3, "00:bb:00:00:00:04")
        inner = inner_packet()
        testutils.send_packet(self, 1, bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / inner))
        for port, sl, dmac in ((2, 0, "00:bb:00:00:00:03"), (3, 1, "00:bb:00:00:00:04")):
            expected = frame(dmac, ROUTER_MAC, encapsulated(sids[sl], mrh(sids, 1, sl), bytes(inner), hlim=64))
            testutils.verify_packet(self, expected, port)
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class TreesTakeNothingOutOfItsScope(Msr6Test):
    """A packet from a link-local source to a tree's group does not enter the tree (RFC 4291,
    routing.md#scopes): neither an encapsulation without a group, which routing forwards, nor one
    with a group, whose copies the group makes. Each is dropped and counted as OUT_OF_SCOPE. The
    one routing forwards is punted OUT_OF_SCOPE as routing left it, encapsulated (the controller
    answers no packet of the router's own source); the group's is not punted. The same packets
    from the host's global address enter both trees."""

    def runTest(self):
        self.add_route("fd00:0:2::", 48, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        routed = [sid(2, END_RL_FUNCTION, 0, 0)]
        self.add_encapsulation(1, "ff3e::1", routed, ENCAP_SRC)
        replicated = [sid(3, END_RL_FUNCTION, 0, 0), sid(4, END_RL_FUNCTION, 0, 0)]
        self.add_encapsulation(9, GROUP, replicated, ENCAP_SRC, mcast_group=50)
        self.replication_group(50, [(2, 0), (3, 1)], replicated)
        self.adjacency(50, 2, "00:bb:00:00:00:03")
        self.adjacency(50, 3, "00:bb:00:00:00:04")
        before = self.drop_count(DROP_OUT_OF_SCOPE)
        for group in ("ff3e::1", GROUP):
            inner = inner_packet()
            inner[IPv6].src = "fe80::10"
            inner[IPv6].dst = group
            testutils.send_packet(self, 1, bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / inner))
            if group == "ff3e::1":
                self.assertEqual(self.expect_punt(), (1, PUNT_OUT_OF_SCOPE, frame(
                    "00:bb:00:00:00:02", ROUTER_MAC, encapsulated(routed[0], mrh(routed), bytes(inner), hlim=63))))
            testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_OUT_OF_SCOPE), before + 2)
        self.assertTrue(self.client.packet_ins.empty(), "the group's packet is not punted")

        inner = inner_packet()
        inner[IPv6].dst = "ff3e::1"
        testutils.send_packet(self, 1, bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / inner))
        testutils.verify_packet(self, frame("00:bb:00:00:00:02", ROUTER_MAC,
                                            encapsulated(routed[0], mrh(routed), bytes(inner), hlim=63)), 2)
        inner = inner_packet()
        testutils.send_packet(self, 1, bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / inner))
        for port, sl, dmac in ((2, 0, "00:bb:00:00:00:03"), (3, 1, "00:bb:00:00:00:04")):
            expected = frame(dmac, ROUTER_MAC, encapsulated(replicated[sl], mrh(replicated, 1, sl), bytes(inner)))
            testutils.verify_packet(self, expected, port)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_OUT_OF_SCOPE), before + 2)


@requires("MSR6")
class EndRlReplicatesWithPerCopySegmentsLeft(Msr6Test):
    """End.RL with Replication Number 1 and Pointer 1: exactly two copies; copy i has SL 1 + i and
    DA = M-SID[1 + i], leaves by its group port with that link's MACs, hop limit one lower."""

    def runTest(self):
        me = sid(2, END_RL_FUNCTION, 1, 1)
        child_a, child_b = sid(3, END_RL_FUNCTION, 0, 0), sid(4, END_RL_FUNCTION, 0, 0)
        sids = [me, child_a, child_b]
        self.add_local_sid(2, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 10})
        self.replication_group(10, [(2, 0), (3, 1)], sids, pointer=1)
        self.adjacency(10, 2, "00:bb:00:00:00:03")
        self.adjacency(10, 3, "00:bb:00:00:00:04")

        testutils.send_packet(self, 1, msr6_packet(sids, me, 0))
        for port, child, sl, dmac in ((2, child_a, 1, "00:bb:00:00:00:03"), (3, child_b, 2, "00:bb:00:00:00:04")):
            expected = frame(dmac, ROUTER_MAC, outer(ENCAP_SRC, child, mrh(sids, 1, sl) + bytes(inner_packet()),
                                                     hlim=63))
            testutils.verify_packet(self, expected, port)
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class ReplicatingReceiverAlsoDeliversLocally(Msr6Test):
    """A node on the tree that has receivers of its own: copy 0 goes on to the child M-SID, and
    the group's copy to the receiver port (a deliver_locally entry) leaves decapsulated. Each
    copy entry counts the copy it made (msr6_copy_counter, read by ONOS as the entry's packets)."""

    def runTest(self):
        me = sid(2, END_RL_FUNCTION, 0, 1)
        child = sid(3, END_RL_FUNCTION, 0, 0)
        sids = [me, child]
        self.add_local_sid(2, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 60})
        copies = self.replication_group(60, [(2, 0), (4, None)], sids, pointer=1)
        self.adjacency(60, 2, "00:bb:00:00:00:03")
        self.adjacency(60, 4, "33:33:00:00:12:34")
        testutils.send_packet(self, 1, msr6_packet(sids, me, 0))
        testutils.verify_packet(self, frame("00:bb:00:00:00:03", ROUTER_MAC,
                                            outer(ENCAP_SRC, child, mrh(sids, 1, 1) + bytes(inner_packet()), hlim=63)), 2)
        testutils.verify_packet(self, frame("33:33:00:00:12:34", ROUTER_MAC, bytes(inner_packet())), 4)
        testutils.verify_no_other_packets(self)
        self.assertEqual([self.entry_packets(entry) for entry in copies], [1, 1])


@requires("MSR6")
class CopyWithoutAnEntryIsDropped(Msr6Test):
    """A group port the controller gave no msr6_copy entry: that copy is dropped and counted, the
    others go out."""

    def runTest(self):
        me = sid(2, END_RL_FUNCTION, 1, 1)
        sids = [me, sid(3, END_RL_FUNCTION, 0, 0), sid(4, END_RL_FUNCTION, 0, 0)]
        self.add_local_sid(2, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 70})
        [copy] = self.replication_group(70, [(2, 0)], sids, pointer=1)
        before = self.egress_drop_count(DROP_MSR6_NO_GROUP)
        # Group 70 gains port 3 without a copy entry.
        self.client.write(self._group_entity(70, [2, 3]), update_type=p4runtime_pb2.Update.MODIFY)
        testutils.send_packet(self, 1, msr6_packet(sids, me, 0))
        testutils.verify_packet(self, outer_copy(sids, 1, mrh_type=1), 2)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.egress_drop_count(DROP_MSR6_NO_GROUP), before + 1)
        # The entry counts its copy; the copy without an entry is counted as a drop only.
        self.assertEqual(self.entry_packets(copy), 1)

    @staticmethod
    def _group_entity(group_id, ports):
        entity = p4runtime_pb2.Entity()
        group = entity.packet_replication_engine_entry.multicast_group_entry
        group.multicast_group_id = group_id
        for port in ports:
            group.replicas.add(egress_port=port, instance=0)
        return entity


@requires("MSR6")
class EndRlbXReplicatesByLocalBitstring(Msr6Test):
    """End.RLB.X with bitstring 0b101 and Pointer 1: the bitstring's group sends copy j by the
    port of the j-th set bit with SL 1 + j and DA = M-SID[1 + j]."""

    def runTest(self):
        me = sid(2, END_RLB_X_FUNCTION, 0b101, 1)
        child_a, child_b = sid(3, END_RL_FUNCTION, 0, 0), sid(5, END_RL_FUNCTION, 0, 0)
        sids = [me, child_a, child_b]
        self.add_local_sid(2, END_RLB_X_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RLB_X)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 20})
        self.replication_group(20, [(2, 0), (4, 1)], sids, pointer=1)
        self.adjacency(20, 2, "00:bb:00:00:00:03")
        self.adjacency(20, 4, "00:bb:00:00:00:05")

        testutils.send_packet(self, 1, msr6_packet(sids, me, 0, mrh_type=3))
        for port, child, sl, dmac in ((2, child_a, 1, "00:bb:00:00:00:03"), (4, child_b, 2, "00:bb:00:00:00:05")):
            expected = frame(dmac, ROUTER_MAC, outer(ENCAP_SRC, child, mrh(sids, 3, sl) + bytes(inner_packet()),
                                                     hlim=63))
            testutils.verify_packet(self, expected, port)
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class LeafDecapsulatesAndDelivers(Msr6Test):
    """A leaf SID (Replication Number 0, Pointer 0) removes the outer IPv6 and the MRH and
    delivers the inner packet, byte for byte, to its receiver ports."""

    def runTest(self):
        leaf = self.leaf_sid(30, [3, 4])
        sids = [sid(2, END_RL_FUNCTION, 1, 1), sid(3, END_RL_FUNCTION, 0, 0), leaf]
        self.adjacency(30, 3, "33:33:00:00:12:34")
        self.adjacency(30, 4, "33:33:00:00:12:34")
        before = self.event_count(EVENT_MSR6_DECAP)

        testutils.send_packet(self, 1, msr6_packet(sids, leaf, 2))
        delivered = frame("33:33:00:00:12:34", ROUTER_MAC, bytes(inner_packet()))
        testutils.verify_packet(self, delivered, 3)
        testutils.verify_packet(self, delivered, 4)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.event_count(EVENT_MSR6_DECAP), before + 1)


@requires("MSR6")
class LeafWithOneReceiverPortDeliversByUnicast(Msr6Test):
    """A leaf SID whose tree has one receiver port here (the controller's deliver entry): the
    inner packet leaves by that port alone, byte for byte, with the entry's MACs; no group, copy
    or adjacency is read, and routing does not take it (a default route is there to catch it).
    The same entry on a replicating SID (Replication Number 1) delivers nothing: a replication
    needs its group."""

    def runTest(self):
        leaf = sid(4, END_RL_FUNCTION, 0, 0)
        sids = [sid(2, END_RL_FUNCTION, 1, 1), sid(3, END_RL_FUNCTION, 0, 0), leaf]
        self.add_local_sid(4, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.add_route("::", 0, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: leaf},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_DELIVER,
                    {names.PORT: 3, names.SMAC: "00:aa:00:00:00:04", names.DMAC: "33:33:00:00:12:34"})
        before = self.event_count(EVENT_MSR6_DECAP)

        testutils.send_packet(self, 1, msr6_packet(sids, leaf, 2))
        testutils.verify_packet(self, frame("33:33:00:00:12:34", "00:aa:00:00:00:04", bytes(inner_packet())), 3)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.event_count(EVENT_MSR6_DECAP), before + 1)

        replicating = sid(4, END_RL_FUNCTION, 1, 1)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: replicating},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_DELIVER,
                    {names.PORT: 3, names.SMAC: "00:aa:00:00:00:04", names.DMAC: "33:33:00:00:12:34"})
        before = self.drop_count(DROP_MSR6_NO_GROUP)
        testutils.send_packet(self, 1, msr6_packet([sids[0], replicating, leaf], replicating, 1))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_MSR6_NO_GROUP), before + 1)


@requires("MSR6")
class MalformedHeadersAreDroppedAndCounted(Msr6Test):
    """Never forwarded: more than MAX_MSIDS, an odd Hdr Ext Len, Pointer or Segments Left past
    the list, copies that would run past the list, an unknown MRH type, a truncated header."""

    def runTest(self):
        me = sid(2, END_RL_FUNCTION, 1, 1)
        self.add_local_sid(2, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.add_local_sid(2, END_RLB_X_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RLB_X)
        self.add_route("::", 0, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        three = [me, sid(3, 1, 0, 0), sid(4, 1, 0, 0)]
        cases = [
            (DROP_MSR6_MALFORMED, msr6_packet([me] * (p4defines.MAX_MSIDS + 1), me, 0)),  # > MAX_MSIDS
            (DROP_MSR6_MALFORMED, msr6_packet(three, me, 0, ext_len=5)),              # odd length
            (DROP_MSR6_MALFORMED, msr6_packet([sid(2, END_RL_FUNCTION, 0, 5)] + three[1:],
                                              sid(2, END_RL_FUNCTION, 0, 5), 0)),     # Pointer 5 of 3
            (DROP_MSR6_MALFORMED, msr6_packet(three, me, 3)),                         # SL 3 of 3
            (DROP_MSR6_MALFORMED, msr6_packet([sid(2, END_RL_FUNCTION, 2, 1)] + three[1:],
                                              sid(2, END_RL_FUNCTION, 2, 1), 0)),     # 3 copies from 1
            (DROP_MSR6_UNKNOWN, msr6_packet(three, me, 0, mrh_type=2)),               # MRH type 2
            (DROP_MSR6_NO_GROUP, msr6_packet(three, me, 0)),                          # no group for SID
            (DROP_PARSER_ERROR, msr6_packet(three, me, 0)[:14 + 40 + 8 + 20]),        # cut in M-SID[1]
        ]
        for reason, packet in cases:
            before = self.drop_count(reason)
            testutils.send_packet(self, 1, packet)
            testutils.verify_no_other_packets(self)
            self.assertEqual(self.drop_count(reason), before + 1, "drop reason %d" % reason)


@requires("MSR6")
class RlbCopyPastTheListIsDroppedInEgress(Msr6Test):
    """A bitstring group with more replicas than the list has M-SIDs after the Pointer: the copies
    that fit go out, the one that would read past the list is dropped and counted."""

    def runTest(self):
        me = sid(2, END_RLB_X_FUNCTION, 0b111, 1)
        sids = [me, sid(3, 1, 0, 0), sid(4, 1, 0, 0)]
        self.add_local_sid(2, END_RLB_X_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RLB_X)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 40})
        self.replication_group(40, [(2, 0), (3, 1), (4, 2)], sids, pointer=1)
        before = self.egress_drop_count(DROP_MSR6_MALFORMED)
        testutils.send_packet(self, 1, msr6_packet(sids, me, 0, mrh_type=3))
        testutils.verify_packet(self, outer_copy(sids, 1), 2)
        testutils.verify_packet(self, outer_copy(sids, 2), 3)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.egress_drop_count(DROP_MSR6_MALFORMED), before + 1)


def outer_copy(sids, sl, mrh_type=3):
    """A copy leaving with no adjacency entry: MACs as received, SL and DA updated."""
    return frame(ROUTER_MAC, "00:00:00:00:00:aa",
                 outer(ENCAP_SRC, sids[sl], mrh(sids, mrh_type, sl) + bytes(inner_packet()), hlim=63))


@requires("MSR6")
class TransitForwardsAnMrhItDoesNotTerminate(Msr6Test):
    """A router an MRH is not addressed to forwards it on its destination, untouched but for the
    routing hop, whatever it holds: more M-SIDs than MAX_MSIDS, an odd length, an unknown MRH
    type, a Segments Left past the list (RFC 8200 section 4.4)."""

    def runTest(self):
        self.add_route("fd00:0:7::", 48, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        elsewhere = sid(7, END_RL_FUNCTION, 1, 1)
        three = [elsewhere, sid(8, 1, 0, 0), sid(9, 1, 0, 0)]
        for packet in (msr6_packet([elsewhere] * 9, elsewhere, 0),
                       msr6_packet(three, elsewhere, 0, ext_len=5),
                       msr6_packet(three, elsewhere, 0, mrh_type=2),
                       msr6_packet(three, elsewhere, 7)):
            testutils.send_packet(self, 1, packet)
            forwarded = bytearray(packet)
            forwarded[0:12] = bytes.fromhex("00bb00000002" + ROUTER_MAC.replace(":", ""))
            forwarded[21] -= 1
            testutils.verify_packet(self, bytes(forwarded), 2)
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class HostsCannotAddressTheDomainsSids(Msr6Test):
    """The SR domain ends at host-facing ports: an MRH packet that comes in by one is dropped and
    counted, whether it is for a local End.RL SID or for another router's (RFC 8754 5.1: any SID of
    the domain; before, found by an independent review of the P4, one for another router's SID was
    routed on, and that router would have replicated it); the local one from a port between routers
    is replicated."""

    def runTest(self):
        self.insert(names.SIXFLOW_INGRESS_STATION_HOST_PORT, {names.HDR_IG_PORT: 3},
                    names.SIXFLOW_INGRESS_STATION_SET_HOST_FACING)
        self.add_route("fd00:0:7::", 48, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        remote = sid(7, END_RL_FUNCTION, 0, 1)
        before = self.drop_count(DROP_SR_BOUNDARY)
        testutils.send_packet(self, 3, msr6_packet([remote, sid(8, END_RL_FUNCTION, 0, 0)], remote, 0))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_SR_BOUNDARY), before + 1)
        self.local_sid_case()

    def local_sid_case(self):
        sids = self.replicating_sid(80)
        me = sids[0]
        before = self.drop_count(DROP_SR_BOUNDARY)
        testutils.send_packet(self, 3, msr6_packet(sids, me, 0))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_SR_BOUNDARY), before + 1)

        testutils.send_packet(self, 1, msr6_packet(sids, me, 0))
        testutils.verify_packet(self, outer_copy(sids, 1, mrh_type=1), 2)
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class ReplicatingNodeWithASpentHopLimitIsAnswered(Msr6Test):
    """A replicating SID's packet at hop limit 1 is not replicated: dropped, counted (HOP_LIMIT)
    and punted (PUNT_HOP_LIMIT) for the controller's Time Exceeded to the tree's root, as RFC 8754
    4.3.1.1 asks of an SR node (before, found by an independent review of the P4, it was dropped
    without a packet-in); at hop limit 2 it is replicated."""

    def runTest(self):
        sids = self.replicating_sid(81)
        me = sids[0]
        before = self.drop_count(DROP_HOP_LIMIT)
        sent = msr6_packet(sids, me, 0, hlim=1)
        testutils.send_packet(self, 1, sent)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_HOP_LIMIT), before + 1)
        port, reason, payload = self.expect_punt()
        self.assertEqual((port, reason), (1, PUNT_HOP_LIMIT))
        self.assertEqual(payload, sent)
        testutils.send_packet(self, 1, msr6_packet(sids, me, 0, hlim=2))
        testutils.verify_packet(self, frame(ROUTER_MAC, "00:00:00:00:00:aa",
                                            outer(ENCAP_SRC, sids[1], mrh(sids, 1, 1) + bytes(inner_packet()), hlim=1)), 2)
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class AddresseeRefusesAPayloadThatIsNotIpv6(Msr6Test):
    """What an MRH says is IPv6 (Next Header 41) must have Version 6: an IPv4 packet behind it, or
    a Hdr Ext Len that undercounts or overcounts the M-SIDs (the "inner packet" then starts in the
    list or inside the packet), is malformed at the MRH's addressee, leaf or replicating node:
    dropped and counted (MSR6_MALFORMED), never delivered. Before (found by an independent review
    of the P4), a leaf sent such bytes out as an IPv6 frame. A transit router, not the addressee,
    forwards the IPv4 one as it came."""

    def runTest(self):
        leaf = self.leaf_sid(82, [3])
        me = self.replicating_sid(83, child=leaf)[0]
        ipv4 = bytes(IP(src="10.0.0.1", dst="239.1.1.1", ttl=9) / UDP(sport=1, dport=2) / (b"v4" * 20))
        three = [sid(3, END_RL_FUNCTION, 0, 1), leaf, sid(5, END_RL_FUNCTION, 0, 0)]
        cases = [
            outer(ENCAP_SRC, leaf, mrh([leaf]) + ipv4),
            outer(ENCAP_SRC, me, mrh([me, leaf]) + ipv4),
            outer(ENCAP_SRC, leaf, mrh(three, segments_left=1, ext_len=4) + bytes(inner_packet())),
            outer(ENCAP_SRC, leaf, mrh(three, segments_left=1, ext_len=8) + bytes(inner_packet())),
        ]
        for packet in cases:
            before = self.drop_count(DROP_MSR6_MALFORMED)
            testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa", packet))
            testutils.verify_no_other_packets(self)
            self.assertEqual(self.drop_count(DROP_MSR6_MALFORMED), before + 1)
        self.add_route("fd00:0:9::", 48, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        remote = sid(9, END_RL_FUNCTION, 0, 0)
        passing = outer(ENCAP_SRC, remote, mrh([remote]) + ipv4)
        testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa", passing))
        testutils.verify_packet(self, frame("00:bb:00:00:00:02", ROUTER_MAC, forwarded(passing)), 2)
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class InnerPacketWithASpentHopLimitIsNotTunnelled(Msr6Test):
    """The ingress edge forwards the inner packet into the tree: hop limit 1 is dropped and
    counted instead of encapsulated; hop limit 2 is encapsulated, the inner packet's hop limit one
    lower (issue 30: before, receivers saw the sender's hop limit)."""

    def runTest(self):
        self.add_route("fd00:0:2::", 48, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        sids = [sid(2, END_RL_FUNCTION, 0, 0)]
        self.add_encapsulation(3, GROUP, sids, ENCAP_SRC)
        spent = inner_packet()
        spent[IPv6].hlim = 1
        before = self.drop_count(DROP_HOP_LIMIT)
        testutils.send_packet(self, 1, bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / spent))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_HOP_LIMIT), before + 1)

        last = inner_packet()
        last[IPv6].hlim = 2
        testutils.send_packet(self, 1, bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / last))
        sent_on = frame("00:bb:00:00:00:02", ROUTER_MAC, encapsulated(sids[0], mrh(sids), bytes(last), hlim=63))
        self.assertEqual(IPv6(bytes(sent_on)[14 + 40 + 8 + 16:]).hlim, 1)
        testutils.verify_packet(self, sent_on, 2)
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class LeafDeliversOnlyIpv6(Msr6Test):
    """A leaf SID (ingress) and a replicating node's local receiver (egress) decapsulate only
    what Next Header 41 says is an IPv6 packet: anything else is dropped and counted."""

    def runTest(self):
        leaf = self.leaf_sid(31, [3])
        udp = bytes(UDP(sport=1, dport=2) / b"not an ipv6 packet")
        before = self.drop_count(DROP_MSR6_MALFORMED)
        testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa",
                                             outer(ENCAP_SRC, leaf, mrh([leaf], next_header=17) + udp)))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_MSR6_MALFORMED), before + 1)

        me = sid(2, END_RL_FUNCTION, 0, 1)
        sids = [me, sid(3, END_RL_FUNCTION, 0, 0)]
        self.add_local_sid(2, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 61})
        self.replication_group(61, [(2, 0), (4, None)], sids, pointer=1)
        before = self.egress_drop_count(DROP_MSR6_MALFORMED)
        testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa",
                                             outer(ENCAP_SRC, me, mrh(sids, next_header=17) + udp)))
        testutils.verify_packet(self, frame(ROUTER_MAC, "00:00:00:00:00:aa",
                                            outer(ENCAP_SRC, sids[1], mrh(sids, 1, 1, next_header=17) + udp,
                                                  hlim=63)), 2)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.egress_drop_count(DROP_MSR6_MALFORMED), before + 1)


@requires("MSR6")
class InnerPacketRunningPastTheOuterIsNotDelivered(Msr6Test):
    """What a leaf SID (ingress, by its group or its one port) and a replicating node's own
    receiver (egress) decapsulate must fit in the packet carrying it: an inner packet whose IPv6
    header and Payload Length claim more octets than the outer Payload Length leaves it past the
    MRH (and an extension header in front of the MRH) is dropped and counted (MSR6_MALFORMED),
    short by 1 or 8 octets; the replicating node's copy to its child goes on, for the child to
    judge. The same inner packet with its Payload Length right is delivered, with an extension
    header in front of the MRH too, and one with octets after it is delivered with them. Before,
    the inner packet left cut short."""

    def runTest(self):
        inner = bytes(inner_packet())

        def claiming(extra):
            lying = bytearray(inner)
            lying[4:6] = (len(inner) - 40 + extra).to_bytes(2, "big")
            return bytes(lying)

        pad_hbh = bytes([43, 0, 1, 4, 0, 0, 0, 0])   # Hop-by-Hop, 8 octets: PadN, then the MRH

        def leaf_packet(sids, dst, payload, hbh=False):
            headers = mrh(sids, 1, 0) + payload
            if hbh:
                return frame(ROUTER_MAC, "00:00:00:00:00:aa", outer(ENCAP_SRC, dst, pad_hbh + headers, next_header=0))
            return frame(ROUTER_MAC, "00:00:00:00:00:aa", outer(ENCAP_SRC, dst, headers))

        grouped = self.leaf_sid(32, [3])
        self.adjacency(32, 3, "33:33:00:00:12:34")
        by_port = sid(5, END_RL_FUNCTION, 0, 0)
        self.add_local_sid(5, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: by_port},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_DELIVER,
                    {names.PORT: 4, names.SMAC: ROUTER_MAC, names.DMAC: "33:33:00:00:12:34"})
        before = self.drop_count(DROP_MSR6_MALFORMED)
        sent = 0
        for leaf in (grouped, by_port):
            for hbh in (False, True):
                for extra in (1, 8):
                    testutils.send_packet(self, 1, leaf_packet([leaf], leaf, claiming(extra), hbh))
                    sent += 1
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_MSR6_MALFORMED), before + sent)

        trailer = b"after-the-packet"
        for leaf, port in ((grouped, 3), (by_port, 4)):
            for hbh in (False, True):
                testutils.send_packet(self, 1, leaf_packet([leaf], leaf, inner, hbh))
                testutils.verify_packet(self, frame("33:33:00:00:12:34", ROUTER_MAC, inner), port)
                testutils.send_packet(self, 1, leaf_packet([leaf], leaf, inner + trailer, hbh))
                testutils.verify_packet(self, frame("33:33:00:00:12:34", ROUTER_MAC, inner + trailer), port)
        testutils.verify_no_other_packets(self)

        sids = self.replicating_sid(62, local_ports=(4,))
        me = sids[0]
        self.adjacency(62, 2, "00:bb:00:00:00:03")
        self.adjacency(62, 4, "33:33:00:00:12:34")
        before = self.egress_drop_count(DROP_MSR6_MALFORMED)
        for extra in (1, 8):
            testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa",
                                                 outer(ENCAP_SRC, me, mrh(sids) + claiming(extra))))
            testutils.verify_packet(self, frame("00:bb:00:00:00:03", ROUTER_MAC,
                                                outer(ENCAP_SRC, sids[1], mrh(sids, 1, 1) + claiming(extra), hlim=63)), 2)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.egress_drop_count(DROP_MSR6_MALFORMED), before + 2)
        testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa", outer(ENCAP_SRC, me, mrh(sids) + inner)))
        testutils.verify_packet(self, frame("33:33:00:00:12:34", ROUTER_MAC, inner), 4)
        testutils.verify_packet(self, frame("00:bb:00:00:00:03", ROUTER_MAC,
                                            outer(ENCAP_SRC, sids[1], mrh(sids, 1, 1) + inner, hlim=63)), 2)
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class PayloadShorterThanAnIpv6HeaderBehindAnMrh(Msr6Test):
    """What an MRH says is IPv6 (Next Header 41) with fewer octets behind it than an IPv6 header
    (none, 3 of a Version 6 header, an IPv4 header's 20, 39 of an IPv6 header), behind the MRH
    alone and behind a Hop-by-Hop header too: a router the MRH is not addressed to forwards it as
    it came (RFC 8200 section 4.4), and its addressee, leaf or replicating node, drops and counts
    it (MSR6_MALFORMED). Before, the parser read past the packet's end on every router: a parser
    error, in transit too. An MRH whose Hdr Ext Len counts M-SIDs past the packet's end is a
    Routing header cut short: a parser error on every router (PARSER_ERROR), as any other."""

    def runTest(self):
        self.add_route("fd00:0:9::", 48, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        remote = sid(9, END_RL_FUNCTION, 0, 0)
        leaf = self.leaf_sid(86, [3])
        me = self.replicating_sid(87, child=leaf)[0]
        ipv4_header = bytes(IP(src="10.0.0.1", dst="239.1.1.1", ttl=9) / UDP(sport=1, dport=2))[:20]
        payloads = (b"", b"\x60\x00\x00", ipv4_header, bytes(inner_packet())[:39])
        pad_hbh = bytes([43, 0, 1, 4, 0, 0, 0, 0])   # Hop-by-Hop, 8 octets: PadN, then the MRH

        def packet(sids, payload, hbh):
            if payload is None:     # two M-SIDs more than the packet holds, and nothing after them
                headers = mrh(sids, ext_len=2 * len(sids) + 4)
            else:
                headers = mrh(sids) + payload
            if hbh:
                return outer(ENCAP_SRC, sids[0], pad_hbh + headers, next_header=0)
            return outer(ENCAP_SRC, sids[0], headers)

        for hbh in (False, True):
            for sids in ([remote], [leaf], [me, leaf]):
                before = self.drop_count(DROP_PARSER_ERROR)
                testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa", packet(sids, None, hbh)))
                testutils.verify_no_other_packets(self)
                self.assertEqual(self.drop_count(DROP_PARSER_ERROR), before + 1)

        for payload in payloads:
            for hbh in (False, True):
                passing = packet([remote], payload, hbh)
                testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa", passing))
                testutils.verify_packet(self, frame("00:bb:00:00:00:02", ROUTER_MAC, forwarded(passing)), 2)
                testutils.verify_no_other_packets(self)
                for sids in ([leaf], [me, leaf]):
                    before = self.drop_count(DROP_MSR6_MALFORMED)
                    testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa", packet(sids, payload, hbh)))
                    testutils.verify_no_other_packets(self)
                    self.assertEqual(self.drop_count(DROP_MSR6_MALFORMED), before + 1)


@requires("MSR6")
class OuterHeaderCarriesTheInnerTrafficClassAndFlow(Msr6Test):
    """The ingress edge copies the inner Traffic Class (DSCP EF, ECT(0)) to the outer header
    (RFC 6040 normal mode) and labels the outer header with a hash of the inner flow (RFC 6438):
    the same for packets of one flow, another for another flow."""

    def runTest(self):
        self.add_route("fd00:0:2::", 48, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        sids = [sid(2, END_RL_FUNCTION, 0, 0)]
        self.add_encapsulation(4, GROUP, sids, ENCAP_SRC)
        labels = []
        for sport in (4000, 4000, 4001):
            packet = IPv6(src=SOURCE, dst=GROUP, hlim=32, tc=0xBA) / UDP(sport=sport, dport=5004) / b"voice"
            testutils.send_packet(self, 1, bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / packet))
            received = testutils.dp_poll(self, port_number=2, timeout=2)
            self.assertIsInstance(received, self.dataplane.PollSuccess, "no encapsulated packet")
            out = IPv6(bytes(received.packet)[14:])
            self.assertEqual(out.tc, 0xBA)
            self.assertEqual(out.fl, flow_label(bytes(packet)))
            labels.append(out.fl)
        self.assertEqual(labels[0], labels[1])
        self.assertNotEqual(labels[0], labels[2])
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class FragmentsOfADatagramShareTheOuterFlowLabel(Msr6Test):
    """The flow label of an encapsulation hashes no ports in a fragment, the first either
    (RFC 6437 3): a datagram's first fragment, which carries its UDP header, and its last, which
    does not, leave with one outer label, so paths that hash it keep them together."""

    def runTest(self):
        self.add_route("fd00:0:2::", 48, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        self.add_encapsulation(4, GROUP, [sid(2, END_RL_FUNCTION, 0, 0)], ENCAP_SRC)
        datagram = bytes(UDP(sport=4000, dport=5004) / (b"voice" * 12))
        labels = []
        for fragment, data in ((IPv6ExtHdrFragment(nh=17, offset=0, m=1, id=9), datagram[:32]),
                               (IPv6ExtHdrFragment(nh=17, offset=4, m=0, id=9), datagram[32:])):
            packet = IPv6(src=SOURCE, dst=GROUP, hlim=32) / fragment / data
            testutils.send_packet(self, 1, bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / packet))
            received = testutils.dp_poll(self, port_number=2, timeout=2)
            self.assertIsInstance(received, self.dataplane.PollSuccess, "no encapsulated packet")
            labels.append(IPv6(bytes(received.packet)[14:]).fl)
        self.assertEqual(labels[0], labels[1], "the datagram's fragments got two outer labels")
        self.assertEqual(labels[0], flow_label(bytes(packet)))
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class CongestionMarkCarriesOverAtDecapsulation(Msr6Test):
    """RFC 6040 decapsulation: an outer CE mark becomes the inner packet's when it is ECN-capable;
    an inner packet that is not is dropped and counted; an outer ECT(1) makes an inner ECT(0)
    ECT(1)."""

    def runTest(self):
        leaf = self.leaf_sid(32, [3])
        ect = inner_packet()
        ect[IPv6].tc = 0xB8 | 2
        testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa",
                                             outer(ENCAP_SRC, leaf, mrh([leaf]) + bytes(ect), tc=0xB8 | 3)))
        marked = ect.copy()
        marked[IPv6].tc = 0xB8 | 3
        testutils.verify_packet(self, frame(ROUTER_MAC, "00:00:00:00:00:aa", bytes(marked)), 3)

        # An outer ECT(1) makes an inner ECT(0) ECT(1) (figure 4; before, ECT(0) was kept), and
        # leaves an inner CE as it is.
        for inner_ecn, leaves in ((2, 1), (3, 3)):
            sent = inner_packet()
            sent[IPv6].tc = 0xB8 | inner_ecn
            testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa",
                                                 outer(ENCAP_SRC, leaf, mrh([leaf]) + bytes(sent), tc=0xB8 | 1)))
            delivered = sent.copy()
            delivered[IPv6].tc = 0xB8 | leaves
            testutils.verify_packet(self, frame(ROUTER_MAC, "00:00:00:00:00:aa", bytes(delivered)), 3)

        before = self.drop_count(DROP_CE_NOT_ECT)
        testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa",
                                             outer(ENCAP_SRC, leaf, mrh([leaf]) + bytes(inner_packet()), tc=3)))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_CE_NOT_ECT), before + 1)


@requires("MSR6")
class CopiesPastTheListAreMalformedWhateverTheirCongestionMark(Msr6Test):
    """End.RL whose copies would run past the list (3 copies from Pointer 1 of 3 M-SIDs) is
    malformed even when RFC 6040 would also drop it (outer CE, inner Not-ECT): the copy check
    comes first and names the reason, though the SID's group exists and the ECN check runs beside."""

    def runTest(self):
        me = sid(2, END_RL_FUNCTION, 2, 1)
        sids = [me, sid(3, END_RL_FUNCTION, 0, 0), sid(4, END_RL_FUNCTION, 0, 0)]
        self.add_local_sid(2, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 12})
        self.replication_group(12, [(2, 0), (3, 1)], sids, pointer=1)
        malformed, ce_not_ect = self.drop_count(DROP_MSR6_MALFORMED), self.drop_count(DROP_CE_NOT_ECT)
        testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa",
                                             outer(ENCAP_SRC, me, mrh(sids) + bytes(inner_packet()), tc=3)))
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.drop_count(DROP_MSR6_MALFORMED), malformed + 1)
        self.assertEqual(self.drop_count(DROP_CE_NOT_ECT), ce_not_ect)


@requires("MSR6")
class TransitSlaSeesTheOptionInsideTheTree(Msr6Test):
    """A replicating node gives an MSR6 packet whose inner packet carries APN6 SLA level 5 that
    level's priority: the SLA entry counts it, and both copies leave."""

    def runTest(self):
        me = sid(2, END_RL_FUNCTION, 1, 1)
        sids = [me, sid(3, END_RL_FUNCTION, 0, 0), sid(4, END_RL_FUNCTION, 0, 0)]
        self.add_local_sid(2, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 11})
        self.replication_group(11, [(2, 0), (3, 1)], sids, pointer=1)
        sla = self.insert(names.SIXFLOW_INGRESS_APN6_POST_ROUTING_APN6_SLA, {names.HDR_SLA_LEVEL: (5, 0xFFFFFFFF)},
                          names.SIXFLOW_INGRESS_APN6_POST_ROUTING_SET_PRIORITY, {names.PRIORITY: 3}, priority=10)
        original = bytes(inner_packet())
        header = bytearray(original[:40])
        header[4:6] = (int.from_bytes(header[4:6], "big") + 24).to_bytes(2, "big")
        header[6] = 0
        hbh = (bytes([17, 2, 0x1E, 16]) + (5).to_bytes(4, "big") + (1).to_bytes(4, "big") + (2).to_bytes(4, "big")
               + (3).to_bytes(4, "big") + bytes([1, 2, 0, 0]))
        marked = bytes(header) + hbh + original[40:]
        testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa", outer(ENCAP_SRC, me, mrh(sids) + marked)))
        for port, sl in ((2, 1), (3, 2)):
            testutils.verify_packet(self, frame(ROUTER_MAC, "00:00:00:00:00:aa",
                                                outer(ENCAP_SRC, sids[sl], mrh(sids, 1, sl) + marked, hlim=63)), port)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.entry_packets(sla), 1)


@requires("MSR6")
class TreesSharingAReceiverPortKeepTheirOwnMacs(Msr6Test):
    """Two trees (groups ff3e::1234 and ff3e::5678) whose local receivers sit behind port 4 of one
    replicating node: each tree's copy to port 4 leaves with its own group's multicast MAC (the
    adjacency is per multicast group and port), neither overwriting the other."""

    def runTest(self):
        trees = []
        for number, group_id, mac, group_address in ((1, 60, "33:33:00:00:12:34", "ff3e::1234"),
                                                     (2, 70, "33:33:00:00:56:78", "ff3e::5678")):
            me = sid(2, END_RL_FUNCTION << 16 | number, 0, 1)
            child = sid(3, END_RL_FUNCTION << 16 | number, 0, 0)
            self.add_local_sid(2, END_RL_FUNCTION << 16 | number, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
            self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                        names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: group_id})
            self.replication_group(group_id, [(2, 0), (4, None)], [me, child], pointer=1)
            self.adjacency(group_id, 2, "00:bb:00:00:00:03")
            self.adjacency(group_id, 4, mac)
            inner = inner_packet()
            inner[IPv6].dst = group_address
            trees.append(([me, child], mac, bytes(inner)))
        for sids, mac, inner in trees:
            testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa",
                                                 outer(ENCAP_SRC, sids[0], mrh(sids) + inner)))
            testutils.verify_packet(self, frame("00:bb:00:00:00:03", ROUTER_MAC,
                                                outer(ENCAP_SRC, sids[1], mrh(sids, 1, 1) + inner, hlim=63)), 2)
            testutils.verify_packet(self, frame(mac, ROUTER_MAC, inner), 4)
        testutils.verify_no_other_packets(self)


@requires("MSR6")
class RlbTreesWithOneBitstringKeepTheirOwnGroups(Msr6Test):
    """Two RLB trees replicate at this node with the same Local Bitstring (0b1: the link on port
    2); the second also has a receiver here (port 4). Their SIDs differ in the tree number the
    Function carries, so each maps to its own group: the first tree's packet goes on by port 2
    only, the second's by port 2 and, decapsulated with its own group's MAC, to port 4."""

    def runTest(self):
        trees = []
        for number, group_id, copies, group_address in ((1, 90, [(2, 0)], "ff3e::1234"),
                                                        (2, 91, [(2, 0), (4, None)], "ff3e::5678")):
            me = sid(2, END_RLB_X_FUNCTION << 16 | number, 0b1, 1)
            child = sid(3, END_RL_FUNCTION << 16 | number, 0, 0)
            self.add_local_sid(2, END_RLB_X_FUNCTION << 16 | number, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RLB_X)
            self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                        names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: group_id})
            self.replication_group(group_id, copies, [me, child], pointer=1)
            self.adjacency(group_id, 2, "00:bb:00:00:00:03")
            self.adjacency(group_id, 4, "33:33:00:00:%s:%s" % (group_address[-4:-2], group_address[-2:]))
            inner = inner_packet()
            inner[IPv6].dst = group_address
            trees.append(([me, child], bytes(inner), len(copies) > 1, group_address))
        for sids, inner, local, group_address in trees:
            testutils.send_packet(self, 1, frame(ROUTER_MAC, "00:00:00:00:00:aa",
                                                 outer(ENCAP_SRC, sids[0], mrh(sids, 3) + inner)))
            testutils.verify_packet(self, frame("00:bb:00:00:00:03", ROUTER_MAC,
                                                outer(ENCAP_SRC, sids[1], mrh(sids, 3, 1) + inner, hlim=63)), 2)
            if local:
                mac = "33:33:00:00:%s:%s" % (group_address[-4:-2], group_address[-2:])
                testutils.verify_packet(self, frame(mac, ROUTER_MAC, inner), 4)
            testutils.verify_no_other_packets(self)


@requires("MSR6")
class CopiesDeepInAFullListTakeTheirEntrysDestination(Msr6Test):
    """End.RL with Pointer 6 in a list of MAX_MSIDS: copies 0 and 1 leave with Segments Left 6
    and 7 and the M-SIDs there, which their msr6_copy entries name (the egress does not read the
    list to finish a copy)."""

    def runTest(self):
        count = p4defines.MAX_MSIDS
        me = sid(2, END_RL_FUNCTION, 1, count - 2)
        sids = [me] + [sid(10 + i, END_RL_FUNCTION, 0, 0) for i in range(count - 1)]
        self.add_local_sid(2, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 92})
        self.replication_group(92, [(2, 0), (3, 1)], sids, pointer=count - 2)
        testutils.send_packet(self, 1, msr6_packet(sids, me, 0))
        for port, sl in ((2, count - 2), (3, count - 1)):
            testutils.verify_packet(self, outer_copy(sids, sl, mrh_type=1), port)
        testutils.verify_no_other_packets(self)
