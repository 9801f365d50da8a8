# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Statistics of one latency series and whether the switch queued while it was measured.

A software switch that cannot keep up does not fail: it queues, and every packet's latency then
measures the queue, not the pipeline. Ratios between two queued series say nothing about the
programs (the issue that brought this in: 3,000 packets per class at 1 ms, means of 32 ms, every
ratio 1.00). So a series is judged before it is compared, on evidence a queue leaves:
- loss: a queue that fills drops;
- occupancy: a packet that takes longer than the gap to the next one has that one waiting
  behind it (Little's law: mean latency / mean gap is the mean number of packets inside);
- trend: a queue that grows makes the last packets slower than the first.
Pure functions: no sockets, no switch (tests/test_latency_stats.py)."""

import math
import statistics
from dataclasses import dataclass, field

# A series queued when more than this share of its packets, and at least LATE_MIN of them, took
# longer than the send interval (a stall of the host, a few per run, delays one or two packets;
# a queue delays every packet that arrives while it drains).
LATE_SHARE_LIMIT = 0.01
LATE_MIN = 5
# ... or when the median of its last tenth exceeds that of its first tenth by this factor and by
# at least this share of the interval (a machine getting busier slows packets by tens of µs, a
# growing queue by whole intervals).
TREND_FACTOR = 2.0
TREND_MIN_SHARE_OF_INTERVAL = 0.25
# ... or when it lost more than this share of its packets (a netns has no other cause of loss).
LOSS_LIMIT = 0.0


def percentile(values, p):
    """The p-th percentile (0..100) by linear interpolation between closest ranks; nan if empty."""
    if not values:
        return math.nan
    ordered = sorted(values)
    rank = (len(ordered) - 1) * p / 100.0
    low = math.floor(rank)
    high = math.ceil(rank)
    return ordered[low] + (ordered[high] - ordered[low]) * (rank - low)


@dataclass(frozen=True)
class Summary:
    """What the studies report of a series (µs), plus its median, 99th percentile and 1st
    percentile (the floor without the few luckiest packets: a minimum of thousands of samples on
    a shared machine is an extreme value that moves by tens of µs between runs)."""
    n: int
    mean: float
    stdev: float
    min: float
    max: float
    p50: float
    p99: float
    p1: float


def summarize(values):
    """Summary of a series; a series of one has stdev 0, an empty one nan figures."""
    if not values:
        nan = math.nan
        return Summary(0, nan, nan, nan, nan, nan, nan, nan)
    return Summary(len(values), statistics.fmean(values),
                   statistics.stdev(values) if len(values) > 1 else 0.0,
                   min(values), max(values), percentile(values, 50), percentile(values, 99),
                   percentile(values, 1))


def gaps(timestamps):
    """The gaps between consecutive send timestamps (any unit), in order; unsorted input is kept
    as given, so a negative gap shows a clock or matching fault instead of hiding it."""
    return [b - a for a, b in zip(timestamps, timestamps[1:])]


@dataclass(frozen=True)
class Interval:
    """The achieved send interval: mean and 99th percentile of the actual gaps, and the packet
    rate the mean makes."""
    mean: float
    p99: float

    @property
    def pps(self):
        return 1e6 / self.mean if self.mean > 0 else math.nan


def achieved_interval(timestamps_us):
    """Achieved interval of packets sent at these times (µs); nan when fewer than two."""
    g = gaps(timestamps_us)
    if not g:
        return Interval(math.nan, math.nan)
    return Interval(statistics.fmean(g), percentile(g, 99))


def tenth_medians(series):
    """Medians of the first and the last tenth of a series in send order (at least one value
    each); (nan, nan) for an empty series."""
    if not series:
        return math.nan, math.nan
    k = max(1, len(series) // 10)
    return statistics.median(series[:k]), statistics.median(series[-k:])


@dataclass(frozen=True)
class Verdict:
    """Whether a series measured a queue, and the evidence, in words a reader can check."""
    queued: bool
    reasons: tuple = field(default_factory=tuple)


def judge(latencies_us, interval_us, sent, received):
    """Judges one series: latencies in send order (µs), the achieved mean gap between the
    switch's packets (µs), packets sent and received (a copy counts once per expected copy)."""
    reasons = []
    lost = sent - received
    if sent > 0 and lost / sent > LOSS_LIMIT:
        reasons.append(f"lost {lost} of {sent}")
    if latencies_us and interval_us > 0:
        late = sum(1 for v in latencies_us if v > interval_us)
        if late >= LATE_MIN and late / len(latencies_us) > LATE_SHARE_LIMIT:
            # The share of time the switch held a packet past the next one's arrival: a queue, or
            # the switch not running (a busy host), which no lower rate cures.
            reasons.append(f"{100.0 * late / len(latencies_us):.1f}% of packets took longer than the "
                           f"{interval_us:.0f} µs send interval")
        occupancy = statistics.fmean(latencies_us) / interval_us
        if occupancy >= 1.0:
            reasons.append(f"mean latency {occupancy:.1f} send intervals (packets waited behind others)")
        first, last = tenth_medians(latencies_us)
        if last > TREND_FACTOR * first and last - first > TREND_MIN_SHARE_OF_INTERVAL * interval_us:
            reasons.append(f"latency rose over the run (median {first:.0f} µs first tenth, "
                           f"{last:.0f} µs last tenth)")
    return Verdict(bool(reasons), tuple(reasons))
