# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""netdev.link_mtu: the lab's link MTU, 1500 unless LAB_LINK_MTU says otherwise within IPv6's bounds."""

import unittest

import netdev


class LinkMtuTest(unittest.TestCase):

    def test_1500_unless_set(self):
        self.assertEqual(1500, netdev.link_mtu({}))
        self.assertEqual(1500, netdev.link_mtu({"LAB_LINK_MTU": " "}))

    def test_a_tunnel_network_raises_it(self):
        self.assertEqual(1600, netdev.link_mtu({"LAB_LINK_MTU": "1600"}))
        self.assertEqual(1280, netdev.link_mtu({"LAB_LINK_MTU": "1280"}))
        self.assertEqual(9000, netdev.link_mtu({"LAB_LINK_MTU": "9000"}))

    def test_anything_else_is_refused_naming_the_variable(self):
        for bad in ("1279", "9001", "1500.5", "-1", "jumbo"):
            with self.assertRaisesRegex(ValueError, "LAB_LINK_MTU"):
                netdev.link_mtu({"LAB_LINK_MTU": bad})


if __name__ == "__main__":
    unittest.main()
