#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The PPPoE study's comparison (single vs split data plane) on the bmv2 lab inside real ONOS:
real pppd subscribers and pppoe-server in the PPPoE VM, sessions set up through Sixflow's relay,
then bursts of pings from a subscriber to the network host for the study's packet counts. Per
burst: the switches' own in-switch time per packet (Sixflow's latency aggregates, class ipv6,
every BNG switch on the path, summed along it), the round trip Linux's ping measures, and the
loss; per mode: how long the sessions took to come up.

    measure --mode single|split --out FILE [--packets N,N,...] [--interval-ms MS]
        (inside a lab: with-lab.sh; TOPOLOGY=bng for single, bng-split for split)
    report SINGLE.json SPLIT.json      the study's two tables, and what it did not measure
Run both with bench-bng-split.sh (make bench-bng-split).
"""

import argparse
import datetime
import json
import os
import re
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
sys.path.insert(0, os.path.join(HERE, "tests"))

import test_bng  # noqa: E402  (it puts lab/pppoe on the path)
import test_bng_split  # noqa: E402
import subscribers  # noqa: E402
from lab import Rest  # noqa: E402

MODES = {"single": test_bng.BngEndToEndTest, "split": test_bng_split.BngSplitEndToEndTest}
# The study's packet counts (pppoe-split-dataplane-p4: 30 ... 119,476).
STUDY_PACKETS = [30, 60, 90, 120, 150, 180, 210, 240, 270, 300, 600, 12000, 17937, 23883, 59932, 119476]
POLLER = "org.sixflow.app.telemetry.aggregate.LatencyAggregatePoller"
POLL_SECONDS = 1
PING_SUMMARY = re.compile(r"(\d+) packets transmitted, (\d+) received")
PING_RTT = re.compile(r"rtt min/avg/max/mdev = ([\d.]+)/([\d.]+)/([\d.]+)/([\d.]+) ms")


def iso(t):
    return datetime.datetime.fromtimestamp(t, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def in_switch(rest, device, start, end):
    """Packets and mean in-switch ns of class ipv6 at a switch in [start, end] (every egress port)."""
    answer = rest.get("telemetry/latency?device=%s&class=ipv6&source=aggregates&from=%s&to=%s&step=1"
                      % (device, iso(start), iso(end)))
    count = sum(p["count"] for p in answer["points"])
    total = sum(p["count"] * p["meanNs"] for p in answer["points"] if p["count"])
    return count, (total / count if count else None)


def measure(mode, packets, interval_ms, out):
    cls = MODES[mode]
    cls.setUpClass()
    try:
        lab = cls.lab
        onos = Rest(lab.rest.base.replace("/onos/sixflow/v1", "/onos/v1"))
        onos.post("configuration/" + POLLER, {"aggregatePollSeconds": str(POLL_SECONDS)})
        sub = cls.subs[0]
        subscribers.wait_address(cls.vm, sub, "ppp0", sub.lan64, timeout=60)
        switches = sorted({cls.sw.device_id, cls.fwd.device_id})
        result = {"mode": mode, "switches": switches, "sessions": len(cls.subs),
                  "setupSeconds": cls.setup_seconds, "intervalMs": interval_ms, "bursts": []}
        for n in packets:
            start = time.time()
            done = cls.vm.run(["ip", "netns", "exec", sub.netns, "ping", "-6", "-q", "-c", str(n), "-i",
                               "%.3f" % (interval_ms / 1000.0), "-W", "2", "-I", sub.slaac_address, cls.net.ipv6],
                              timeout=n * interval_ms / 1000.0 * 3 + 60, check=False)
            end = time.time()
            sent, received = (int(x) for x in PING_SUMMARY.search(done.out).groups())
            rtt = PING_RTT.search(done.out)
            time.sleep(2 * POLL_SECONDS + 1.5)   # the poller's deltas for the burst's last second
            per_switch = {}
            for device in switches:
                count, mean_ns = in_switch(lab.rest, device, start - 1, end + POLL_SECONDS + 1)
                per_switch[device] = {"packets": count, "meanNs": mean_ns}
            burst = {"packets": n, "sent": sent, "received": received, "seconds": end - start,
                     "rttAvgMs": float(rtt.group(2)) if rtt else None,
                     "rttMinMs": float(rtt.group(1)) if rtt else None,
                     "perSwitch": per_switch,
                     "pathNs": sum(s["meanNs"] or 0 for s in per_switch.values())}
            result["bursts"].append(burst)
            print("%s %7d packets: %d received, rtt avg %s ms, in-switch %s" % (
                mode, n, received, burst["rttAvgMs"],
                ", ".join("%s %s ns x %d" % (d.split(":")[1], None if s["meanNs"] is None else round(s["meanNs"]),
                                              s["packets"]) for d, s in per_switch.items())), flush=True)
        with open(out, "w") as f:
            json.dump(result, f, indent=1)
    finally:
        cls.tearDownClass()


def report(single_path, split_path):
    single, split = (json.load(open(p)) for p in (single_path, split_path))
    rows = list(zip(single["bursts"], split["bursts"]))

    def pct(a, b):
        return "%.1f%%" % (100.0 * (a - b) / a) if a and b is not None else "-"

    print("Per-packet processing time along the path (the switches' own telemetry: in-switch time of")
    print("each BNG switch the packet crosses, summed; mean over both directions), microseconds:\n")
    print("| Number of packets | Single data plane (µs) | Split data plane (µs) | % improvement due to the split |")
    print("|---|---|---|---|")
    for a, b in rows:
        print("| %d | %.1f | %.1f | %s |" % (a["packets"], a["pathNs"] / 1000, b["pathNs"] / 1000,
                                           pct(a["pathNs"], b["pathNs"])))
    print("\nEach switch's own in-switch time per packet (mean over both directions), microseconds:\n")
    names = [d.split(":", 1)[1] for d in single["switches"]] + [d.split(":", 1)[1] for d in split["switches"]]
    print("| Number of packets | " + " | ".join("%s (%s)" % (n, m) for n, m in
                                              zip(names, ["single"] * len(single["switches"])
                                                  + ["split"] * len(split["switches"]))) + " |")
    print("|---|" + "---|" * len(names))
    for a, b in rows:
        cells = [a["perSwitch"][d]["meanNs"] for d in single["switches"]] + \
                [b["perSwitch"][d]["meanNs"] for d in split["switches"]]
        print("| %d | %s |" % (a["packets"], " | ".join("-" if c is None else "%.1f" % (c / 1000) for c in cells)))
    print("\nRound trip subscriber -> network host (Linux ping, mean), milliseconds:\n")
    print("| Number of packets | Single data plane (ms) | Split data plane (ms) | % improvement |")
    print("|---|---|---|---|")
    for a, b in rows:
        print("| %d | %s | %s | %s |" % (a["packets"], a["rttAvgMs"], b["rttAvgMs"], pct(a["rttAvgMs"], b["rttAvgMs"])))
    print("\nWhat the study did not measure:\n")
    print("| | single | split |")
    print("|---|---|---|")
    print("| sessions set up (real pppd, PAP, IPCP + IPv6CP) | %d in %.1f s | %d in %.1f s |" % (
        single["sessions"], single["setupSeconds"], split["sessions"], split["setupSeconds"]))
    def lost(run):
        return "%d of %d" % (sum(b["sent"] - b["received"] for b in run["bursts"]),
                             sum(b["sent"] for b in run["bursts"]))
    print("| pings lost | %s | %s |" % (lost(single), lost(split)))
    print("| switches on the path | %s | %s |" % (", ".join(single["switches"]), ", ".join(split["switches"])))
    print("\none ping every %s ms (single) / %s ms (split)" % (single["intervalMs"], split["intervalMs"]))


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    m = sub.add_parser("measure")
    m.add_argument("--mode", choices=sorted(MODES), required=True)
    m.add_argument("--out", required=True)
    m.add_argument("--packets", default=",".join(map(str, STUDY_PACKETS)))
    m.add_argument("--interval-ms", type=float, default=2.0)
    r = sub.add_parser("report")
    r.add_argument("single")
    r.add_argument("split")
    args = parser.parse_args(argv)
    if args.command == "measure":
        packets = [int(x) for x in args.packets.split(",") if x.strip()]
        if not packets or min(packets) < 1:
            parser.error("--packets: positive counts, comma-separated")
        if args.interval_ms < 0.2:
            parser.error("--interval-ms: 0.2 or more (ping's floor for root)")
        measure(args.mode, packets, args.interval_ms, args.out)
    else:
        report(args.single, args.split)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
