#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The table tofino-feature-cost.sh prints: for each build in DIR (bf-p4c's output folders, the
first one the plain program), its MAU latency per gress, the stages it takes and its memories,
and its increment over the first.

    tofino-feature-cost.py DIR BASE FEATURE ...
"""
import importlib.util
import json
import os
import sys

_spec = importlib.util.spec_from_file_location(
    "stage_table", os.path.join(os.path.dirname(os.path.abspath(__file__)), "stage-table.py"))
stage_table = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(stage_table)


def figures(build):
    """{'ingress': cycles, 'egress': cycles, 'stages': {gress: n}, 'srams', 'tcams', 'tables'} of
    one bf-p4c output folder, or None when it has no compiled program."""
    metrics_path = os.path.join(build, "pipe", "logs", "metrics.json")
    context_path = os.path.join(build, "pipe", "context.json")
    if not os.path.exists(metrics_path) or not os.path.exists(context_path):
        return None
    with open(metrics_path) as f:
        mau = json.load(f)["mau"]
    stages = stage_table.stages_per_gress(*stage_table.placement(stage_table.load(context_path)))
    latency = {entry["gress"]: entry["cycles"] for entry in mau["latency"]}
    return {"ingress": latency.get("ingress", 0), "egress": latency.get("egress", 0), "stages": stages,
            "srams": mau["srams"], "tcams": mau["tcams"], "tables": mau["logical_tables"]}


def increment(value, base):
    return "%+d (%+.1f %%)" % (value - base, 100.0 * (value - base) / base) if base else "-"


def table(rows, base_name):
    """Markdown lines for [(name, figures or None)], the increments over base_name's."""
    base = dict(rows)[base_name]
    lines = ["| build | stages (ingress, egress) | MAU latency ingress / egress (cycles) "
             "| over plain IPv6: ingress | egress | SRAM | TCAM | logical tables |",
             "|---|---|---|---|---|---|---|---|"]
    for name, fig in rows:
        label = "plain IPv6 (no flag)" if name == base_name else "`WITH_%s`" % name
        if fig is None:
            lines.append("| %s | did not compile | | | | | | |" % label)
            continue
        over_in = increment(fig["ingress"], base["ingress"]) if name != base_name else "-"
        over_eg = increment(fig["egress"], base["egress"]) if name != base_name else "-"
        lines.append("| %s | %d (%d, %d) | %d / %d | %s | %s | %d | %d | %d |" % (
            label, max(fig["stages"].values()), fig["stages"]["ingress"], fig["stages"]["egress"],
            fig["ingress"], fig["egress"], over_in, over_eg, fig["srams"], fig["tcams"], fig["tables"]))
    return lines


def main(argv):
    if len(argv) < 3:
        sys.exit(__doc__)
    directory, names = argv[1], argv[2:]
    rows = [(name, figures(os.path.join(directory, name))) for name in names]
    if rows[0][1] is None:
        sys.exit("the plain build (%s) did not compile: no increments" % names[0])
    print("\n".join(table(rows, names[0])))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
