#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""make bench-lab, the part that needs a running lab (bench.sh starts it): how long from POST trees
until every receiver has its first packet, and what a failed tree link costs under a stream.
It prints figures; nothing here is a pass/fail test.
    bench_lab.py [--rate PPS] [--trees N]"""

import argparse
import os
import statistics
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "lib"))

import traffic  # noqa: E402
from lab import Lab, RestError  # noqa: E402

GROUP = "ff3e::b"


def fitting_receivers(lab, source, mode):
    """One host on each other switch, as many as an MRH holds (fewer until the API accepts the tree)."""
    receivers, seen = [], {source.switch}
    for host in sorted(lab.hosts.values(), key=lambda h: h.name):
        if host.switch not in seen:
            seen.add(host.switch)
            receivers.append(host)
    while receivers:
        try:
            lab.rest.post("trees", {"id": "bench-fit", "source": lab.connect_point(source), "group": GROUP,
                                    "receivers": [lab.connect_point(h) for h in receivers], "mode": mode,
                                    "algorithm": "STEINER"})
            lab.rest.delete("trees/bench-fit")
            return receivers
        except RestError as e:
            if "M-SID" not in e.body:
                raise
            receivers.pop()
    raise RuntimeError("no receiver fits an MRH")


def tree_live_ms(lab, source, receivers, rate, mode):
    """ms from POST trees to the first packet at the slowest receiver, under a stream at rate."""
    with traffic.Capture(lab, receivers, duration=6) as capture:
        sender = traffic.send(lab, source, GROUP, count=int(rate * 4), rate=rate, flow=900,
                              dst_mac=traffic.multicast_mac(GROUP), background=True)
        time.sleep(1)
        posted = time.time_ns()
        lab.rest.post("trees", {"id": "bench", "source": lab.connect_point(source), "group": GROUP,
                                "receivers": [lab.connect_point(h) for h in receivers], "mode": mode,
                                "algorithm": "STEINER"})
        sender.communicate(timeout=60)
    firsts = []
    for host in receivers:
        arrivals = capture.timed(host, 900)
        if not arrivals:
            raise RuntimeError("%s never received the tree's packets" % host.name)
        firsts.append(arrivals[0][0] - posted)
    lab.rest.delete("trees/bench")
    return max(firsts) / 1e6


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=1000.0)
    parser.add_argument("--trees", type=int, default=5, help="trees timed per mode")
    args = parser.parse_args(argv)
    lab = Lab()
    hosts = sorted(lab.hosts.values(), key=lambda h: h.name)
    source = hosts[0]
    for mode in ("TE", "RLB"):
        receivers = fitting_receivers(lab, source, mode)
        print("lab: %d switches, %d hosts; source %s, %d receivers on other switches (%s); stream %.0f packets/s"
              % (len(lab.switches), len(hosts), source.name, len(receivers), mode, args.rate))
        times = [tree_live_ms(lab, source, receivers, args.rate, mode) for _ in range(args.trees)]
        print("tree live (POST trees -> first packet at every receiver), %s: median %.1f ms, min %.1f, max %.1f "
              "(%d trees; resolution %.1f ms)" % (mode, statistics.median(times), min(times), max(times),
                                                  len(times), 1000 / args.rate))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
