# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Two ILNP hosts and a router between them, in network namespaces (root).

    host a (NID ::a)            router r                          host b (NID ::b)
    eth0 fd00:a1::a/64  ---  ra fd00:a1::1, fd00:a2::1, fe80::1
                                rb fd00:b1::1, fe80::1  ---  eth0 fd00:b1::b/64
    ilnp0 fd49:4c4e::a/64                                        ilnp0 fd49:4c4e::b/64

With `rewrite`, r behaves as a site border router that rewrites a's locator (RFC 6748's site-
controlled case): leaving towards b, a source in fd00:a1::/64 gets upper 64 bits 2001:db8:a1::;
arriving, a destination in 2001:db8:a1::/64 gets fd00:a1:: back. The rewrite is raw nftables
payload mangling of the upper 64 bits only: no transport checksum is touched (a plain IPv6 packet
through it arrives with a bad checksum; an ILNPv6 one does not, as its checksum covers NIDs only).
fd00:a2::/64 is a's second link prefix, for moving a's locator; it is not rewritten.

Namespaces are named sfilnp-<pid>-<n>-{a,r,b} and deleted by `down()`.
"""

import itertools
import json
import os
import struct
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import wire  # noqa: E402  (the codec beside this file)
ENDPOINT = os.path.join(HERE, "endpoint.py")
IDENTITY = "fd49:4c4e::"
NID_A, NID_B = "0:0:0:a", "0:0:0:b"
ID_A, ID_B = IDENTITY + "a", IDENTITY + "b"
LOC_A1, LOC_A2, LOC_B1 = "fd00:a1::", "fd00:a2::", "fd00:b1::"
LOC_A1_OUTSIDE = "2001:db8:a1::"
_serial = itertools.count(1)

# An application's path MTU, for the tests of a router's Packet Too Big: a UDP socket bound to
# one identity address (argv[1]) and connected to another's port 9 (argv[2]), which must not be
# fragmented (Linux's IPV6_MTU_DISCOVER = 23, IPV6_PMTUDISC_DO = 2). It sends one datagram,
# prints its port, and once told (a line on stdin) prints the path MTU its kernel now has for the
# peer (IPV6_MTU = 24).
PMTU_PROBE = """
import socket, sys
s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
s.setsockopt(socket.IPPROTO_IPV6, 23, 2)
s.bind((sys.argv[1], 0))
s.connect((sys.argv[2], 9))
s.send(b"probe")
print(s.getsockname()[1], flush=True)
sys.stdin.readline()
print(s.getsockopt(socket.IPPROTO_IPV6, 24), flush=True)
"""


def probe_path_mtu(probe):
    """Tells a running PMTU_PROBE to read its socket's path MTU; returns what it printed."""
    probe.stdin.write("\n")
    probe.stdin.flush()
    return probe.stdout.readline().strip()


def ilnp_udp_packet(src16, dst16, sport, dport, payload, nonce, hop_limit=64):
    """A UDP datagram as an ILNP endpoint puts it on the wire: the Nonce header first, the UDP
    checksum over the two NIDs with zero L64s (what a router's error quotes)."""
    udp = bytearray(struct.pack("!HHHH", sport, dport, 8 + len(payload), 0) + bytes(payload))
    udp[6:8] = struct.pack("!H", wire.ilnp_upper_checksum(src16[8:], dst16[8:], wire.NH_UDP, udp))
    opts = wire.nonce_dest_opts(wire.NH_UDP, nonce)
    return wire.ipv6_header(len(opts) + len(udp), wire.NH_DEST_OPTS, hop_limit, src16, dst16) + opts + bytes(udp)


def spawn_endpoint(netns, iface, nid, status, log_path, *extra, timeout=10):
    """Starts endpoint.py in a namespace and waits for its first status file; returns (process,
    log file). Raises RuntimeError, with the endpoint's output, if it ends or stays silent."""
    if os.path.exists(status):
        os.unlink(status)
    log = open(log_path, "w")
    proc = subprocess.Popen(["ip", "netns", "exec", netns, sys.executable, ENDPOINT, "--iface", iface, "--nid", nid,
                             "--status", status, *extra], stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + timeout
    while not os.path.exists(status):
        if proc.poll() is not None or time.time() > deadline:
            log.flush()
            raise RuntimeError("ILNP endpoint in %s did not start: %s" % (netns, open(log.name).read()))
        time.sleep(0.05)
    return proc, log


def stop_endpoint_process(proc, log):
    """Stops an endpoint spawn_endpoint started (it removes its nftables table on the way out)."""
    proc.terminate()
    try:
        proc.wait(5)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait()
    log.close()


def run(*argv, check=True, timeout=30):
    return subprocess.run(argv, check=check, capture_output=True, text=True, timeout=timeout)


class Lab:

    def __init__(self, rewrite=True, workdir="/tmp"):
        self.prefix = "sfilnp-%d-%d-" % (os.getpid(), next(_serial))
        self.ns = {n: self.prefix + n for n in "arb"}
        self.rewrite = rewrite
        self.workdir = workdir
        self.endpoints = {}

    # ---- the network -------------------------------------------------------------------------

    def ip(self, host, *argv, check=True):
        return run("ip", "-n", self.ns[host], *argv, check=check)

    def exec(self, host, *argv, check=True, timeout=30):
        return run("ip", "netns", "exec", self.ns[host], *argv, check=check, timeout=timeout)

    def popen(self, host, *argv, **kw):
        return subprocess.Popen(["ip", "netns", "exec", self.ns[host], *argv], **kw)

    def up(self):
        try:
            self._up()
        except BaseException:
            self.down()
            raise
        return self

    def _up(self):
        for ns in self.ns.values():
            run("ip", "netns", "add", ns)
        for host in "arb":
            self.exec(host, "sysctl", "-qw", "net.ipv6.conf.all.accept_dad=0", "net.ipv6.conf.default.accept_dad=0")
            self.ip(host, "link", "set", "lo", "up")
        run("ip", "link", "add", "eth0", "netns", self.ns["a"], "type", "veth", "peer", "name", "ra", "netns", self.ns["r"])
        run("ip", "link", "add", "eth0", "netns", self.ns["b"], "type", "veth", "peer", "name", "rb", "netns", self.ns["r"])
        self.exec("r", "sysctl", "-qw", "net.ipv6.conf.all.forwarding=1")
        for dev, addrs in (("ra", ("fd00:a1::1/64", "fd00:a2::1/64", "fe80::1/64")),
                           ("rb", ("fd00:b1::1/64", "fe80::1/64"))):
            for a in addrs:
                self.ip("r", "addr", "add", a, "dev", dev, "nodad")
            self.ip("r", "link", "set", dev, "up")
        for host, addr in (("a", LOC_A1 + "a/64"), ("b", LOC_B1 + "b/64")):
            self.ip(host, "addr", "add", addr, "dev", "eth0", "nodad")
            self.ip(host, "link", "set", "eth0", "up")
            self.ip(host, "-6", "route", "add", "default", "via", "fe80::1", "dev", "eth0")
        if self.rewrite:
            rules = (
                "table ip6 sbr {\n"
                " chain pre { type filter hook prerouting priority -300;\n"
                "  ip6 daddr 2001:db8:a1::/64 @nh,192,64 set 0xfd0000a100000000 counter\n }\n"
                " chain post { type filter hook postrouting priority 300;\n"
                "  oifname \"rb\" ip6 saddr fd00:a1::/64 @nh,64,64 set 0x20010db800a10000 counter\n }\n"
                "}\n")
            subprocess.run(["ip", "netns", "exec", self.ns["r"], "nft", "-f", "-"], input=rules, check=True,
                           capture_output=True, text=True)
        # neighbours settle before anything is timed
        self.exec("a", "ping", "-6", "-c", "1", "-W", "2", "fd00:a1::1", check=False)
        self.exec("b", "ping", "-6", "-c", "1", "-W", "2", "fd00:b1::1", check=False)

    def down(self):
        for host in list(self.endpoints):
            self.stop_endpoint(host)
        for ns in self.ns.values():
            run("ip", "netns", "del", ns, check=False)

    def rewrite_counters(self):
        out = self.exec("r", "nft", "-j", "list", "table", "ip6", "sbr").stdout
        counts = []
        for item in json.loads(out)["nftables"]:
            rule = item.get("rule")
            if rule:
                counts += [e["counter"]["packets"] for e in rule["expr"] if "counter" in e]
        return counts

    # ---- the endpoints ---------------------------------------------------------------------

    def start_endpoints(self, *extra):
        b_peer = (LOC_A1_OUTSIDE if self.rewrite else LOC_A1)
        self.start_endpoint("a", NID_A, "--peer", "%s=%s" % (NID_B, LOC_B1), *extra)
        self.start_endpoint("b", NID_B, "--peer", "%s=%s" % (NID_A, b_peer), *extra)

    def status_path(self, host):
        return os.path.join(self.workdir, self.prefix + host + ".json")

    def start_endpoint(self, host, nid, *extra):
        self.endpoints[host] = spawn_endpoint(self.ns[host], "eth0", nid, self.status_path(host),
                                              os.path.join(self.workdir, self.prefix + host + ".log"), *extra)

    def stop_endpoint(self, host):
        stop_endpoint_process(*self.endpoints.pop(host))

    def status(self, host):
        with open(self.status_path(host)) as f:
            return json.load(f)

    def wait_status(self, host, predicate, timeout=5.0):
        deadline = time.time() + timeout
        while True:
            st = self.status(host)
            if predicate(st) or time.time() > deadline:
                return st
            time.sleep(0.05)

    def peer(self, host, nid_hex):
        for p in self.status(host)["peers"]:
            if p["nid"] == nid_hex:
                return p
        return None
