#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Reference values for the experiments' result figures, computed independently of the Java code:
SciPy for the t-distribution confidence interval, Welch's t-test and the normal model of the
overhead K (checked against the APN6 study's own table too), NumPy for the stability distribution,
plain Python for RFC 3550 jitter and sequence accounting (loss, duplicates, RFC 4737 reordering),
and the lab's hosttools.py for a probe frame byte for byte. Regenerate with
  python3 -m venv /tmp/v && /tmp/v/bin/pip install numpy scipy
  /tmp/v/bin/python app/src/test/resources/experiments/make_fixture.py
The inputs are written too, so the Java tests read exactly what the reference saw."""

import json
import os
import sys

import numpy as np
from scipy import stats

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "..", "..", "..", "..", "lab", "net"))
import hosttools  # noqa: E402  (stdlib only)

rng = np.random.default_rng(20240316)


def confidence(means, level=0.95):
    means = np.asarray(means, dtype=float)
    s = float(np.std(means, ddof=1))
    t = float(stats.t.ppf(1 - (1 - level) / 2, len(means) - 1))
    return {"means": means.tolist(), "level": level, "mean": float(np.mean(means)),
            "halfWidth": t * s / np.sqrt(len(means))}


def welch(a, b):
    result = stats.ttest_ind_from_stats(a["mean"], a["stdev"], a["count"], b["mean"], b["stdev"], b["count"],
                                        equal_var=False)
    return {"a": a, "b": b, "pValue": float(result.pvalue)}


def rfc3550(transit):
    j = 0.0
    for i in range(1, len(transit)):
        j += (abs(transit[i] - transit[i - 1]) - j) / 16.0
    return j


def accounting(first, sent, arrivals):
    seen, received, duplicates, reordered, highest = set(), 0, 0, 0, None
    for n in arrivals:
        if n < first or n >= first + sent:
            continue
        if n in seen:
            duplicates += 1
            continue
        seen.add(n)
        received += 1
        if highest is not None and n < highest:
            reordered += 1
        else:
            highest = n
    return {"first": first, "sent": sent, "arrivals": arrivals, "received": received, "lost": sent - received,
            "duplicates": duplicates, "reordered": reordered}


def stability(ingress, delta):
    ingress, delta = np.asarray(ingress, dtype=np.int64), np.asarray(delta, dtype=np.int64)
    gaps = np.diff(ingress)
    keep = gaps > 0
    ratios = np.abs(np.diff(delta))[keep] / gaps[keep]
    edges = [0.0, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0, np.inf]
    bins, _ = np.histogram(ratios, bins=edges)
    return {"ingress": ingress.tolist(), "delta": delta.tolist(), "count": int(len(ratios)),
            "mean": float(np.mean(ratios)), "p50": float(np.percentile(ratios, 50)),
            "p90": float(np.percentile(ratios, 90)), "p99": float(np.percentile(ratios, 99)),
            "max": float(np.max(ratios)), "bins": bins.tolist()}


def overhead(baseline_mean, feature_mean, feature_stdev, thresholds, mean_thresholds, n):
    k_mean = (feature_mean - baseline_mean) / baseline_mean
    k_stdev = feature_stdev / baseline_mean
    return {"baselineMean": baseline_mean, "featureMean": feature_mean, "featureStdev": feature_stdev,
            "meanOf": n, "kMean": k_mean, "kStdev": k_stdev,
            "onePacket": [[t, baseline_mean * (1 + t), float(stats.norm.cdf(t, k_mean, k_stdev))]
                          for t in thresholds],
            "meanOfPackets": [[t, baseline_mean * (1 + t), float(stats.norm.cdf(t, k_mean, k_stdev / np.sqrt(n)))]
                              for t in mean_thresholds]}


# bmv2-like latencies (whole microseconds, in ns) at 1 ms: the entry times drift by a few µs.
count = 400
ingress = (np.arange(count) * 1_000_000 + rng.integers(0, 4, count) * 1000 + 5_000_000_000).tolist()
ingress[17] = ingress[16]  # the same µs tick: no ratio for that pair
delta = (rng.integers(40, 90, count) * 1000).tolist()

arrivals = list(range(0, 60))
arrivals.remove(7)                      # lost
arrivals.remove(30)
arrivals.insert(12, 30)                 # 30 overtakes 13..29: those 17 arrive after a higher number (reordered)
arrivals.insert(40, 15)                 # a duplicate
arrivals += [999]                       # outside the range: ignored

fixture = {
    "source": "numpy %s, scipy %s, make_fixture.py" % (np.__version__, __import__("scipy").__version__),
    "confidence": confidence([364.2, 363.9, 364.6, 364.1, 363.8]),
    "welch": welch({"count": 2000, "mean": 364.07436, "stdev": 0.56514087},
                   {"count": 1500, "mean": 364.1, "stdev": 0.8}),
    "jitter": {"transit": delta[:100], "jitter": rfc3550(delta[:100])},
    "sequence": accounting(0, 60, arrivals),
    "stability": stability(ingress, delta),
    # The APN6 study's table (IETF 109): the probabilities it printed are these, rounded.
    "apn6Study": dict(overhead(364.07436, 370.63256, 0.611774343, [0.018, 0.020, 0.022, 0.024],
                               [0.0180, 0.0181, 0.0182, 0.0183], 10000),
                      printed={"onePacket": [0.4968, 0.8815, 0.9911, 0.9998],
                               "meanOfPackets": [0.2134, 0.99999987, 1.0, 1.0]}),
    "frame": {"srcMac": "00:aa:00:00:00:02", "dstMac": "00:aa:00:00:00:01", "src": "fd00:1:1::10",
              "dst": "fd00:1:3::10", "sport": 40000, "dport": 6100, "hopLimit": 64, "trafficClass": 0xa1,
              "flowLabel": 123456, "flowId": 42, "sentNanos": 1_700_000_000_123_456_789, "frameSize": 128,
              "hex": hosttools.udp_frame("00:aa:00:00:00:02", "00:aa:00:00:00:01", "fd00:1:1::10", "fd00:1:3::10",
                                         40000, 6100, hosttools.payload(42, 123456, 1_700_000_000_123_456_789,
                                                                        128 - 62), 64, 0xa1, 123456).hex()},
}
with open(os.path.join(here, "reference.json"), "w") as f:
    json.dump(fixture, f, indent=1)
    f.write("\n")
