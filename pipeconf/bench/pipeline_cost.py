# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Counts what bmv2 did for each packet of a logged benchmark run (cost.sh): parser states,
tables applied (the program's own and the ones p4c makes for straight-line code), conditions,
actions, primitives, hash, register and counter operations. bmv2's time per packet grows with
these counts, so they measure the pipeline's cost without depending on the machine's load.

The log is simple_switch's console or file log at its default (debug/trace) level. Packets are
matched to latency classes by the order they arrived on the sending port (latency_bench sends
one packet per class, in CLASSES order). A packet's cost is its ingress plus the egress of every
copy it became; the telemetry report clones the egress makes (they leave by the CPU port) are
counted apart."""

import argparse
import collections
import json
import os
import re
import sys

sys.path.insert(0, os.path.dirname(__file__))

LINE = re.compile(r"\[(\d+)\.(\d+)\] \[cxt \d+\] (.*)")
RECEIVED = re.compile(r"Processing packet received on port (\d+)")
SENT = re.compile(r"Transmitting packet of size \d+ out of port (\d+)")

# Column -> what a log message starts with (or contains, for the last three).
COLUMNS = (
    ("states", lambda m: "' entering state '" in m),
    ("tables", lambda m: m.startswith("Applying table '")),
    ("p4c_tables", lambda m: m.startswith("Applying table 'tbl_")),
    ("conditions", lambda m: " Condition \"" in m),
    ("actions", lambda m: m.startswith("Action ") and not m.startswith("Action entry")),
    ("primitives", lambda m: " Primitive " in m or m.startswith("Primitive ")),
    ("hashes", lambda m: m.startswith("hash(")),
    ("reg_reads", lambda m: m.startswith("Read register ")),
    ("reg_writes", lambda m: m.startswith("Wrote register ")),
    ("counters", lambda m: m.startswith("Updated counter ")),
)


def count(log, cpu_port, in_port):
    """Returns ({packet: Counter}, {packet: Counter of its report clones}, [packets in arrival order])."""
    per_copy = collections.defaultdict(collections.Counter)
    out_port = {}
    arrivals = []
    for line in log:
        match = LINE.search(line)
        if not match:
            continue
        packet, copy, message = int(match.group(1)), int(match.group(2)), match.group(3)
        received = RECEIVED.match(message)
        if received and int(received.group(1)) == in_port:
            arrivals.append(packet)
        sent = SENT.match(message)
        if sent:
            out_port[(packet, copy)] = int(sent.group(1))
        counts = per_copy[(packet, copy)]
        for column, test in COLUMNS:
            if test(message):
                counts[column] += 1
    forwarded = collections.defaultdict(collections.Counter)
    reports = collections.defaultdict(collections.Counter)
    for (packet, copy), counts in per_copy.items():
        # A report clone leaves by the CPU port; the packet itself never does in the benchmark.
        target = reports if out_port.get((packet, copy)) == cpu_port and copy != 0 else forwarded
        target[packet].update(counts)
    return forwarded, reports, arrivals


def check_fixed_order(series):
    """Refuses (SystemExit) a run whose classes were not sent in a fixed order: the packets are
    matched to classes by their place in the round, which a shuffled run does not keep."""
    order = series.get("order", "fixed")
    if order != "fixed":
        sys.exit("the run sent its classes in %s order (seed %s): packets cannot be matched to classes "
                 "by their place in the round; run latency_bench.py with --order fixed"
                 % (order, series.get("seed")))


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("log", help="simple_switch log of a cost.sh run")
    parser.add_argument("--series", help="the run's latency_bench.py --out file: its order is checked to be fixed")
    parser.add_argument("--cpu-port", type=int, default=255)
    parser.add_argument("--in-port", type=int, default=1, help="port latency_bench sends on")
    parser.add_argument("--classes", default="ipv6,apn6-insert,msr6-te-encap,msr6-rlb-encap,msr6-replicate,msr6-decap,"
                                             "gtpu-encap-zero,gtpu-encap-full,gtpu-encap-incremental,gtpu-decap",
                        help="class names in sending order")
    args = parser.parse_args()
    if args.series:
        with open(args.series, encoding="utf-8") as series:
            check_fixed_order(json.load(series))
    classes = args.classes.split(",")
    with open(args.log, encoding="utf-8", errors="replace") as log:
        forwarded, reports, arrivals = count(log, args.cpu_port, args.in_port)
    # The last complete round of classes (the first round may include set-up packets).
    if len(arrivals) < len(classes):
        sys.exit("fewer packets in the log than classes: %d" % len(arrivals))
    round_ = arrivals[-len(classes):]
    names = [name for name, _ in COLUMNS]
    print("bmv2 work per packet (ingress + egress of its copies; report clones apart)")
    print("%-24s" % "class" + "".join("%11s" % n for n in names) + "%16s" % "report clones")
    for name, packet in zip(classes, round_):
        counts = forwarded[packet]
        clones = reports[packet]
        clone_summary = "%dt %dp" % (clones["tables"], clones["primitives"]) if clones else "-"
        print("%-24s" % name + "".join("%11d" % counts[n] for n in names) + "%16s" % clone_summary)


if __name__ == "__main__":
    main()
