# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Plain IPv6 — every experiment's baseline — between every pair of hosts, checked byte for byte
where it arrives, with the hop limit the path's routers leave; and the routers answer NDP."""

import itertools

import expect
import traffic
from systest import SystemTest


class RoutingTest(SystemTest):

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
        finally:
            self.lab.in_host(src, "ip", "-6", "neigh", "replace", src.gateway, "lladdr", router_mac, "dev",
                             src.ifname, "nud", "permanent")
