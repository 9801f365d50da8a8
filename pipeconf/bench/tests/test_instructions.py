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


# The shape of a callgrind output file's calls (abridged): functions are numbered, a number named
# the first time it appears, whether in an fn= or a cfn= line.
CALLGRIND = """version: 1
creator: callgrind-3.19.0
events: Ir
fn=(1) SimpleSwitch::ingress_thread()
0 10
cfn=(2) bm::Parser::parse(bm::Packet*) const
calls=3 0
0 300
cfn=(3) bm::Pipeline::apply(bm::Packet*)
calls=6 0
0 600
fn=(4) bm::Deparser::deparse(bm::Packet*) const
0 40
fn=(5) SimpleSwitch::receive_(unsigned int, char const*, int)
0 5
cfn=(2)
calls=2 0
0 200
cfn=(4)
calls=7 0
0 280
fn=(2)
0 500
"""


class CallsTest(unittest.TestCase):
    def test_calls_from_every_caller_by_the_functions_number(self):
        self.assertEqual(instructions.call_counts(CALLGRIND, [instructions.PARSER])[instructions.PARSER], 5)
        self.assertEqual(instructions.call_counts(CALLGRIND, ["bm::Pipeline::apply("])["bm::Pipeline::apply("], 6)

    def test_a_function_first_named_in_an_fn_line_is_known_when_called_by_number(self):
        self.assertEqual(instructions.call_counts(CALLGRIND, ["bm::Deparser::deparse("])["bm::Deparser::deparse("], 7)

    def test_a_function_never_called_has_no_calls(self):
        name = "SimpleSwitch::ingress_thread("
        self.assertEqual(instructions.call_counts(CALLGRIND, [name])[name], 0)

    def test_several_functions_counted_in_one_pass(self):
        counts = instructions.call_counts(CALLGRIND, [instructions.PARSER, "bm::Deparser::deparse(", "nothing("])
        self.assertEqual(counts, {instructions.PARSER: 5, "bm::Deparser::deparse(": 7, "nothing(": 0})


# A pipeline's steps in callgrind_annotate's inclusive output (abridged from a run of core's TE).
STEPS_ANNOTATE = """ 1,000 (100.0%)  PROGRAM TOTALS
 97,486,000 (37.9%)  ???:bm::MatchActionTable::operator()(bm::Packet*) const [/opt/bmv2-bench/bin/simple_switch_grpc]
 48,254,000 (18.8%)  ???:bm::ActionPrimitive<bm::Data&, bm::Data const&>::execute(bm::ActionEngineState*, bm::ActionParam const*) [/opt/bmv2-bench/bin/simple_switch_grpc]
 16,196,000 ( 6.3%)  ???:add_header::operator()(bm::Header&) [/opt/bmv2-bench/bin/simple_switch_grpc]
"""


class StepsTest(unittest.TestCase):
    def setUp(self):
        _, self.functions = instructions.parse_annotate(STEPS_ANNOTATE)
        names = dict(instructions.STEPS)
        self.counts = {names["tables"]: 15590, names["field writes"]: 39070, names["setValid"]: 5870,
                       names["conditions"]: 0}

    def test_calls_and_instructions_per_frame_and_a_step_never_run_zero(self):
        result = instructions.steps(self.functions, self.counts, 970)
        self.assertAlmostEqual(result["tables"][0], 16.072, places=3)
        self.assertAlmostEqual(result["tables"][1], 100501.031, places=3)
        self.assertAlmostEqual(result["field writes"][0], 40.278, places=3)
        self.assertAlmostEqual(result["setValid"][1], 16696.907, places=3)
        self.assertEqual(result["conditions"], (0.0, 0.0))
        self.assertEqual(result["hashes"], (0.0, 0.0))

    def test_table_gives_calls_then_thousands_of_instructions_per_step(self):
        steps = instructions.steps(self.functions, self.counts, 970)
        lines = instructions.steps_table({"sixflow": {"steps": steps}}).splitlines()
        self.assertEqual(lines[0].split()[:3], ["program", "tables", "conditions"])
        self.assertEqual(lines[2].split()[:5], ["sixflow", "16.07", "(100.5)", "0.00", "(0.0)"])
        self.assertEqual(lines[2].split()[5:7], ["40.28", "(49.7)"])


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
        router = {"sent": 10, "frames": 10, "total": 90000.0, "work": 40000.0, "rest": 50000.0,
                  "parts": {label: 8000.0 for label, _ in instructions.PARTS}}
        sixflow = {"sent": 10, "frames": 9, "total": 130000.0, "work": 100000.0, "rest": 30000.0,
                   "parts": {label: 20000.0 for label, _ in instructions.PARTS}}
        lines = instructions.table({"minimal-router": router, "sixflow": sixflow}).splitlines()
        self.assertEqual(lines[2].split()[-4:], ["40.0", "1.00", "50.0", "90.0"])
        self.assertEqual(lines[3].split()[-4:], ["100.0", "2.50", "30.0", "130.0"])
        # frames sent, then frames the switch parsed (the counts' divisor)
        self.assertEqual(lines[0].split()[1:3], ["sent", "parsed"])
        self.assertEqual(lines[3].split()[1:3], ["10", "9"])


class LostAfterParsingTest(unittest.TestCase):
    @staticmethod
    def run_of(sent, rows):
        return {"sent": sent, "rows": [{"sent": s, "received": r} for s, r in rows]}

    def test_every_parsed_frame_delivered_loses_nothing_after_parsing(self):
        self.assertEqual(instructions.lost_after_parsing(self.run_of(1000, [(1000, 965)]), 965), 0)

    def test_parsed_frames_not_delivered_are_lost_after_parsing(self):
        self.assertEqual(instructions.lost_after_parsing(self.run_of(1000, [(1000, 700)]), 750), 50)

    def test_a_frame_lost_before_parsing_takes_its_share_of_a_trees_copies(self):
        # two copies a frame: 20 frames never parsed are 40 copies, 10 more copies missing
        run = self.run_of(100, [(100, 75), (100, 75)])
        self.assertEqual(instructions.lost_after_parsing(run, 80), 10)


if __name__ == "__main__":
    unittest.main()
