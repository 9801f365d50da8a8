#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""A lab host's ILNP endpoint for as long as it is wanted: adds the host's ILNP locator address
(its subnet's /64 with its NID; lab/topologies/*.json "ilnp"), runs endpoint.py, and when stopped
(SIGTERM, SIGINT) stops the endpoint and takes the address away again if it added it. Sixflow's
multihoming study starts one in each host for ILNP's trials (the manager's ilnpEndpoints property,
set by lab/onos/onoslab.py) and stops it after.

    ip netns exec NS lab_endpoint.py --iface eth0 --address fd00:5:1::a/64 --nid ::a --status F [--peer NID=LOC]
"""

import argparse
import os
import signal
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))


def addresses(iface):
    out = subprocess.run(["ip", "-6", "-o", "addr", "show", "dev", iface], capture_output=True, text=True,
                         check=True).stdout
    return {line.split()[3] for line in out.splitlines()}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--iface", required=True)
    ap.add_argument("--address", required=True, help="the locator address, address/64, its IID the NID")
    ap.add_argument("--nid", required=True)
    ap.add_argument("--status", required=True)
    ap.add_argument("--peer", action="append", default=[])
    args = ap.parse_args()
    added = args.address not in addresses(args.iface)
    if added:
        subprocess.run(["ip", "-6", "addr", "add", args.address, "dev", args.iface, "nodad"], check=True)
    endpoint = subprocess.Popen([sys.executable, os.path.join(HERE, "endpoint.py"), "--iface", args.iface,
                                 "--nid", args.nid, "--status", args.status]
                                + [x for peer in args.peer for x in ("--peer", peer)])

    def stop(signum, frame):
        endpoint.terminate()

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    try:
        code = endpoint.wait()  # a signal's handler returns and the wait goes on (PEP 475)
    finally:
        if endpoint.poll() is None:
            endpoint.kill()
            endpoint.wait()
        if added:
            subprocess.run(["ip", "-6", "addr", "del", args.address, "dev", args.iface], check=False)
    # Stopped on request is a clean end; the endpoint's own failure is passed on.
    return 0 if code in (0, -signal.SIGTERM, -signal.SIGINT) else code


if __name__ == "__main__":
    sys.exit(main())
