#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Which tables bf-p4c put in which MAU stage, per gress and feature, from its context.json.

    stage-table.py PROFILE CONTEXT_JSON[.gz]            prints the Markdown section
    stage-table.py PROFILE CONTEXT_JSON[.gz] --into DOC  replaces PROFILE's section in DOC

The section sits between `<!-- stage-table:PROFILE:begin -->` and `<!-- stage-table:PROFILE:end -->`
(appended at the end of DOC when DOC has none). build-p4.sh runs it after each Tofino build, so
the table is always the committed output's.

A table's feature comes from its control instance (apn6_*, msr6_*, gtpu_*, latency and telemetry,
counters) or, for the tables p4c makes of plain statements (tbl_<file><line>), from the source
file the statement is in. Gateways (conditions) are not listed: they ride on the tables.
"""
import gzip
import json
import re
import sys

# Source files and control instances -> feature, first match wins.
FEATURES = [
    (re.compile(r"bng|ipv4_routing|routing_v4"), "BNG"),
    (re.compile(r"apn6"), "APN6"),
    (re.compile(r"msr6|tunnel"), "MSR6"),
    (re.compile(r"gtpu"), "GTPU"),
    (re.compile(r"latency|telemetry|report|histogram"), "telemetry"),
    (re.compile(r"drop_counter|event_counter|event_set"), "counters"),
    (re.compile(r"acl|station|my_station|host_port|routing|mtu|packetio|packet_in|packet_out"), "IPv6"),
]
# p4c's names for statements it turned into tables: tbl_<file>l<line>, tbl_<file><line>,
# tbl__<Control>_<instance>_<action>, and the backend's own (egress_assign_const_to_phv_0, ...).
STATEMENT = re.compile(r"^tbl_+(?P<what>.*?)(l?\d+)?(\$action)?$")


def feature_of(name):
    for pattern, feature in FEATURES:
        if pattern.search(name):
            return feature
    return "chain"


def short(name):
    """SixflowIngress.msr6_ingress.msr6_encap -> msr6_encap; the table name is unique enough."""
    return name.split(".")[-1]


def stages_of(table):
    stage_tables = table.get("stage_tables")
    if stage_tables is None:
        stage_tables = (table.get("match_attributes") or {}).get("stage_tables", [])
    return sorted({s["stage_number"] for s in stage_tables})


def load(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rt") as f:
        return json.load(f)


def placement(context):
    """{(gress, stage): {feature: [names]}} and {(gress, stage): {feature: statement count}}."""
    named, statements = {}, {}
    for table in context["tables"]:
        if table["table_type"] == "condition" or table["name"].endswith("$action"):
            continue
        gress = table.get("direction", "?")
        name = table["name"]
        match = STATEMENT.match(name)
        for stage in stages_of(table):
            key = (gress, stage)
            if match or not name.startswith(("Sixflow", ".Sixflow")):
                feature = feature_of(match.group("what") if match else name)
                statements.setdefault(key, {}).setdefault(feature, 0)
                statements[key][feature] += 1
            else:
                named.setdefault(key, {}).setdefault(feature_of(name), []).append(short(name))
    return named, statements


def cell(named, statements, key):
    parts = []
    features = sorted(set(named.get(key, {})) | set(statements.get(key, {})))
    for feature in features:
        names = sorted(set(named.get(key, {}).get(feature, [])))
        count = statements.get(key, {}).get(feature, 0)
        text = ", ".join("`%s`" % n for n in names)
        if count:
            text += (" + " if text else "") + "%d statement%s" % (count, "s" if count > 1 else "")
        parts.append("%s: %s" % (feature, text))
    return "; ".join(parts) if parts else "-"


def stages_per_gress(named, statements):
    """{gress: stages it takes} of a placement (up to its last used stage)."""
    per_gress = {}
    for gress in ("ingress", "egress"):
        stages = {s for (g, s) in list(named) + list(statements) if g == gress}
        per_gress[gress] = (max(stages) + 1) if stages else 0
    return per_gress


def section(profile, context):
    named, statements = placement(context)
    per_gress = stages_per_gress(named, statements)
    total = max(per_gress.values())
    lines = [
        "<!-- stage-table:%s:begin -->" % profile,
        "### `%s` on Tofino: %d of 12 MAU stages (ingress %d, egress %d)" % (
            profile, total, per_gress["ingress"], per_gress["egress"]),
        "",
        "Written by `pipeconf/build-p4.sh %s tofino` from bf-p4c %s's `context.json`; "
        "a statement is a table p4c made of plain assignments." % (profile, context.get("compiler_version", "?")),
        "",
        "| stage | ingress | egress |",
        "|---|---|---|",
    ]
    for stage in range(total):
        lines.append("| %d | %s | %s |" % (stage, cell(named, statements, ("ingress", stage)),
                                          cell(named, statements, ("egress", stage))))
    lines.append("<!-- stage-table:%s:end -->" % profile)
    return "\n".join(lines) + "\n"


def replace_into(doc, profile, text):
    with open(doc) as f:
        content = f.read()
    begin = "<!-- stage-table:%s:begin -->" % profile
    end = "<!-- stage-table:%s:end -->" % profile
    if begin in content and end in content:
        head, rest = content.split(begin, 1)
        _, tail = rest.split(end, 1)
        content = head + text.rstrip("\n") + tail
    else:
        content = content.rstrip("\n") + "\n\n" + text
    with open(doc, "w") as f:
        f.write(content)


def main(argv):
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--into"):
        sys.exit(__doc__)
    profile, path = argv[1], argv[2]
    text = section(profile, load(path))
    if len(argv) == 5:
        replace_into(argv[4], profile, text)
    else:
        sys.stdout.write(text)


if __name__ == "__main__":
    main(sys.argv)
