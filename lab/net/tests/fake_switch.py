# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Stands in for simple_switch_grpc in the root-only tests: accepts the lab's command line, checks
that its interfaces exist, writes a log, and listens on the gRPC and thrift ports until SIGTERM.

Its threads are named as bmv2's are (the data path after the binary, gRPC's its own), so that a
test sees which of them `up --switch-realtime` keeps real-time.

A device id listed in FAKE_SWITCH_FAIL (comma-separated) exits at once with status 3, so a test
can watch `up` remove what it made.
"""

import os
import signal
import socket
import sys
import threading


def name_this_thread(name):
    with open("/proc/thread-self/comm", "w") as f:
        f.write(name)


def grpc_thread(started):
    name_this_thread("grpcpp_sync_ser")
    started.set()
    threading.Event().wait()


def main(argv):
    if "--help" in argv:
        print("Options:\n  --thrift-port arg\n  --notifications-addr arg\n  --log-file arg")
        return 0
    opts = {}
    ifaces = []
    i = 0
    while i < len(argv):
        if argv[i] == "-i":
            ifaces.append(argv[i + 1].split("@", 1)[1])
            i += 2
        elif argv[i].startswith("--") and i + 1 < len(argv) and not argv[i + 1].startswith("--"):
            opts[argv[i]] = argv[i + 1]
            i += 2
        else:
            i += 1
    if opts["--device-id"] in os.environ.get("FAKE_SWITCH_FAIL", "").split(","):
        print("fake switch %s: failing as asked" % opts["--device-id"])
        return 3
    for ifname in ifaces:
        if not os.path.exists("/sys/class/net/" + ifname):
            print("fake switch: no interface %s" % ifname)
            return 4
    with open(opts["--log-file"] + ".txt", "w") as log:  # as bmv2 1.15 names it
        log.write("fake switch %s on %s\n" % (opts["--device-id"], ", ".join(ifaces)))
    name_this_thread("simple_switch_g")
    started = threading.Event()
    threading.Thread(target=grpc_thread, args=(started,), daemon=True).start()
    started.wait()
    servers = []
    host, _, port = opts["--grpc-server-addr"].rpartition(":")
    for address in ((host, int(port)), ("", int(opts["--thrift-port"]))):
        s = socket.socket()
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        s.bind(address)
        s.listen()
        servers.append(s)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    while True:
        signal.pause()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
