# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""state.py: the state file has exactly the lab interface's shape and is written whole."""

import json
import os
import tempfile
import unittest

import state
import topology
from tests.support import two_switches, with_ipv4


class StateTest(unittest.TestCase):

    def setUp(self):
        self.topo = topology.parse(two_switches(), "/abs/lab/topologies/two.json")
        self.lab = state.build(self.topo, {"s1": 101, "s2": 102}, {"s1": "/logs/s1.log", "s2": "/logs/s2.log"})

    def test_switch_entry(self):
        self.assertEqual("/abs/lab/topologies/two.json", self.lab["topology"])
        self.assertEqual({"name": "s2", "deviceId": "device:s2", "p4rtDeviceId": 2, "grpcAddress": "127.0.0.1:50002",
                          "thriftPort": 9092, "cpuPort": 255, "pid": 102, "log": "/logs/s2.log",
                          "ports": {"1": "sf2p1", "2": "sf2p2"}}, self.lab["switches"][1])

    def test_host_entry(self):
        self.assertEqual({"name": "ha", "netns": "sfh-ha", "ifname": "eth0", "mac": "00:00:00:00:09:10",
                          "ipv6": "fd00:9:1::10/64", "gateway": "fd00:9:1::1", "switch": "s1", "port": 2},
                         self.lab["hosts"][0])

    def test_host_entry_with_ipv4(self):
        lab = state.build(topology.parse(with_ipv4(), "/abs/two.json"), {"s1": 1, "s2": 2}, {"s1": "a", "s2": "b"})
        self.assertEqual(("10.0.9.20/24", "10.0.9.1"), (lab["hosts"][1]["ipv4"], lab["hosts"][1]["gateway4"]))
        self.assertNotIn("ipv4", lab["hosts"][0])

    def test_write_then_read(self):
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "run", "state.json")
            state.write(path, self.lab)
            self.assertEqual(["state.json"], os.listdir(os.path.dirname(path)))  # no temporary left
            self.assertEqual(self.lab, state.read(path))
            self.assertTrue(state.is_state(self.lab))

    def test_read_refuses_other_json(self):
        with tempfile.NamedTemporaryFile("w", suffix=".json") as f:
            json.dump(two_switches(), f)
            f.flush()
            with self.assertRaises(ValueError):
                state.read(f.name)
        self.assertFalse(state.is_state(two_switches()))


if __name__ == "__main__":
    unittest.main()
