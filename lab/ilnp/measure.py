#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The endpoint's cost against plain IPv6 between the same namespaces (root; figures for README.md).

One lab without the locator rewrite (so plain IPv6 between the locator addresses works too):
ping RTT (mean of N pings, 10 ms apart) and iperf3 TCP goodput (2 s), each through the ILNP
endpoints (identity addresses) and plain (locator addresses, the kernel alone); then, in a lab with
the rewrite, the pings a 20 ms ping loses while host a's locator moves (new address added before the old one
is deleted, and the other way round), over several moves.
Prints one JSON document.  Run: sudo python3 lab/ilnp/measure.py [--pings 100] [--moves 5]
"""

import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import ilnplab  # noqa: E402
from ilnplab import Lab  # noqa: E402


def ping_rtt(lab, dst, count):
    out = lab.exec("a", "ping", "-6", "-q", "-c", str(count), "-i", "0.01", "-W", "1", dst, timeout=120).stdout
    sent, got = map(int, re.search(r"(\d+) packets transmitted, (\d+) received", out).groups())
    mn, avg, mx, mdev = map(float, re.search(r"= ([\d.]+)/([\d.]+)/([\d.]+)/([\d.]+) ms", out).groups())
    return {"sent": sent, "received": got, "meanMs": avg, "minMs": mn, "maxMs": mx, "mdevMs": mdev}


def iperf_tcp(lab, dst, seconds=2):
    server = lab.popen("b", "iperf3", "-s", "-1", "-B", dst, "-p", "5212",
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        time.sleep(0.3)
        res = lab.exec("a", "iperf3", "-c", dst, "-p", "5212", "-t", str(seconds), "-J", timeout=60)
        end = json.loads(res.stdout)["end"]
        return {"goodputMbps": round(end["sum_received"]["bits_per_second"] / 1e6, 1),
                "retransmits": end["sum_sent"].get("retransmits")}
    finally:
        server.wait(10)


MOVES = {
    "makeBeforeBreak": "addr add fd00:a2::a/64 dev eth0 nodad\naddr del fd00:a1::a/64 dev eth0\n",
    "breakBeforeMake": "addr del fd00:a1::a/64 dev eth0\naddr add fd00:a2::a/64 dev eth0 nodad\n",
}


def move_loss(moves, batch):
    losses = []
    for i in range(moves):
        with tempfile.TemporaryDirectory(prefix="sfilnp-") as tmp:
            lab = Lab(rewrite=True, workdir=tmp).up()
            try:
                lab.start_endpoints()
                ping = lab.popen("a", "ping", "-6", "-c", "200", "-i", "0.02", "-W", "1", ilnplab.ID_B,
                                 stdout=subprocess.PIPE, text=True)
                time.sleep(1.5)
                subprocess.run(["ip", "-n", lab.ns["a"], "-batch", "-"], check=True, text=True,
                               input=batch)
                out, _ = ping.communicate(timeout=30)
                sent, got = map(int, re.search(r"(\d+) packets transmitted, (\d+) received", out).groups())
                losses.append(sent - got)
            finally:
                lab.down()
    return losses


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--pings", type=int, default=100)
    ap.add_argument("--moves", type=int, default=5)
    args = ap.parse_args()
    if os.geteuid() != 0:
        ap.error("needs root")
    result = {}
    with tempfile.TemporaryDirectory(prefix="sfilnp-") as tmp:
        lab = Lab(rewrite=False, workdir=tmp).up()
        try:
            lab.start_endpoints()
            lab.exec("a", "ping", "-6", "-c", "3", "-i", "0.05", ilnplab.ID_B, check=False)   # warm caches
            result["pingIlnp"] = ping_rtt(lab, ilnplab.ID_B, args.pings)
            result["pingPlain"] = ping_rtt(lab, "fd00:b1::b", args.pings)
            result["tcpIlnp"] = iperf_tcp(lab, ilnplab.ID_B)
            result["tcpPlain"] = iperf_tcp(lab, "fd00:b1::b")
        finally:
            lab.down()
    for name, batch in MOVES.items():
        losses = move_loss(args.moves, batch)
        result["locatorMove_" + name] = {"pingIntervalMs": 20, "pings": 200, "moves": len(losses),
                                         "lostPerMove": losses, "meanLost": statistics.mean(losses)}
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
