# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The benchmark's statistics and saturation detection (latency_stats.py), on made-up series."""

import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import latency_stats as ls  # noqa: E402

INTERVAL = 1000.0  # µs


def flat_series(n=3000, seed=1):
    """A switch that keeps up: ~64 µs with noise and two host stalls of a few ms."""
    rng = random.Random(seed)
    series = [rng.gauss(64, 8) for _ in range(n)]
    series[n * 7 // 30] = 3500.0
    series[n * 7 // 10] = 4200.0
    return series


def queued_series(n=3000):
    """A switch that cannot keep up: every packet waits a little longer than the one before."""
    return [64.0 + 30.0 * i for i in range(n)]


def test_summary_figures():
    s = ls.summarize([1.0, 2.0, 3.0, 4.0, 10.0])
    assert (s.n, s.mean, s.min, s.max, s.p50) == (5, 4.0, 1.0, 10.0, 3.0)
    assert math.isclose(s.stdev, 3.5355, rel_tol=1e-4)
    assert math.isclose(s.p99, 9.76)
    assert math.isclose(s.p1, 1.04)


def test_summary_of_one_and_of_none():
    assert ls.summarize([7.0]).stdev == 0.0
    empty = ls.summarize([])
    assert empty.n == 0 and math.isnan(empty.mean) and math.isnan(empty.p99)


def test_percentile_interpolates_between_ranks():
    assert ls.percentile([10, 20], 50) == 15
    assert ls.percentile([5, 1, 3], 0) == 1
    assert ls.percentile([5, 1, 3], 100) == 5


def test_achieved_interval_from_send_times():
    sent = [0.0, 1000.0, 2000.0, 3500.0, 4500.0]
    interval = ls.achieved_interval(sent)
    assert interval.mean == 1125.0
    assert math.isclose(interval.p99, 1485.0)
    assert math.isclose(interval.pps, 888.888, rel_tol=1e-4)


def test_achieved_interval_needs_two_packets():
    assert math.isnan(ls.achieved_interval([5.0]).mean)


def test_gaps_keep_order_so_a_fault_shows():
    assert ls.gaps([0, 10, 5]) == [10, -5]


def test_flat_series_is_not_queued():
    verdict = ls.judge(flat_series(), INTERVAL, sent=3000, received=3000)
    assert not verdict.queued, verdict.reasons


def test_growing_queue_is_detected():
    verdict = ls.judge(queued_series(), INTERVAL, sent=3000, received=3000)
    assert verdict.queued
    assert any("rose over the run" in r for r in verdict.reasons)
    assert any("longer than the 1000 µs send interval" in r for r in verdict.reasons)


def test_standing_queue_without_trend_is_detected():
    """Queued from the first packet on (the issue's run: means of 32 ms at 1 ms): no trend, but
    every packet outlasts the interval."""
    verdict = ls.judge([32000.0] * 3000, INTERVAL, sent=3000, received=3000)
    assert verdict.queued
    assert not any("rose" in r for r in verdict.reasons)
    assert any("32.0 send intervals" in r for r in verdict.reasons)


def test_bursts_of_stalls_are_detected():
    """A switch descheduled now and then: each stall backs up the packets behind it."""
    series = flat_series()
    for start in (300, 1500, 2600):
        for i in range(40):
            series[start + i] = 40000.0 - 1000.0 * i
    verdict = ls.judge(series, INTERVAL, sent=3000, received=3000)
    assert verdict.queued
    assert any("4.0% of packets" in r for r in verdict.reasons)


def test_loss_is_counted_and_queues():
    verdict = ls.judge(flat_series(n=2990), INTERVAL, sent=3000, received=2990)
    assert verdict.queued
    assert verdict.reasons == ("lost 10 of 3000",)


def test_a_few_late_packets_are_host_stalls():
    series = flat_series(n=300)
    series[10] = series[11] = 1500.0
    assert not ls.judge(series, INTERVAL, sent=300, received=300).queued


def test_slower_machine_is_not_a_queue():
    """The run getting tens of µs slower (other builds starting) is no queue."""
    series = [64.0] * 1500 + [150.0] * 1500
    assert not ls.judge(series, INTERVAL, sent=3000, received=3000).queued


def test_tenth_medians():
    assert ls.tenth_medians(list(range(100))) == (4.5, 94.5)
    assert ls.tenth_medians([3.0]) == (3.0, 3.0)
