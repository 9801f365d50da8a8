#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The PPPoE study's comparison (single vs split data plane) by Sixflow's experiment runner, on the
bmv2 lab inside real ONOS: real pppd subscribers and pppoe-server in the PPPoE VM, sessions set up
through Sixflow's relay; then the preset pppoe-single (the bng lab: one switch) and pppoe-split
(the bng-split lab: access and forwarding switches) each run once, the same stream of a
subscriber's packets in its PPPoE session's framing from the host on its line's port, every switch
on the path reporting every packet; then the runner's comparison of the two runs gives the study's
two tables (by number of packets: processing time per packet along the path and the improvement,
the in-switch time of all of them), and what the study did not measure (sessions' setup, loss).
Both labs keep their experiments in one PostgreSQL this starts, so the second lab's ONOS compares
the two runs.

    run [--packets N] [--interval-us U] [--out DIR]      everything (root; bench-bng-split.sh)
    measure --mode single|split --out FILE [--packets N] [--interval-us U] [--compare-with FILE]
        inside a lab (with-lab.sh; TOPOLOGY=bng for single, bng-split for split)
    report SINGLE.json SPLIT.json      the study's two tables and what it did not measure
"""

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TOP = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(HERE, "lib"))
sys.path.insert(0, os.path.join(HERE, "tests"))
sys.path.insert(0, os.path.join(TOP, "lab", "onos"))

MODES = {"single": ("bng", "pppoe-single"), "split": ("bng-split", "pppoe-split")}
# The study's largest packet count: the presets send that many (about eight minutes at 4 ms).
STUDY_PACKETS = 119476
RUN_TIMEOUT_EXTRA = 300


def end_to_end(mode):
    """The lab system test whose setUpClass brings the mode's subscribers up (VM, pppd, relay)."""
    import test_bng  # noqa: E402  (it puts lab/pppoe on the path)
    import test_bng_split  # noqa: E402
    return {"single": test_bng.BngEndToEndTest, "split": test_bng_split.BngSplitEndToEndTest}[mode]


def preset(rest, preset_id, packets, interval_us):
    """The runner's preset, with the packet count and interval asked for."""
    presets = {e["id"]: e for e in rest.get("experiments/presets")["presets"]}
    if preset_id not in presets:
        raise SystemExit("the controller offers no preset %s (has %s)" % (preset_id, sorted(presets)))
    e = dict(presets[preset_id], packetsPerClass=packets, intervalMicros=interval_us)
    e.pop("loadsMbps", None)
    return e


def run_experiment(rest, experiment, timeout):
    """Creates the experiment (again, if an earlier bench left it), runs it, waits for its end."""
    from lab import RestError
    try:
        rest.delete("experiments/" + experiment["id"])
    except RestError as e:
        if e.status != 404:
            raise
    rest.post("experiments", experiment)
    run = rest.post("experiments/%s/runs" % experiment["id"], {})
    deadline = time.monotonic() + timeout
    shown = -1
    while time.monotonic() < deadline:
        run = rest.get("experiments/%s/runs/%d" % (experiment["id"], run["id"]))
        if int(run["progress"] * 10) != shown:
            shown = int(run["progress"] * 10)
            print("run %d: %s %.0f%% (%d/%d)" % (run["id"], run["state"], 100 * run["progress"], run["sent"],
                                                run["total"]), flush=True)
        if run["state"] in ("DONE", "FAILED", "CANCELLED"):
            return run
        time.sleep(1)
    raise SystemExit("run %d did not end within %d s" % (run["id"], timeout))


def measure(mode, packets, interval_us, out, compare_with=None):
    cls = end_to_end(mode)
    cls.setUpClass()
    try:
        rest = cls.lab.rest
        experiment = preset(rest, MODES[mode][1], packets, interval_us)
        run = run_experiment(rest, experiment, int(packets * interval_us / 1e6 * 2) + RUN_TIMEOUT_EXTRA)
        if run["state"] != "DONE":
            raise SystemExit("run %d %s: %s" % (run["id"], run["state"], run.get("reason")))
        results = rest.get("experiments/%s/runs/%d/results" % (experiment["id"], run["id"]))
        held = sum(1 for s in rest.get("bng/sessions")["sessions"] if s["state"] == "UP")
        upstream = results["cells"][0]["classes"][0]
        result = {"mode": mode, "experiment": experiment["id"], "run": run["id"], "sessions": len(cls.subs),
                  "setupSeconds": cls.setup_seconds, "held": held, "intervalMicros": interval_us, "packets": packets,
                  "sent": upstream["sent"], "received": upstream["received"], "lost": upstream["lost"],
                  "queueing": upstream.get("queueing"),
                  "tables": [t for t in results["tables"] if t["id"].startswith("packets-")]}
        if compare_with:
            first = json.load(open(compare_with))
            result["comparison"] = rest.get("experiments/compare?a=%d&b=%d" % (first["run"], run["id"]))
        for t in result["tables"]:   # the comparison's tables: report() prints them
            print_table(t)
        with open(out, "w") as f:
            json.dump(result, f, indent=1)
    finally:
        cls.tearDownClass()


def cell(value):
    if value is None:
        return "-"
    if isinstance(value, float):
        return "%.1f" % value
    return str(value)


def print_table(t):
    print("\n" + t["title"] + "\n")
    print("| " + " | ".join(t["columns"]) + " |")
    print("|" + "---|" * len(t["columns"]))
    for row in t["rows"]:
        print("| " + " | ".join(cell(v) for v in row) + " |")


def report(single_path, split_path):
    single, split = (json.load(open(p)) for p in (single_path, split_path))
    tables = split.get("comparison", {}).get("tables", [])
    if not tables:
        raise SystemExit("%s has no comparison of the two runs" % split_path)
    for t in tables:
        print_table(t)
    print("\nWhat the study did not measure:\n")
    print("| | single | split |")
    print("|---|---|---|")
    print("| sessions set up (real pppd, PAP, IPCP + IPv6CP) | %d in %.1f s | %d in %.1f s |" % (
        single["sessions"], single["setupSeconds"], split["sessions"], split["setupSeconds"]))
    print("| sessions still up after the run | %d of %d | %d of %d |" % (
        single["held"], single["sessions"], split["held"], split["sessions"]))
    print("| session set-up rate | %.2f/s | %.2f/s |" % (single["sessions"] / single["setupSeconds"],
                                                      split["sessions"] / split["setupSeconds"]))
    print("| packets lost (of those sent) | %d of %d | %d of %d |" % (
        single["lost"], single["sent"], split["lost"], split["sent"]))
    print("| the switch queued (the runner's check) | %s | %s |" % (single["queueing"] or "no",
                                                                split["queueing"] or "no"))
    print("| runner's run | %d (%s) | %d (%s) |" % (single["run"], single["experiment"], split["run"],
                                                     split["experiment"]))
    print("\none packet every %s µs in both" % single["intervalMicros"])


def run_all(packets, interval_us, out):
    """Both labs against one PostgreSQL, then the report."""
    from postgres import Postgres
    os.makedirs(out, exist_ok=True)
    db = Postgres().start()
    try:
        env = dict(os.environ, LAB_ARGS=(os.environ.get("LAB_ARGS", "") + " --db-url " + db.jdbc_url).strip())
        files = {}
        for mode in ("single", "split"):
            topology = MODES[mode][0]
            files[mode] = os.path.join(out, mode + ".json")
            mode_env = dict(env, TOPOLOGY=topology)
            if mode == "split":
                mode_env.setdefault("LAB_LINK_MTU", "1600")
            argv = [sys.executable, os.path.abspath(__file__), "measure", "--mode", mode, "--out", files[mode],
                    "--packets", str(packets), "--interval-us", str(interval_us)]
            if mode == "split":
                argv += ["--compare-with", files["single"]]
            subprocess.run([os.path.join(HERE, "with-lab.sh")] + argv, env=mode_env, check=True)
    finally:
        db.stop()
    report(files["single"], files["split"])


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    a = sub.add_parser("run")
    a.add_argument("--out", default=None)
    m = sub.add_parser("measure")
    m.add_argument("--mode", choices=sorted(MODES), required=True)
    m.add_argument("--out", required=True)
    m.add_argument("--compare-with")
    for p in (a, m):
        p.add_argument("--packets", type=int, default=STUDY_PACKETS)
        p.add_argument("--interval-us", type=int, default=4000)
    r = sub.add_parser("report")
    r.add_argument("single")
    r.add_argument("split")
    args = parser.parse_args(argv)
    if args.command in ("run", "measure"):
        if args.packets < 1 or args.packets > 1_000_000:
            parser.error("--packets: 1..1000000 (the runner's packets per class)")
        if args.interval_us < 50:
            parser.error("--interval-us: 50 or more (the runner's shortest probe interval)")
    if args.command == "run":
        if os.geteuid() != 0:
            parser.error("run needs root (namespaces, the VM's taps)")
        run_all(args.packets, args.interval_us, args.out or tempfile.mkdtemp(prefix="bench-bng-split-"))
    elif args.command == "measure":
        measure(args.mode, args.packets, args.interval_us, args.out, args.compare_with)
    else:
        report(args.single, args.split)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
