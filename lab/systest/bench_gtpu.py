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

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "lib"))

from lab import Lab  # noqa: E402
from presetrun import (await_installed, delete_quietly, preset, print_classes, print_pacing,  # noqa: E402
                       print_table, run_and_watch)

PRESET = "gtpu-murakami"
# The checksum mode of each downlink latency class the preset measures.
MODES = {"gtpu-encap-zero": "ZERO", "gtpu-encap-full": "FULL", "gtpu-encap-incremental": "INCREMENTAL"}
# The preset's description gives the tunnels' TEIDs: uplink 4097.., downlink 8193.., in the order of
# its downlink classes (the run checks every one of them against the tunnel service before it sends).
UPLINK_TEID, DOWNLINK_TEID = 4097, 8193


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


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--packets", type=int, help="probes per class and load point (the preset's by default)")
    parser.add_argument("--warmup", type=int, help="warm-up probes (the preset's by default)")
    args = parser.parse_args(argv)
    lab = Lab()
    experiment = preset(lab, PRESET)
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
            await_installed(lab, "gtpu/tunnels/" + t["id"])
        print("tunnels installed: %s" % ", ".join("%s (%s)" % (t["id"], t["checksumMode"]) for t in tunnels),
              flush=True)
        lab.rest.post("experiments", experiment)
        run = run_and_watch(lab, PRESET)
        if run["state"] != "DONE":
            print("run %d ended %s: %s" % (run["id"], run["state"], run["reason"]))
            return 1
        print_pacing(run)
        results = lab.rest.get("experiments/%s/runs/%d/results" % (PRESET, run["id"]))
        print_classes(results)
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
