# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Path MTU discovery through Sixflow, with Linux's own stack at both ends. A full-size UDP
datagram that an APN6 policy grows past the ingress edge's egress MTU (1500, the lab's links, or
LAB_LINK_MTU) is dropped there, and the controller answers its source with an ICMPv6 Packet Too Big giving the MTU
less the 24-octet insertion. The sending host's kernel takes it (its route to the receiver shows
MTU 1476), fragments the next datagram to fit, and the receiving host's socket gets it whole. And
the same for a datagram the router forwards as it came, onto a link of a smaller MTU."""

import ipaddress
import os
import struct
import subprocess
import sys
import time

import traffic
from lab import pi_match
from systest import SystemTest

PORT = 5006
LINK_MTU = int(os.environ.get("LAB_LINK_MTU", "").strip() or 1500)  # the lab's (lab/net/netdev.py)
PAYLOAD = LINK_MTU - 40 - 8      # a datagram that fills the host's link exactly
APN6_BYTES = 24                  # the Hop-by-Hop header an insertion adds (define.p4 APN6_HBH_BYTES)
OPTION = {"slaLevel": 2, "appId": 77, "userId": 1, "flowId": 6}

SENDER = """
import socket, sys, time
s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
for i in range(2):
    print(time.time_ns(), flush=True)
    s.sendto(bytes([0x30 + i]) * int(sys.argv[3]), (sys.argv[1], int(sys.argv[2])))
    time.sleep(2)
"""

RECEIVER = """
import socket, sys
s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
s.bind(("::", int(sys.argv[1])))
s.settimeout(float(sys.argv[2]))
try:
    while True:
        data, _ = s.recvfrom(65535)
        print(len(data), data[:1].hex(), flush=True)
except socket.timeout:
    pass
"""


def timeline(frames, sent):
    """When the source sent its datagrams (sent: ns, its clock) and the ICMPv6 messages it received
    (type: 2 Packet Too Big, 134 Router Advertisement, ...), in order, for a failure's message: ms
    since the first datagram. (The capture holds what the host received only.)"""
    start = sent[0] if sent else (frames[0][0] if frames else 0)
    events = [(t, "datagram sent") for t in sent]
    events += [(t, "ICMPv6 type %d" % frame[54]) for t, frame in frames
               if len(frame) > 54 and frame[12:14] == b"\x86\xdd" and frame[20] == 58]
    return ["%.0f ms: %s" % ((t - start) / 1e6, what) for t, what in sorted(events)]


def packets_too_big(frames):
    """(source, destination, MTU, quoted source, quoted destination) of each ICMPv6 Packet Too Big."""
    found = []
    for _, frame in frames:
        if len(frame) < 14 + 48 + 40 or frame[12:14] != b"\x86\xdd" or frame[20] != 58 or frame[54] != 2:
            continue
        address = lambda at: str(ipaddress.IPv6Address(frame[at:at + 16]))  # noqa: E731
        found.append((address(22), address(38), struct.unpack("!I", frame[58:62])[0], address(62 + 8),
                      address(62 + 24)))
    return found


class PathMtuDiscoveryTest(SystemTest):
    """From h_bj to h_sh (else the first and last hosts): the first of two full-size datagrams is
    too big somewhere on the way; the test says where and what the source should be told. (Linux
    keeps the path MTU it learns only while its gateway's neighbour entry is a router's: its route
    garbage collection removes the others' learnt MTUs, at a moment of its own. The lab's hosts have
    such an entry, lab/net/dataplane.py.)"""

    def pick_hosts(self):
        hosts = sorted(self.lab.hosts.values(), key=lambda h: h.name)
        self.src = self.lab.hosts.get("h_bj", hosts[0])
        self.dst = self.lab.hosts.get("h_sh", hosts[-1])

    def assert_discovers(self, expected_mtu):
        """Sends the two datagrams; the source got one Packet Too Big giving expected_mtu, from its
        gateway, quoting its datagram, its kernel took it, and only the second datagram, fragmented
        to fit, arrived."""
        receiver = subprocess.Popen(["ip", "netns", "exec", self.dst.netns, sys.executable, "-c", RECEIVER,
                                     str(PORT), "8"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(0.5)
        with traffic.Capture(self.lab, [self.src], duration=6) as capture:
            sent = self.lab.in_host(self.src, sys.executable, "-c", SENDER, self.dst.ipv6, str(PORT), str(PAYLOAD),
                                    timeout=30).stdout.split()
        received, err = receiver.communicate(timeout=30)
        route = self.lab.in_host(self.src, "ip", "-6", "route", "get", self.dst.ipv6).stdout

        told = packets_too_big(capture.frames[self.src.name])
        seen = timeline(capture.frames[self.src.name], [int(t) for t in sent])
        self.assertEqual(1, len(told), "one Packet Too Big for the one datagram that did not fit: %s (route %s; "
                         "received %r; the source's link: %s)" % (told, route.strip(), received, seen))
        source, destination, mtu, quoted_src, quoted_dst = told[0]
        self.assertEqual(self.src.ipv6, destination)
        self.assertEqual(self.src.gateway, source, "from the router's address on the host's link")
        self.assertEqual(expected_mtu, mtu)
        self.assertEqual((self.src.ipv6, self.dst.ipv6), (quoted_src, quoted_dst), "the datagram the host sent")
        self.assertIn("mtu %d" % expected_mtu, route, "the sender's kernel took the MTU: %s (the source's link: %s)"
                      % (route, seen))
        self.assertEqual([str(PAYLOAD), "31"], received.split(),
                         "only the second datagram, fragmented to fit, arrives: %r %s" % (received, err))


class PathMtuTest(PathMtuDiscoveryTest):
    """An APN6 policy grows the datagram past the ingress edge's egress MTU: the source is told
    that MTU less the 24-octet insertion."""

    def setUp(self):
        self.pick_hosts()
        self.policy = "pmtu"
        self.rest.post("policies", {"id": self.policy, "priority": 100, "option": OPTION, "stripAtEgress": True,
                                    "match": {"source": self.src.ipv6 + "/128", "nextHeader": 17,
                                              "destinationPorts": {"low": PORT, "high": PORT}}})
        self.eventually(lambda: self.rest.get("policies/" + self.policy)["state"] == "INSTALLED",
                        what="policy %s INSTALLED" % self.policy)
        self.lab.in_host(self.src, "ip", "-6", "route", "flush", "cache")

    def tearDown(self):
        try:
            self.rest.delete("policies/" + self.policy)
        except Exception:  # already gone
            pass

    def test_the_source_learns_the_mtu_and_its_next_datagram_arrives(self):
        self.assert_discovers(LINK_MTU - APN6_BYTES)


class TransitPathMtuTest(PathMtuDiscoveryTest):
    """The same discovery for a packet Sixflow forwards as it came (RFC 8200 section 5): the
    ingress edge's links onwards are given a smaller MTU in netcfg (as for links that carry
    tunnels), so the sending host's full-size datagram reaches the edge whole and is too big for
    the link onwards. The edge drops it, and the controller answers with the onward link's MTU
    (nothing taken off: the router did not grow it). (The host's link is not raised instead: bmv2
    reads a port through a capture it opens when it starts, and frames longer than the port's MTU
    then did not come through: tried with 1542-octet frames on a veth raised to 2000.)"""

    ONWARD = LINK_MTU - 100

    def setUp(self):
        self.pick_hosts()
        self.onos = self.lab.onos
        self.path = "network/configuration/devices/%s/sixflow" % self.lab.switches[self.src.switch].device_id
        self.original = self.onos.get(self.path)
        self.addCleanup(self.onos.post, self.path, self.original)
        onward = {str(p): self.ONWARD for p in self.lab.switches[self.src.switch].ports if int(p) != self.src.port}
        self.onos.post(self.path, dict(self.original, portMtu=dict(self.original.get("portMtu", {}), **onward)))
        # ONOS confirms a changed entry at its next poll of the device's flows (up to 30 s here).
        self.eventually(lambda: self.port_mtus() >= {int(p): self.ONWARD for p in onward}.items(), timeout=60,
                        what="%s's port_mtu entries at %d" % (self.src.switch, self.ONWARD))
        self.lab.in_host(self.src, "ip", "-6", "route", "flush", "cache")
        self.addCleanup(self.lab.in_host, self.src, "ip", "-6", "route", "flush", "cache")

    def port_mtus(self):
        """(port, MTU) of the device's port_mtu entries ONOS holds as added."""
        mtus = {}
        for flow in self.lab.flows(self.lab.switches[self.src.switch].device_id, "SixflowEgress.mtu.port_mtu"):
            if flow.get("state") == "ADDED":
                port = pi_match(flow, "eg_port")["value"]
                mtu = flow["treatment"]["instructions"][0]["actionParams"]["mtu"]
                mtus[int(port, 16)] = int(mtu, 16)
        return mtus.items()

    def test_the_source_learns_the_onward_mtu_and_its_next_datagram_arrives(self):
        self.assert_discovers(self.ONWARD)
