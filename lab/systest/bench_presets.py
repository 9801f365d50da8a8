#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""make bench-presets, the part that needs a running lab (bench-presets.sh starts it): the studies'
presets run unchanged on the lab's switches, as the dashboard's "Use preset" and Run would run
them, after creating what each preset's description says it needs (its APN6 policy; its MSR6
trees from the source host); prints each run's pacing, every class's probes
and queueing verdict, and the study's tables.
    bench_presets.py [--presets apn6-ietf109,msr6-ietf119] [--packets N] [--warmup N]
                     [--te-receivers h_nj,h_sh] [--rlb-receivers h_gz]"""

import argparse
import os
import re
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "lib"))

from lab import Lab, RestError  # noqa: E402
from presetrun import (await_installed, delete_quietly, preset, print_classes, print_pacing,  # noqa: E402
                       print_table, run_and_watch)

DEFAULT_PRESETS = "apn6-ietf109,msr6-ietf119"
# The tree mode of each MSR6 encapsulation class.
MODES = {"msr6-te-encap": "TE", "msr6-rlb-encap": "RLB"}
# The APN6 option a policy the preset needs inserts (any values do: the preset measures the insertion).
OPTION = {"slaLevel": 2, "appId": 42, "userId": 7, "flowId": 1}


def policies_of(experiment):
    """A policy for each class that names one, matching that class's UDP destination port at every edge."""
    policies = {}
    for c in experiment["classes"]:
        if c.get("policy"):
            port = c["packet"]["destinationPort"]
            policies[c["policy"]] = {"id": c["policy"], "priority": 100, "option": OPTION, "stripAtEgress": True,
                                     "match": {"nextHeader": 17, "destinationPorts": {"low": port, "high": port}}}
    return list(policies.values())


def trees_of(lab, experiment, receivers):
    """The trees the classes name, with the groups the preset's description gives them ("te, group
    ff3e::1"), from the host sending the baseline's probes to the receivers of the tree's mode."""
    groups = dict(re.findall(r"([\w-]+), group ([0-9A-Fa-f:]+)", experiment["description"]))
    source_address = next(c["packet"]["source"] for c in experiment["classes"] if c["role"] == "BASELINE")
    source = next(h for h in lab.hosts.values() if h.ipv6 == source_address)
    trees = []
    for c in experiment["classes"]:
        if not c.get("tree"):
            continue
        if c["tree"] not in groups:
            raise SystemExit("preset %s: its description gives no group for tree %s" % (experiment["id"], c["tree"]))
        trees.append({"id": c["tree"], "source": lab.connect_point(source), "group": groups[c["tree"]],
                      "sourceAddress": source.ipv6, "mode": MODES[c["latencyClass"]], "algorithm": "SHORTEST_PATHS",
                      "receivers": [lab.connect_point(lab.hosts[h]) for h in receivers[MODES[c["latencyClass"]]]]})
    return trees


def bench(lab, preset_id, packets, warmup, receivers):
    experiment = preset(lab, preset_id)
    if packets:
        experiment["packetsPerClass"] = packets
    if warmup is not None:
        experiment["warmup"] = warmup
    needs = [("policies", p) for p in policies_of(experiment)] \
        + [("trees", t) for t in trees_of(lab, experiment, receivers)]
    print("\n=== preset %s (%s): %s x %d probes (%d warm-up) every %s µs, ingress %s; needs %s"
          % (preset_id, experiment["name"], "/".join(c["name"] for c in experiment["classes"]),
             experiment["packetsPerClass"], experiment["warmup"], experiment.get("intervalMicros"),
             experiment["ingress"], ", ".join("%s/%s" % (kind, body["id"]) for kind, body in needs) or "nothing"),
          flush=True)
    delete_quietly(lab, "experiments/" + preset_id)
    try:
        for kind, body in needs:
            delete_quietly(lab, "%s/%s" % (kind, body["id"]))
            lab.rest.post(kind, body)
        for kind, body in needs:
            await_installed(lab, "%s/%s" % (kind, body["id"]))
        lab.rest.post("experiments", experiment)
        run = run_and_watch(lab, preset_id)
        if run["state"] != "DONE":
            print("run %d ended %s: %s" % (run["id"], run["state"], run["reason"]))
            return False
        print_pacing(run)
        results = lab.rest.get("experiments/%s/runs/%d/results" % (preset_id, run["id"]))
        print_classes(results)
        for table in results["tables"]:
            print_table(table)
        return True
    except RestError as e:
        print("preset %s: %s" % (preset_id, e))
        return False
    finally:
        delete_quietly(lab, "experiments/" + preset_id)
        for kind, body in reversed(needs):
            delete_quietly(lab, "%s/%s" % (kind, body["id"]))


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--presets", default=DEFAULT_PRESETS, help="comma-separated preset ids")
    parser.add_argument("--packets", type=int, help="probes per class (the preset's by default)")
    parser.add_argument("--warmup", type=int, help="warm-up probes (the preset's by default)")
    # A probe is read past its outer headers within a telemetry report's 128 bytes, so a measured
    # tree's MRH holds at most 3 M-SIDs: the TE tree branches once (nanjing and shanghai), the RLB one
    # reaches guangzhou, as lab/systest's experiment test has them.
    parser.add_argument("--te-receivers", default="h_nj,h_sh", help="hosts receiving the TE tree")
    parser.add_argument("--rlb-receivers", default="h_gz", help="hosts receiving the RLB tree")
    args = parser.parse_args(argv)
    lab = Lab()
    print("lab: %d switches" % len(lab.switches), flush=True)
    receivers = {"TE": args.te_receivers.split(","), "RLB": args.rlb_receivers.split(",")}
    done = [bench(lab, p.strip(), args.packets, args.warmup, receivers)
            for p in args.presets.split(",") if p.strip()]
    return 0 if all(done) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
