# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The cluster's layout, ONOS's cluster.json and the Atomix nodes' configuration from a node list
(no ONOS, no Atomix needed)."""
import ipaddress
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import cluster  # noqa: E402
import instance  # noqa: E402


class LayoutTest(unittest.TestCase):
    def test_three_nodes_each_on_a_loopback_address_of_its_own(self):
        atomix, onos = cluster.layout(3)
        self.assertEqual(["127.0.0.11", "127.0.0.12", "127.0.0.13"], [n["ip"] for n in atomix])
        self.assertEqual(["127.0.0.21", "127.0.0.22", "127.0.0.23"], [n["ip"] for n in onos])
        for node in atomix + onos:
            self.assertTrue(ipaddress.ip_address(node["ip"]).is_loopback, node)
        self.assertEqual(["atomix-1", "atomix-2", "atomix-3"], [n["id"] for n in atomix])
        self.assertEqual(["onos-1", "onos-2", "onos-3"], [n["id"] for n in onos])

    def test_no_two_listeners_share_a_port_and_none_takes_the_single_node_labs(self):
        _, onos = cluster.layout(3)
        # ONOS's Atomix binds its cluster port on every address: those differ per instance.
        self.assertEqual(3, len({n["port"] for n in onos}))
        ports = [n["port"] for n in onos] + [n["http"] for n in onos]
        ports += [p for n in onos for p in (n["ssh"], n["ssh"] + 1, n["ssh"] + 2)]
        self.assertEqual(len(ports), len(set(ports)))
        for taken in (8181, 8101, 9876, 1099, 44444):
            self.assertNotIn(taken, ports)

    def test_sizes(self):
        self.assertEqual(1, len(cluster.layout(1)[0]))
        with self.assertRaises(ValueError):
            cluster.layout(0)
        with self.assertRaises(ValueError):
            cluster.layout(10)


class OnosClusterJsonTest(unittest.TestCase):
    def test_names_the_instance_and_every_storage_node(self):
        atomix, onos = cluster.layout(3)
        self.assertEqual({"name": "onos",
                          "node": {"id": "onos-2", "ip": "127.0.0.22", "port": 9882},
                          "storage": [{"id": "atomix-1", "ip": "127.0.0.11", "port": 5679},
                                      {"id": "atomix-2", "ip": "127.0.0.12", "port": 5679},
                                      {"id": "atomix-3", "ip": "127.0.0.13", "port": 5679}]},
                         cluster.onos_cluster_json(onos[1], atomix))

    def test_no_controller_list_so_onos_is_not_in_test_mode(self):
        # ConfigFileBasedClusterMetadataProvider: storage nodes present -> AtomixManager joins them.
        atomix, onos = cluster.layout(3)
        config = cluster.onos_cluster_json(onos[0], atomix)
        self.assertTrue(config["storage"])
        self.assertNotIn("controller", config)


class AtomixConfigTest(unittest.TestCase):
    def setUp(self):
        self.atomix, _ = cluster.layout(3)
        self.config = cluster.atomix_config(self.atomix[2], self.atomix, "/run/atomix-3/data")

    def test_the_local_node_on_its_own_address_only(self):
        c = self.config["cluster"]
        self.assertEqual("onos", c["clusterId"])
        self.assertEqual({"id": "atomix-3", "address": "127.0.0.13:5679"}, c["node"])
        self.assertEqual({"interfaces": ["127.0.0.13"], "port": 5679}, c["messaging"])

    def test_bootstrap_discovery_of_every_atomix_node(self):
        discovery = self.config["cluster"]["discovery"]
        self.assertEqual("bootstrap", discovery["type"])
        self.assertEqual([("atomix-1", "127.0.0.11", 5679), ("atomix-2", "127.0.0.12", 5679),
                          ("atomix-3", "127.0.0.13", 5679)],
                         [(n["id"], n["host"], n["port"]) for n in discovery["nodes"]])

    def test_raft_groups_as_onos_atomix_gen_config_makes_them(self):
        members = ["atomix-1", "atomix-2", "atomix-3"]
        management = self.config["managementGroup"]
        self.assertEqual(("raft", 1, 3, members), (management["type"], management["partitions"],
                                                   management["partitionSize"], management["members"]))
        raft = self.config["partitionGroups"]["raft"]
        self.assertEqual(("raft", 3, 3, members), (raft["type"], raft["partitions"], raft["partitionSize"],
                                                   raft["members"]))
        self.assertEqual({"level": "mapped", "directory": "/run/atomix-3/data/system"}, management["storage"])
        self.assertEqual("/run/atomix-3/data/raft", raft["storage"]["directory"])

    def test_a_smaller_cluster_has_partitions_no_larger_than_itself(self):
        atomix, _ = cluster.layout(1)
        raft = cluster.atomix_config(atomix[0], atomix, "/d")["partitionGroups"]["raft"]
        self.assertEqual((1, 1), (raft["partitions"], raft["partitionSize"]))


class ClusterViewTest(unittest.TestCase):
    BODY = {"nodes": [{"id": "onos-1", "ip": "127.0.0.21", "tcpPort": 9881, "status": "READY"},
                      {"id": "onos-2", "ip": "127.0.0.22", "tcpPort": 9882, "status": "READY"},
                      {"id": "onos-3", "ip": "127.0.0.23", "tcpPort": 9883, "status": "INACTIVE"}]}

    def test_view(self):
        self.assertEqual({"onos-1": "READY", "onos-2": "READY", "onos-3": "INACTIVE"},
                         cluster.cluster_view(self.BODY))
        self.assertEqual({}, cluster.cluster_view(None))

    def test_formed(self):
        view = cluster.cluster_view(self.BODY)
        self.assertTrue(cluster.formed(view, ["onos-1", "onos-2"]))
        self.assertFalse(cluster.formed(view, ["onos-1", "onos-2", "onos-3"]))
        self.assertFalse(cluster.formed(view, ["onos-4"]))


class LauncherTest(unittest.TestCase):
    def test_classpath_names_a_jar_per_dependency_folder(self):
        if not os.path.isdir(cluster.DEFAULT_DEPS):
            self.skipTest(f"no {cluster.DEFAULT_DEPS}")
        jars = cluster.atomix_classpath(cluster.DEFAULT_DEPS)
        self.assertGreaterEqual(len(jars), len(cluster.ATOMIX_JARS))
        self.assertTrue(any("atomix-3.1.9.jar" in j for j in jars))
        self.assertTrue(all(j.endswith(".jar") and os.path.isfile(j) for j in jars))


if __name__ == "__main__":
    unittest.main()


class StartOnosTest(unittest.TestCase):
    """A member whose boot stalls is started afresh on its own; the others are not touched."""

    class Member:
        log = []

        def __init__(self, home, root, http, ssh, ip, heap):
            self.id, self.ip, self.http_port, self.ssh_port = os.path.basename(root), ip, http, ssh
            self.root, self.karaf, self.url = root, root, f"http://{ip}:{http}/onos"
            self.process = type("Process", (), {"pid": 4242})()
            self.waits = 0

        def prepare(self, cluster_json=None):
            self.log.append(("prepare", self.id))
            return self

        def start(self):
            self.log.append(("start", self.id))
            return self

        def stop(self):
            self.log.append(("stop", self.id))

        def wait_rest(self, timeout, stall=None):
            self.waits += 1
            if self.id == "onos-2" and self.waits == 1:
                raise instance.OnosBootError("karaf.log unchanged for 120 s")

    def test_a_stalled_member_is_started_afresh_and_the_cluster_waited_for(self):
        self.Member.log = []
        formed, said = [], []
        original, original_say = cluster.OnosInstance, cluster.say
        cluster.OnosInstance, cluster.say = self.Member, lambda fmt, *args: said.append(fmt % args)
        try:
            with tempfile.TemporaryDirectory() as run_dir:
                c = cluster.Cluster(run_dir, 3, cache=run_dir)
                c.wait_formed = lambda instances, members, timeout: formed.append(list(members))
                c.start_onos(timeout=5)
        finally:
            cluster.OnosInstance, cluster.say = original, original_say
        self.assertEqual(self.Member.log, [("prepare", "onos-1"), ("start", "onos-1"), ("prepare", "onos-2"),
                                           ("start", "onos-2"), ("prepare", "onos-3"), ("start", "onos-3"),
                                           ("stop", "onos-2"), ("prepare", "onos-2"), ("start", "onos-2")])
        self.assertEqual(formed, [["onos-1", "onos-2", "onos-3"]])
        self.assertIn("onos-2: karaf.log unchanged for 120 s; stopping it and starting it afresh (attempt 2 of 5)", said)
