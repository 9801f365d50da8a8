#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""make bench-lab, the part that needs a running lab (bench.sh starts it): how long from POST trees
until every receiver has its first packet, and how 100 tree or policy creations sent at once fare
(answers, time until every one is INSTALLED). It prints figures; nothing here is a pass/fail test.
    bench_lab.py [--rate PPS] [--trees N] [--concurrent N]"""

import argparse
import concurrent.futures
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


def percentile(values, p):
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


def concurrent_installs(lab, kind, bodies):
    """POSTs every body at once (one thread each); returns the answers' statuses and latencies and
    the ms until the last created one is INSTALLED, then deletes them."""
    def post(body):
        started = time.monotonic()
        try:
            lab.rest.post(kind, body)
            status = 201
        except RestError as e:
            status = e.status
        return status, (time.monotonic() - started) * 1000
    began = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=len(bodies)) as pool:
        answers = list(pool.map(post, bodies))
    created = [b["id"] for b, (status, _) in zip(bodies, answers) if status == 201]
    pending, deadline = set(created), time.monotonic() + 300
    while pending and time.monotonic() < deadline:
        listed = lab.rest.get("%s?limit=1000" % kind)[kind]
        pending -= {item["id"] for item in listed if item.get("state") == "INSTALLED"}
        time.sleep(0.2)
    installed_ms = (time.monotonic() - began) * 1000
    for item_id in created:
        try:
            lab.rest.delete("%s/%s" % (kind, item_id))
        except RestError:
            pass
    return answers, installed_ms, len(pending)


def report_concurrent(kind, answers, installed_ms, never):
    statuses = {}
    for status, _ in answers:
        statuses[status] = statuses.get(status, 0) + 1
    latencies = [ms for _, ms in answers]
    print("%d %s created at once: answers %s; answer p50 %.0f ms, p99 %.0f ms, max %.0f; all INSTALLED after %.0f ms%s"
          % (len(answers), kind, ", ".join("%d x %d" % (n, s) for s, n in sorted(statuses.items())),
             percentile(latencies, 50), percentile(latencies, 99), max(latencies), installed_ms,
             "" if not never else " (%d never INSTALLED within 300 s)" % never))


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rate", type=float, default=1000.0)
    parser.add_argument("--trees", type=int, default=5, help="trees timed per mode")
    parser.add_argument("--concurrent", type=int, default=100, help="creations sent at once (0: skip)")
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
    if args.concurrent:
        receivers = fitting_receivers(lab, source, "TE")[:1]
        trees = [{"id": "bench-c%d" % i, "source": lab.connect_point(source), "group": "ff3e::c:%x" % i,
                  "receivers": [lab.connect_point(h) for h in receivers], "mode": "TE"}
                 for i in range(args.concurrent)]
        report_concurrent("trees", *concurrent_installs(lab, "trees", trees))
        policies = [{"id": "bench-p%d" % i, "priority": 100 + i,
                     "match": {"nextHeader": 17, "destinationPorts": {"low": 20000 + i, "high": 20000 + i}},
                     "option": {"slaLevel": 1, "appId": i, "userId": 1, "flowId": 1}, "stripAtEgress": True}
                    for i in range(args.concurrent)]
        report_concurrent("policies", *concurrent_installs(lab, "policies", policies))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
