#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The bmv2 lab's network: simple_switch_grpc switches, veth links and host namespaces.

    labnet.py check   TOPOLOGY                           check a topology file, print a summary
    labnet.py netcfg  TOPOLOGY                           ONOS netcfg JSON on standard output
    labnet.py up      TOPOLOGY --state FILE [--log-dir DIR] [--switch-log-level L] [--timeout S]
    labnet.py down    [--state FILE]                     stop and remove everything `up` made
    labnet.py status  [--state FILE] [--json]            what runs; exit 0 when all of it does
    labnet.py link    TOPOLOGY-or-STATE SWITCH PORT up|down
    labnet.py exec    HOST -- CMD...                     run a command in a host's namespace

TOPOLOGY is a name under lab/topologies/ (msr6-study, fat-tree-k4) or a path to a topology file.
up, down, link and exec need root; up needs simple_switch_grpc on PATH. Exit codes: 0 done,
1 failed, 2 refused (not root, missing tool, bad topology, lab already up, port taken).
"""

import argparse
import json
import os
import shutil
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the work tree when run as root

import dataplane  # noqa: E402  (after the bytecode switch)
import netcfg  # noqa: E402
import state as statefile  # noqa: E402
import status  # noqa: E402
import switches  # noqa: E402
import topology  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
TOPOLOGIES = os.path.join(os.path.dirname(HERE), "topologies")


class Refused(Exception):
    """The command cannot run here; main() prints the one-line reason and exits 2."""


def resolve_topology(arg):
    """A topology name (lab/topologies/<name>.json) or path -> checked Topology."""
    path = arg if os.sep in arg or arg.endswith(".json") else os.path.join(TOPOLOGIES, arg + ".json")
    if not os.path.exists(path):
        known = sorted(f[:-5] for f in os.listdir(TOPOLOGIES) if f.endswith(".json"))
        raise Refused("no topology %s (known: %s)" % (arg, ", ".join(known)))
    try:
        return topology.load(path)
    except topology.TopologyError as e:
        raise Refused(str(e)) from None


def require_root(what):
    if os.geteuid() != 0:
        raise Refused("%s needs root (network namespaces, veth links): run it with sudo" % what)


def find_switch_binary():
    """simple_switch_grpc from PATH, or the build SIXFLOW_BMV2 names (a path or a command), as
    `make bench-latency` takes it: e.g. bmv2 without its logging macros (pipeconf/README)."""
    other = os.environ.get("SIXFLOW_BMV2")
    binary = shutil.which(other or switches.BINARY)
    if other and (binary is None or os.path.basename(binary) != switches.BINARY):
        raise Refused("SIXFLOW_BMV2=%s is no executable %s" % (other, switches.BINARY))
    if binary is None:
        raise Refused("%s is not on PATH (build bmv2 with gRPC, or add its bin directory, e.g. /opt/p4/bin, "
                      "to PATH)" % switches.BINARY)
    return binary


def cmd_check(args):
    topo = resolve_topology(args.topology)
    print("%s: %d switches, %d links, %d hosts; valid" % (topo.path, len(topo.switches), len(topo.links),
                                                          len(topo.hosts)))
    return 0


def cmd_netcfg(args):
    json.dump(netcfg.generate(resolve_topology(args.topology)), sys.stdout, indent=2)
    sys.stdout.write("\n")
    return 0


def cmd_up(args):
    topo = resolve_topology(args.topology)
    require_root("up")
    if shutil.which("ip") is None:
        raise Refused("iproute2's ip is not on PATH")
    binary = find_switch_binary()
    log_dir = os.path.abspath(args.log_dir or os.path.join(os.path.dirname(os.path.abspath(args.state)), "logs"))
    print("labnet: building %s (%d switches, %d hosts) with %s" % (topo.name, len(topo.switches),
                                                                  len(topo.hosts), binary))
    lo, hi = os.sched_get_priority_min(os.SCHED_RR), os.sched_get_priority_max(os.SCHED_RR)
    if args.switch_realtime and not lo <= args.switch_realtime <= hi:
        raise Refused("--switch-realtime %d: a SCHED_RR priority is %d to %d (0: the normal scheduler)"
                      % (args.switch_realtime, lo, hi))
    if not -20 <= args.switch_nice <= 19:
        raise Refused("--switch-nice %d: a nice value is -20 to 19" % args.switch_nice)
    lab = dataplane.up(topo, binary, args.state, log_dir, args.switch_log_level, args.timeout,
                       realtime=args.switch_realtime, nice=args.switch_nice)
    for sw in lab["switches"]:
        print("  switch %-10s %-16s gRPC %s  pid %d  log %s" % (sw["name"], sw["deviceId"], sw["grpcAddress"],
                                                               sw["pid"], sw["log"]))
    for h in lab["hosts"]:
        print("  host   %-10s netns %-12s %s via %s (%s port %d)" % (h["name"], h["netns"], h["ipv6"],
                                                                   h["gateway"], h["switch"], h["port"]))
    print("labnet: up; state in %s" % os.path.abspath(args.state))
    return 0


def cmd_down(args):
    require_root("down")
    removed = dataplane.down(args.state)
    print("labnet: down (stopped %(switches)d switches, removed %(namespaces)d namespaces and %(interfaces)d interfaces)"
          % removed)
    return 0


def cmd_status(args):
    rep = status.report(args.state)
    if args.json:
        json.dump(rep, sys.stdout, indent=2)
        sys.stdout.write("\n")
    else:
        print("\n".join(status.render(rep)))
    return 0 if rep["ok"] else 1


def cmd_link(args):
    require_root("link")
    data = None
    if os.path.isfile(args.source):
        try:
            with open(args.source) as f:
                data = json.load(f)
        except (OSError, json.JSONDecodeError):
            pass  # resolve_topology says what is wrong with it
    topo = resolve_topology(data["topology"] if statefile.is_state(data) else args.source)
    if args.switch not in {sw["name"] for sw in topo.switches}:
        raise Refused("no switch %s in %s" % (args.switch, topo.name))
    ends = dataplane.set_fabric_link(topo, args.switch, args.port, args.state_ == "up")
    print("labnet: %s and %s %s" % (ends[0], ends[1], args.state_))
    return 0


def cmd_exec(host, command):
    require_root("exec")
    if not command:
        raise Refused("exec needs a command: labnet.py exec HOST -- CMD...")
    netns = status.netns_of(host)
    if netns is None:
        raise Refused("no host namespace for %s: is the lab up?" % host)
    sys.stdout.flush()
    os.execvp("ip", ["ip", "netns", "exec", netns] + command)


def parser():
    p = argparse.ArgumentParser(prog="labnet.py", description=__doc__.splitlines()[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter,
                                epilog="\n".join(__doc__.splitlines()[2:]))
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("check", help="check a topology file")
    s.add_argument("topology")
    s.set_defaults(func=cmd_check)
    s = sub.add_parser("netcfg", help="print the ONOS netcfg of a topology")
    s.add_argument("topology")
    s.set_defaults(func=cmd_netcfg)
    s = sub.add_parser("up", help="build the lab")
    s.add_argument("topology")
    s.add_argument("--state", required=True, help="state file to write")
    s.add_argument("--log-dir", help="switch logs (default: logs/ beside the state file)")
    s.add_argument("--switch-log-level", default="warn",
                   choices=["trace", "debug", "info", "warn", "error", "off"],
                   help="simple_switch_grpc --log-level (default warn; debug or trace log every packet)")
    s.add_argument("--timeout", type=float, default=60.0, help="seconds to wait for the switches' gRPC ports")
    s.add_argument("--switch-realtime", type=int, default=0, metavar="PRIORITY",
                   help="run the switches' data paths at this SCHED_RR priority, their gRPC threads one lower "
                        "(measurement runs; default 0: the normal scheduler)")
    s.add_argument("--switch-nice", type=int, default=0, metavar="N",
                   help="the switches' nice value, -20 to 19 (default 0; the lab runs them at -10 so that the "
                        "controller's CPU use does not queue their packets)")
    s.set_defaults(func=cmd_up)
    s = sub.add_parser("down", help="stop and remove the lab")
    s.add_argument("--state", help="state file `up` wrote (removed afterwards)")
    s.set_defaults(func=cmd_down)
    s = sub.add_parser("status", help="show what runs")
    s.add_argument("--state")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_status)
    s = sub.add_parser("link", help="fail a switch-to-switch link (both ends cut: every frame dropped) or repair it")
    s.add_argument("source", metavar="TOPOLOGY-or-STATE")
    s.add_argument("switch")
    s.add_argument("port", type=int)
    s.add_argument("state_", metavar="up|down", choices=["up", "down"])
    s.set_defaults(func=cmd_link)
    sub.add_parser("exec", help="run a command in a host namespace: exec HOST -- CMD...")
    return p


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        if argv and argv[0] == "exec":
            # Everything after HOST (and an optional "--") belongs to the command, options included.
            if len(argv) < 2 or argv[1].startswith("-"):
                raise Refused("usage: labnet.py exec HOST -- CMD...")
            rest = argv[2:]
            return cmd_exec(argv[1], rest[1:] if rest[:1] == ["--"] else rest)
        args = parser().parse_args(argv)
        return args.func(args)
    except Refused as e:
        print("labnet: %s" % e, file=sys.stderr)
        return 2
    except dataplane.LabError as e:
        print("labnet: %s" % e, file=sys.stderr)
        return e.exit_code
    except (OSError, ValueError, RuntimeError) as e:
        print("labnet: %s" % e, file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        print("labnet: interrupted", file=sys.stderr)
        return 130


if __name__ == "__main__":
    sys.exit(main())
