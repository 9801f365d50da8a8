# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""netcfg.py: the lab's netcfg says what the compose lab's docker/netcfg.json says, for bmv2 on loopback."""

import json
import os
import unittest

import netcfg
import topology
from tests.support import two_switches, with_ipv4

REPO = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))
TOPOLOGIES = os.path.join(REPO, "lab", "topologies")


def load(name):
    return topology.load(os.path.join(TOPOLOGIES, name + ".json"))


class NetcfgTest(unittest.TestCase):

    def test_msr6_study_matches_the_compose_labs_netcfg(self):
        ours = netcfg.generate(load("msr6-study"))
        with open(os.path.join(REPO, "docker", "netcfg.json")) as f:
            compose = json.load(f)
        self.assertEqual({"devices", "ports", "hosts"}, set(ours))
        self.assertEqual(set(compose["devices"]), set(ours["devices"]))
        for device, config in compose["devices"].items():
            sixflow = dict(config["sixflow"])
            del sixflow["gnmiAddress"]  # simple_switch_grpc has no gNMI
            self.assertEqual(sixflow, ours["devices"][device]["sixflow"], device)
            basic = dict(config["basic"], driver="sixflow-bmv2",
                         managementAddress=config["basic"]["managementAddress"].replace("mininet", "127.0.0.1"))
            self.assertEqual(basic, ours["devices"][device]["basic"], device)
        self.assertEqual(compose["ports"], ours["ports"])
        self.assertEqual(compose["hosts"], ours["hosts"])

    def test_fat_tree_gives_every_switch_to_switch_port_an_rlb_bit(self):
        topo = load("fat-tree-k4")
        cfg = netcfg.generate(topo)
        for sw in topo.switches:
            bits = cfg["devices"]["device:" + sw["name"]]["sixflow"]["rlbBits"]
            self.assertEqual([str(p) for p in topo.fabric_ports(sw["name"])], list(bits))
            self.assertEqual(list(range(len(bits))), list(bits.values()))
        self.assertEqual(16, len(cfg["hosts"]))
        self.assertEqual({"interfaces": [{"name": "edge1-3", "ips": ["fd00:2:13::1/64"]}]},
                         cfg["ports"]["device:edge1/3"])

    def test_every_used_port_is_described_for_onos(self):
        # simple_switch_grpc has no gNMI: ONOS knows a bmv2 switch's ports only from netcfg.
        topo = load("msr6-study")
        cfg = netcfg.generate(topo)
        for sw in topo.switches:
            ports = cfg["devices"]["device:" + sw["name"]]["ports"]
            self.assertEqual([str(p) for p in topo.ports(sw["name"])], list(ports))
            for number, port in ports.items():
                self.assertEqual((int(number), True), (port["number"], port["enabled"]))
                self.assertNotIn("name", port)   # ONOS would write the port as "[name](n)"
        self.assertEqual(1, cfg["devices"]["device:beijing"]["ports"]["1"]["number"])

    def test_switch_addresses(self):
        cfg = netcfg.generate(load("fat-tree-k4"))
        basic = cfg["devices"]["device:edge8"]["basic"]
        self.assertEqual("grpc://127.0.0.1:50020?device_id=20", basic["managementAddress"])
        self.assertEqual(("sixflow-bmv2", "org.sixflow.full.bmv2", "geo"), (basic["driver"], basic["pipeconf"], basic["locType"]))

    def test_a_switchs_profile_names_its_pipeconf(self):
        data = two_switches()
        data["switches"][0]["profile"] = "bng"
        cfg = netcfg.generate(topology.parse(data))
        self.assertEqual("org.sixflow.bng.bmv2", cfg["devices"]["device:s1"]["basic"]["pipeconf"])
        self.assertEqual("org.sixflow.full.bmv2", cfg["devices"]["device:s2"]["basic"]["pipeconf"])

    def test_an_ilnp_hosts_locator_address_is_onos_s_too(self):
        data = two_switches()
        data["hosts"][0]["ilnp"] = {"nid": "::a"}
        hosts = netcfg.generate(topology.parse(data))["hosts"]
        self.assertEqual(["fd00:9:1::10", "fd00:9:1::a"], hosts["00:00:00:00:09:10/None"]["basic"]["ips"])
        self.assertEqual(["fd00:9:2::10"], hosts["00:00:00:00:09:20/None"]["basic"]["ips"])

    def test_a_hosts_ipv4_goes_to_its_host_and_its_ports_interface(self):
        cfg = netcfg.generate(topology.parse(with_ipv4()))
        self.assertEqual(["fd00:9:2::10", "10.0.9.20"], cfg["hosts"]["00:00:00:00:09:20/None"]["basic"]["ips"])
        self.assertEqual({"interfaces": [{"name": "s2-2", "ips": ["fd00:9:2::1/64", "10.0.9.1/24"]}]},
                         cfg["ports"]["device:s2/2"])
        # A host without IPv4 is as before.
        self.assertEqual(["fd00:9:1::10"], cfg["hosts"]["00:00:00:00:09:10/None"]["basic"]["ips"])
        self.assertEqual({"interfaces": [{"name": "s1-2", "ips": ["fd00:9:1::1/64"]}]}, cfg["ports"]["device:s1/2"])

    def test_bng_topology_network_host(self):
        cfg = netcfg.generate(load("bng"))
        self.assertEqual(["fd00:b:1::13", "10.0.3.13"], cfg["hosts"]["00:00:00:00:0b:13/None"]["basic"]["ips"])
        self.assertEqual(["fd00:b:1::1/64", "10.0.3.1/24"], cfg["ports"]["device:bng/3"]["interfaces"][0]["ips"])
        self.assertEqual(["fd00:b:1::11"], cfg["hosts"]["00:00:00:00:0b:11/None"]["basic"]["ips"])

    def test_a_providers_aggregates_and_delegations(self):
        cfg = netcfg.generate(load("multihomed"))
        pa = cfg["devices"]["device:pa"]["sixflow"]
        self.assertEqual(["2001:db8:a00::/40"], pa["aggregates"])
        self.assertEqual({"2001:db8:a01::/48": "device:sbr"}, pa["delegations"])
        self.assertNotIn("aggregates", cfg["devices"]["device:sbr"]["sixflow"])
        self.assertEqual("org.sixflow.nptv6.bmv2", cfg["devices"]["device:sbr"]["basic"]["pipeconf"])


if __name__ == "__main__":
    unittest.main()
