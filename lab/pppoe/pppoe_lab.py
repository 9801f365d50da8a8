# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Real PPPoE subscribers and their server for the lab, kept up until Ctrl-C or SIGTERM.

    sudo python3 lab/pppoe/pppoe_lab.py --access sfppp-a@sfh-acc --trunk sfppp-b@sfh-srv --subscribers 4

boots the PPPoE VM (vm.py) with two NICs: --access (subscribers' side, QinQ) and --trunk (the
server's side), each a tap made in the given host namespace (or the root one without @NS, where
bmv2 can take it as a port: simple_switch_grpc -i N@TAP). In the VM: pppoe-server (namespace bng)
listening on every subscriber's S-tag/C-tag on the trunk NIC, and one pppd per subscriber in its
own namespace on the access NIC, dual-stack, with RA and DHCPv6-PD. Prints one JSON line per
subscriber once its session is up (or "error" when it is not within --timeout), then "ready"
(false, and exit code 1, when a session failed).
On Ctrl-C or SIGTERM: every pppd stops (LCP Terminate; the server sends the PADTs), the VM powers off.
Exit codes: 0 stopped as asked, 1 failed, 2 refused (not root, no image, bad arguments).
"""

import argparse
import json
import os
import signal
import sys
import threading

import subscribers
import vm as vmlib
from subscribers import Server, Subscriber


def plan(count, s_tag=100, c_tag_base=10):
    """`count` subscribers sub1..subN on one S-tag, C-tags from c_tag_base: interface id ::10:N,
    /64 fd33:0:0:N::/64, delegated /56 fd33:100:0:N00::/56."""
    if not 1 <= count <= 200:
        raise ValueError("1..200 subscribers, not %d" % count)
    if not 1 <= c_tag_base or c_tag_base + count - 1 > 4094:
        raise ValueError("C-tags %d..%d do not fit 1..4094" % (c_tag_base, c_tag_base + count - 1))
    return [Subscriber("sub%d" % n, s_tag, c_tag_base + n - 1, "sub%d@sixflow" % n, "secret-%d" % n,
                       "::10:%x" % n, lan64="fd33:0:0:%x::/64" % n, delegated="fd33:100:0:%x00::/56" % n)
            for n in range(1, count + 1)]


def nic(spec):
    tap, _, netns = spec.partition("@")
    return vmlib.Nic(tap, netns or None)


def bring_up(vm, access, trunk, subs, server, timeout):
    """Server and subscribers in the VM; yields (subscriber, state or error) as sessions come up."""
    access_if, trunk_if = vm.guest_ifname(access), vm.guest_ifname(trunk)
    server_ifs = [subscribers.qinq(vm, trunk_if, s.s_tag, s.c_tag, server.netns) for s in subs]
    client_ifs = [subscribers.qinq(vm, access_if, s.s_tag, s.c_tag, s.netns) for s in subs]
    subscribers.write_secrets(vm, subs, auth=server.auth)
    server.start(vm, server_ifs, subs)
    for sub, ifname in zip(subs, client_ifs):
        subscribers.start_client(vm, sub, ifname)
    for sub in subs:
        try:
            ipv4, peer, ipv6 = subscribers.wait_session(vm, sub, timeout=timeout, server=server)
            subscribers.start_dhcpv6(vm, sub)
            yield sub, {"ipv4": ipv4, "peer": peer, "ipv6": ipv6,
                        "sessionId": subscribers.session_id(vm, sub)}
        except vmlib.VMError as e:
            yield sub, {"error": str(e)}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--access", required=True, metavar="TAP[@NETNS]", help="the subscribers' NIC")
    p.add_argument("--trunk", required=True, metavar="TAP[@NETNS]", help="the server's NIC")
    p.add_argument("--subscribers", type=int, default=2)
    p.add_argument("--s-tag", type=int, default=100)
    p.add_argument("--c-tag-base", type=int, default=10)
    p.add_argument("--auth", choices=("pap", "chap"), default="pap")
    p.add_argument("--timeout", type=float, default=150, help="seconds for each session (150)")
    p.add_argument("--memory", type=int, default=384, help="the VM's MB (384)")
    args = p.parse_args(argv)
    if os.geteuid() != 0:
        print("pppoe_lab: needs root (taps, namespaces)", file=sys.stderr)
        return 2
    why = vmlib.image_missing()
    if why:
        print("pppoe_lab: " + why, file=sys.stderr)
        return 2
    try:
        subs = plan(args.subscribers, args.s_tag, args.c_tag_base)
        access, trunk = nic(args.access), nic(args.trunk)
    except ValueError as e:
        print("pppoe_lab: %s" % e, file=sys.stderr)
        return 2
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    server = Server(auth=args.auth)
    vm = vmlib.VM([access, trunk], memory_mb=args.memory)
    failed = False
    try:
        vm.start()
        print(json.dumps({"booted": vm.boot_secs, "access": access.tap, "trunk": trunk.tap}), flush=True)
        for sub, state in bring_up(vm, access, trunk, subs, server, args.timeout):
            failed |= "error" in state
            print(json.dumps({"subscriber": sub.name, "user": sub.user, "sTag": sub.s_tag,
                              "cTag": sub.c_tag, "lan64": str(sub.lan64),
                              "delegated": str(sub.delegated), **state}), flush=True)
        print(json.dumps({"ready": not failed}), flush=True)
        if failed:
            return 1
        while not stop.wait(1.0):
            if vm.proc.poll() is not None:
                print("pppoe_lab: the VM ended", file=sys.stderr)
                return 1
        try:
            subscribers.stop_clients(vm, [s for s in subs if s.pid])
        except vmlib.VMError as e:
            print("pppoe_lab: %s" % e, file=sys.stderr)
        return 0
    except vmlib.VMError as e:
        print("pppoe_lab: %s" % e, file=sys.stderr)
        return 1
    finally:
        vm.stop()


if __name__ == "__main__":
    sys.exit(main())
