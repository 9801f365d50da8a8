# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""instructions.py: reading callgrind_annotate's inclusive counts, the parts per frame, the table."""

import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import instructions  # noqa: E402

# The shape of `callgrind_annotate --inclusive=yes` output (abridged from a real run).
ANNOTATE = """--------------------------------------------------------------------------------
Ir
--------------------------------------------------------------------------------
347,158,514 (100.0%)  PROGRAM TOTALS

--------------------------------------------------------------------------------
Ir                   file:function
--------------------------------------------------------------------------------
216,278,099 (62.30%)  ???:bm::Field::export_bytes() [/opt/bmv2-bench/bin/simple_switch_grpc]
123,619,197 (35.61%)  ???:bm::PHV::reset_metadata() [/opt/bmv2-bench/bin/simple_switch_grpc]
 92,325,076 (26.59%)  ???:bm::Pipeline::apply(bm::Packet*) [/opt/bmv2-bench/bin/simple_switch_grpc]
 37,429,489 (10.78%)  ???:bm::Packet::~Packet() [/opt/bmv2-bench/bin/simple_switch_grpc]
 22,966,268 ( 6.62%)  ???:bm::Parser::parse(bm::Packet*) const [/opt/bmv2-bench/bin/simple_switch_grpc]
  7,388,167 ( 2.13%)  ./malloc/./malloc/arena.c:free
"""


class ParseAnnotateTest(unittest.TestCase):
    def test_total_and_inclusive_counts_by_function(self):
        total, functions = instructions.parse_annotate(ANNOTATE)
        self.assertEqual(total, 347158514)
        self.assertEqual(functions["bm::PHV::reset_metadata()"], 123619197)
        self.assertEqual(functions["bm::Parser::parse(bm::Packet*) const"], 22966268)
        self.assertEqual(functions["free"], 7388167)

    def test_output_without_totals_is_refused(self):
        with self.assertRaises(ValueError):
            instructions.parse_annotate("nothing here\n")


class BreakdownTest(unittest.TestCase):
    def test_parts_per_frame_a_const_signature_found_by_its_name_and_a_missing_part_zero(self):
        total, functions = instructions.parse_annotate(ANNOTATE)
        result = instructions.breakdown(total, functions, 2000)
        self.assertAlmostEqual(result["total"], 173579.257)
        self.assertAlmostEqual(result["parts"]["metadata reset"], 61809.5985)
        self.assertAlmostEqual(result["parts"]["parser"], 11483.134)
        self.assertEqual(result["parts"]["deparser"], 0)
        self.assertAlmostEqual(result["work"], sum(result["parts"].values()))
        self.assertAlmostEqual(result["rest"], result["total"] - result["work"])

    def test_table_gives_thousands_per_frame_and_the_work_against_the_routers(self):
        router = {"frames": 10, "total": 90000.0, "work": 40000.0, "rest": 50000.0,
                  "parts": {label: 8000.0 for label, _ in instructions.PARTS}}
        sixflow = {"frames": 10, "total": 130000.0, "work": 100000.0, "rest": 30000.0,
                   "parts": {label: 20000.0 for label, _ in instructions.PARTS}}
        lines = instructions.table({"minimal-router": router, "sixflow": sixflow}).splitlines()
        self.assertEqual(lines[2].split()[-4:], ["40.0", "1.00", "50.0", "90.0"])
        self.assertEqual(lines[3].split()[-4:], ["100.0", "2.50", "30.0", "130.0"])


if __name__ == "__main__":
    unittest.main()
