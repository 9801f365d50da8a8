#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The BNG at scale on the bmv2 lab inside real ONOS (issue 33, part 4): a thousand concurrent
PPPoE sessions. Three real pppd subscribers come up first (test_bng's), then the session generator
(lab/pppoe/generator.py) on the subscriber port's wire starts N more, each on its own line (S-tags
200.., 64 C-tags each), through Sixflow's relay to real pppoe-servers in the PPPoE VM (one per 64
lines, lab/pppoe/many_lines.py); once up, each pings the network host over IPv6 and IPv4 through
the bmv2 BNG. They are held, then ended. Measured: set-up rate and the time to each milestone,
sessions the relay has UP and INSTALLED, the data plane's entries per table, sessions held and
lost, how long the end took until every entry was gone; and the memory each layer uses — the
generator (its peak), the server (the guest's memory in use, its pppd processes' RSS and PSS),
the controller (ONOS's heap after a full GC, its RSS), the data plane (bmv2's RSS) — before,
while the sessions are held, and after.

    measure --out FILE [--sessions N] [--window W] [--hold S]     (inside the bng lab: with-lab.sh)
    report FILE                                                   the tables
Run both with bench-bng-scale.sh (make bench-bng-scale).
"""

import argparse
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "lib"))
sys.path.insert(0, os.path.join(HERE, "tests"))

import test_bng  # noqa: E402  (it puts lab/pppoe on the path)
import test_bng_generated  # noqa: E402
import generator  # noqa: E402
import many_lines  # noqa: E402
import subscribers  # noqa: E402

GENERATOR = os.path.join(os.path.dirname(HERE), "pppoe", "generator.py")
# test_bng_generated's lab (test_bng's, with a /64 pool for the generated sessions), in a VM
# with room for a pppd per generated session.
VM_MEMORY_MB = 3072


def heap_kb(pid):
    """ONOS's heap in use after a full collection (jcmd GC.run, then GC.heap_info)."""
    subprocess.run(["jcmd", str(pid), "GC.run"], capture_output=True, timeout=120)
    out = subprocess.run(["jcmd", str(pid), "GC.heap_info"], capture_output=True, text=True, timeout=60).stdout
    used = re.search(r"heap\s+total \d+K, used (\d+)K", out)
    return int(used.group(1)) if used else None


# What the controller holds for the sessions: the relay's objects and ONOS's flow rules (entries,
# their PI matches and actions), from the live objects' histogram. The heap after a full GC moves
# by tens of MB with ONOS's own caches between snapshots, more than a thousand sessions hold.
HISTOGRAM_GROUPS = {"relay": ("org.sixflow.app.features.bng.",),
                    "flowRules": ("org.onosproject.net.flow.", "org.onosproject.net.pi.runtime.",
                                  "org.onosproject.store.flow.")}


def histogram(pid):
    """Bytes and instances of the HISTOGRAM_GROUPS' classes among ONOS's live objects
    (jcmd GC.class_histogram, which collects first); shallow sizes, as the histogram gives them."""
    out = subprocess.run(["jcmd", str(pid), "GC.class_histogram"], capture_output=True, text=True, timeout=300).stdout
    groups = {name: {"instances": 0, "bytes": 0} for name in HISTOGRAM_GROUPS}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) < 4 or not parts[0].endswith(":"):
            continue
        for name, prefixes in HISTOGRAM_GROUPS.items():
            if parts[3].startswith(prefixes):
                groups[name]["instances"] += int(parts[1])
                groups[name]["bytes"] += int(parts[2])
    return groups


def rss_kb(pid):
    with open("/proc/%d/status" % pid) as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return None


def cpu_seconds(pid):
    """User + system CPU time a process has used (/proc/PID/stat fields 14 and 15)."""
    if pid is None:
        return None
    with open("/proc/%d/stat" % pid) as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def pid_of(pattern):
    out = subprocess.run(["pgrep", "-f", pattern], capture_output=True, text=True).stdout.split()
    return int(out[0]) if out else None


class Layers:
    """Where each layer's figures come from in this lab."""

    def __init__(self, lab, vm, onos):
        run_dir = os.path.dirname(os.path.abspath(os.environ["LAB_STATE"]))
        self.onos_pid = pid_of("java .*%s/onos" % re.escape(run_dir))
        self.bmv2_pid = pid_of("simple_switch_grpc .*--log-file %s/logs/bng( |$)" % re.escape(run_dir))
        self.lab, self.vm, self.onos = lab, vm, onos

    def entries(self, device):
        counts = {}
        for f in self.onos.get("flows/" + device)["flows"]:
            table = str(f.get("tableName", f.get("tableId", ""))).split(".")[-1]
            if table.startswith("bng_"):
                counts[table] = counts.get(table, 0) + 1
        return counts

    def relay(self):
        sessions = self.lab.rest.get("bng/sessions")["sessions"]
        return {"listed": len(sessions),
                "up": sum(1 for s in sessions if s["state"] == "UP"),
                "installed": sum(1 for s in sessions if s["state"] == "UP" and s["install"]["state"] == "INSTALLED"),
                "failed": sum(1 for s in sessions if s["install"]["state"] == "FAILED")}

    def cpu(self):
        """CPU seconds used so far by ONOS, bmv2 and the VM (qemu: the servers' emulated CPU)."""
        return {"onos": cpu_seconds(self.onos_pid), "bmv2": cpu_seconds(self.bmv2_pid),
                "vm": cpu_seconds(self.vm.proc.pid)}

    def snapshot(self, device):
        cpu = self.cpu()   # before the full GC this snapshot asks of ONOS
        return {"t": time.time(), "cpu": cpu, "onosHeapKb": heap_kb(self.onos_pid),
                "onosObjects": histogram(self.onos_pid), "onosRssKb": rss_kb(self.onos_pid),
                "bmv2RssKb": rss_kb(self.bmv2_pid), "vmRssKb": self.vm.host_rss_kb(),
                "guest": many_lines.guest_memory(self.vm), "relay": self.relay(), "entries": self.entries(device)}


def measure(sessions, window, hold, tries, out):
    base = test_bng_generated.generated_lab(sessions, VM_MEMORY_MB)
    base.setUpClass()
    try:
        lab, vm = base.lab, base.vm
        onos = lab.onos
        layers = Layers(lab, vm, onos)
        device = base.sw.device_id
        result = {"sessions": sessions, "window": window, "tries": tries, "holdSeconds": hold,
                  "vmMemoryMb": VM_MEMORY_MB,
                  "realSubscribers": len(base.subs), "realSetupSeconds": base.setup_seconds}
        result["before"] = layers.snapshot(device)
        started = time.monotonic()
        servers = test_bng_generated.serve(base, generator.plan(sessions))
        result["serverLinesSeconds"] = round(time.monotonic() - started, 2)
        result["servers"] = len(servers)
        h_sub, h_net = lab.hosts["h_sub"], lab.hosts["h_net"]
        net4 = lab.topology["hosts"][2]["ipv4"].split("/")[0]
        run = subprocess.Popen(["ip", "netns", "exec", h_sub.netns, sys.executable, GENERATOR,
                                "--ifname", h_sub.ifname, "--count", str(sessions), "--window", str(window),
                                "--ping6", h_net.ipv6, "--ping4", net4, "--hold", str(hold),
                                "--tries", str(tries), "--timeout", "3600"],
                               stdout=subprocess.PIPE, text=True)
        progress = []
        try:
            for line in run.stdout:
                record = json.loads(line)
                if "progress" in record:
                    progress.append([record["t"], record["progress"].get("up", 0),
                                     record["progress"].get("ping6", 0), record["progress"].get("ping4", 0)])
                    if int(record["t"]) % 15 == 0:
                        print("generator: %s" % line.strip(), file=sys.stderr)
                elif record.get("phase") == "holding":
                    print("generator: %s" % line.strip(), file=sys.stderr)
                    result["holding"] = layers.snapshot(device)
                    sub = base.subs[0]
                    ping = base.vm.run(["ip", "netns", "exec", sub.netns, "ping", "-6", "-c", "5", "-i", "0.2",
                                            "-W", "2", "-I", sub.slaac_address, h_net.ipv6], check=False)
                    result["realSubscriberPingWhileHeld"] = "5 received" in ping.out
                    result["realSessionsUpWhileHeld"] = sum(
                        1 for s in base.subs if subscribers.session_state(vm, s))
                elif record.get("phase") == "stopping":
                    # The generator's own clock: this loop may read the line late (a snapshot).
                    result["stopStarted"] = record.get("at", time.time())
                elif "summary" in record:
                    result["generator"] = record["summary"]
        finally:
            if run.poll() is None:
                run.terminate()
            run.wait(120)
        # The end: until the relay lists only the real sessions and the generated lines' entries are gone.
        real = len(base.subs)
        deadline = time.monotonic() + 300
        real_ends = {}
        while time.monotonic() < deadline:
            for s in lab.rest.get("bng/sessions")["sessions"]:
                if s["line"]["sTag"] == test_bng.S_TAG and s["state"] == "ENDED":
                    real_ends[s["user"]] = s.get("endReason")
            relay, entries = layers.relay(), layers.entries(device)
            if relay["up"] <= real and entries.get("bng_session", 0) <= real:
                break
            time.sleep(1)
        result["realSessionsEnded"] = real_ends
        result["entriesGoneSeconds"] = round(time.time() - result.get("stopStarted", time.time()), 2)
        result["after"] = layers.snapshot(device)
        result["progress"] = progress
    finally:
        base.tearDownClass()
    with open(out, "w") as f:
        json.dump(result, f, indent=1)
    print(report(result))


def mb(kb):
    return "%.1f" % (kb / 1024.0) if kb is not None else "-"


def report(r):
    g = r.get("generator", {})
    n = r["sessions"]
    lines = ["## BNG at scale: %d generated sessions + %d real pppd, inside real ONOS on bmv2" % (n, r["realSubscribers"]),
             "", "| | |", "|---|---|",
             "| sessions up (generator) | %s of %d |" % (g.get("up"), n),
             "| set-up: all up in | %s s (%s sessions/s; window %d) |" % (g.get("setupSeconds"), g.get("sessionsPerSecond"), r["window"]),
             "| relay while held: UP / INSTALLED / FAILED | %s / %s / %s |" % (
                 r["holding"]["relay"]["up"], r["holding"]["relay"]["installed"], r["holding"]["relay"]["failed"]),
             "| pinged through the BNG: IPv6 / IPv4 | %s / %s |" % (
                 g.get("milestones", {}).get("ping6", {}).get("n"), g.get("milestones", {}).get("ping4", {}).get("n")),
             "| held %d s / lost | %s / %s |" % (r["holdSeconds"], g.get("held"), g.get("lost")),
             "| server LCP echoes answered | %s |" % g.get("echoesAnswered"),
             "| real pppd sessions up while held; their ping | %s of %d; %s |" % (
                 r.get("realSessionsUpWhileHeld"), r["realSubscribers"], "ok" if r.get("realSubscriberPingWhileHeld") else "FAILED"),
             "| end: every generated entry gone | %s s after the stop |" % r.get("entriesGoneSeconds"),
             "| real sessions ended meanwhile | %s |" % (r.get("realSessionsEnded") or "none"),
             "| failures | %s |" % (g.get("failures") or "none"), ""]
    if "cpu" in r["before"] and g.get("untilDataSeconds"):
        span = r["holding"]["t"] - r["before"]["t"]
        lines += ["CPU each layer used from the generator's start until every session was up and had pinged "
                  "(%.0f s, including the servers' lines; %% of one core):" % span, "",
                  "| ONOS (relay, flow rules, P4Runtime) | bmv2 | the VM (pppoe-servers, a pppd per session, emulated) |",
                  "|---|---|---|",
                  "| %s |" % " | ".join("%.0f s (%.0f %%)" % (r["holding"]["cpu"][k] - r["before"]["cpu"][k],
                                                            100.0 * (r["holding"]["cpu"][k] - r["before"]["cpu"][k]) / span)
                                       for k in ("onos", "bmv2", "vm")), ""]
    lines += ["Time from PADI to each milestone, seconds:", "", "| milestone | n | p50 | p99 | max |",
              "|---|---|---|---|---|"]
    for name, m in g.get("milestones", {}).items():
        lines.append("| %s | %d | %s | %s | %s |" % (name, m["n"], m["p50"], m["p99"], m["max"]))
    b, h, a = r["before"], r["holding"], r["after"]
    tables = sorted(set(h["entries"]) | set(b["entries"]))
    lines += ["", "Data-plane entries (ONOS's flow rules on device:bng):", "",
              "| table | before | held | after |", "|---|---|---|---|"]
    for t in tables:
        lines.append("| %s | %d | %d | %d |" % (t, b["entries"].get(t, 0), h["entries"].get(t, 0), a["entries"].get(t, 0)))
    per = lambda key: ((h[key] or 0) - (b[key] or 0)) / float(n)   # noqa: E731
    gb, gh, ga = b["guest"], h["guest"], a["guest"]
    pppd = gh["processes"].get("pppd", {"count": 0, "rssKb": 0, "pssKb": 0})
    lines += ["", "Memory each layer uses, MB (per generated session in brackets):", "",
              "| layer | before | held | after |", "|---|---|---|---|",
              "| generator (one Python process, peak RSS) | - | %s (%.1f kB) | - |" % (
                  mb(g.get("peakRssKb")), (g.get("peakRssKb") or 0) / float(n)),
              "| server: the VM's memory in use | %s | %s (%.0f kB) | %s |" % (
                  mb(gb["usedKb"]), mb(gh["usedKb"]), (gh["usedKb"] - gb["usedKb"]) / float(n), mb(ga["usedKb"])),
              "| server: pppd processes, RSS / PSS | | %d: %s / %s | |" % (pppd["count"], mb(pppd["rssKb"]), mb(pppd["pssKb"])),
              "| controller: ONOS heap after a full GC | %s | %s (%.1f kB) | %s |" % (
                  mb(b["onosHeapKb"]), mb(h["onosHeapKb"]), per("onosHeapKb"), mb(a["onosHeapKb"])),
              "| controller: ONOS RSS | %s | %s | %s |" % (mb(b["onosRssKb"]), mb(h["onosRssKb"]), mb(a["onosRssKb"])),
              ] + ["| controller: live %s objects (%s) | %s | %s (%.1f kB) | %s |" % (
                  what, ", ".join(HISTOGRAM_GROUPS[what]).replace("org.", "").rstrip("."),
                  mb(b["onosObjects"][what]["bytes"] / 1024.0), mb(h["onosObjects"][what]["bytes"] / 1024.0),
                  (h["onosObjects"][what]["bytes"] - b["onosObjects"][what]["bytes"]) / 1024.0 / n,
                  mb(a["onosObjects"][what]["bytes"] / 1024.0))
                  for what in HISTOGRAM_GROUPS if "onosObjects" in b] + [
              "| data plane: bmv2 RSS | %s | %s (%.1f kB) | %s |" % (
                  mb(b["bmv2RssKb"]), mb(h["bmv2RssKb"]), per("bmv2RssKb"), mb(a["bmv2RssKb"]))]
    return "\n".join(lines)


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="command", required=True)
    m = sub.add_parser("measure")
    m.add_argument("--out", required=True)
    m.add_argument("--sessions", type=int, default=1000)
    # The servers' pppd start on one emulated CPU (about one a second): more set-ups at once only
    # lengthen each one. A subscriber asks LCP up to --tries times, 3 s apart (pppd's default is
    # 10; the lab's real clients ask 40, for the same reason).
    m.add_argument("--window", type=int, default=16)
    m.add_argument("--tries", type=int, default=40)
    m.add_argument("--hold", type=float, default=120)
    r = sub.add_parser("report")
    r.add_argument("file")
    args = p.parse_args(argv)
    if args.command == "measure":
        if not 1 <= args.sessions <= 4096:
            p.error("--sessions is 1..4096 (64 lines per server, S-tags 200..263)")
        measure(args.sessions, args.window, args.hold, args.tries, args.out)
    else:
        with open(args.file) as f:
            print(report(json.load(f)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
