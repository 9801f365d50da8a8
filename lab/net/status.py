# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""What of a lab is running: per switch its process, gRPC port and port links; per host its namespace.

report() returns rows and a verdict; labnet.py prints them (or JSON with --json).
"""

import os

import dataplane
import names
import netdev
import state as statefile
import switches


def report(state_path=None):
    """{"ok": bool, "switches": [...], "hosts": [...], "leftovers": {...}} for a state file, or what
    lab objects exist when there is none."""
    if not state_path or not os.path.exists(state_path):
        spaces, links, pids = dataplane.leftovers()
        return {"ok": False, "state": None, "switches": [], "hosts": [],
                "leftovers": {"namespaces": spaces, "links": links, "switchPids": pids}}
    lab = statefile.read(state_path)
    can_enter = os.geteuid() == 0  # looking inside a namespace needs root
    rows = []
    for sw in lab["switches"]:
        ports = {}
        for port, ifname in sorted(sw["ports"].items(), key=lambda kv: int(kv[0])):
            link = netdev.link_state(ifname)
            state = "missing" if link is None else "cut" if netdev.is_cut(ifname) else link[1].lower()
            ports[port] = {"ifname": ifname, "state": state}
        host, _, grpc_port = sw["grpcAddress"].rpartition(":")
        rows.append({"name": sw["name"], "pid": sw["pid"], "running": switches.is_lab_switch(sw["pid"]),
                     "grpc": sw["grpcAddress"], "grpcAccepting": switches.port_accepts(int(grpc_port), host),
                     "ports": ports})
    spaces = set(netdev.namespaces())
    hosts = []
    for h in lab["hosts"]:
        row = {"name": h["name"], "netns": h["netns"], "exists": h["netns"] in spaces, "ipv6": h["ipv6"]}
        if can_enter and row["exists"]:
            link = netdev.link_state(h["ifname"], netns=h["netns"])
            row["eth0"] = "missing" if link is None else link[1].lower()
            row["addressed"] = h["ipv6"] in netdev.addresses(h["ifname"], netns=h["netns"])
        hosts.append(row)
    ok = all(r["running"] and r["grpcAccepting"] and all(p["state"] != "missing" for p in r["ports"].values())
             for r in rows) and all(h["exists"] and h.get("addressed", True) for h in hosts)
    return {"ok": ok, "state": os.path.abspath(state_path), "topology": lab["topology"],
            "switches": rows, "hosts": hosts}


def render(rep):
    """Human-readable lines of a report."""
    if rep["state"] is None:
        left = rep["leftovers"]
        if not any(left.values()):
            return ["no lab is up"]
        return ["no state file; lab objects present: namespaces %s, links %s, switch pids %s"
                % (left["namespaces"] or "none", left["links"] or "none", left["switchPids"] or "none")]
    lines = ["lab %s (state %s): %s" % (rep["topology"], rep["state"], "OK" if rep["ok"] else "NOT OK")]
    for r in rep["switches"]:
        ports = " ".join("%s=%s:%s" % (p, v["ifname"], v["state"]) for p, v in r["ports"].items())
        lines.append("  switch %-10s pid %-7d %-8s gRPC %s %-12s ports %s"
                     % (r["name"], r["pid"], "running" if r["running"] else "STOPPED", r["grpc"],
                        "accepting" if r["grpcAccepting"] else "NOT LISTENING", ports))
    for h in rep["hosts"]:
        detail = "" if "eth0" not in h else " eth0 %s%s" % (h["eth0"], "" if h["addressed"] else " WITHOUT ADDRESS")
        lines.append("  host   %-10s netns %-12s %s%s" % (h["name"], h["netns"] if h["exists"] else "MISSING",
                                                        h["ipv6"], detail))
    return lines


def netns_of(host_name):
    """The namespace of a host, if it exists."""
    netns = names.host_netns(host_name)
    return netns if netns in netdev.namespaces() else None
