# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Latency of Sixflow's classes against minimal programs on bmv2, measured the same way for all.

  latency_bench.py measure --program NAME --p4info F --config F --grpc ADDR --out FILE.json ...
      (in the switch's network namespace) programs the switch, sends the program's frames
      (wire.py), keeps Sixflow's telemetry reports where the program has them, writes the series.
  latency_bench.py judge FILE.json
      exits 3, saying why, when the switch queued in that one turn (run.sh then runs it again once).
  latency_bench.py report [--padded] FILE.json...
      prints the table of one pass (report_table.py), each program's turns joined (turns.py);
      exits 3 when the switch queued, 4 when a class's frames never came out.
run.sh runs both, each program's turn on a fresh switch, and steps the rate down when a pass queued."""

import argparse
import json
import os
import queue
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "ptf", "lib"))

import programs  # noqa: E402
import report_table  # noqa: E402
import turns  # noqa: E402
from latency_stats import achieved_interval  # noqa: E402
from p4info import P4Info  # noqa: E402
from p4runtime_client import P4RuntimeClient  # noqa: E402
from wire import Capture  # noqa: E402

QUEUED_EXIT = 3
# A class none of whose frames came out: a broken scenario, not a queue.
SILENT_EXIT = 4
# How long the switch's idle CPU time is measured before sending.
IDLE_PROBE_S = 1.0
REPORT_BYTES = 28


def stamp_of(frame):
    """The minimal programs' in-switch stamp: the flow label of the IPv6 header behind Ethernet."""
    return int.from_bytes(frame[15:18], "big") & 0xFFFFF


def read_reports(client, expected, settle_s=2.0):
    """Sixflow's telemetry reports, as (class, replica) -> deltas (µs) in arrival order."""
    found = {}
    received = 0
    while received < expected:
        try:
            payload = client.packet_ins.get(timeout=settle_s).payload
        except queue.Empty:
            break
        # Behind the report's Ethernet header, header.p4's report_t: class in the high nibble of
        # octet 1, replica in octets 2-3, delta in octets 24-27.
        report = payload[14:14 + REPORT_BYTES]
        lat_class, replica = report[1] >> 4, int.from_bytes(report[2:4], "big")
        found.setdefault((lat_class, replica), []).append(int.from_bytes(report[24:28], "big"))
        received += 1
    return found, received


def rows_of(program, flows, capture, sent, reports):
    """Per row: packets sent and received, wire-to-wire latencies and the gaps before them in
    send order (µs), and the in-switch figures (the stamps the capture kept, or the telemetry
    reports)."""
    arrived = capture.arrived
    rows = []
    seqs_of = [[] for _ in flows]
    for seq in range(sent):
        seqs_of[capture.template_of[seq]].append(seq)
    for flow, seqs in zip(flows, seqs_of):
        for row in flow.rows:
            wire, stamps, row_gaps, received = [], [], [], 0
            for seq in seqs:
                out = capture.left.get((seq, row.port))
                if out is None:
                    continue
                received += 1
                if seq in arrived:
                    wire.append(out[0] - arrived[seq])
                    if seq - 1 in arrived:
                        row_gaps.append(arrived[seq] - arrived[seq - 1])
                if program.stamped:
                    stamps.append(out[1])
            in_switch = stamps if program.stamped else reports.get(row.in_switch, [])
            lost = [seq for seq in seqs if (seq, row.port) not in capture.left]
            rows.append({"name": row.name, "sent": len(seqs), "received": received, "wire": wire,
                         "in_switch": in_switch, "gaps": row_gaps, "lost_seqs": lost[:200],
                         "lost_untapped": sum(1 for seq in lost if seq not in arrived)})
    return rows


def switch_cpu_seconds(pid):
    """User + system CPU time of the switch process (all its threads), from /proc; None without
    a pid. Unlike latency it does not depend on what else the machine runs (one run's figure
    also holds the telemetry reports' clones and the settle time's idle wakeups)."""
    if not pid:
        return None
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # Fields 14 and 15 of proc(5) (utime, stime), counted from after the command name's ")".
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def cpu_steal_ms():
    """CPU time the hypervisor took from this machine's CPUs (all together, ms), from /proc/stat:
    a virtual CPU that is not running stalls whatever the switch had on it."""
    with open("/proc/stat") as f:
        fields = f.readline().split()
    # The "cpu" line: user nice system idle iowait irq softirq steal ..., in USER_HZ ticks.
    return int(fields[8]) * 1000.0 / os.sysconf("SC_CLK_TCK")


def features_of(args):
    """--features as a set."""
    return frozenset(f for f in args.features.split(",") if f)


def measure(args):
    program = programs.PROGRAMS[args.program]
    p4info = P4Info(args.p4info)
    client = P4RuntimeClient(args.grpc)
    client.become_master()
    with open(args.config, "rb") as f:
        client.set_pipeline(p4info.p4info, f.read())
    if program.source is None:
        # Sixflow: the entries and flows of the profile's features only (its program has no others).
        features = features_of(args)
        program.install(client, p4info, args.report_every, features)
        flows = program.flows(features, args.classes)
    else:
        program.install(client, p4info, args.report_every)
        flows = program.flows(baseline=programs.wants_baseline(program, features_of(args), args.no_baseline))
    ports = sorted({row.port for flow in flows for row in flow.rows})
    capture = Capture(ports, stamp_of if program.stamped else None)
    # The switch's CPU time while idle (its threads' timed wake-ups), to take from the figure.
    idle_before = switch_cpu_seconds(args.switch_pid)
    time.sleep(IDLE_PROBE_S)
    cpu_before = switch_cpu_seconds(args.switch_pid)
    idle_rate = None if cpu_before is None else (cpu_before - idle_before) / IDLE_PROBE_S
    started = time.monotonic()
    steal_before = cpu_steal_ms()
    seed = None if args.order == "fixed" else args.seed
    sent = capture.run([flow.frame for flow in flows], args.count, args.interval_ms / 1000.0,
                       lambda index: len(flows[index].rows), seed=seed)
    elapsed = time.monotonic() - started
    steal_ms = cpu_steal_ms() - steal_before
    cpu_after = switch_cpu_seconds(args.switch_pid)
    reports, reports_received = ({}, 0)
    reports_expected = 0
    if not program.stamped:
        # The switch numbers each class's packets (copies too) and reports every report_every-th.
        copies = {}
        for flow in flows:
            for row in flow.rows:
                copies[row.in_switch[0]] = copies.get(row.in_switch[0], 0) + 1
        reports_expected = sum(args.count * n // args.report_every for n in copies.values())
        reports, reports_received = read_reports(client, reports_expected)
    client.close()
    receiver_drops = capture.receiver_drops()
    capture.close()

    arrived = capture.arrived
    rows = rows_of(program, flows, capture, sent, reports)
    interval = achieved_interval([arrived[s] for s in range(sent) if s in arrived])
    result = {"program": program.name, "turn": args.turn, "switch": args.switch, "count": args.count,
              "interval_ms": args.interval_ms, "order": args.order, "seed": seed,
              "elapsed_s": elapsed, "sent": sent,
              "tapped": len(arrived), "receiver_drops": receiver_drops, "strays": capture.strays,
              "late_sends": capture.late_sends,
              "interval_mean_us": interval.mean, "interval_p99_us": interval.p99,
              "load_average": os.getloadavg()[0], "cpus": os.cpu_count(), "steal_ms": steal_ms,
              "reports_expected": reports_expected, "reports_received": reports_received, "rows": rows,
              "switch_cpu_us_per_frame": (None if cpu_before is None or sent == 0
                                          else (cpu_after - cpu_before - idle_rate * elapsed) * 1e6 / sent)}
    with open(args.out, "w") as f:
        json.dump(result, f)
    print(f"  {program.name}, turn {args.turn}: {sent} frames in {elapsed:.1f} s, achieved interval {interval.mean:.0f} µs "
          f"(p99 {interval.p99:.0f})", flush=True)


def report(args):
    results = []
    for path in args.files:
        with open(path) as f:
            results.append(json.load(f))
    results = turns.join_pass(results)
    queued = report_table.print_pass(results, padded=args.padded)
    silent = report_table.silent_rows(results)
    if silent:
        print("NOTHING CAME OUT of " + ", ".join(silent) + ": the scenario's entries or the program drop "
              "these frames (not a queue: no lower rate is tried)")
        return SILENT_EXIT
    return QUEUED_EXIT if queued else 0


def judge(args):
    """One turn's verdict: exit 3 and the reasons when its switch queued (run.sh runs it again)."""
    with open(args.file) as f:
        queued, reasons = report_table.judge_program(json.load(f))
    if queued:
        print("; ".join(reasons))
        return QUEUED_EXIT
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    m = commands.add_parser("measure")
    m.add_argument("--program", required=True, choices=sorted(programs.PROGRAMS))
    m.add_argument("--grpc", required=True)
    m.add_argument("--p4info", required=True)
    m.add_argument("--config", required=True)
    m.add_argument("--switch", default="simple_switch_grpc", help="the switch binary, as reported")
    m.add_argument("--switch-pid", type=int, help="the switch's process, whose CPU time per frame is reported")
    m.add_argument("--count", type=int, default=50000, help="packets per class (default 50000)")
    m.add_argument("--interval-ms", type=float, default=1.0, help="gap between packets (default 1 ms)")
    m.add_argument("--order", choices=("shuffled", "fixed"), default="shuffled",
                   help="the classes' order in each round: drawn anew each round (default; wire.round_orders "
                        "says why) or always the flows' own")
    m.add_argument("--seed", type=int, default=1, help="the shuffled order's seed (default 1)")
    m.add_argument("--turn", type=int, default=1,
                   help="which of the program's turns in the pass this is (run.sh --turns; the report joins them)")
    m.add_argument("--report-every", type=int, default=64,
                   help="Sixflow reports one packet in this many per class (a power of 2; default 64, "
                        "so the reports cost little; 1 reports every packet, as the in-switch figures "
                        "of both replicate copies need)")
    m.add_argument("--features", default="APN6,MSR6,GTPU",
                   help="Sixflow's profile's features, comma-separated (run.sh passes its --profile's)")
    m.add_argument("--classes", type=lambda s: frozenset(c for c in s.split(",") if c),
                   help="Sixflow only: the classes to send, comma-separated (default every class of its "
                        "features); one class alone gives its own instructions per frame (instructions.sh)")
    m.add_argument("--no-baseline", action="store_true",
                   help="a minimal feature program sends its feature's frames only, not plain IPv6 ones "
                        "between them (instructions.sh: its figure is the program's work per frame)")
    m.add_argument("--out", required=True)
    r = commands.add_parser("report")
    r.add_argument("--padded", action="store_true",
                   help="the minimal programs were padded to Sixflow's declared state (run.sh --pad): no goal is judged")
    r.add_argument("files", nargs="+")
    j = commands.add_parser("judge")
    j.add_argument("file")
    args = parser.parse_args()
    if args.command == "measure" and (args.report_every < 1 or args.report_every & (args.report_every - 1)):
        parser.error(f"--report-every must be a power of 2, not {args.report_every}")
    if args.command == "measure" and args.classes is not None:
        if args.program != "sixflow":
            parser.error("--classes chooses among Sixflow's classes: not for " + args.program)
        if not args.classes:
            parser.error("--classes names no class")
        try:
            programs.sixflow_flows(features_of(args), args.classes)
        except ValueError as e:
            parser.error(str(e))
    if args.command == "measure":
        measure(args)
        return 0
    if args.command == "judge":
        return judge(args)
    return report(args)


if __name__ == "__main__":
    sys.exit(main())
