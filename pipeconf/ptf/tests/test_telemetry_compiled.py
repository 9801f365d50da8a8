# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Telemetry packet tests fed by the controller: the clone session and sampling entries are
those the app's TelemetryReportCollector writes to a bmv2 device (telemetry_entries.json,
written and held fresh by the app's ReportPacketTestEntriesTest: ReportRules.cloneSession to
ONOS's CONTROLLER port, which the interpreter writes as the CPU port, with the target's
truncation, and ReportRules.sampling of "ipv6=1"). Installed as they are, they make the switch
report packets 2 and 4 of four routed IPv6 packets to the CPU port, each a report frame of the
right class and sequence around the packet's first bytes."""

import ptf.testutils as testutils

import exported
from base_test import SixflowTest
from test_latency import NEXT_HOP_MAC, REPORTED_PACKET_BYTES, ROUTER_MAC, parse_report, routed, udp6

FIXTURE = exported.load("telemetry_entries.json")


class CompiledTelemetryTest(SixflowTest):
    """What the collector writes, on a router with one route (the base test's station)."""

    def setUp(self):
        SixflowTest.setUp(self)
        self.add_route("fd00:1:2::", 64, 2, ROUTER_MAC, NEXT_HOP_MAC)
        exported.install_groups(self, FIXTURE["groups"])
        exported.install_entries(self, FIXTURE["entries"])


class CompiledSamplingReportsOneInTwo(CompiledTelemetryTest):
    """Mask 1 from "ipv6=1": packets 2 and 4 of four are reported, whole reports to the CPU port."""

    def runTest(self):
        for n in range(4):
            testutils.send_packet(self, 1, bytes(udp6(n)))
            testutils.verify_packet(self, routed(udp6(n)), 2)
        reports = []
        for _ in range(2):
            port, payload = self.expect_packet_in()
            self.assertEqual(port, 1)
            reports.append(parse_report(payload))
        self.assertEqual([(r["version"], r["class"], r["sequence"]) for r, _ in reports],
                         [(1, FIXTURE["sampled_class"], 2), (1, FIXTURE["sampled_class"], 4)])
        for (report, packet), n in zip(reports, (1, 3)):
            self.assertEqual((report["ingress_port"], report["egress_port"]), (1, 2))
            self.assertEqual(packet, routed(udp6(n))[:REPORTED_PACKET_BYTES])
        self.assertTrue(self.client.packet_ins.empty())
        testutils.verify_no_other_packets(self)
