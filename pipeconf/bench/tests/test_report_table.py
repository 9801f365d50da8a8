# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The pass table (report_table.py): ratios and goals only where no switch queued."""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import report_table  # noqa: E402


def row(name, latency, n=200, received=None):
    return {"name": name, "sent": n, "received": n if received is None else received,
            "wire": [latency + (i % 5) for i in range(n if received is None else received)],
            "in_switch": [], "gaps": [1000.0] * n}


def result(program, rows):
    return {"program": program, "switch": "/x/simple_switch_grpc", "count": 200, "interval_ms": 1.0,
            "interval_mean_us": 1000.0, "interval_p99_us": 1100.0, "sent": 200 * len(rows),
            "tapped": 200 * len(rows), "receiver_drops": 0, "strays": 0, "reports_expected": 0,
            "reports_received": 0, "rows": rows}


def sixflow(ipv6=100.0, apn6=120.0):
    return result("sixflow", [row("ipv6", ipv6), row("apn6-insert", apn6), row("msr6-te-encap", 130.0)])


def minimal(hbh_plain=55.0):
    """The minimal programs; each feature program with its plain IPv6 row (None: without one, as
    run before those rows or with --no-baseline)."""
    hbh = [row("minimal + APN6 HBH", 60.0)]
    if hbh_plain is not None:
        hbh.insert(0, row("minimal + HBH: plain IPv6", hbh_plain))
    return [result("minimal-router", [row("minimal router", 50.0)]),
            result("minimal-hbh", hbh),
            result("minimal-mrh", [row("minimal + MRH: plain IPv6", 52.0), row("minimal + MRH encap", 65.0)])]


def test_ratios_and_goals_when_nothing_queued(capsys):
    assert report_table.print_pass(minimal() + [sixflow()]) is False
    out = capsys.readouterr().out
    assert "SWITCH QUEUED" not in out
    ipv6_line = next(line for line in out.splitlines() if line.startswith("ipv6 "))
    assert ipv6_line.split()[-2:] == ["1.96", "1.00"]  # x router (102 / 52 µs), x ipv6
    assert "+20.0 (+5.0)" in out                       # apn6-insert vs minimal + APN6 HBH over its plain row
    assert "goal: Sixflow ipv6 / minimal router: mean 1.96x, min 2.00x (goal <= 1.5x: not met); p1 2.00x" in out
    assert ("goal: apn6-insert adds +20.0 µs to Sixflow ipv6, minimal + APN6 HBH adds +5.0 µs to its own plain "
            "IPv6 frames (goal <=: not met)") in out
    assert "minimal + MRH encap adds +13.0 µs to its own plain IPv6 frames" in out


def test_the_median_beside_a_mean_a_few_slow_frames_moved(capsys):
    # Two of 200 plain Sixflow frames took 2 ms: the mean says the APN6 increment is below the
    # HBH program's, the medians that it is above it.
    results = minimal() + [sixflow()]
    plain = results[-1]["rows"][0]
    plain["wire"][:2] = [2000.0, 2000.0]
    assert report_table.print_pass(results) is False
    out = capsys.readouterr().out
    assert "goal: apn6-insert adds +1.0 µs to Sixflow ipv6" in out
    assert "(goal <=: met)" in out
    assert "  by the median: apn6-insert adds +20.0 µs, minimal + APN6 HBH +5.0 (above it)" in out
    assert "  by the median: msr6-te-encap adds +30.0 µs, minimal + MRH encap +13.0 (above it)" in out


def test_a_minimal_feature_program_without_plain_frames_is_measured_over_the_router(capsys):
    assert report_table.print_pass(minimal(hbh_plain=None) + [sixflow()]) is False
    out = capsys.readouterr().out
    assert "+20.0 (+10.0)" in out
    assert "minimal + APN6 HBH adds +10.0 µs to the minimal router" in out


def test_the_minimal_increment_needs_its_plain_row_usable(capsys):
    results = minimal()
    results[1]["rows"][0] = row("minimal + HBH: plain IPv6", 55.0, received=150)  # lost frames: queued
    report_table.print_pass(results + [sixflow()])
    out = capsys.readouterr().out
    assert "goal: apn6-insert" not in out
    assert "goal: msr6-te-encap adds" in out


def test_no_ratio_and_no_goal_when_sixflow_queued(capsys):
    assert report_table.print_pass(minimal() + [sixflow(ipv6=32000.0)]) is True
    out = capsys.readouterr().out
    assert "sixflow: SWITCH QUEUED at 1,000 pps, no ratios: ipv6:" in out
    assert "also" not in out
    ipv6_line = next(line for line in out.splitlines() if line.startswith("ipv6 "))
    assert ipv6_line.split()[-2:] == ["-", "-"]
    apn6_line = next(line for line in out.splitlines() if line.startswith("apn6-insert "))
    assert apn6_line.split()[-2:] == ["-", "-"]
    assert "goal:" not in out


def test_loss_in_the_baseline_withholds_every_ratio_to_it(capsys):
    results = minimal()
    results[0] = result("minimal-router", [row("minimal router", 50.0, received=190)])
    assert report_table.print_pass(results + [sixflow()]) is True
    out = capsys.readouterr().out
    assert "minimal-router: SWITCH QUEUED at 1,000 pps, no ratios: minimal router: lost 10 of 200" in out
    assert "lost frames' sequence numbers" not in out  # the rows say which only when measured
    ipv6_line = next(line for line in out.splitlines() if line.startswith("ipv6 "))
    assert ipv6_line.split()[-2:] == ["-", "1.00"]  # none to the router; Sixflow's own baseline holds
    assert "goal: Sixflow ipv6" not in out


def test_a_class_with_no_frame_out_is_named_as_a_broken_scenario():
    results = minimal() + [result("sixflow", [row("ipv6", 100.0), row("gtpu-decap", 0.0, received=0)])]
    assert report_table.silent_rows(results) == ["sixflow gtpu-decap"]
    assert report_table.silent_rows(minimal() + [sixflow()]) == []


def test_lost_frames_are_located_in_the_run(capsys):
    results = minimal()
    lost_row = row("minimal router", 50.0, received=197)
    lost_row["lost_seqs"], lost_row["lost_untapped"] = [3, 90, 150], 1
    results[0] = result("minimal-router", [lost_row])
    report_table.print_pass(results + [sixflow()])
    out = capsys.readouterr().out
    assert ("lost frames' sequence numbers 3..150 of 0..199, 1 of them never seen at the switch's port"
            in out)


def test_the_minimal_program_with_the_rfc_duties_is_shown_beside_the_goal(capsys):
    dutiful = result("minimal-mrh-rfc", [row("minimal MRH+RFC: plain IPv6", 54.0),
                                         row("minimal + MRH encap + RFC", 80.0)])
    assert report_table.print_pass(minimal() + [dutiful, sixflow()]) is False
    out = capsys.readouterr().out
    assert ("goal: msr6-te-encap adds +30.0 µs to Sixflow ipv6, minimal + MRH encap adds +13.0 µs to its own plain "
            "IPv6 frames (goal <=: not met)") in out
    assert ("  beside it: minimal + MRH encap + RFC (the same with the RFC duties) adds +26.0 µs (above it)") in out


def test_the_pass_says_how_its_classes_were_ordered(capsys):
    results = minimal() + [sixflow()]
    report_table.print_pass(results)
    assert "classes in a fixed order each round" in capsys.readouterr().out
    for r in results:
        r.update(order="shuffled", seed=7)
    report_table.print_pass(results)
    assert "classes shuffled each round (seed 7)" in capsys.readouterr().out


def test_each_copy_of_a_replicating_class_is_held_to_the_same_copy_of_the_minimal_program(capsys):
    replicate = result("minimal-mrh-replicate", [row("minimal MRH repl.: plain IPv6", 52.0),
                                                 row("minimal + MRH replicate copy 1", 60.0),
                                                 row("minimal + MRH replicate copy 2", 64.0)])
    own = result("sixflow", [row("ipv6", 100.0), row("msr6-replicate copy 1", 107.0),
                             row("msr6-replicate copy 2", 115.0)])
    assert report_table.print_pass(minimal() + [replicate, own]) is False
    out = capsys.readouterr().out
    assert ("goal: msr6-replicate copy 1 adds +7.0 µs to Sixflow ipv6, minimal + MRH replicate copy 1 adds "
            "+8.0 µs to its own plain IPv6 frames (goal <=: met)") in out
    assert ("goal: msr6-replicate copy 2 adds +15.0 µs to Sixflow ipv6, minimal + MRH replicate copy 2 adds "
            "+12.0 µs to its own plain IPv6 frames (goal <=: not met)") in out


def test_padded_minimal_programs_are_compared_and_never_judged_as_goals(capsys):
    assert report_table.print_pass(minimal() + [sixflow()], padded=True) is False
    out = capsys.readouterr().out
    assert "PADDED minimal programs" in out
    assert "goal" not in out.replace("the goals' yardsticks", "").replace("no goal", "")
    assert "padded: Sixflow ipv6 / minimal router: mean 1.96x, min 2.00x (the padded router: no goal)" in out
    assert ("padded: apn6-insert adds +20.0 µs to Sixflow ipv6, minimal + APN6 HBH adds +5.0 µs to its own plain "
            "IPv6 frames (above it)") in out
