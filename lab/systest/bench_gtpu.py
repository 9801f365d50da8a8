#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""make bench-gtpu, the part that needs a running lab (bench-gtpu.sh starts it with links that
carry the draft's 1492-byte frames once encapsulated): draft-murakami-dmm-udp-checksum-impact-gtpu's
comparison as the experiment preset gtpu-murakami runs it on the switches — IPv6 forwarding against
GTP-U encapsulation with a zero, a full and an incremental UDP checksum, and uplink decapsulation —
and the draft's table per load point (average/min/max latency, loss). It creates the three tunnels
the preset names, runs the preset unchanged and prints its results; nothing here is a pass/fail
test.
    bench_gtpu.py [--packets N] [--warmup N]"""

import argparse
import ipaddress
import os
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "lib"))

from lab import Lab, RestError  # noqa: E402

PRESET = "gtpu-murakami"
# The checksum mode of each downlink latency class the preset measures.
MODES = {"gtpu-encap-zero": "ZERO", "gtpu-encap-full": "FULL", "gtpu-encap-incremental": "INCREMENTAL"}
# The preset's description gives the tunnels' TEIDs: uplink 4097.., downlink 8193.., in the order of
# its downlink classes (the run checks every one of them against the tunnel service before it sends).
UPLINK_TEID, DOWNLINK_TEID = 4097, 8193


def preset(lab):
    return next(p for p in lab.rest.get("experiments/presets")["presets"] if p["id"] == PRESET)


def tunnels_of(experiment):
    """The tunnels the preset's classes name, as the preset's description defines them."""
    uplink = next(c["packet"]["gtpu"] for c in experiment["classes"] if (c["packet"] or {}).get("gtpu"))
    tunnels = []
    for i, c in enumerate(c for c in experiment["classes"] if c["latencyClass"] in MODES):
        ue = c["packet"]["destination"]
        tunnels.append({"id": c["tunnel"], "uePrefixes": [str(ipaddress.IPv6Network(ue + "/64", strict=False))],
                        "n3Address": uplink["n3Address"], "peerAddress": uplink["peerAddress"],
                        "downlinkTeid": DOWNLINK_TEID + i, "uplinkTeid": UPLINK_TEID + i,
                        "checksumMode": MODES[c["latencyClass"]], "acceptZeroChecksum": False,
                        "decapDevice": experiment["ingress"].rsplit("/", 1)[0]})
    return tunnels


def delete_quietly(lab, path):
    try:
        lab.rest.delete(path)
    except RestError:
        pass


def await_installed(lab, tunnel_id, seconds=30):
    deadline = time.time() + seconds
    while time.time() < deadline:
        t = lab.rest.get("gtpu/tunnels/" + tunnel_id)
        if t["state"] == "INSTALLED":
            return
        if t["state"] == "FAILED":
            raise RuntimeError("tunnel %s FAILED: %s" % (tunnel_id, t.get("reason")))
        time.sleep(0.2)
    raise RuntimeError("tunnel %s not INSTALLED within %d s" % (tunnel_id, seconds))


def cell_text(value):
    if value is None:
        return ""
    if isinstance(value, float):
        return "%d" % value if value.is_integer() else "%.3f" % value
    return str(value)


def print_table(table):
    print("\n%s" % table["title"])
    cells = [[str(c) for c in table["columns"]]] + [[cell_text(v) for v in row] for row in table["rows"]]
    widths = [max(len(r[i]) for r in cells) for i in range(len(cells[0]))]
    for k, row in enumerate(cells):
        print("  " + "  ".join(v.rjust(w) for v, w in zip(row, widths)))
        if k == 0:
            print("  " + "  ".join("-" * w for w in widths))


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--packets", type=int, help="probes per class and load point (the preset's by default)")
    parser.add_argument("--warmup", type=int, help="warm-up probes (the preset's by default)")
    args = parser.parse_args(argv)
    lab = Lab()
    experiment = preset(lab)
    if args.packets:
        experiment["packetsPerClass"] = args.packets
    if args.warmup is not None:
        experiment["warmup"] = args.warmup
    tunnels = tunnels_of(experiment)
    print("lab: %d switches; preset %s: %d classes x %d probes (%d warm-up) of %s-byte frames at %s Mbps, "
          "ingress %s" % (len(lab.switches), PRESET, len(experiment["classes"]), experiment["packetsPerClass"],
                          experiment["warmup"], "/".join(map(str, experiment["frameSizes"])),
                          "/".join("%.3f" % m for m in experiment["loadsMbps"]), experiment["ingress"]), flush=True)
    delete_quietly(lab, "experiments/" + PRESET)
    for t in tunnels:
        delete_quietly(lab, "gtpu/tunnels/" + t["id"])
        lab.rest.post("gtpu/tunnels", t)
    try:
        for t in tunnels:
            await_installed(lab, t["id"])
        print("tunnels installed: %s" % ", ".join("%s (%s)" % (t["id"], t["checksumMode"]) for t in tunnels),
              flush=True)
        lab.rest.post("experiments", experiment)
        run = lab.rest.post("experiments/%s/runs" % PRESET, {})
        shown = -1
        while run["state"] in ("QUEUED", "RUNNING"):
            time.sleep(1)
            run = lab.rest.get("experiments/%s/runs/%d" % (PRESET, run["id"]))
            if int(run["progress"] * 10) != shown:
                shown = int(run["progress"] * 10)
                print("  run %d %s: %d of %d probes sent" % (run["id"], run["state"], run["sent"], run["total"]),
                      flush=True)
        if run["state"] != "DONE":
            print("run %d ended %s: %s" % (run["id"], run["state"], run["reason"]))
            return 1
        p = run["pacing"]
        print("pacing: achieved %.0f probes/s over the run, interval error mean %.1f µs, p99 %.1f µs; results %d ms "
              "after the last probe" % (p["achievedPacketsPerSecond"], p["meanErrorNanos"] / 1e3,
                                        p["p99ErrorNanos"] / 1e3, run["resultsMillis"]))
        results = lab.rest.get("experiments/%s/runs/%d/results" % (PRESET, run["id"]))
        for cell in results["cells"]:
            for c in cell["classes"]:
                if c.get("queueing"):
                    print("cell %d %s: QUEUED (%s)" % (cell["cell"]["index"], c["className"], c["queueing"]))
        for table in results["tables"]:
            if table["id"].startswith("load-point") or table["id"] == "loss":
                print_table(table)
        return 0
    finally:
        delete_quietly(lab, "experiments/" + PRESET)
        for t in tunnels:
            delete_quietly(lab, "gtpu/tunnels/" + t["id"])


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
