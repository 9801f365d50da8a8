# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""names.py: the lab's names fit the kernel's limits and its patterns match only what the lab makes."""

import os
import unittest

import names
import state
import topology

TOPOLOGIES = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))),
                          "topologies")


class NamesTest(unittest.TestCase):

    def test_derived_names_and_ports(self):
        self.assertEqual("sf1p3", names.switch_ifname(1, 3))
        self.assertEqual("sfh20p4", names.host_tmp_ifname(20, 4))
        self.assertEqual("sfh-h_bj", names.host_netns("h_bj"))
        self.assertEqual("device:beijing", names.device_id("beijing"))
        self.assertEqual("127.0.0.1:50005", names.grpc_address(5))
        self.assertEqual(9095, names.thrift_port(5))
        self.assertEqual("grpc://127.0.0.1:50005?device_id=5", names.management_address(5))

    def test_the_longest_names_fit_ifnamsiz(self):
        self.assertLessEqual(len(names.host_tmp_ifname(names.MAX_DEVICE_ID, names.MAX_PORT)), names.IFNAMSIZ)
        self.assertLess(names.thrift_port(names.MAX_DEVICE_ID), names.GRPC_BASE_PORT)
        self.assertLessEqual(names.grpc_port(names.MAX_DEVICE_ID), 65535)
        with self.assertRaises(ValueError):
            names.switch_ifname(10 ** 12, 1)

    def test_patterns_match_the_lab_and_nothing_else(self):
        for name in ("sf1p1", "sf20p4", "sfh13p3"):
            self.assertTrue(names.is_lab_link(name), name)
        for name in ("eth0", "lo", "sf1p", "sfp1", "sf1p1x", "xsf1p1", "sfh-h1", "veth0", "sf1p1@sf2p1"):
            self.assertFalse(names.is_lab_link(name), name)
        self.assertTrue(names.is_lab_netns("sfh-h_bj"))
        self.assertFalse(names.is_lab_netns("sixflow-ptf-123"))

    def test_every_committed_topology_yields_distinct_names(self):
        for file in sorted(os.listdir(TOPOLOGIES)):
            topo = topology.load(os.path.join(TOPOLOGIES, file))
            links = [ifname for sw in topo.switches for ifname in state.switch_ports(topo, sw).values()]
            links += [names.host_tmp_ifname(topo.switch(h["switch"])["p4rtDeviceId"], h["port"]) for h in topo.hosts]
            self.assertEqual(len(links), len(set(links)), file)
            self.assertTrue(all(names.is_lab_link(n) and len(n) <= names.IFNAMSIZ for n in links), file)
            spaces = [names.host_netns(h["name"]) for h in topo.hosts]
            self.assertEqual(len(spaces), len(set(spaces)), file)


if __name__ == "__main__":
    unittest.main()
