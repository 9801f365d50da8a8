#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Writes the lab's topology files, so that none is edited by hand.

- msr6-study.json: the five-city network of docker/mininet/topology.py (the compose lab's values);
- fat-tree-k4.json: a k=4 fat tree, 4 core + 8 aggregation + 8 edge switches, two hosts per
  edge switch.

    python3 lab/net/topogen.py            # rewrite lab/topologies/*.json
    python3 lab/net/topogen.py --check    # exit 1 if a committed file differs from what it would write
"""

import argparse
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
REPO = os.path.dirname(os.path.dirname(HERE))
TOPOLOGIES = os.path.join(REPO, "lab", "topologies")
MININET_TOPOLOGY = os.path.join(REPO, "docker", "mininet", "topology.py")


def _load_mininet_topology(path=MININET_TOPOLOGY):
    sys.dont_write_bytecode = True  # no __pycache__ beside docker/mininet/topology.py
    spec = importlib.util.spec_from_file_location("sixflow_mininet_topology", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def msr6_study(mininet=None):
    """The compose lab's network (docker/mininet/topology.py) in the lab's format."""
    m = mininet or _load_mininet_topology()
    return {
        "name": "msr6-study",
        "switches": [{"name": sw["name"], "p4rtDeviceId": sw["device_id"], "role": sw["role"],
                      "locator": sw["locator"], "routerMac": sw["mac"],
                      "latitude": sw["latitude"], "longitude": sw["longitude"]} for sw in m.SWITCHES],
        "links": [{"a": {"switch": a, "port": pa}, "b": {"switch": b, "port": pb}} for a, pa, b, pb in m.LINKS],
        "hosts": [{"name": h["name"], "switch": h["switch"], "port": h["port"], "mac": h["mac"],
                   "ipv6": h["ipv6"], "gateway": h["gateway"]} for h in m.HOSTS],
    }


def fat_tree(k=4):
    """A k-ary fat tree: (k/2)^2 core, k pods of k/2 aggregation and k/2 edge switches, k/2 hosts per edge.

    Device ids: core 1.., then aggregation, then edge. Switch n has locator fd00:2:<n>::/64 and
    router MAC 00:aa:00:00:02:<n>; host i (from 0) of edge switch n is fd00:2:<n>::<10+i> with MAC
    00:00:00:02:<n>:<10+i> (n written in decimal digits in both, as the MSR6 lab does). Ports:
    edge 1..k/2 up to its pod's aggregation switches, then its hosts; aggregation 1..k/2 down to
    its pod's edge switches, then up to core; core p+1 down to pod p. Positions are a drawing
    (core row above aggregation above edge), not geography.
    """
    if k % 2 or k < 2 or k > 8:
        raise ValueError("k must be even, from 2 to 8")
    half = k // 2
    core = ["core%d" % (i + 1) for i in range(half * half)]
    agg = [["agg%d" % (p * half + i + 1) for i in range(half)] for p in range(k)]
    edge = [["edge%d" % (p * half + i + 1) for i in range(half)] for p in range(k)]
    switches = []

    def add(name, role, latitude, longitude):
        n = len(switches) + 1
        switches.append({"name": name, "p4rtDeviceId": n, "role": role, "locator": "fd00:2:%d::/64" % n,
                         "routerMac": "00:aa:00:00:02:%02d" % n,
                         "latitude": latitude, "longitude": round(longitude, 4)})

    columns = k * half
    for i, name in enumerate(core):
        add(name, "TRANSIT", 40.0, 100.0 + 30.0 * (i + 0.5) / len(core))
    for p in range(k):
        for i, name in enumerate(agg[p]):
            add(name, "TRANSIT", 35.0, 100.0 + 30.0 * (p * half + i + 0.5) / columns)
    for p in range(k):
        for i, name in enumerate(edge[p]):
            add(name, "EDGE", 30.0, 100.0 + 30.0 * (p * half + i + 0.5) / columns)

    links = []
    for p in range(k):
        for e, edge_name in enumerate(edge[p]):
            for a, agg_name in enumerate(agg[p]):
                links.append({"a": {"switch": edge_name, "port": a + 1}, "b": {"switch": agg_name, "port": e + 1}})
    for p in range(k):
        for a, agg_name in enumerate(agg[p]):
            for j in range(half):
                links.append({"a": {"switch": agg_name, "port": half + j + 1},
                              "b": {"switch": core[a * half + j], "port": p + 1}})

    by_name = {sw["name"]: sw for sw in switches}
    hosts = []
    for p in range(k):
        for edge_name in edge[p]:
            n = by_name[edge_name]["p4rtDeviceId"]
            for i in range(half):
                hosts.append({"name": "h%d" % (len(hosts) + 1), "switch": edge_name, "port": half + i + 1,
                              "mac": "00:00:00:02:%02d:%02d" % (n, 10 + i),
                              "ipv6": "fd00:2:%d::%d/64" % (n, 10 + i), "gateway": "fd00:2:%d::1" % n})
    return {"name": "fat-tree-k%d" % k, "switches": switches, "links": links, "hosts": hosts}


def render(topology):
    """The file text: one switch, link or host per line, so a diff shows what changed."""
    out = ["{", '  "name": %s,' % json.dumps(topology["name"])]
    for key in ("switches", "links", "hosts"):
        items = [json.dumps(item) for item in topology[key]]
        close = "]," if key != "hosts" else "]"
        out.append('  "%s": [' % key)
        out.extend("    %s%s" % (item, "," if i < len(items) - 1 else "") for i, item in enumerate(items))
        out.append("  " + close)
    out.append("}")
    return "\n".join(out) + "\n"


def generated():
    """{file name: text} of every topology file."""
    return {"msr6-study.json": render(msr6_study()), "fat-tree-k4.json": render(fat_tree(4))}


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare instead of writing")
    parser.add_argument("--out-dir", default=TOPOLOGIES)
    args = parser.parse_args(argv)
    stale = []
    for name, text in generated().items():
        path = os.path.join(args.out_dir, name)
        if args.check:
            try:
                with open(path) as f:
                    same = f.read() == text
            except OSError:
                same = False
            if not same:
                stale.append(path)
        else:
            os.makedirs(args.out_dir, exist_ok=True)
            with open(path, "w") as f:
                f.write(text)
            print("wrote %s" % path)
    for path in stale:
        print("%s differs from what lab/net/topogen.py writes: run python3 lab/net/topogen.py" % path)
    return 1 if stale else 0


if __name__ == "__main__":
    sys.exit(main())
