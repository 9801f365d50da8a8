# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""drops.py: the drop reasons from the P4 sources, the CLI's counter answers, what grew."""

import collections
import unittest

import drops

Host = collections.namedtuple("Host", "name switch port")

# simple_switch_CLI's answers to counter_read, as bmv2 1.15's prints them with stdin not a
# terminal (as read from the lab's switches).
CLI = """Obtaining JSON from switch...
Done
Control utility for runtime P4 table manipulation
RuntimeCmd: SixflowIngress.drop_counter[1]= (342 bytes, 3 packets)
RuntimeCmd: SixflowIngress.drop_counter[9]= (1254 bytes, 11 packets)
RuntimeCmd: SixflowIngress.drop_counter[10]= (0 bytes, 0 packets)
RuntimeCmd: SixflowEgress.egress_drop_counter[12]= (3000 bytes, 2 packets)
RuntimeCmd: SixflowIngress.other_counter[4]= (0 bytes, 7 packets)
RuntimeCmd: 
"""
# Older simple_switch_CLIs print a counter's value as Thrift's object.
OLDER_CLI = """RuntimeCmd: SixflowIngress.drop_counter[9]=  BmCounterValue(packets=11, bytes=1254)
RuntimeCmd: SixflowEgress.egress_drop_counter[12]=  BmCounterValue(packets=2, bytes=3000)
"""


class FakeLab:
    """Answers counter_read as simple_switch_CLI does: packets per (counter, cell), 0 unless given;
    one cell may answer with an error instead."""

    def __init__(self, packets, refuse=None):
        self.switches = dict.fromkeys(packets)
        self.packets = packets
        self.refuse = refuse
        self.sessions = []

    def switch_cli(self, switch, *commands):
        self.sessions.append(switch)
        lines = []
        for command in commands:
            _, counter, cell = command.split()
            if (counter, int(cell)) == self.refuse:
                lines.append("RuntimeCmd: Invalid counter operation (INVALID_INDEX)")
                continue
            n = self.packets[switch].get((counter, int(cell)), 0)
            lines.append("RuntimeCmd: %s[%s]= (%d bytes, %d packets)" % (counter, cell, 100 * n, n))
        return "\n".join(lines) + "\n"


class DropsTest(unittest.TestCase):
    def test_reasons_are_define_p4s_names_without_none_or_the_count(self):
        reasons = drops.reasons()
        self.assertEqual(reasons[1], "DROP_NO_ROUTE")
        self.assertEqual(reasons[9], "DROP_MSR6_NO_GROUP")
        self.assertNotIn(0, reasons)
        self.assertNotIn("DROP_REASON_COUNT", reasons.values())
        self.assertLess(max(reasons), drops.p4defines.DROP_REASON_COUNT)

    def test_cells_parsed_by_counter_from_the_cli_answers_behind_its_prompt(self):
        self.assertEqual(drops.parse(CLI), {("ingress", 1): 3, ("ingress", 9): 11, ("ingress", 10): 0,
                                            ("egress", 12): 2})

    def test_cells_parsed_from_an_older_clis_answers(self):
        self.assertEqual(drops.parse(OLDER_CLI), {("ingress", 9): 11, ("egress", 12): 2})

    def test_an_answer_that_is_no_counter_value_is_no_cell(self):
        self.assertEqual(drops.parse("RuntimeCmd: Invalid counter operation (INVALID_INDEX)\n"), {})

    def test_a_reading_has_every_cell_of_both_counters_on_every_switch(self):
        lab = FakeLab({"wuhan": {("SixflowIngress.drop_counter", 9): 4}, "nanjing": {}})
        counts = drops.read(lab)
        cells = len(drops.reasons())
        self.assertEqual(len(counts), 2 * 2 * cells)
        self.assertEqual(counts[("wuhan", "ingress", 9)], 4)
        self.assertEqual(counts[("wuhan", "egress", 9)], 0)
        self.assertEqual(lab.sessions, ["nanjing", "wuhan"])

    def test_a_reading_with_a_cell_unanswered_is_refused(self):
        lab = FakeLab({"wuhan": {}}, refuse=("SixflowEgress.egress_drop_counter", 12))
        with self.assertRaisesRegex(RuntimeError, "wuhan answered %d of the %d"
                                    % (2 * len(drops.reasons()) - 1, 2 * len(drops.reasons()))):
            drops.read(lab)

    def test_sent_to_reads_each_hosts_switch_port(self):
        lab = FakeLab({"wuhan": {("SixflowEgress.egress_port_counter", 3): 1750}, "nanjing": {}})
        hosts = [Host("h_a", "wuhan", 3), Host("h_b", "nanjing", 1)]
        self.assertEqual(drops.sent_to(lab, hosts), {"h_a": 1750, "h_b": 0})

    def test_sent_to_refuses_a_port_unanswered(self):
        lab = FakeLab({"wuhan": {}}, refuse=("SixflowEgress.egress_port_counter", 3))
        with self.assertRaisesRegex(RuntimeError, "wuhan did not answer its port 3's counter"):
            drops.sent_to(lab, [Host("h_a", "wuhan", 3)])

    def test_grown_names_switch_place_and_reason_of_each_increase(self):
        before = {("wuhan", "ingress", 9): 2, ("nanjing", "egress", 12): 5}
        after = {("wuhan", "ingress", 9): 13, ("nanjing", "egress", 12): 5, ("beijing", "egress", 12): 1}
        self.assertEqual(drops.grown(before, after),
                         "beijing egress DROP_MTU_EXCEEDED +1, wuhan ingress DROP_MSR6_NO_GROUP +11")

    def test_nothing_grown_says_so(self):
        self.assertEqual(drops.grown({("wuhan", "ingress", 9): 2}, {("wuhan", "ingress", 9): 2}),
                         "no switch counted a drop")


if __name__ == "__main__":
    unittest.main()
