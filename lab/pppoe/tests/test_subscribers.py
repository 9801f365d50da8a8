# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""What subscribers.py derives and refuses, without a VM (the system test runs it for real)."""

import ipaddress
import unittest

import subscribers
import vm as vmlib
from subscribers import Server, Subscriber


def alice(**kw):
    args = dict(name="sub1", s_tag=100, c_tag=10, user="alice@sixflow", password="pw", ipv6_id="::10:1",
                lan64="fd33:0:0:1::/64", delegated="fd33:100:0:100::/56")
    args.update(kw)
    return Subscriber(**args)


class SubscriberTest(unittest.TestCase):

    def test_addresses_follow_the_ipv6cp_interface_id(self):
        sub = alice()
        self.assertEqual("fe80::10:1", sub.link_local)
        self.assertEqual(ipaddress.IPv6Address("fd33:0:0:1::10:1"), ipaddress.IPv6Address(sub.slaac_address))
        self.assertEqual(ipaddress.IPv6Network("fd33:100:0:101::/64"), sub.lan_subnet(1))
        self.assertEqual("sub-sub1", sub.netns)

    def test_bad_subscribers_are_refused(self):
        for bad, message in ((dict(s_tag=0), "VLAN id"), (dict(c_tag=4095), "VLAN id"),
                             (dict(name="much-too-long"), "subscriber name"),
                             (dict(lan64="fd33::/48"), "/64"), (dict(delegated="fd33::/64"), "delegated")):
            with self.subTest(bad=bad):
                with self.assertRaisesRegex(ValueError, message):
                    alice(**bad)

    def test_client_runs_pppd_with_the_pppoe_plugin_in_its_namespace(self):
        argv = subscribers.client_argv(alice(), "eth0.100.10")
        self.assertEqual(["ip", "netns", "exec", "sub-sub1", "pppd", "nodetach", "plugin", "rp-pppoe.so",
                          "nic-eth0.100.10"], argv[:9])
        self.assertEqual("alice@sixflow", argv[argv.index("user") + 1])
        self.assertEqual("::10:1,", argv[argv.index("ipv6") + 1])
        self.assertIn("+ipv6", argv)

    def test_a_subscriber_the_server_does_not_know_names_a_client_only_server(self):
        self.assertNotIn("remotename", subscribers.client_argv(alice(), "eth0.100.10"))
        argv = subscribers.client_argv(alice(server_knows=False), "eth0.100.10")
        self.assertEqual(subscribers.CLIENT_ONLY, argv[argv.index("remotename") + 1])

    def test_server_options_ask_for_auth_ipv6cp_and_the_ra_hook(self):
        options = Server(auth="chap", ipv6_id="::1").options().splitlines()
        for line in ("require-chap", "+ipv6", "ipv6 ::1,", "ipparam sixflow-bng"):
            self.assertIn(line, options)
        with self.assertRaisesRegex(ValueError, "pap or chap"):
            subscribers.write_secrets(None, [alice()], auth="mschap")

    def test_nic_names_fit_the_kernel(self):
        with self.assertRaisesRegex(ValueError, "1..15"):
            vmlib.Nic("sfppp-123456789-a")


if __name__ == "__main__":
    unittest.main()
