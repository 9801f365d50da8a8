# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Plain IPv6 — every experiment's baseline — between every pair of hosts, checked byte for byte
where it arrives, with the hop limit the path's routers leave; the routers answer NDP, pings to
their own addresses and, with ICMPv6 Time Exceeded and Destination Unreachable, Linux's ping and
tracepath."""

import ipaddress
import itertools
import re
import shutil
import sys

import expect
import traffic
from systest import SystemTest


def locator_address(switch):
    """A router's address in its locator: interface id 1 (docs/features/routing.md#icmpv6)."""
    return str(ipaddress.IPv6Network(switch.locator, strict=False).network_address + 1)


def link_local(mac):
    """fe80::/64 with the EUI-64 of a MAC (RFC 4291 appendix A)."""
    octets = bytearray(int(x, 16) for x in mac.split(":"))
    octets[0] ^= 0x02
    return str(ipaddress.IPv6Address(b"\xfe\x80" + bytes(6) + bytes(octets[:3]) + b"\xff\xfe" + bytes(octets[3:])))


# Writes one frame (hex) onto an interface, as it is: python3 -c SEND_FRAME IFACE HEX.
SEND_FRAME = ("import socket, sys; s = socket.socket(socket.AF_PACKET, socket.SOCK_RAW); "
              "s.bind((sys.argv[1], 0)); s.send(bytes.fromhex(sys.argv[2]))")

# Sends an Echo Request (hop limit 50) from an interface's link-local address to a global one and
# prints the first ICMPv6 error that comes back to it within 3 s: "type code source quoted-hop-limit
# quoted-destination", else "none". python3 -c PING_FROM_LINK_LOCAL IFACE SOURCE DESTINATION.
PING_FROM_LINK_LOCAL = """
import select, socket, struct, sys, time
iface, src, dst = sys.argv[1:4]
s = socket.socket(socket.AF_INET6, socket.SOCK_RAW, socket.IPPROTO_ICMPV6)
s.bind((src, 0, 0, socket.if_nametoindex(iface)))
s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_UNICAST_HOPS, 50)
s.sendto(struct.pack("!BBHHH", 128, 0, 0, 0x5858, 1) + b"sixflow", (dst, 0, 0, 0))
end = time.time() + 3
while time.time() < end:
    if not select.select([s], [], [], max(0, end - time.time()))[0]:
        break
    data, peer = s.recvfrom(2048)
    if data[0] < 128 and len(data) >= 48:
        print(data[0], data[1], peer[0].split("%")[0], data[15], socket.inet_ntop(socket.AF_INET6, data[32:48]))
        sys.exit(0)
print("none")
"""

# A hop of tracepath -n's output: " 2:  fd00:1:2::1   0.466ms" (also "1?:"; "[LOCALHOST]" and
# "no reply" lines name no router).
TRACEPATH_HOP = re.compile(r"^\s*(\d+)\??:\s+([0-9a-fA-F:]+)\s")


class RoutingTest(SystemTest):

    def router_addresses(self, switch):
        """The global addresses a router answers from: its hosts' gateway and its locator's."""
        gateways = {h.gateway for h in self.lab.hosts.values() if h.switch == switch.name}
        return gateways | {locator_address(switch)}

    def ping(self, host, address, *options):
        return self.lab.in_host(host, "ping", "-6", "-n", *options, address, check=False)

    def test_routes_are_installed_on_every_device(self):
        def complete():
            routes = self.rest.get("routes")["routes"]
            devices = {r["device"] for r in routes}
            return routes if devices >= {s.device_id for s in self.lab.switches.values()} else None
        routes = self.eventually(complete, what="routes on every device")
        for host in self.lab.hosts.values():
            self.assertTrue(any(r["prefix"].startswith(host.ipv6 + "/") or r["prefix"].split("/")[0] == host.ipv6
                                for r in routes if r["device"] == "device:" + host.switch),
                            "no host route for %s at its edge" % host.name)

    def test_udp_between_every_pair_of_hosts_arrives_once_and_exact(self):
        hosts = sorted(self.lab.hosts.values(), key=lambda h: h.name)
        for flow, (src, dst) in enumerate(itertools.permutations(hosts, 2), start=100):
            with self.subTest(src=src.name, dst=dst.name):
                with traffic.Capture(self.lab, hosts, duration=3) as capture:
                    traffic.send(self.lab, src, dst.ipv6, count=3, rate=50, flow=flow)
                got = capture.flow(dst, flow)
                self.assertEqual(3, len(got), "%s -> %s: %d of 3 packets arrived" % (src.name, dst.name, len(got)))
                routers = self.lab.hops(src.switch, dst.switch)
                gateway_mac = self.lab.switches[src.switch].router_mac
                last_router_mac = self.lab.switches[dst.switch].router_mac
                for frame in got:
                    _, seq, sent_ns = traffic.hosttools.sequence_of(frame)
                    sent = traffic.frame_sent(src, dst.ipv6, gateway_mac, flow, seq, sent_ns)
                    self.assertFramesEqual(expect.routed(sent, last_router_mac, dst.mac, routers), frame,
                                           "%s -> %s packet %d" % (src.name, dst.name, seq))
                for other in hosts:
                    if other not in (src, dst):
                        self.assertEqual([], capture.flow(other, flow), "%s got %s's packets" % (other.name, dst.name))

    def test_a_host_resolves_its_gateway_by_ndp(self):
        hosts = sorted(self.lab.hosts.values(), key=lambda h: h.name)
        src, dst = hosts[0], hosts[-1]
        router_mac = self.lab.switches[src.switch].router_mac
        # The lab gives hosts a permanent entry for their gateway; this host must ask for it.
        self.lab.in_host(src, "ip", "-6", "neigh", "del", src.gateway, "dev", src.ifname, check=False)
        try:
            done = self.lab.in_host(src, "ping", "-6", "-c", "3", "-i", "0.2", "-W", "2", dst.ipv6, check=False)
            self.assertEqual(0, done.returncode, done.stdout + done.stderr)
            neighbours = self.lab.in_host(src, "ip", "-6", "neigh", "show", src.gateway, "dev", src.ifname).stdout
            self.assertIn(router_mac.lower(), neighbours.lower())
            self.assertNotIn("PERMANENT", neighbours)
            # The Neighbor Advertisement's Router flag: without it Linux would not keep a path MTU
            # it learns through this gateway past its next route garbage collection.
            self.assertIn("router", neighbours.split(), "the gateway's entry is a router's: %s" % neighbours)
        finally:
            self.lab.in_host(src, "ip", "-6", "neigh", "replace", src.gateway, "lladdr", router_mac, "dev",
                             src.ifname, "nud", "permanent", "router")

    def test_every_router_answers_a_ping_to_each_of_its_addresses(self):
        """From one host, three Echo Requests to every router's gateway and locator addresses come
        back as Echo Replies from the address pinged (answered by the controller)."""
        src = sorted(self.lab.hosts.values(), key=lambda h: h.name)[0]
        for switch in sorted(self.lab.switches.values(), key=lambda s: s.name):
            for address in sorted(self.router_addresses(switch)):
                with self.subTest(router=switch.name, address=address):
                    def answered():
                        done = self.ping(src, address, "-c", "3", "-i", "0.2", "-W", "2")
                        return done if done.returncode == 0 else None
                    done = self.eventually(answered, timeout=30, what="%s answering %s" % (address, src.name))
                    self.assertIn("3 received", done.stdout, done.stdout)
                    self.assertIn("from %s:" % address, done.stdout, done.stdout)

    def test_a_host_pings_its_gateways_link_local_address(self):
        src = sorted(self.lab.hosts.values(), key=lambda h: h.name)[0]
        address = link_local(self.lab.switches[src.switch].router_mac)
        done = self.ping(src, "%s%%%s" % (address, src.ifname), "-c", "3", "-i", "0.2", "-W", "2")
        self.assertEqual(0, done.returncode, done.stdout + done.stderr)
        self.assertIn("3 received", done.stdout, done.stdout)

    def test_an_expired_hop_limit_gets_time_exceeded_from_the_gateway(self):
        hosts = sorted(self.lab.hosts.values(), key=lambda h: h.name)
        src, dst = hosts[0], hosts[-1]
        done = self.ping(src, dst.ipv6, "-c", "1", "-t", "1", "-W", "2")
        self.assertNotEqual(0, done.returncode, done.stdout)
        self.assertIn("From %s icmp_seq=1 Time exceeded: Hop limit" % src.gateway, done.stdout, done.stdout)

    def test_a_time_exceeded_quotes_the_packet_without_the_option_a_policy_inserted(self):
        """An APN6 policy marks the host's pings at its gateway, which then may not forward the one
        with hop limit 1: the Time Exceeded quotes the Echo Request as the host sent it (next header
        ICMPv6), not with the option the gateway inserted before routing punted it (until
        2026-12-07 the quote began with that Hop-by-Hop header)."""
        hosts = sorted(self.lab.hosts.values(), key=lambda h: h.name)
        src, dst = hosts[0], hosts[-1]
        policy = "quote-test"
        self.rest.post("policies", {"id": policy, "priority": 100, "stripAtEgress": True,
                                    "option": {"slaLevel": 2, "appId": 78, "userId": 1, "flowId": 6},
                                    "match": {"source": src.ipv6 + "/128", "nextHeader": 58}})
        self.addCleanup(self.rest.delete, "policies/" + policy)
        self.eventually(lambda: self.rest.get("policies/" + policy)["state"] == "INSTALLED",
                        what="policy %s INSTALLED" % policy)
        with traffic.Capture(self.lab, [src], duration=3) as capture:
            done = self.ping(src, dst.ipv6, "-c", "1", "-t", "1", "-W", "2")
        self.assertIn("From %s icmp_seq=1 Time exceeded: Hop limit" % src.gateway, done.stdout, done.stdout)
        quotes = [frame[62:] for _, frame in capture.frames[src.name]
                  if len(frame) > 62 + 40 and frame[12:14] == b"\x86\xdd" and frame[20] == 58 and frame[54] == 3]
        self.assertEqual(1, len(quotes), "one Time Exceeded")
        quoted = quotes[0]
        self.assertEqual((src.ipv6, dst.ipv6), (str(ipaddress.IPv6Address(quoted[8:24])),
                                                str(ipaddress.IPv6Address(quoted[24:40]))))
        self.assertEqual(58, quoted[6], "the Echo Request as sent: ICMPv6 right after the IPv6 header")
        self.assertEqual(128, quoted[40], "an Echo Request")

    def test_no_route_gets_destination_unreachable_from_the_gateway(self):
        src = sorted(self.lab.hosts.values(), key=lambda h: h.name)[0]
        done = self.ping(src, "fd00:9999::1", "-c", "1", "-W", "2")
        self.assertNotEqual(0, done.returncode, done.stdout)
        self.assertIn("From %s icmp_seq=1 Destination unreachable: No route" % src.gateway, done.stdout,
                      done.stdout)

    def test_a_link_local_source_to_another_link_gets_beyond_scope_from_the_gateways_link_local(self):
        """RFC 4291 2.5.6 and RFC 4443 3.1: an Echo Request from a host's link-local address to a
        host behind another router is not forwarded; the host gets a Destination Unreachable,
        code 2 (beyond the scope of the source), from its gateway's link-local address (the data
        plane punts it after routing; the controller answers), quoting the packet as sent (hop
        limit 50)."""
        hosts = sorted(self.lab.hosts.values(), key=lambda h: h.name)
        src = hosts[0]
        dst = next(h for h in hosts if h.switch != src.switch)
        shown = self.lab.in_host(src, "ip", "-6", "-o", "addr", "show", "dev", src.ifname, "scope", "link").stdout
        own = re.search(r"inet6 (fe80::[0-9a-f:]+)/", shown)
        self.assertIsNotNone(own, "no link-local address on %s: %s" % (src.ifname, shown))
        gateway = link_local(self.lab.switches[src.switch].router_mac)

        def answered():
            done = self.lab.in_host(src, sys.executable, "-c", PING_FROM_LINK_LOCAL, src.ifname, own.group(1),
                                    dst.ipv6, check=False)
            return done.stdout.split() if done.stdout.strip() not in ("", "none") else None
        got = self.eventually(answered, timeout=30, what="an answer to %s's link-local packet" % src.name)
        self.assertEqual(["1", "2", gateway, "50", dst.ipv6], got)

    def test_a_router_solicitation_gets_an_advertisement_of_the_hosts_prefix(self):
        """A host's Router Solicitation to all-routers (RFC 4861 6.3.7) reaches ONOS through the
        switch, and its gateway router answers through a packet-out: an RA from the router's
        link-local address (EUI-64 of its MAC) with hop limit 255, the router's MAC, a lifetime,
        and the host's /64 as an on-link, autonomous prefix (RFC 4861 4.2, 4.6.2)."""
        from scapy.layers.inet6 import (ICMPv6ND_RA, ICMPv6ND_RS, ICMPv6NDOptPrefixInfo, ICMPv6NDOptSrcLLAddr,
                                        IPv6)
        from scapy.layers.l2 import Ether
        host = sorted(self.lab.hosts.values(), key=lambda h: h.name)[0]
        router_mac = self.lab.switches[host.switch].router_mac
        solicitation = (Ether(src=host.mac, dst="33:33:00:00:00:02")
                        / IPv6(src=link_local(host.mac), dst="ff02::2", hlim=255)
                        / ICMPv6ND_RS() / ICMPv6NDOptSrcLLAddr(lladdr=host.mac))
        # The answer goes to the solicitor's address (RFC 4861 6.2.6), not to all-nodes as the
        # router's unsolicited ones do: only that one counts here. Asked again while the lab
        # settles: a punt entry a switch refused while its session opened is written again only
        # by ONOS's next flow poll (30 s; the lab's log says "Failed to install packet request").
        adverts = []
        for _ in range(12):
            with traffic.Capture(self.lab, [host], duration=3) as capture:
                self.lab.in_host(host, sys.executable, "-c", SEND_FRAME, host.ifname, bytes(solicitation).hex())
            adverts = [Ether(frame) for _, frame in capture.frames[host.name]
                       if ICMPv6ND_RA in Ether(frame) and Ether(frame)[IPv6].dst == link_local(host.mac)]
            if adverts:
                break
        self.assertTrue(adverts, "no Router Advertisement to the solicitor within 3 s of any of 12 solicitations")
        ra = adverts[0]
        self.assertEqual(link_local(router_mac), ra[IPv6].src)
        self.assertEqual(host.mac.lower(), ra[Ether].dst.lower())
        self.assertEqual(255, ra[IPv6].hlim)
        self.assertEqual(router_mac.lower(), ra[Ether].src.lower())
        self.assertGreater(ra[ICMPv6ND_RA].routerlifetime, 0)
        self.assertEqual(router_mac.lower(), ra[ICMPv6NDOptSrcLLAddr].lladdr.lower())
        subnet = ipaddress.IPv6Network("%s/%d" % (host.ipv6, host.prefix), strict=False)
        prefixes = []
        option = ra[ICMPv6ND_RA].payload
        while option and not isinstance(option, type(None)):
            if isinstance(option, ICMPv6NDOptPrefixInfo):
                prefixes.append((option.prefix, option.prefixlen, option.L, option.A))
            option = option.payload if option.payload else None
        self.assertIn((str(subnet.network_address), subnet.prefixlen, 1, 1), prefixes, ra.show(dump=True))

    def test_tracepath_sees_every_router_on_the_path(self):
        """Linux's tracepath between the two hosts farthest apart lists one router per hop, each
        answering from one of its addresses (the gateway on the host's port first), then reaches
        the host."""
        hosts = sorted(self.lab.hosts.values(), key=lambda h: h.name)
        src, dst = max(itertools.permutations(hosts, 2), key=lambda p: self.lab.hops(p[0].switch, p[1].switch))
        routers = self.lab.hops(src.switch, dst.switch)
        self.assertIsNotNone(shutil.which("tracepath"), "no tracepath on PATH (tools/ensure-deps.sh installs "
                                                        "iputils-tracepath)")
        done = self.lab.in_host(src, "tracepath", "-6", "-n", "-m", str(routers + 3), dst.ipv6, check=False)
        hops = {}
        for line in done.stdout.splitlines():
            match = TRACEPATH_HOP.match(line)
            if match:
                hops.setdefault(int(match.group(1)), match.group(2))
        self.assertEqual(list(range(1, routers + 2)), sorted(hops), done.stdout)
        self.assertEqual(src.gateway, hops[1], done.stdout)
        for hop in range(2, routers + 1):
            # Any router as far from both ends as this hop (equal-cost paths may differ from lab.path's).
            candidates = set()
            for switch in self.lab.switches.values():
                if (self.lab.hops(src.switch, switch.name) == hop
                        and self.lab.hops(switch.name, dst.switch) == routers - hop + 1):
                    candidates |= self.router_addresses(switch)
            self.assertIn(hops[hop], candidates, "hop %d:\n%s" % (hop, done.stdout))
        self.assertEqual(dst.ipv6, hops[routers + 1], done.stdout)
        self.assertIn("reached", done.stdout)
