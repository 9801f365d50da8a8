# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The cluster traffic test's readers of bmv2's runtime CLI (show_tables, table_dump, mc_dump, in
the form simple_switch_CLI prints them) and its before/after comparison; no switch needed."""
import collections
import os
import sys
import unittest

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import test_cluster_traffic_system as t  # noqa: E402

TABLES = """SixflowIngress.station.host_port [implementation=None, mk=standard_metadata.ingress_port(exact, 9)]
tbl_packetio12                 [implementation=None, mk=]
SixflowIngress.routing.routing_v6 [implementation=None, mk=hdr.ipv6.dst_addr(lpm, 128)]
"""
DUMP = """==========
TABLE ENTRIES
**********
Dumping entry 0x0
Match key:
* hdr.ipv6.dst_addr       : LPM       fd000001000300000000000000000000/64
Action entry: SixflowIngress.routing.set_next_hop - 02, 00aa00000003
**********
Dumping entry 0x3
Match key:
* hdr.ipv6.dst_addr       : LPM       fd000001000400000000000000000000/64
Priority: 10
Action entry: SixflowIngress.routing.set_next_hop - 02, 00aa00000003
Life: 120ms since hit, timeout is 0ms
==========
Dumping default entry
Action entry: NoAction -
==========
"""
MC = """==========
MC ENTRIES
**********
mgrp(1)
  -> (L1h=0, rid=0) -> (ports=[3], lags=[])
  -> (L1h=1, rid=1) -> (ports=[1, 2], lags=[])
**********
mgrp(7)
  -> (L1h=4, rid=0) -> (ports=[2], lags=[])
==========
LAGS
==========
"""


class ParsingTest(unittest.TestCase):
    def test_tables_with_entries_only(self):
        self.assertEqual(["SixflowIngress.station.host_port", "SixflowIngress.routing.routing_v6"],
                         t.parse_tables(TABLES))

    def test_entries_without_handles_or_hit_times(self):
        dumped = t.parse_table_dump(DUMP)
        self.assertEqual(2, len(dumped))
        self.assertEqual([["0x0"], ["0x3"]], list(dumped.values()))
        self.assertTrue(all("Life" not in body and "Dumping" not in body for body in dumped))
        self.assertIn("Priority: 10", list(dumped)[1])

    def test_groups_with_their_nodes_keyed_without_node_handles(self):
        self.assertEqual({"mgrp(1) -> (L1h=*, rid=0) -> (ports=[3], lags=[]) "
                          "-> (L1h=*, rid=1) -> (ports=[1, 2], lags=[])":
                          "mgrp(1) -> (L1h=0, rid=0) -> (ports=[3], lags=[]) "
                          "-> (L1h=1, rid=1) -> (ports=[1, 2], lags=[])",
                          "mgrp(7) -> (L1h=*, rid=0) -> (ports=[2], lags=[])":
                          "mgrp(7) -> (L1h=4, rid=0) -> (ports=[2], lags=[])"}, t.parse_mc_dump(MC))


class CompareTest(unittest.TestCase):
    @staticmethod
    def snapshot(entries, groups=None):
        """{switch: (entries, handles, groups)} from {table: {body: handle}} and {group: with handles}."""
        counted = {table: collections.Counter(list(rows)) for table, rows in entries.items()}
        handles = {table: {body: [h] for body, h in rows.items()} for table, rows in entries.items()}
        return {"s1": (counted, handles, groups or {})}

    def test_same_entries_same_handles_is_no_change(self):
        before = self.snapshot({"t": {"a": "0x0", "b": "0x1"}}, {"mgrp(1) x": "mgrp(1) x0"})
        self.assertEqual({"gone": {}, "added": {}, "rewritten": {}, "groups_gone": {}, "groups_added": {},
                          "groups_rewritten": {}}, t.compare_snapshots(before, before))

    def test_gone_added_rewritten_and_groups(self):
        before = self.snapshot({"t": {"a": "0x0", "b": "0x1"}}, {"mgrp(1) x": "mgrp(1) x0", "mgrp(3) z": "mgrp(3) z0"})
        after = self.snapshot({"t": {"a": "0x5", "c": "0x6"}}, {"mgrp(2) y": "mgrp(2) y0", "mgrp(3) z": "mgrp(3) z9"})
        diff = t.compare_snapshots(before, after)
        self.assertEqual({"s1": ["t: b"]}, diff["gone"])
        self.assertEqual({"s1": ["t: c"]}, diff["added"])
        self.assertEqual({"s1": ["t: a"]}, diff["rewritten"])
        self.assertEqual({"s1": ["mgrp(1) x"]}, diff["groups_gone"])
        self.assertEqual({"s1": ["mgrp(2) y"]}, diff["groups_added"])
        self.assertEqual({"s1": ["mgrp(3) z"]}, diff["groups_rewritten"])


class StreamTest(unittest.TestCase):
    def test_loss_dated_by_the_senders_schedule_around_the_stop(self):
        # 10 packets at 10 pps from t=100 s; the stop at 100.45 s; packets 3, 6 and 7 missing,
        # each packet received 5 ms after it was sent, packet 2 twice (a duplicate).
        start = 100 * 10**9
        arrivals = [(start + i * 10**8 + 5 * 10**6, (1, i, start + i * 10**8)) for i in range(10) if i not in (3, 6, 7)]
        arrivals.append(arrivals[2])
        figures = t.stream_figures(arrivals, 10, 10, 100.45)
        self.assertEqual((7, 3, 1), (figures["received"], figures["lost"], figures["duplicates"]))
        self.assertEqual((1, 2), (figures["lost_before_stop"], figures["lost_after_stop"]))
        self.assertEqual({"-1s": 1, "+0s": 2}, figures["lost_per_second"])
        self.assertEqual([5.0, 5.0], figures["delay_before_ms"])
        self.assertEqual(300.0, figures["longest_silence_ms"])   # 5 -> 8
        self.assertAlmostEqual(0.055, figures["longest_silence_at_s"], places=2)

    def test_nothing_received(self):
        figures = t.stream_figures([], 5, 10, 100.0)
        self.assertEqual((0, 5), (figures["received"], figures["lost"]))


if __name__ == "__main__":
    unittest.main()
