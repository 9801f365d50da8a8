#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""make bench-multihoming: a multihoming study preset (by default the ILNP thesis's grid,
"thesis") run by Sixflow inside ONOS on the multihomed lab; prints the grid as the thesis lays
it out, the failovers and the routes to the site (what sixflow:multihoming-run prints), and keeps
the run's JSON and CSV beside the lab's logs. Asserts nothing.

    TOPOLOGY=multihomed lab/systest/with-lab.sh python3 lab/systest/bench_multihoming.py [--preset thesis]
"""

import argparse
import base64
import json
import os
import sys
import time
import urllib.request

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "lib"))

from lab import Lab, RestError  # noqa: E402


def number(v):
    if v is None:
        return "-"
    return "%.0f" % v if abs(v) >= 100 else "%.2f" % v if abs(v) >= 1 else "%.3f" % v


def print_grid(detail):
    group = None
    for r in detail["grid"]:
        name = r["protocol"] + (" " + r["sharing"] if r["sharing"] else "")
        if name != group:
            group = name
            print("\n%s (mean of %d repetitions)" % (name, r["repetitions"]))
            print("  %5s %6s %10s %8s %7s %9s %8s %9s %8s  %s" % ("frame", "load", "goodput", "±95%", "loss%",
                                                                  "byteLoss%", "jitterMs", "reordered", "rttMs",
                                                                  "uplinks out"))
        mark = {"SENDER": "†", "LAB_CAPACITY": "*"}.get(r["limit"], " ")
        print("  %5d %6s %9s%s %8s %7s %9s %8s %9s %8s  %s" % (
            r["frameSize"], number(r["loadMbps"]) if r["loadMbps"] is not None else "TCP", number(r["goodputMbps"]),
            mark, number(r["goodputCi95"]), number(r["lossPercent"]), number(r["byteLossPercent"]),
            number(r["jitterMs"]), number(r["reordered"]), number(r["rttMeanMs"]),
            " ".join("%s:%d%%" % (u.rsplit("/", 1)[1], round(100 * s)) for u, s in sorted(r["uplinkShares"].items()))))
    print("\n  † the sender did not reach the rate; * beyond what the lab can carry (lost with the rate)")
    print("\nFailover: time without a ping reply after the uplink fails")
    for f in detail["failovers"]:
        print("  %-6s %s down %.1f s in: %s (%d of %d answered; %s)" % (
            f["protocol"], f["uplink"], f["afterSeconds"],
            "%.0f ms" % f["repairMs"] if f["repairMs"] is not None else "not restored", f["probesAnswered"],
            f["probesSent"], f["note"]))
    print("\nRoutes to the site as the correspondent sees it (site-specific routes outside the site)")
    for s in detail["siteRoutes"]:
        print("  %-6s %-22s %d: %s" % (s["protocol"], s["address"], s["siteSpecificOutsideSite"], ", ".join(
            "%s %s %s" % (r["device"].split(":")[1], r["prefix"], r["kind"]) for r in s["routes"])))
    before = {c["routesBefore"] for c in detail["cells"]}
    changed = [c for c in detail["cells"] if c["routesBefore"] != c["routesAfter"]
               or c["entriesBefore"] != c["entriesAfter"]]
    print("\nRouting state: ONOS's routes before the trials %s; trials that changed routes or any switch's "
          "entries: %d of %d" % (sorted(before), len(changed), len(detail["cells"])))
    failed = [c for c in detail["cells"] if c["error"]]
    if failed:
        print("Trials that failed: " + "; ".join("%d %s: %s" % (c["index"], c["protocol"], c["error"]) for c in failed))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--preset", default="thesis")
    ap.add_argument("--repetitions", type=int)
    ap.add_argument("--timeout-min", type=float, default=90)
    args = ap.parse_args()
    lab = Lab()
    rest = lab.rest
    study = next(p for p in rest.get("multihoming/presets")["presets"] if p["id"] == args.preset)
    study = dict(study, id="bench-" + args.preset)
    del study["createdAt"]
    if args.repetitions:
        study["repetitions"] = args.repetitions
    try:
        rest.delete("multihoming/studies/" + study["id"])
    except RestError:
        pass
    rest.post("multihoming/studies", study)
    run = rest.post("multihoming/studies/%s/runs" % study["id"], {})
    started = time.monotonic()
    print("run %d of %s: %d trials" % (run["id"], study["id"], run["cellsTotal"]), flush=True)
    while True:
        detail = rest.get("multihoming/runs/%d" % run["id"])
        if detail["state"] not in ("QUEUED", "RUNNING"):
            break
        if time.monotonic() - started > args.timeout_min * 60:
            rest.post("multihoming/runs/%d/cancel" % run["id"], {})
        time.sleep(10)
        print("  %d/%d trials, %.0f s" % (detail["cellsDone"], detail["cellsTotal"], time.monotonic() - started),
              flush=True)
    print("run %d: %s%s after %.0f s" % (run["id"], detail["state"],
                                          " (%s)" % detail["reason"] if detail["reason"] else "",
                                          time.monotonic() - started))
    out = os.environ.get("LAB_RUN_DIR") or "/tmp"
    with open(os.path.join(out, "multihoming-run-%d.json" % run["id"]), "w") as f:
        json.dump(detail, f, indent=1)
    request = urllib.request.Request(rest.base + "/multihoming/runs/%d/cells.csv" % run["id"], headers={
        "Authorization": "Basic " + base64.b64encode(b"onos:rocks").decode(), "Accept": "text/csv"})
    with urllib.request.urlopen(request, timeout=30) as response, \
            open(os.path.join(out, "multihoming-run-%d.csv" % run["id"]), "wb") as f:
        f.write(response.read())
    print("kept %s/multihoming-run-%d.json and .csv" % (out, run["id"]))
    print_grid(detail)


if __name__ == "__main__":
    main()
