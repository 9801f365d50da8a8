# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Instructions bmv2 executes per frame, per program, from callgrind's counts of the switch's
packet threads (instructions.sh): in all, and in the parts that differ between programs (the reset
of every metadata field, the parser, the ingress and egress pipelines, the deparser, the packet's
teardown, where every header is marked invalid). Their sum is the frame's work, compared with the
minimal router's; the rest (queues, I/O, and the threads' wake-ups while idle, which grow with the
run's length rather than its frames) is shown apart. Unlike latency, the parts do not depend on
the machine's load or on which frame was luckiest: they compare the programs' work. A second table
says what the pipelines did per frame, step by step (tables applied, conditions, field writes,
setValid, header copies, hashes: how many, and what they cost in all), from the calls callgrind
counted: where a feature's increment differs from a minimal program's, it shows in which steps."""

import argparse
import json
import os
import re
import subprocess
import sys

# bmv2's functions whose inclusive counts are the parts, in the order printed.
PARTS = (("metadata reset", "bm::PHV::reset_metadata()"),
         ("parser", "bm::Parser::parse(bm::Packet*)"),
         ("pipelines", "bm::Pipeline::apply(bm::Packet*)"),
         ("deparser", "bm::Deparser::deparse(bm::Packet*)"),
         ("teardown", "bm::Packet::~Packet()"))
# A call's lines in a callgrind output file: the callee (cfn=), then calls=<count> <position>.
# Functions are numbered: a number's name is given the first time it appears, in a cfn= or an fn=
# line (one numbering for both), the number alone after.
_FUNCTION = re.compile(r"^(c?fn)=\((\d+)\)(?: (.*))?$")
_CALLS = re.compile(r"^calls=(\d+)")
# The frames the switch parsed: bmv2 parses each packet it receives once (a clone is not parsed
# again), so the parser's calls are the frames that reached the program.
PARSER = "bm::Parser::parse(bm::Packet*)"

# The pipelines' steps, each by the bmv2 function that runs one (its signature's start; a
# primitive's functor, or the generic wrapper where the functor is inlined): p4c makes every
# statement outside an action an action of a table of its own, so "tables" counts those too.
STEPS = (("tables", "bm::MatchActionTable::operator()(bm::Packet*)"),
         ("conditions", "bm::Conditional::operator()(bm::Packet*)"),
         ("field writes", "bm::ActionPrimitive<bm::Data&, bm::Data const&>::execute("),
         ("setValid", "add_header::operator()("),
         ("setInvalid", "remove_header::operator()("),
         ("header copies", "bm::core::assign_header::operator()("),
         ("hashes", "modify_field_with_hash_based_offset::operator()("))

_LINE = re.compile(r"^\s*([\d,]+)\s+\([\s\d.]+%\)\s+\S*?:(.*?)(?: \[[^]]*\])?\s*$")


def parse_annotate(text):
    """{function: inclusive instructions} and the program total from `callgrind_annotate
    --inclusive=yes` output."""
    total = None
    functions = {}
    for line in text.splitlines():
        if "PROGRAM TOTALS" in line:
            total = int(line.split()[0].replace(",", ""))
            continue
        match = _LINE.match(line)
        if match:
            functions.setdefault(match.group(2).strip(), int(match.group(1).replace(",", "")))
    if total is None:
        raise ValueError("no PROGRAM TOTALS in callgrind_annotate's output")
    return total, functions


def part(functions, name):
    """The inclusive count of a function named name (its signature as callgrind prints it, the
    parameters left out if they differ), 0 where it never ran."""
    if name in functions:
        return functions[name]
    stem = name.split("(")[0] + "("
    return next((n for f, n in functions.items() if f.startswith(stem)), 0)


def call_counts(callgrind_text, names):
    """{name: how many times the function named name (the start of its signature) was called},
    from a callgrind output file: the sum of its calls from every caller, in one pass."""
    numbered = {}
    callee = None
    counts = dict.fromkeys(names, 0)
    for line in callgrind_text.splitlines():
        match = _FUNCTION.match(line)
        if match:
            kind, number, text = match.groups()
            if text is not None:
                numbered[number] = text
            callee = numbered.get(number) if kind == "cfn" else None
            continue
        match = _CALLS.match(line)
        if match and callee is not None:
            for name in names:
                if callee.startswith(name):
                    counts[name] += int(match.group(1))
            callee = None
    return counts


def steps(functions, counts, frames):
    """Per frame, each pipeline step's calls and inclusive instructions (a step bmv2 never ran:
    0 and 0)."""
    return {label: (counts.get(name, 0) / frames, part(functions, name) / frames if counts.get(name) else 0.0)
            for label, name in STEPS}


def breakdown(total, functions, frames):
    """Per frame: the total, each part, their sum (the frame's work) and the rest."""
    parts = {label: part(functions, name) / frames for label, name in PARTS}
    work = sum(parts.values())
    return {"total": total / frames, "parts": parts, "work": work, "rest": total / frames - work}


def lost_after_parsing(result_json, parsed):
    """The copies a run's frames should have left by, less those the capture saw and those of the
    frames the switch never parsed: what the switch dropped after parsing (a full egress queue,
    when callgrind slows it below the sending rate). Such frames' later parts were never counted,
    so the per-frame figures come out low. Rows are the outputs of each frame (a tree's copies);
    frames lost before parsing are taken as losing their average share of outputs."""
    rows = result_json["rows"]
    expected = sum(row["sent"] for row in rows)
    received = sum(row["received"] for row in rows)
    sent = result_json["sent"]
    unparsed = (sent - parsed) * expected / sent if sent else 0
    return max(0, round(expected - received - unparsed))


def table(results, router="minimal-router"):
    """The printed table: one line per program, thousands of instructions per frame; the ratio is
    of the frame's work to the minimal router's."""
    labels = [label for label, _ in PARTS]
    head = (f"{'program':<22} {'sent':>6} {'parsed':>6} " + " ".join(f"{l:>15}" for l in labels)
            + f" {'work':>8} {'x router':>9} {'rest':>8} {'total':>8}")
    lines = [head, "-" * len(head)]
    base = results.get(router, {}).get("work")
    for name, r in results.items():
        ratio = f"{r['work'] / base:.2f}" if base else "-"
        lines.append(f"{name:<22} {r['sent']:>6} {r['frames']:>6} "
                     + " ".join(f"{r['parts'][l] / 1000:>15.1f}" for l in labels)
                     + f" {r['work'] / 1000:>8.1f} {ratio:>9} {r['rest'] / 1000:>8.1f} {r['total'] / 1000:>8.1f}")
    return "\n".join(lines)


def steps_table(results):
    """The printed table of steps: per program and frame, each step's calls and, in brackets, the
    thousands of instructions they took in all."""
    labels = [label for label, _ in STEPS]
    head = f"{'program':<22} " + " ".join(f"{l:>16}" for l in labels)
    lines = [head, "-" * len(head)]
    for name, r in results.items():
        cells = []
        for label in labels:
            calls, cost = r["steps"][label]
            cells.append(f"{f'{calls:.2f} ({cost / 1000:.1f})':>16}")
        lines.append(f"{name:<22} " + " ".join(cells))
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--dir", required=True, help="the run's <program>.callgrind files")
    parser.add_argument("--results", required=True, help="run.sh's --results directory (frames sent)")
    parser.add_argument("programs", nargs="+")
    args = parser.parse_args()
    results = {}
    # The minimal router first, the ratios' base; the others by name (minimal-hbh, minimal-mrh, minimal-mrh-rfc, sixflow).
    for program in sorted(args.programs, key=lambda p: (p != "minimal-router", p)):
        counts = os.path.join(args.dir, program + ".callgrind")
        # run.sh --turns 1 (instructions.sh): one turn, so one file, per program.
        with open(os.path.join(args.results, "pass0", program + ".turn1.json")) as f:
            run = json.load(f)
        sent = run["sent"]
        text = subprocess.run(["callgrind_annotate", "--inclusive=yes", "--threshold=100", counts],
                              check=True, capture_output=True, text=True).stdout
        total, functions = parse_annotate(text)
        # Per frame the switch parsed, not per frame sent: under callgrind a program slower than
        # the sending interval loses some frames in the kernel before bmv2 reads them (Sixflow's
        # lost 1-5 % of them), which the counts never saw.
        with open(counts, errors="replace") as raw:
            called = call_counts(raw.read(), [PARSER] + [name for _, name in STEPS])
        parsed = called[PARSER]
        if parsed == 0:
            raise SystemExit(f"{program}: the switch parsed no frame ({counts})")
        results[program] = dict(breakdown(total, functions, parsed), sent=sent, frames=parsed,
                                steps=steps(functions, called, parsed),
                                lost_after_parsing=lost_after_parsing(run, parsed))
    print("thousands of instructions per frame the switch parsed (callgrind, the switch's packet threads);"
          " work = the parts' sum, x router its ratio; rest = queues, I/O and idle wake-ups (grows with the run's length)")
    print(table(results))
    print()
    print("the pipelines' steps per frame parsed: calls (thousands of instructions they took in all;"
          " a table's include its action's steps)")
    print(steps_table(results))
    short = {name: r["lost_after_parsing"] for name, r in results.items() if r["lost_after_parsing"]}
    if short:
        print()
        print("WARNING: outputs missing after parsing (" + ", ".join(f"{n} {c}" for n, c in short.items())
              + "): the switch dropped frames it had parsed (or the capture missed them), so those"
              " programs' figures are low; run again at a larger --interval-ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
