# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of control/msr6.p4: TE and RLB encapsulation, End.RL and End.RLB.X replication
with per-copy Segments Left and destination, leaf decapsulation, and every malformed case."""

import ipaddress

import ptf.testutils as testutils
from p4.v1 import p4runtime_pb2
from scapy.layers.inet import UDP
from scapy.layers.inet6 import IPv6
from scapy.layers.l2 import Ether

import p4defines
import p4info_names as names
from base_test import (DROP_MSR6_MALFORMED, DROP_MSR6_NO_GROUP, DROP_MSR6_UNKNOWN, DROP_PARSER_ERROR,
                       EVENT_APN6_INSERTED, EVENT_MSR6_DECAP, EVENT_MSR6_ENCAP, SixflowTest)

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


def outer(src, dst, payload, hlim=64, next_header=43):
    header = bytearray(bytes(IPv6(src=src, dst=dst, hlim=hlim, nh=next_header, plen=len(payload))))
    return bytes(header[:40]) + payload


def frame(dst_mac, src_mac, ipv6_bytes):
    return bytes.fromhex(dst_mac.replace(":", "")) + bytes.fromhex(src_mac.replace(":", "")) + b"\x86\xdd" + ipv6_bytes


def msr6_packet(sids, dst, segments_left, mrh_type=1, hlim=64, ext_len=None):
    return frame(ROUTER_MAC, "00:00:00:00:00:aa",
                 outer(ENCAP_SRC, dst, mrh(sids, mrh_type, segments_left, ext_len=ext_len) + bytes(inner_packet()),
                       hlim=hlim))


class Msr6Test(SixflowTest):
    def add_local_sid(self, node, function, action):
        prefix = str(ipaddress.IPv6Address((0xFD00 << 112) | (node << 80) | (function << 32)))
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_LOCAL_SID, {names.HDR_IPV6_DST: (prefix, 96)}, action)

    def adjacency(self, port, dmac):
        self.insert(names.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_ADJACENCY, {names.HDR_EG_PORT: port},
                    names.SIXFLOW_EGRESS_MSR6_EGRESS_SET_ADJACENCY, {names.SMAC: ROUTER_MAC, names.DMAC: dmac})


class EncapsulatesWithTheTreesMsids(Msr6Test):
    """The ingress edge wraps a group packet: outer IPv6 (DA = M-SID[0], hop limit after routing
    63), Routing Header type 253 with Hdr Ext Len 2n and SL 0, MRH type, the n M-SIDs, then the
    untouched original packet. TE with 3 M-SIDs; RLB with 6 (both halves of the list)."""

    def runTest(self):
        self.add_route("fd00:0:2::", 48, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        for tree, mrh_type, count in ((1, 1, 3), (2, 3, 6)):
            sids = [sid(2 + i, END_RL_FUNCTION, 0, 0) for i in range(count)]
            group = "ff3e::%x" % tree
            self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP,
                        {names.HDR_IPV6_DST: group, names.HDR_IPV6_SRC: (SOURCE, "ffff:" * 7 + "ffff")},
                        names.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP,
                        {names.TREE_ID: tree, names.SRC: ENCAP_SRC, names.MRH_TYPE: mrh_type,
                         names.MSID_COUNT: count, names.GROUP: 0}, priority=10)
            padded = sids + ["::"] * (p4defines.MAX_MSIDS - count)
            self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO, {names.HDR_TREE_ID: tree},
                        names.SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_LO,
                        {names.SID0: padded[0], names.SID1: padded[1], names.SID2: padded[2], names.SID3: padded[3]})
            self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_HI, {names.HDR_TREE_ID: tree},
                        names.SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_HI,
                        {names.SID4: padded[4], names.SID5: padded[5], names.SID6: padded[6], names.SID7: padded[7]})
            before = self.event_count(EVENT_MSR6_ENCAP)
            inner = inner_packet()
            inner[IPv6].dst = group
            sent = Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / inner
            expected = frame("00:bb:00:00:00:02", ROUTER_MAC,
                             outer(ENCAP_SRC, sids[0], mrh(sids, mrh_type) + bytes(inner), hlim=63))
            testutils.send_packet(self, 1, bytes(sent))
            testutils.verify_packet(self, expected, 2)
            testutils.verify_no_other_packets(self)
            self.assertEqual(self.event_count(EVENT_MSR6_ENCAP), before + 1)


class Apn6OptionTravelsInsideTheEncapsulation(Msr6Test):
    """A packet both an APN6 policy and a tree match: the option is inserted into the original
    packet, which is then encapsulated whole. Its two events count once, together, at the
    event counter's index made of both bits."""

    def runTest(self):
        self.add_route("fd00:0:2::", 48, 2, ROUTER_MAC, "00:bb:00:00:00:02")
        self.insert(names.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER,
                    {names.HDR_IPV6_SRC: (SOURCE, "ffff:" * 7 + "ffff"), names.HDR_IP_PROTO: (17, 0xFF)},
                    names.SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6,
                    {names.SLA_LEVEL: 5, names.APP_ID: 0x77, names.USER_ID: 0x42, names.FLOW_ID: 9}, priority=100)
        sids = [sid(2, END_RL_FUNCTION, 0, 0)]
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP,
                    {names.HDR_IPV6_DST: GROUP, names.HDR_IPV6_SRC: (SOURCE, "ffff:" * 7 + "ffff")},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP,
                    {names.TREE_ID: 7, names.SRC: ENCAP_SRC, names.MRH_TYPE: 1, names.MSID_COUNT: 1,
                     names.GROUP: 0}, priority=10)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO, {names.HDR_TREE_ID: 7},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_LO,
                    {names.SID0: sids[0], names.SID1: "::", names.SID2: "::", names.SID3: "::"})
        both = (1 << EVENT_APN6_INSERTED) | (1 << EVENT_MSR6_ENCAP)
        before = [self.event_count(EVENT_APN6_INSERTED), self.event_count(EVENT_MSR6_ENCAP),
                  self.counter(names.SIXFLOW_INGRESS_EVENT_COUNTER, both)]

        original = bytes(inner_packet())
        header = bytearray(original[:40])
        header[4:6] = (int.from_bytes(header[4:6], "big") + 24).to_bytes(2, "big")
        header[6] = 0
        # HBH (Next Header UDP, Hdr Ext Len 2), the option (type 0x1E, length 16), PadN.
        hbh = (bytes([17, 2, 0x1E, 16]) + (5).to_bytes(4, "big") + (0x77).to_bytes(4, "big")
               + (0x42).to_bytes(4, "big") + (9).to_bytes(4, "big") + bytes([1, 2, 0, 0]))
        with_option = bytes(header) + hbh + original[40:]
        testutils.send_packet(self, 1, bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / inner_packet()))
        testutils.verify_packet(self, frame("00:bb:00:00:00:02", ROUTER_MAC,
                                            outer(ENCAP_SRC, sids[0], mrh(sids) + with_option, hlim=63)), 2)
        testutils.verify_no_other_packets(self)
        self.assertEqual([self.event_count(EVENT_APN6_INSERTED), self.event_count(EVENT_MSR6_ENCAP),
                          self.counter(names.SIXFLOW_INGRESS_EVENT_COUNTER, both)],
                         [before[0] + 1, before[1] + 1, before[2] + 1])


class IngressEdgeReplicatesWhenTheRootHasSeveralChildren(Msr6Test):
    """An encap entry with a group: the ingress edge sends one encapsulated copy per child, copy i
    with SL i and DA M-SID[i], hop limit 64, by the group's ports with their adjacency MACs."""

    def runTest(self):
        sids = [sid(3, END_RL_FUNCTION, 0, 0), sid(4, END_RL_FUNCTION, 0, 0)]
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP, {names.HDR_IPV6_DST: GROUP},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP,
                    {names.TREE_ID: 9, names.SRC: ENCAP_SRC, names.MRH_TYPE: 1, names.MSID_COUNT: 2,
                     names.GROUP: 50}, priority=10)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO, {names.HDR_TREE_ID: 9},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_LO,
                    {names.SID0: sids[0], names.SID1: sids[1], names.SID2: "::", names.SID3: "::"})
        self.replication_group(50, [(2, 0), (3, 1)])
        self.adjacency(2, "00:bb:00:00:00:03")
        self.adjacency(3, "00:bb:00:00:00:04")
        inner = inner_packet()
        testutils.send_packet(self, 1, bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / inner))
        for port, sl, dmac in ((2, 0, "00:bb:00:00:00:03"), (3, 1, "00:bb:00:00:00:04")):
            expected = frame(dmac, ROUTER_MAC, outer(ENCAP_SRC, sids[sl], mrh(sids, 1, sl) + bytes(inner), hlim=64))
            testutils.verify_packet(self, expected, port)
        testutils.verify_no_other_packets(self)


class EndRlReplicatesWithPerCopySegmentsLeft(Msr6Test):
    """End.RL with Replication Number 1 and Pointer 1: exactly two copies; copy i has SL 1 + i and
    DA = M-SID[1 + i], leaves by its group port with that link's MACs, hop limit one lower."""

    def runTest(self):
        me = sid(2, END_RL_FUNCTION, 1, 1)
        child_a, child_b = sid(3, END_RL_FUNCTION, 0, 0), sid(4, END_RL_FUNCTION, 0, 0)
        sids = [me, child_a, child_b]
        self.add_local_sid(2, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_RL_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 10})
        self.replication_group(10, [(2, 0), (3, 1)])
        self.adjacency(2, "00:bb:00:00:00:03")
        self.adjacency(3, "00:bb:00:00:00:04")

        testutils.send_packet(self, 1, msr6_packet(sids, me, 0))
        for port, child, sl, dmac in ((2, child_a, 1, "00:bb:00:00:00:03"), (3, child_b, 2, "00:bb:00:00:00:04")):
            expected = frame(dmac, ROUTER_MAC, outer(ENCAP_SRC, child, mrh(sids, 1, sl) + bytes(inner_packet()),
                                                     hlim=63))
            testutils.verify_packet(self, expected, port)
        testutils.verify_no_other_packets(self)


class ReplicatingReceiverAlsoDeliversLocally(Msr6Test):
    """A node on the tree that has receivers of its own: copy 0 goes on to the child M-SID, and
    the group's copy to the receiver port (a deliver_locally entry) leaves decapsulated."""

    def runTest(self):
        me = sid(2, END_RL_FUNCTION, 0, 1)
        child = sid(3, END_RL_FUNCTION, 0, 0)
        sids = [me, child]
        self.add_local_sid(2, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_RL_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 60})
        self.replication_group(60, [(2, 0), (4, None)])
        self.adjacency(2, "00:bb:00:00:00:03")
        self.adjacency(4, "33:33:00:00:12:34")
        testutils.send_packet(self, 1, msr6_packet(sids, me, 0))
        testutils.verify_packet(self, frame("00:bb:00:00:00:03", ROUTER_MAC,
                                            outer(ENCAP_SRC, child, mrh(sids, 1, 1) + bytes(inner_packet()), hlim=63)), 2)
        testutils.verify_packet(self, frame("33:33:00:00:12:34", ROUTER_MAC, bytes(inner_packet())), 4)
        testutils.verify_no_other_packets(self)


class CopyWithoutAnEntryIsDropped(Msr6Test):
    """A group port the controller gave no msr6_copy entry: that copy is dropped and counted, the
    others go out."""

    def runTest(self):
        me = sid(2, END_RL_FUNCTION, 1, 1)
        sids = [me, sid(3, END_RL_FUNCTION, 0, 0), sid(4, END_RL_FUNCTION, 0, 0)]
        self.add_local_sid(2, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_RL_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 70})
        self.replication_group(70, [(2, 0)])
        before = self.egress_drop_count(DROP_MSR6_NO_GROUP)
        # Group 70 gains port 3 without a copy entry.
        self.client.write(self._group_entity(70, [2, 3]), update_type=p4runtime_pb2.Update.MODIFY)
        testutils.send_packet(self, 1, msr6_packet(sids, me, 0))
        testutils.verify_packet(self, outer_copy(sids, 1, mrh_type=1), 2)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.egress_drop_count(DROP_MSR6_NO_GROUP), before + 1)

    @staticmethod
    def _group_entity(group_id, ports):
        entity = p4runtime_pb2.Entity()
        group = entity.packet_replication_engine_entry.multicast_group_entry
        group.multicast_group_id = group_id
        for port in ports:
            group.replicas.add(egress_port=port, instance=0)
        return entity


class EndRlbXReplicatesByLocalBitstring(Msr6Test):
    """End.RLB.X with bitstring 0b101 and Pointer 1: the bitstring's group sends copy j by the
    port of the j-th set bit with SL 1 + j and DA = M-SID[1 + j]."""

    def runTest(self):
        me = sid(2, END_RLB_X_FUNCTION, 0b101, 1)
        child_a, child_b = sid(3, END_RL_FUNCTION, 0, 0), sid(5, END_RL_FUNCTION, 0, 0)
        sids = [me, child_a, child_b]
        self.add_local_sid(2, END_RLB_X_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RLB_X)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_RLB_GROUP, {names.HDR_BITSTRING: 0b101},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 20})
        self.replication_group(20, [(2, 0), (4, 1)])
        self.adjacency(2, "00:bb:00:00:00:03")
        self.adjacency(4, "00:bb:00:00:00:05")

        testutils.send_packet(self, 1, msr6_packet(sids, me, 0, mrh_type=3))
        for port, child, sl, dmac in ((2, child_a, 1, "00:bb:00:00:00:03"), (4, child_b, 2, "00:bb:00:00:00:05")):
            expected = frame(dmac, ROUTER_MAC, outer(ENCAP_SRC, child, mrh(sids, 3, sl) + bytes(inner_packet()),
                                                     hlim=63))
            testutils.verify_packet(self, expected, port)
        testutils.verify_no_other_packets(self)


class LeafDecapsulatesAndDelivers(Msr6Test):
    """A leaf SID (Replication Number 0, Pointer 0) removes the outer IPv6 and the MRH and
    delivers the inner packet, byte for byte, to its receiver ports."""

    def runTest(self):
        leaf = sid(4, END_RL_FUNCTION, 0, 0)
        sids = [sid(2, END_RL_FUNCTION, 1, 1), sid(3, END_RL_FUNCTION, 0, 0), leaf]
        self.add_local_sid(4, END_RL_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_RL_GROUP, {names.HDR_SID: leaf},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 30})
        self.client.add_multicast_group(30, [(3, 0), (4, 0)])
        self.adjacency(3, "33:33:00:00:12:34")
        self.adjacency(4, "33:33:00:00:12:34")
        before = self.event_count(EVENT_MSR6_DECAP)

        testutils.send_packet(self, 1, msr6_packet(sids, leaf, 2))
        delivered = frame("33:33:00:00:12:34", ROUTER_MAC, bytes(inner_packet()))
        testutils.verify_packet(self, delivered, 3)
        testutils.verify_packet(self, delivered, 4)
        testutils.verify_no_other_packets(self)
        self.assertEqual(self.event_count(EVENT_MSR6_DECAP), before + 1)


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


class RlbCopyPastTheListIsDroppedInEgress(Msr6Test):
    """A bitstring group with more replicas than the list has M-SIDs after the Pointer: the copies
    that fit go out, the one that would read past the list is dropped and counted."""

    def runTest(self):
        me = sid(2, END_RLB_X_FUNCTION, 0b111, 1)
        sids = [me, sid(3, 1, 0, 0), sid(4, 1, 0, 0)]
        self.add_local_sid(2, END_RLB_X_FUNCTION, names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RLB_X)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_RLB_GROUP, {names.HDR_BITSTRING: 0b111},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 40})
        self.replication_group(40, [(2, 0), (3, 1), (4, 2)])
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
