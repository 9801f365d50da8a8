# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of the latency measurement (v1model/main.p4 egress): per (class, port)
aggregates and histogram, and per-packet telemetry reports cloned to the controller."""

import ipaddress

import ptf.testutils as testutils
from scapy.layers.inet import UDP
from scapy.layers.inet6 import IPv6
from scapy.layers.l2 import Ether

import p4defines
import p4info_names as names
from base_test import CPU_PORT, LATENCY_BUCKETS, READOUT_ETHERTYPE, TELEMETRY_CLONE_SESSION, SixflowTest
from profiles import requires

ROUTER_MAC = "00:aa:00:00:00:01"
NEXT_HOP_MAC = "00:bb:00:00:00:02"
CLASS_IPV6 = p4defines.CLASS_IPV6
CLASS_MSR6_REPLICATE = p4defines.CLASS_MSR6_REPLICATE
REPORT_ETHERTYPE = p4defines.ETHERTYPE_SIXFLOW_REPORT
# A slot is class << port bits | egress port: LATENCY_SLOTS cells over CLASS_COUNT classes.
PORT_BITS = (p4defines.LATENCY_SLOTS // p4defines.CLASS_COUNT).bit_length() - 1
REPORT_BYTES = 28
# The clone truncates to REPORT_TRUNCATE_BYTES: packet-in header (2), Ethernet (14), report, packet.
REPORTED_PACKET_BYTES = p4defines.REPORT_TRUNCATE_BYTES - 2 - 14 - REPORT_BYTES


def slot(lat_class, port):
    return lat_class << PORT_BITS | port


def udp6(n):
    return (Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC) / IPv6(src="fd00:1:1::10", dst="fd00:1:2::7")
            / UDP(sport=5000, dport=6000) / (b"%04d" % n * 50))


def routed(frame):
    out = bytearray(bytes(frame))
    out[0:6] = bytes.fromhex(NEXT_HOP_MAC.replace(":", ""))
    out[6:12] = bytes.fromhex(ROUTER_MAC.replace(":", ""))
    out[21] -= 1
    return bytes(out)


def parse_report(payload):
    """Splits a report frame into its fields and the reported packet bytes."""
    assert int.from_bytes(payload[12:14], "big") == REPORT_ETHERTYPE, payload[:14].hex()
    r = payload[14:14 + REPORT_BYTES]
    return {
        "version": r[0],
        "class": r[1] >> 4,
        "replica": int.from_bytes(r[2:4], "big"),
        "sequence": int.from_bytes(r[4:8], "big"),
        "ingress_port": int.from_bytes(r[8:10], "big") & 0x1FF,
        "egress_port": int.from_bytes(r[10:12], "big") & 0x1FF,
        "ingress_ts": int.from_bytes(r[12:18], "big"),
        "egress_ts": int.from_bytes(r[18:24], "big"),
        "delta": int.from_bytes(r[24:28], "big"),
    }, payload[14 + REPORT_BYTES:]


class LatencyTest(SixflowTest):
    def setUp(self):
        SixflowTest.setUp(self)
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)

    def sample(self, lat_class, mask):
        self.insert(names.SIXFLOW_EGRESS_TELEMETRY_SAMPLING, {names.HDR_LAT_CLASS: lat_class},
                    names.SIXFLOW_EGRESS_SAMPLE, {names.MASK: mask})


class AggregatesCountSumMinMaxAndHistogram(LatencyTest):
    """Five routed packets: packets = 5 in slot (ipv6, port 2); min <= max; sum between 5 x min
    and 5 x max; the histogram's buckets add up to 5. Other slots stay empty."""

    def runTest(self):
        for n in range(5):
            testutils.send_packet(self, 1, bytes(udp6(n)))
            testutils.verify_packet(self, routed(udp6(n)), 2)
        s = slot(CLASS_IPV6, 2)
        self.assertEqual(self.counter(names.SIXFLOW_EGRESS_LATENCY_PACKETS, s), 5)
        aggregates = self.read_latency(s)
        self.assertIsNotNone(aggregates["min"])
        self.assertLessEqual(aggregates["min"], aggregates["max"])
        self.assertTrue(5 * aggregates["min"] <= aggregates["sum"] <= 5 * aggregates["max"], aggregates)
        self.assertEqual(sum(aggregates["buckets"]), 5, aggregates)
        self.assertEqual(self.counter(names.SIXFLOW_EGRESS_LATENCY_PACKETS, slot(CLASS_IPV6, 3)), 0)
        self.assertEqual(self.read_latency(slot(CLASS_IPV6, 3)),
                         {"sum": 0, "min": None, "max": 0, "buckets": [0] * LATENCY_BUCKETS})
        testutils.verify_no_other_packets(self)


def bucket(delta):
    """The histogram's bucket of a delta in µs: 0 below 1, k for 2^(k-1) <= delta < 2^k, the
    last one (LATENCY_BUCKETS - 1) from 2^(LATENCY_BUCKETS - 2) on."""
    return min(delta.bit_length(), LATENCY_BUCKETS - 1)


class AggregatesAreTheReportedDeltas(LatencyTest):
    """Every packet reported (mask 0): the slot's sum, min, max and each histogram bucket are
    exactly what the reports' deltas make of them."""

    def runTest(self):
        self.client.add_clone_session(TELEMETRY_CLONE_SESSION, CPU_PORT)
        self.sample(CLASS_IPV6, 0)
        deltas = []
        for n in range(8):
            testutils.send_packet(self, 1, bytes(udp6(n)))
            testutils.verify_packet(self, routed(udp6(n)), 2)
            deltas.append(parse_report(self.expect_packet_in()[1])[0]["delta"])
        buckets = [0] * LATENCY_BUCKETS
        for delta in deltas:
            buckets[bucket(delta)] += 1
        self.assertEqual(self.read_latency(slot(CLASS_IPV6, 2)),
                         {"sum": sum(deltas), "min": min(deltas), "max": max(deltas), "buckets": buckets}, deltas)
        testutils.verify_no_other_packets(self)


class ReadoutAnswersEachBucketFromItsCell(LatencyTest):
    """Bucket k of slot s is histogram cell s * LATENCY_BUCKETS + k: cells written through the
    switch's CLI come back in their places, the neighbouring slots' cells not at all."""

    def runTest(self):
        s = slot(CLASS_IPV6, 5)
        writes = ["register_write SixflowEgress.latency_histogram %d %d" % (s * LATENCY_BUCKETS + k, 100 + k)
                  for k in range(LATENCY_BUCKETS)]
        writes += ["register_write SixflowEgress.latency_histogram %d 999" % cell
                   for cell in (s * LATENCY_BUCKETS - 1, (s + 1) * LATENCY_BUCKETS)]
        self.runtime_cli(*writes)
        self.assertEqual(self.read_latency(s)["buckets"], [100 + k for k in range(LATENCY_BUCKETS)])


class StoredExtremesStayUntilAPacketPassesThem(LatencyTest):
    """A minimum of 0 µs and a maximum near the register's top, already held: two packets move
    neither, and the sum still takes their deltas."""

    def runTest(self):
        self.client.add_clone_session(TELEMETRY_CLONE_SESSION, CPU_PORT)
        self.sample(CLASS_IPV6, 0)
        s = slot(CLASS_IPV6, 2)
        self.runtime_cli("register_write SixflowEgress.latency_min %d 1" % s,
                         "register_write SixflowEgress.latency_max %d %d" % (s, 0xFFFFFFF0))
        deltas = []
        for n in range(2):
            testutils.send_packet(self, 1, bytes(udp6(n)))
            testutils.verify_packet(self, routed(udp6(n)), 2)
            deltas.append(parse_report(self.expect_packet_in()[1])[0]["delta"])
        aggregates = self.read_latency(s)
        self.assertEqual((aggregates["min"], aggregates["max"], aggregates["sum"]), (0, 0xFFFFFFF0, sum(deltas)))
        testutils.verify_no_other_packets(self)


class SumCarriesIntoItsHighWord(LatencyTest):
    """latency_sum holds the low 32 bits and latency_sum_hi the carries out of them (as Tofino keeps
    it, one stateful ALU word each): from a low word one short of wrapping and two carries already
    counted, three packets give 2 x 2^32 + 2^32 - 1 + their deltas."""

    def runTest(self):
        s = slot(CLASS_IPV6, 2)
        self.runtime_cli("register_write SixflowEgress.latency_sum %d %d" % (s, 0xFFFFFFFF),
                         "register_write SixflowEgress.latency_sum_hi %d 2" % s)
        for n in range(3):
            testutils.send_packet(self, 1, bytes(udp6(n)))
            testutils.verify_packet(self, routed(udp6(n)), 2)
        aggregates = self.read_latency(s)
        deltas = aggregates["sum"] - (2 << 32) - 0xFFFFFFFF
        self.assertTrue(3 * aggregates["min"] <= deltas <= 3 * aggregates["max"], aggregates)
        # A packet took at least 1 us, so the low word did wrap: the sum above holds the carry.
        self.assertGreater(aggregates["max"], 0)


class ReadoutFromADataPortIsDropped(LatencyTest):
    """Only the controller reads aggregates: the same request arriving on port 1 goes nowhere."""

    def runTest(self):
        request = (bytes(12) + READOUT_ETHERTYPE.to_bytes(2, "big") + slot(CLASS_IPV6, 2).to_bytes(4, "big")
                   + bytes(16 + 4 * LATENCY_BUCKETS))
        testutils.send_packet(self, 1, request)
        testutils.verify_no_other_packets(self)
        self.assertTrue(self.client.packet_ins.empty())


class ReportsEveryPacketWhenAsked(LatencyTest):
    """Mask 0: one report per packet, to the CPU port, with class, sequence 1..3, ports, both
    timestamps and delta = egress - ingress, followed by the forwarded packet's first bytes."""

    def runTest(self):
        self.client.add_clone_session(TELEMETRY_CLONE_SESSION, CPU_PORT)
        self.sample(CLASS_IPV6, 0)
        for n in range(3):
            testutils.send_packet(self, 1, bytes(udp6(n)))
            testutils.verify_packet(self, routed(udp6(n)), 2)
            port, payload = self.expect_packet_in()
            self.assertEqual(port, 1)
            report, packet = parse_report(payload)
            self.assertEqual(report["version"], 1)
            self.assertEqual(report["class"], CLASS_IPV6)
            self.assertEqual(report["sequence"], n + 1)
            self.assertEqual((report["ingress_port"], report["egress_port"]), (1, 2))
            self.assertEqual(report["delta"], report["egress_ts"] - report["ingress_ts"])
            self.assertEqual(packet, routed(udp6(n))[:REPORTED_PACKET_BYTES])
        testutils.verify_no_other_packets(self)


class SamplesOneInTwoWithMaskOne(LatencyTest):
    """Mask 1: packets 2 and 4 of four are reported."""

    def runTest(self):
        self.client.add_clone_session(TELEMETRY_CLONE_SESSION, CPU_PORT)
        self.sample(CLASS_IPV6, 1)
        for n in range(4):
            testutils.send_packet(self, 1, bytes(udp6(n)))
            testutils.verify_packet(self, routed(udp6(n)), 2)
        sequences = [parse_report(self.expect_packet_in()[1])[0]["sequence"] for _ in range(2)]
        self.assertEqual(sequences, [2, 4])
        self.assertTrue(self.client.packet_ins.empty())


@requires("MSR6")
class ReportsCarryTheReplicaIndex(LatencyTest):
    """Replicated MSR6 copies are measured in class msr6-replicate, each report with its copy's
    replica index."""

    def runTest(self):
        def sid(node, argument, pointer):
            return str(ipaddress.IPv6Address((0xFD00 << 112) | (node << 80) | (0x100 << 32) | (argument << 16) | pointer))
        me, a, b = sid(2, 1, 1), sid(3, 0, 0), sid(4, 0, 0)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_LOCAL_SID,
                    {names.HDR_IPV6_DST: (str(ipaddress.IPv6Address((0xFD00 << 112) | (2 << 80) | (0x100 << 32))), 96)},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: me},
                    names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 10})
        self.replication_group(10, [(2, 0), (3, 1)], [me, a, b], pointer=1)
        self.client.add_clone_session(TELEMETRY_CLONE_SESSION, CPU_PORT)
        self.sample(CLASS_MSR6_REPLICATE, 0)
        mrh = bytes([41, 6, 253, 0, 1, 0, 0, 0]) + b"".join(ipaddress.IPv6Address(s).packed for s in (me, a, b))
        inner = bytes(IPv6(src="fd00:1:1::10", dst="ff3e::1") / UDP() / (b"x" * 16))
        outer = bytes(IPv6(src="fd00:1:1::1", dst=me, nh=43, plen=len(mrh) + len(inner)))[:40]
        testutils.send_packet(self, 1, bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC, type=0x86DD)) + outer + mrh + inner)
        reports = sorted((parse_report(self.expect_packet_in()[1])[0] for _ in range(2)), key=lambda r: r["replica"])
        self.assertEqual([(r["class"], r["replica"], r["egress_port"]) for r in reports],
                         [(CLASS_MSR6_REPLICATE, 0, 2), (CLASS_MSR6_REPLICATE, 1, 3)])
        self.dataplane.flush()


@requires("MSR6")
class EncapsulatedPacketsReportCarriesItsInnerHeader(LatencyTest):
    """A packet the ingress edge wraps in an MRH is reported like any other: one report to the CPU
    port, class msr6-te-encap, its first bytes the packet as it left (outer IPv6 with the inner
    Traffic Class and the flow's hash as label, the MRH), then the inner IPv6 header as it arrived
    but for its hop limit (one lower: the edge forwarded it), the place a controller reads a probe's tag from (its traffic class and flow label; the outer
    label is not the probe's)."""

    def runTest(self):
        def sid(node):
            return str(ipaddress.IPv6Address((0xFD00 << 112) | (node << 80) | (0x100 << 32)))
        sids = [sid(2), sid(3)]
        self.add_encapsulation(5, "ff3e::1", sids, "fd00:1:1::1")
        self.add_route("fd00:0:2::", 48, 2, ROUTER_MAC, NEXT_HOP_MAC)
        self.client.add_clone_session(TELEMETRY_CLONE_SESSION, CPU_PORT)
        self.sample(p4defines.CLASS_MSR6_TE_ENCAP, 0)
        # A probe's tag: traffic class 0x80 | run 1 | class 2, flow label = its sequence number.
        inner = bytes(IPv6(src="fd00:1:1::10", dst="ff3e::1", hlim=32, tc=0xA2, fl=77)
                      / UDP(sport=4000, dport=5004) / (b"p" * 100))
        testutils.send_packet(self, 1, bytes(Ether(src="00:00:00:00:00:10", dst=ROUTER_MAC, type=0x86DD)) + inner)
        forwarded = testutils.dp_poll(self, port_number=2, timeout=2)
        self.assertIsInstance(forwarded, self.dataplane.PollSuccess, "no encapsulated packet")
        port, payload = self.expect_packet_in()
        self.assertEqual(port, 1)
        report, packet = parse_report(payload)
        self.assertEqual((report["version"], report["class"], report["egress_port"]),
                         (1, p4defines.CLASS_MSR6_TE_ENCAP, 2))
        self.assertEqual(packet, bytes(forwarded.packet)[:REPORTED_PACKET_BYTES])
        outer = IPv6(packet[14:54])
        self.assertEqual((outer.nh, outer.tc), (43, 0xA2))
        self.assertNotEqual(outer.fl, 77)
        mrh_end = 54 + 8 * (packet[55] + 1)
        self.assertEqual((packet[54], packet[56], packet[55]), (41, 253, 2 * len(sids)))
        # The report keeps REPORTED_PACKET_BYTES: the inner header's start (the tag's word at least).
        self.assertGreaterEqual(len(packet) - mrh_end, 4)
        one_hop_on = bytearray(inner)
        one_hop_on[7] -= 1  # the edge forwarded the inner packet into the tree (hop limit - 1)
        self.assertEqual(packet[mrh_end:], bytes(one_hop_on[:len(packet) - mrh_end]))
        testutils.verify_no_other_packets(self)
