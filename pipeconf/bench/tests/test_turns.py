# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""A program's turns joined into one result (turns.py), and the pass table judging each turn."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import report_table  # noqa: E402
import turns  # noqa: E402
from test_report_table import minimal, result, row  # noqa: E402


def turn(program, number, rows, **fields):
    r = result(program, rows)
    r.update({"turn": number, "seed": number, "elapsed_s": 1.0, "late_sends": 0,
              "switch_cpu_us_per_frame": 10.0 * number, "load_average": 0.5 * number, "cpus": 2}, **fields)
    return r


def test_one_turn_is_its_own_result():
    only = turn("sixflow", 1, [row("ipv6", 100.0)])
    assert turns.join([only]) is only


def test_turns_join_series_sum_counts_and_number_lost_frames_across_the_pass():
    first = turn("sixflow", 1, [row("ipv6", 100.0), row("apn6-insert", 120.0)])
    second = turn("sixflow", 2, [row("ipv6", 200.0, received=198), row("apn6-insert", 220.0)],
                  interval_mean_us=3000.0, interval_p99_us=5000.0, steal_ms=110.0)
    first["rows"][0]["lost_seqs"], second["rows"][0]["lost_seqs"] = [], [7, 9]
    joined = turns.join([first, second])
    ipv6 = joined["rows"][0]
    assert ipv6["wire"] == first["rows"][0]["wire"] + second["rows"][0]["wire"]
    assert (ipv6["sent"], ipv6["received"]) == (400, 398)
    # Sequence numbers of the second turn follow the first turn's 400 frames.
    assert ipv6["lost_seqs"] == [407, 409]
    assert joined["sent"] == 800 and joined["count"] == 400
    assert joined["interval_mean_us"] == 2000.0 and joined["interval_p99_us"] == 5000.0
    assert joined["switch_cpu_us_per_frame"] == 15.0
    assert joined["load_average"] == 1.0 and joined["seed"] == [1, 2]
    assert joined["steal_ms"] == 110.0
    assert joined["turns"] == [first, second]


def test_a_pass_groups_by_program_in_the_order_given_and_each_program_by_turn():
    results = [turn("minimal-router", 2, [row("minimal router", 60.0)]),
               turn("minimal-router", 1, [row("minimal router", 50.0)]),
               turn("sixflow", 1, [row("ipv6", 100.0)])]
    joined = turns.join_pass(results)
    assert [r["program"] for r in joined] == ["minimal-router", "sixflow"]
    assert joined[0]["rows"][0]["wire"][:1] == [50.0]


def test_turns_of_other_programs_or_rows_are_refused():
    with pytest.raises(ValueError, match="more than one program"):
        turns.join([turn("sixflow", 1, [row("ipv6", 1.0)]), turn("minimal-router", 2, [row("ipv6", 1.0)])])
    with pytest.raises(ValueError, match="different rows"):
        turns.join([turn("sixflow", 1, [row("ipv6", 1.0)]), turn("sixflow", 2, [row("apn6-insert", 1.0)])])


def test_a_queue_in_one_turn_withholds_the_programs_ratios(capsys):
    # The second turn lost frames; joined, the program has 398 of 400 and is named with its turn.
    sixflow = turns.join([turn("sixflow", 1, [row("ipv6", 100.0)]),
                          turn("sixflow", 2, [row("ipv6", 100.0, received=198)])])
    router = turns.join([turn("minimal-router", 1, [row("minimal router", 50.0)]),
                         turn("minimal-router", 2, [row("minimal router", 50.0)])])
    assert report_table.print_pass([router] + minimal()[1:] + [sixflow]) is True
    out = capsys.readouterr().out
    assert "sixflow: SWITCH QUEUED at 1,000 pps, no ratios: turn 2 of 2: ipv6: lost 2 of 200" in out
    assert "the hypervisor took" not in out
    assert "in 2 turns of each program" in out
    assert "goal: Sixflow ipv6" not in out


def test_a_slow_turn_is_no_queue_when_each_turn_is_steady(capsys):
    # Each turn steady, the second slower (the machine's moment): joined, the series' last tenth is
    # slower than its first, which in one run would look like a growing queue; per turn it is not.
    sixflow = turns.join([turn("sixflow", 1, [row("ipv6", 100.0)]), turn("sixflow", 2, [row("ipv6", 700.0)])])
    router = turns.join([turn("minimal-router", 1, [row("minimal router", 50.0)]),
                         turn("minimal-router", 2, [row("minimal router", 60.0)])])
    assert report_table.print_pass([router] + minimal()[1:] + [sixflow]) is False
    assert "goal: Sixflow ipv6 / minimal router: mean 7.05x" in capsys.readouterr().out


def test_time_the_hypervisor_took_is_said(capsys):
    sixflow = turns.join([turn("sixflow", 1, [row("ipv6", 100.0)], steal_ms=20.0),
                          turn("sixflow", 2, [row("ipv6", 100.0)], steal_ms=100.0)])
    report_table.print_pass(minimal() + [sixflow])
    assert "the hypervisor took 120 ms of the CPUs' time meanwhile" in capsys.readouterr().out
