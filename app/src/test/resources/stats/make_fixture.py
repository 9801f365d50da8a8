#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Reference statistics for LatencyStatisticsTest and OverheadComparisonTest, computed with
NumPy and SciPy (an implementation independent of the Java one). Regenerate with
  .venv/bin/pip install numpy scipy && .venv/bin/python app/src/test/resources/stats/make_fixture.py
The samples are written too, so the Java tests read exactly what SciPy saw."""

import json
import os

import numpy as np
from scipy import stats

rng = np.random.default_rng(20201113)
# Like the APN6 study: IPv6 forwarding around 364 ns, insertion around 370.6 ns (Tofino, ns).
baseline = np.round(rng.normal(364.0, 1.3, 2000), 3)
feature = np.round(rng.normal(370.6, 1.1, 2000), 3)
skewed = np.round(rng.exponential(5.0, 500) + 300.0, 3)


def describe(x):
    mean, std = float(np.mean(x)), float(np.std(x, ddof=1))
    ks = stats.kstest(x, "norm", args=(mean, std))
    return {
        "n": int(len(x)), "mean": mean, "stdev": std, "min": float(np.min(x)), "max": float(np.max(x)),
        "range": float(np.ptp(x)),
        "p50": float(np.percentile(x, 50)), "p90": float(np.percentile(x, 90)), "p99": float(np.percentile(x, 99)),
        "ksStatistic": float(ks.statistic), "ksPValue": float(ks.pvalue),
    }


k = (feature - np.mean(baseline)) / np.mean(baseline)
k_mean, k_std = float(np.mean(k)), float(np.std(k, ddof=1))
thresholds = [0.015, 0.018, 0.02, 0.025]
fixture = {
    "source": "numpy %s, scipy %s, make_fixture.py" % (np.__version__, __import__("scipy").__version__),
    "samples": {"baseline": baseline.tolist(), "feature": feature.tolist(), "skewed": skewed.tolist()},
    "describe": {"baseline": describe(baseline), "feature": describe(feature), "skewed": describe(skewed)},
    "overhead": {
        "meanRatio": float(np.mean(feature) / np.mean(baseline)),
        "kMean": k_mean, "kStdev": k_std,
        # P(K <= t) under the normal model of K (the studies' Z-test probabilities)
        "probabilities": {str(t): float(stats.norm.cdf((t - k_mean) / k_std)) for t in thresholds},
    },
}
with open(os.path.join(os.path.dirname(__file__), "reference.json"), "w") as f:
    json.dump(fixture, f, indent=1)
    f.write("\n")
