#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Latency of GET requests that no cache answers, per endpoint, at a few concurrent clients.

Run against the e2e bench harness (RestBenchHarness, as make bench-rest starts it):

    uncached-gets.py BASE_URL BENCH_TO [--clients 1,4,16] [--requests 200] [--only REGEX]

Every telemetry query asks another window: 'to' is BENCH_TO less a random millisecond of the
last two minutes, and 'from' an hour before it, on a whole minute as the dashboard asks
("aligned") or to the millisecond ("unaligned"), so the telemetry service's one-second
sharing of identical queries never answers. telemetry/ports (no window) cycles its device
parameter and waits until a URL was last asked more than the sharing's second ago (one client,
at most 60 requests). The other
lists are not shared and are asked as they are. Each client holds one keep-alive connection
and sends its next request when the last answer has been read; the time is from sending to the
answer's last byte. Prints one row per endpoint and client count: requests, requests/s, p50,
p99 and max (ms), non-200 answers, and the 1-minute load average at the end of the row; with
--cpu NAME=PID (again for more), the CPU time per request (ms) that process and its children
(PostgreSQL's backends are the postmaster's) spent, a figure the machine's other load changes
less than the latencies.
"""
import argparse
import os
import datetime
import http.client
import random
import re
import sys
import threading
import time
from urllib.parse import urlsplit

DEVICES = ["device:beijing", "device:wuhan", "device:nanjing", "device:shanghai", "device:guangzhou"]
SHARED_SECONDS = 1.1     # the telemetry service shares identical answers for a second


def iso(t):
    return t.strftime("%Y-%m-%dT%H:%M:%S.") + "%03dZ" % (t.microsecond // 1000)


def window(to_end, aligned):
    """A distinct hour ending up to two minutes before the stored hour's end."""
    to = to_end - datetime.timedelta(milliseconds=random.randrange(1, 120_000))
    start = to - datetime.timedelta(hours=1)
    if aligned:
        start = start.replace(second=0, microsecond=0)
    return "from=%s&to=%s" % (iso(start), iso(to))


def endpoints(to_end):
    def w(aligned=True):
        return lambda: window(to_end, aligned)

    beijing = "device=device:beijing"
    return [
        ("statistics 1h", lambda: "telemetry/statistics?%s&feature=apn6-insert&baseline=ipv6&%s" % (beijing, w()())),
        ("statistics 1h unaligned",
         lambda: "telemetry/statistics?%s&feature=apn6-insert&baseline=ipv6&%s" % (beijing, w(False)())),
        ("latency 1h step 60", lambda: "telemetry/latency?%s&class=ipv6&%s&step=60" % (beijing, w()())),
        ("latency 1h step 30", lambda: "telemetry/latency?%s&class=ipv6&%s&step=30" % (beijing, w()())),
        ("latency 1h unaligned 60", lambda: "telemetry/latency?%s&class=ipv6&%s&step=60" % (beijing, w(False)())),
        ("replicas 1h", lambda: "telemetry/replicas?device=device:nanjing&class=msr6-replicate&%s" % w()()),
        ("histogram 1h", lambda: "telemetry/histogram?%s&class=ipv6&%s" % (beijing, w()())),
        ("samples 1h, 100", lambda: "telemetry/samples?%s&class=ipv6&%s&limit=100" % (beijing, w()())),
        ("ports/history 1h", lambda: "telemetry/ports/history?%s&port=1&%s&step=60" % (beijing, w()())),
        ("ports", None),
        ("trees", lambda: "trees"),
        ("policies", lambda: "policies"),
        ("experiments", lambda: "experiments"),
        ("gtpu/tunnels", lambda: "gtpu/tunnels"),
        ("events", lambda: "events?limit=100"),
        ("devices", lambda: "devices"),
        ("topology", lambda: "topology"),
        ("health", lambda: "health"),
        ("resources/tables", lambda: "resources/tables"),
        ("routes", lambda: "routes"),
    ]


class PortsPaths:
    """telemetry/ports per device and for all, each URL asked again only after the sharing's second."""

    def __init__(self):
        self.lock = threading.Lock()
        self.last = {p: 0.0 for p in ["telemetry/ports"] + ["telemetry/ports?device=" + d for d in DEVICES]}

    def __call__(self):
        while True:
            with self.lock:
                now = time.monotonic()
                path, at = min(self.last.items(), key=lambda kv: kv[1])
                if now - at > SHARED_SECONDS:
                    self.last[path] = now + 60     # taken; set to the answer's time when it comes
                    return path
            time.sleep(0.01)

    def done(self, path):
        with self.lock:
            self.last[path] = time.monotonic()


def cpu_seconds(pid):
    """CPU time of a process and its live descendants (utime + stime, children not yet reaped excluded)."""
    tick = os.sysconf("SC_CLK_TCK")
    parents = {}
    times = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                fields = f.read().rsplit(")", 1)[1].split()
        except OSError:
            continue
        parents[int(entry)] = int(fields[1])
        times[int(entry)] = (int(fields[11]) + int(fields[12])) / tick
    total = 0.0
    for p, t in times.items():
        q = p
        while q and q != pid:
            q = parents.get(q, 0)
        if q == pid:
            total += t
    return total


def run(base, make_path, clients, requests, done=None):
    parts = urlsplit(base)
    times = []
    failures = []
    lock = threading.Lock()
    left = [requests]

    def client():
        conn = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
        while True:
            with lock:
                if left[0] == 0:
                    break
                left[0] -= 1
            path = make_path()
            started = time.perf_counter()
            conn.request("GET", parts.path + "/" + path)
            answer = conn.getresponse()
            answer.read()
            elapsed = time.perf_counter() - started
            if done:
                done(path)
            with lock:
                times.append(elapsed)
                if answer.status != 200:
                    failures.append(answer.status)
        conn.close()

    threads = [threading.Thread(target=client) for _ in range(clients)]
    started = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    wall = time.perf_counter() - started
    times.sort()

    def pct(p):
        return times[min(len(times) - 1, int(round(p / 100 * (len(times) - 1))))] * 1000

    return len(times), len(times) / wall, pct(50), pct(99), times[-1] * 1000, failures


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("base")
    ap.add_argument("to", help="BENCH_TO: the end of the stored hour")
    ap.add_argument("--clients", default="1,4,16")
    ap.add_argument("--requests", type=int, default=200, help="per endpoint and client count")
    ap.add_argument("--only", default="", help="a regular expression of endpoint names")
    ap.add_argument("--seed", type=int, default=15)
    ap.add_argument("--cpu", action="append", default=[], metavar="NAME=PID",
                    help="report this process's CPU ms per request (with its children)")
    args = ap.parse_args()
    random.seed(args.seed)
    to_end = datetime.datetime.fromisoformat(args.to.replace("Z", "+00:00"))
    base = args.base.rstrip("/")
    chosen = [(n, f) for n, f in endpoints(to_end) if re.search(args.only, n)]
    cpus = [(c.split("=")[0], int(c.split("=")[1])) for c in args.cpu]
    print("%-26s %7s %8s %8s %8s %8s %8s %5s %-7s" % ("endpoint", "clients", "requests", "req/s", "p50 ms",
                                                    "p99 ms", "max ms", "load", "non-200")
          + "".join(" %9s" % (name + " cpu") for name, _ in cpus))
    for name, make in chosen:
        for clients in [int(c) for c in args.clients.split(",")]:
            paths, done, requests = make, None, args.requests
            if make is None:
                if clients > 1:
                    continue    # six URLs a second at most: one client
                paths = PortsPaths()
                done, requests = paths.done, min(requests, 60)
            run(base, paths, clients, max(clients, 10), done)    # warm-up, not reported
            before = [cpu_seconds(pid) for _, pid in cpus]
            n, rps, p50, p99, top, failures = run(base, paths, clients, requests, done)
            used = [(cpu_seconds(pid) - b) * 1000 / n for (_, pid), b in zip(cpus, before)]
            load = open("/proc/loadavg").read().split()[0]
            print("%-26s %7d %8d %8.0f %8.1f %8.1f %8.1f %5s %-7s" % (
                name, clients, n, rps, p50, p99, top, load, ",".join(map(str, sorted(set(failures)))) or "-")
                + "".join(" %9.2f" % u for u in used))
            sys.stdout.flush()


if __name__ == "__main__":
    main()
