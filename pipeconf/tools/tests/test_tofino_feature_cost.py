# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""tofino-feature-cost.py: the figures of bf-p4c output folders and their increments."""

import importlib.util
import json
import os

_spec = importlib.util.spec_from_file_location(
    "tofino_feature_cost", os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tofino-feature-cost.py"))
cost = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(cost)


def build(root, name, ingress, egress, stages):
    """A bf-p4c output folder as the script reads it: metrics.json and a context.json whose tables
    sit in the given {gress: [stage, ...]}."""
    logs = root / name / "pipe" / "logs"
    logs.mkdir(parents=True)
    (logs / "metrics.json").write_text(json.dumps({"mau": {
        "latency": [{"gress": "ingress", "cycles": ingress}, {"gress": "egress", "cycles": egress}],
        "srams": 10, "tcams": 2, "logical_tables": 7}}))
    tables = [{"name": "SixflowIngress.routing.t%d" % s if gress == "ingress" else "SixflowEgress.t%d" % s,
               "table_type": "match", "direction": gress, "stage_tables": [{"stage_number": s}]}
              for gress, used in stages.items() for s in used]
    (root / name / "pipe" / "context.json").write_text(json.dumps({"tables": tables}))


def test_each_feature_over_the_plain_build(tmp_path):
    build(tmp_path, "none", 120, 169, {"ingress": [0, 4], "egress": [0, 5]})
    build(tmp_path, "APN6", 150, 169, {"ingress": [0, 6], "egress": [5]})
    rows = [(n, cost.figures(str(tmp_path / n))) for n in ("none", "APN6", "MSR6")]
    assert rows[1][1]["stages"] == {"ingress": 7, "egress": 6}
    lines = cost.table(rows, "none")
    assert lines[2] == "| plain IPv6 (no flag) | 6 (5, 6) | 120 / 169 | - | - | 10 | 2 | 7 |"
    assert lines[3] == "| `WITH_APN6` | 7 (7, 6) | 150 / 169 | +30 (+25.0 %) | +0 (+0.0 %) | 10 | 2 | 7 |"
    assert lines[4] == "| `WITH_MSR6` | did not compile | | | | | | |"
