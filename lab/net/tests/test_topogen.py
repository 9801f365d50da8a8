# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""topogen.py: the committed topology files are what it writes, and it writes the intended networks."""

import contextlib
import io
import ipaddress
import os
import tempfile
import unittest

import topogen
import topology


class CommittedFilesTest(unittest.TestCase):

    def test_committed_files_equal_the_generated_ones(self):
        for name, text in topogen.generated().items():
            with open(os.path.join(topogen.TOPOLOGIES, name)) as f:
                self.assertEqual(text, f.read(), "%s is stale: run python3 lab/net/topogen.py" % name)

    def test_check_mode_finds_a_stale_file(self):
        with tempfile.TemporaryDirectory() as out, contextlib.redirect_stdout(io.StringIO()):
            self.assertEqual(0, topogen.main(["--out-dir", out]))
            self.assertEqual(0, topogen.main(["--check", "--out-dir", out]))
            with open(os.path.join(out, "fat-tree-k4.json"), "a") as f:
                f.write(" ")
            self.assertEqual(1, topogen.main(["--check", "--out-dir", out]))


class Msr6StudyTest(unittest.TestCase):

    def test_holds_the_compose_labs_values(self):
        mininet = topogen._load_mininet_topology()
        topo = topology.parse(topogen.msr6_study(mininet))
        self.assertEqual([(s["name"], s["device_id"], s["role"], s["locator"], s["mac"], s["latitude"], s["longitude"])
                          for s in mininet.SWITCHES],
                         [(s["name"], s["p4rtDeviceId"], s["role"], s["locator"], s["routerMac"], s["latitude"],
                           s["longitude"]) for s in topo.switches])
        self.assertEqual([tuple(link) for link in mininet.LINKS],
                         [(l["a"]["switch"], l["a"]["port"], l["b"]["switch"], l["b"]["port"]) for l in topo.links])
        self.assertEqual([(h["name"], h["switch"], h["port"], h["mac"], h["ipv6"], h["gateway"]) for h in mininet.HOSTS],
                         [(h["name"], h["switch"], h["port"], h["mac"], h["ipv6"], h["gateway"]) for h in topo.hosts])


class FatTreeTest(unittest.TestCase):

    def setUp(self):
        self.topo = topology.parse(topogen.fat_tree(4))

    def test_layers(self):
        roles = [(sw["name"].rstrip("0123456789"), sw["role"]) for sw in self.topo.switches]
        self.assertEqual([("core", "TRANSIT")] * 4 + [("agg", "TRANSIT")] * 8 + [("edge", "EDGE")] * 8, roles)
        self.assertEqual(32, len(self.topo.links))
        for sw in self.topo.switches:
            self.assertEqual([1, 2, 3, 4], self.topo.ports(sw["name"]), sw["name"])

    def test_every_edge_switch_has_hosts_in_its_locator(self):
        for sw in self.topo.switches:
            hosts = self.topo.host_ports(sw["name"])
            self.assertEqual(2 if sw["role"] == "EDGE" else 0, len(hosts), sw["name"])
            for host in hosts.values():
                self.assertIn(ipaddress.IPv6Interface(host["ipv6"]).ip, ipaddress.IPv6Network(sw["locator"]))

    def test_locators_and_router_macs(self):
        for sw in self.topo.switches:
            self.assertEqual("fd00:2:%d::/64" % sw["p4rtDeviceId"], sw["locator"])
        macs = [sw["routerMac"] for sw in self.topo.switches]
        self.assertEqual(len(macs), len(set(macs)))

    def test_wiring(self):
        def neighbours(name):
            return sorted(self.topo.peer(name, p)["switch"] for p in self.topo.fabric_ports(name))
        self.assertEqual(["agg1", "agg2"], neighbours("edge1"))
        self.assertEqual(["core1", "core2", "edge1", "edge2"], neighbours("agg1"))
        self.assertEqual(["core3", "core4", "edge3", "edge4"], neighbours("agg4"))
        self.assertEqual(["agg1", "agg3", "agg5", "agg7"], neighbours("core1"))
        self.assertEqual(["agg2", "agg4", "agg6", "agg8"], neighbours("core4"))

    def test_k_must_be_even(self):
        with self.assertRaises(ValueError):
            topogen.fat_tree(3)


if __name__ == "__main__":
    unittest.main()
