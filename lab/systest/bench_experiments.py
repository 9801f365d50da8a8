#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""make bench-experiments, the part that needs a running lab (bench-experiments.sh starts it):
pacing of packet-out probes at 1 ms and 100 µs (error of each achieved interval: mean, p99), the
highest probe rate the lab sustains (loss at most 1% and the achieved rate within 5% of the asked
one), the same for the lab's host generator, and the time from the last probe to stored results.
It prints figures; nothing here is a pass/fail test.
    bench_experiments.py [--seconds S]"""

import argparse
import os
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "lib"))

from lab import Lab, RestError  # noqa: E402


def port_from(lab, switch, neighbour):
    for (a, pa), (b, pb) in lab.links:
        if (a, b) == (switch, neighbour):
            return "device:%s/%d" % (switch, pa)
        if (b, a) == (switch, neighbour):
            return "device:%s/%d" % (switch, pb)
    raise RuntimeError("no link %s-%s" % (switch, neighbour))


def run(lab, name, traffic, ingress, interval_micros, n):
    src, dst = lab.hosts["h_bj"].ipv6, lab.hosts["h_nj"].ipv6
    body = {"id": name, "ingress": ingress, "traffic": traffic, "packetsPerClass": n,
            "intervalMicros": interval_micros, "blockSize": 1000,
            "classes": [{"name": "ipv6", "role": "BASELINE", "latencyClass": "ipv6",
                         "packet": {"source": src, "destination": dst}}]}
    try:
        lab.rest.delete("experiments/" + name)
    except RestError:
        pass
    lab.rest.post("experiments", body)
    started = lab.rest.post("experiments/%s/runs" % name, {})
    while True:
        r = lab.rest.get("experiments/%s/runs/%d" % (name, started["id"]))
        if r["state"] in ("DONE", "FAILED", "CANCELLED"):
            break
        time.sleep(0.2)
    if r["state"] != "DONE":
        lab.rest.delete("experiments/" + name)
        return r, None
    results = lab.rest.get("experiments/%s/runs/%d/results" % (name, r["id"]))
    lab.rest.delete("experiments/" + name)
    return r, results["cells"][0]["classes"][0]


def describe(r, c):
    p = r["pacing"]
    return ("asked %7.0f/s achieved %7.0f/s; interval error mean %6.1f µs p99 %7.1f µs max %8.1f µs; "
            "lost %d of %d; latency mean %.0f µs; results %d ms after the last probe"
            % (1e9 / p["requestedIntervalNanos"], p["achievedPacketsPerSecond"], p["meanErrorNanos"] / 1e3,
               p["p99ErrorNanos"] / 1e3, p["maxErrorNanos"] / 1e3, c["lost"], c["sent"],
               (c["latency"] or {}).get("mean", 0) / 1e3, r["resultsMillis"]))


def sustained(r, c):
    p = r["pacing"]
    return c is not None and c["lost"] <= 0.01 * c["sent"] and \
        p["achievedPacketsPerSecond"] >= 0.95 * 1e9 / p["requestedIntervalNanos"]


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="sending time of each run")
    args = parser.parse_args(argv)
    lab = Lab()
    probes_at = port_from(lab, "beijing", "wuhan")
    host_at = lab.connect_point(lab.hosts["h_bj"])
    print("lab: %d switches; probes injected by wuhan into %s; host generator on %s; one IPv6 class, %.0f s "
          "per run" % (len(lab.switches), probes_at, host_at, args.seconds), flush=True)
    for interval in (1000, 100):
        r, c = run(lab, "bench-pacing", "PROBES", probes_at, interval, int(args.seconds * 1e6 / interval))
        print("packet-out pacing at %4d µs: %s" % (interval, describe(r, c) if c else r["state"] + " "
                                                   + str(r["reason"])), flush=True)
    for traffic, ingress, intervals in (("PROBES", probes_at, (1000, 500, 200, 100, 50)),
                                        ("HOSTS", host_at, (1000, 200, 100, 50, 20))):
        best = None
        for interval in intervals:
            r, c = run(lab, "bench-rate", traffic, ingress, interval, int(args.seconds * 1e6 / interval))
            ok = r["state"] == "DONE" and sustained(r, c)
            print("%s at %4d µs: %s%s" % (traffic.lower(), interval, describe(r, c) if c else r["state"] + " "
                                          + str(r["reason"]), "" if ok else "  (not sustained)"), flush=True)
            if ok:
                best = interval
        print("highest sustained %s rate: %s" % (traffic.lower(), "%.0f packets/s (every %d µs)"
                                                 % (1e6 / best, best) if best else "none of those tried"),
              flush=True)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
