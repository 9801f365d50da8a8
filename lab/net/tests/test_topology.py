# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""topology.py: a topology is refused with every problem named, and its lookups answer as netcfg needs."""

import os
import re
import unittest

import topology
from tests.support import two_switches, with_ipv4

TOPOLOGIES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                          "topologies")


class CommittedTopologiesTest(unittest.TestCase):

    def test_every_committed_topology_is_valid(self):
        files = sorted(f for f in os.listdir(TOPOLOGIES) if f.endswith(".json"))
        self.assertIn("msr6-study.json", files)
        self.assertIn("fat-tree-k4.json", files)
        for name in files:
            with self.subTest(name):
                topo = topology.load(os.path.join(TOPOLOGIES, name))
                self.assertEqual(name[:-5], topo.name)


class ProblemsTest(unittest.TestCase):

    def problems(self, data):
        with self.assertRaises(topology.TopologyError) as raised:
            topology.parse(data)
        return raised.exception.problems

    def test_the_fixture_is_valid(self):
        topo = topology.parse(two_switches())
        self.assertEqual(["s1", "s2"], [sw["name"] for sw in topo.switches])

    def test_a_port_used_by_two_links(self):
        data = two_switches()
        data["switches"].append(dict(data["switches"][1], name="s3", p4rtDeviceId=3, locator="fd00:9:3::/64",
                                     routerMac="00:aa:00:00:09:03"))
        data["links"].append({"a": {"switch": "s1", "port": 1}, "b": {"switch": "s3", "port": 1}})
        self.assertIn("link 2: s1 port 1 is already used by link 1", self.problems(data))

    def test_a_link_to_an_unknown_switch(self):
        data = two_switches()
        data["links"][0]["b"]["switch"] = "nowhere"
        self.assertIn("link 1 end b: unknown switch 'nowhere'", self.problems(data))

    def test_a_host_on_a_switch_to_switch_port(self):
        data = two_switches()
        data["hosts"][0]["port"] = 1
        problems = self.problems(data)
        self.assertIn("host ha: s1 port 1 is a switch-to-switch port (link 1)", problems)

    def test_two_hosts_on_one_port(self):
        data = two_switches()
        data["hosts"].append(dict(data["hosts"][0], name="hc", mac="00:00:00:00:09:30", ipv6="fd00:9:1::30/64"))
        self.assertIn("host hc: s1 port 2 is already used by host ha", self.problems(data))

    def test_a_link_from_a_switch_to_itself(self):
        data = two_switches()
        data["links"][0]["b"] = {"switch": "s1", "port": 3}
        self.assertIn("link 1: joins switch s1 to itself", self.problems(data))

    def test_ports_must_be_dense_and_not_the_cpu_port(self):
        data = two_switches()
        data["hosts"][0]["port"] = 3
        self.assertIn("switch s1: ports [1, 3] are not 1..2 (P4 ports are numbered densely from 1)",
                      self.problems(data))
        data = two_switches()
        data["hosts"][0]["port"] = 255
        self.assertTrue(any("port 255 is not a whole number from 1 to 254" in p for p in self.problems(data)))

    def test_duplicate_switch_identities(self):
        data = two_switches()
        data["switches"][1].update(p4rtDeviceId=1, routerMac="00:AA:00:00:09:01", locator="fd00:9:1:0::/64")
        problems = self.problems(data)
        self.assertIn("switches s1 and s2 have the same p4rtDeviceId 1", problems)
        self.assertIn("switches s1 and s2 have the same locator fd00:9:1:0::/64", problems)
        self.assertTrue(any("routerMac" in p for p in problems))

    def test_switch_fields(self):
        data = two_switches()
        data["switches"][0].update(role="CORE", locator="fd00:9:1::/48", routerMac="01:00:5e:00:00:01",
                                   latitude=91, p4rtDeviceId=0)
        problems = self.problems(data)
        for expected in ("role 'CORE' is not one of EDGE, TRANSIT", "locator fd00:9:1::/48 is not a /64",
                         "routerMac '01:00:5e:00:00:01' is not a lower-case unicast MAC",
                         "latitude 91 is not a number", "p4rtDeviceId 0 is not a whole number"):
            self.assertTrue(any(expected in p for p in problems), (expected, problems))

    def test_switch_profiles(self):
        data = two_switches()
        data["switches"][0]["profile"] = "bng"
        self.assertEqual("bng", topology.profile_of(topology.parse(data).switch("s1")))
        self.assertEqual("full", topology.profile_of(topology.parse(data).switch("s2")))
        data["switches"][1].update(profile="core-tofino", colour="red")
        problems = self.problems(data)
        self.assertTrue(any("profile 'core-tofino' is not one built for bmv2" in p and "bng" in p for p in problems),
                        problems)
        self.assertIn("switch s2: unknown keys colour", problems)

    def test_provider_prefixes(self):
        data = two_switches()
        data["switches"][1].update(aggregates=["2001:db8::/32"], delegations={"2001:db8:1::/48": "s1"})
        topology.parse(data)
        data["switches"][1].update(aggregates=["2001:db8::1/32", "fe80::/64"], delegations={
            "2001:db8:1::/48": "s9", "ff02::/16": "s1", "2001:db8:2::/48": "s2"})
        problems = self.problems(data)
        for part in ("aggregate '2001:db8::1/32'", "aggregate 'fe80::/64': cannot be routed",
                     "delegation 2001:db8:1::/48 is to 's9', which is no other switch",
                     "delegation 'ff02::/16': cannot be routed",
                     "delegation 2001:db8:2::/48 is to 's2', which is no other switch"):
            self.assertTrue(any(part in p for p in problems), "%s not in %s" % (part, problems))
        data["switches"][1].update(aggregates="2001:db8::/32", delegations=["2001:db8:1::/48"])
        problems = self.problems(data)
        self.assertIn("switch s2: aggregates must be a list of IPv6 prefixes", problems)
        self.assertIn("switch s2: delegations must be an object of IPv6 prefix -> switch name", problems)

    def test_host_addresses(self):
        data = two_switches()
        data["hosts"][0].update(ipv6="fd00:9:2::10/64", gateway="fd00:9:2::1")
        data["hosts"][1].update(gateway="fd00:9:2::10")
        problems = self.problems(data)
        self.assertIn("host ha: fd00:9:2::10/64 is not in s1's locator fd00:9:1::/64", problems)
        self.assertIn("host hb: gateway fd00:9:2::10 is not another address of fd00:9:2::/64", problems)
        self.assertIn("hosts ha and hb have the same ipv6 fd00:9:2::10/64", problems)

    def test_host_ilnp_is_optional_and_checked(self):
        data = two_switches()
        data["hosts"][0]["ilnp"] = {"nid": "::a", "peers": {"::b": "fd00:9:2::"}}
        topo = topology.parse(data)
        self.assertEqual("fd00:9:1::a/64", str(topology.ilnp_address(topo.hosts[0])))
        cases = [
            ({"nid": "fd00::a"}, "host ha: ilnp nid fd00::a must set only the lower 64 bits, and some of them"),
            ({"nid": "::"}, "host ha: ilnp nid :: must set only the lower 64 bits, and some of them"),
            ({"nid": "::10"}, "host ha: ilnp nid ::10 gives the host's own ipv6 address; choose another"),
            ({"nid": "::a", "peers": {"::b": "fd00:9:2::1"}},
             "host ha: ilnp peer ::b=fd00:9:2::1: a locator has no bits in its lower 64"),
            ({"nid": "::a", "extra": 1}, 'host ha: ilnp must be {"nid": ..., "peers": {nid: locator}}'),
            ({"nid": "x"}, "host ha: ilnp nid: At least 3 parts expected in 'x'"),
        ]
        for ilnp, problem in cases:
            with self.subTest(ilnp):
                data = two_switches()
                data["hosts"][0]["ilnp"] = ilnp
                self.assertIn(problem, self.problems(data))

    def test_host_ipv4_is_optional_and_checked(self):
        topo = topology.parse(with_ipv4())
        self.assertEqual(("10.0.9.20/24", "10.0.9.1"), (topo.hosts[1]["ipv4"], topo.hosts[1]["gateway4"]))
        self.assertNotIn("ipv4", topo.hosts[0])
        cases = [
            ({"gateway4": None}, "host hb: ipv4 without gateway4 (the two go together)"),
            ({"ipv4": None}, "host hb: gateway4 without ipv4 (the two go together)"),
            ({"ipv4": "10.0.9.20"}, "host hb: ipv4 10.0.9.20 needs its prefix length (e.g. /24)"),
            ({"ipv4": "10.0.9.20/31"}, "host hb: ipv4 10.0.9.20/31 leaves no room for a gateway (at most /30)"),
            ({"ipv4": "10.0.9.300/24"}, "host hb: ipv4/gateway4: "),
            ({"gateway4": "fd00:9:2::1"}, "host hb: ipv4/gateway4: "),
            ({"gateway4": "10.0.8.1"}, "host hb: gateway4 10.0.8.1 is not another address of 10.0.9.0/24"),
            ({"gateway4": "10.0.9.20"}, "host hb: gateway4 10.0.9.20 is not another address of 10.0.9.0/24"),
            ({"ipv4": "10.0.9.255/24"}, "host hb: ipv4 10.0.9.255 is 10.0.9.0/24's broadcast address"),
            ({"gateway4": "10.0.9.0"}, "host hb: gateway4 10.0.9.0 is 10.0.9.0/24's network address"),
            ({"ipv4": "224.0.0.5/24", "gateway4": "224.0.0.1"},
             "host hb: ipv4 224.0.0.5 is not a unicast address the switch routes"),
            ({"ipv4": "169.254.9.20/16", "gateway4": "169.254.9.1"},
             "host hb: ipv4 169.254.9.20 is not a unicast address the switch routes"),
            ({"ipv4": "127.0.9.20/24", "gateway4": "127.0.9.1"},
             "host hb: ipv4 127.0.9.20 is not a unicast address the switch routes"),
        ]
        for change, expected in cases:
            with self.subTest(change):
                data = with_ipv4()
                data["hosts"][1].update(change)
                for key in [k for k, v in change.items() if v is None]:
                    del data["hosts"][1][key]
                problems = self.problems(data)
                self.assertTrue(any(p.startswith(expected) for p in problems), problems)

    def test_host_ipv4_needs_a_switch_that_routes_ipv4(self):
        # s1 runs the default profile (full), which has no routing_v4: the host would be unreachable.
        data = with_ipv4()
        data["hosts"][0].update(ipv4="10.0.9.30/24", gateway4="10.0.9.1")
        self.assertIn("host ha: ipv4 needs a switch whose profile routes IPv4 (bng, bng-access, bng-forward); "
                      "s1 runs full", self.problems(data))
        self.assertEqual(["bng", "bng-access", "bng-forward"], topology.ipv4_profiles())

    def test_two_hosts_with_one_ipv4(self):
        data = with_ipv4()
        data["switches"][0]["profile"] = "bng-access"
        data["hosts"][0].update(ipv4="10.0.9.20/24", gateway4="10.0.9.1")
        self.assertIn("hosts ha and hb have the same ipv4 10.0.9.20/24", self.problems(data))

    def test_hosts_sit_on_edge_switches(self):
        data = two_switches()
        data["switches"][1]["role"] = "TRANSIT"
        self.assertIn("host hb: attached to s2, which is not an EDGE switch", self.problems(data))

    def test_host_names_make_namespace_names(self):
        data = two_switches()
        data["hosts"][0]["name"] = "h a"
        self.assertTrue(any(p.startswith("host h a: name must be") for p in self.problems(data)))

    def test_more_fabric_ports_than_rlb_bits(self):
        data = two_switches()
        for i in range(17):
            name = "t%d" % i
            data["switches"].append({"name": name, "p4rtDeviceId": 10 + i, "role": "TRANSIT",
                                     "locator": "fd00:8:%d::/64" % i, "routerMac": "00:aa:00:00:08:%02d" % i,
                                     "latitude": 0, "longitude": 0})
            data["links"].append({"a": {"switch": "s2", "port": 3 + i}, "b": {"switch": name, "port": 1}})
        self.assertIn("switch s2: 18 switch-to-switch ports, but Sixflow gives RLB bits to at most 16", self.problems(data))

    def test_every_problem_is_reported_at_once(self):
        data = two_switches()
        data["links"][0]["b"]["switch"] = "nowhere"
        data["hosts"][1]["mac"] = "zz"
        self.assertGreaterEqual(len(self.problems(data)), 2)

    def test_not_a_topology(self):
        self.assertEqual(["the topology is not a JSON object"], topology.check([]))
        self.assertIn('"switches" is missing or not a list', topology.check({"name": "x", "links": [], "hosts": []}))


class LookupsTest(unittest.TestCase):

    def test_ports_peers_and_rlb_bits(self):
        topo = topology.parse(two_switches())
        self.assertEqual([1], topo.fabric_ports("s1"))
        self.assertEqual([1, 2], topo.ports("s1"))
        self.assertEqual({"switch": "s2", "port": 1}, topo.peer("s1", 1))
        self.assertIsNone(topo.peer("s1", 2))
        self.assertEqual({1: 0}, topo.rlb_bits("s1"))

    def test_the_bng_topologys_network_host_has_ipv4(self):
        topo = topology.load(os.path.join(TOPOLOGIES, "bng.json"))
        self.assertEqual({"h_net": ("10.0.3.13/24", "10.0.3.1")},
                         {h["name"]: (h["ipv4"], h["gateway4"]) for h in topo.hosts if "ipv4" in h})
        self.assertEqual(3, topo.hosts[2]["port"])

    def test_the_bng_split_topology_puts_each_half_on_its_profile(self):
        topo = topology.load(os.path.join(TOPOLOGIES, "bng-split.json"))
        self.assertEqual({"bng-access": "bng-access", "bng-forward": "bng-forward"},
                         {sw["name"]: topology.profile_of(sw) for sw in topo.switches})
        # The trunk between them; subscribers and server on the access switch, the network behind the other.
        self.assertEqual({"switch": "bng-forward", "port": 1}, topo.peer("bng-access", 3))
        self.assertEqual({"h_sub": ("bng-access", 1), "h_srv": ("bng-access", 2), "h_net": ("bng-forward", 2)},
                         {h["name"]: (h["switch"], h["port"]) for h in topo.hosts})
        self.assertEqual(("10.0.3.13/24", "10.0.3.1"), (topo.hosts[2]["ipv4"], topo.hosts[2]["gateway4"]))

    def test_rlb_bits_follow_port_order_not_link_order(self):
        topo = topology.load(os.path.join(TOPOLOGIES, "msr6-study.json"))
        self.assertEqual({1: 0, 2: 1, 3: 2}, topo.rlb_bits("nanjing"))


if __name__ == "__main__":
    unittest.main()


class RlbBitLimitTest(unittest.TestCase):

    def test_limit_is_the_sids_argument_width(self):
        """MAX_RLB_BITS is Msid.ARGUMENT_BITS, the width of the Local Bitstring in a SID."""
        path = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "app", "src", "main",
                            "java", "org", "sixflow", "app", "packet", "msr6", "Msid.java")
        with open(path) as f:
            found = re.search(r"ARGUMENT_BITS = (\d+);", f.read())
        self.assertIsNotNone(found, "no ARGUMENT_BITS in " + path)
        self.assertEqual(int(found.group(1)), topology.MAX_RLB_BITS)
