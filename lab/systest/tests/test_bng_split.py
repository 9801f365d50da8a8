# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The split BNG end to end on the bng-split lab (TOPOLOGY=bng-split): the same subscribers, server
and checks as test_bng, over two bmv2 switches inside real ONOS. The access switch (bng-access:
h_sub on port 1, h_srv on port 2) punts control, terminates the subscribers' upstream and routes
it over the trunk (its port 3) to the forwarding switch (bng-forward: trunk port 1, h_net on port
2), which encapsulates the downstream into the sessions and sends it back over the trunk; the
access switch passes those frames to the subscriber's line unchanged. The relay writes each
session's halves on the two switches (config forwardDevice); routing carries the subscribers'
pools (an interface on the forwarding switch's trunk port) and h_net's IPv4 across them.

    PATH=/opt/p4/bin:$PATH LAB_LINK_MTU=1600 TOPOLOGY=bng-split LAB_SKIP_BUILD=1 \\
        lab/systest/with-lab.sh .venv/bin/python lab/systest/runtests.py test_bng_split
"""

import unittest

import test_bng as single

TRUNK_ACCESS_PORT, TRUNK_FORWARD_PORT = 3, 1
# What the subscribers' addresses come from (subscriber(): /64s and /56s in fd33::/32; the PPPoE
# server's IPCP pool 10.33.0.10 + 16): routed towards the forwarding switch by every other router.
SUBSCRIBER_POOLS = ["fd33::1/32", "10.33.0.1/24"]


class BngSplitEndToEndTest(single.BngEndToEndTest):
    """test_bng's checks, each half of a session on its own switch, and a cut taking both."""

    TOPOLOGY = "bng-split"
    ACCESS_SWITCH = "bng-access"
    FORWARD_SWITCH = "bng-forward"

    @classmethod
    def configure_bng(cls):
        """The access switch's annotations (as test_bng's switch), the subscribers' pools as an
        interface of the forwarding switch's trunk port (routing's IPv6 and IPv4 towards it), and
        the relay's configuration with the forwarding device."""
        cls.onos.post("network/configuration", {"ports": {"%s/%d" % (cls.fwd.device_id, TRUNK_FORWARD_PORT): {
            "interfaces": [{"name": "subscribers", "ips": SUBSCRIBER_POOLS}]}}})
        super().configure_bng()

    @classmethod
    def bng_config(cls):
        return dict(super().bng_config(), forwardDevice=cls.fwd.device_id)

    def lines_on_both(self):
        """(line map entries on the access switch, line-session entries on the forwarding switch)."""
        return len(self.flows("bng_line_map", self.sw)), len(self.flows("bng_line_session", self.fwd))

    def test_1b_each_half_on_its_switch(self):
        """The access switch holds the lines (each twice: its port, and the trunk's pass-through),
        sessions and sources; the forwarding switch the prefixes and the lines' sessions; neither
        the other's."""
        for table in ("bng_line_map", "bng_session", "bng_source_v6", "bng_source_v4"):
            self.assertTrue(self.flows(table, self.sw), "no %s entries on the access switch" % table)
            self.assertFalse(self.flows(table, self.fwd), "%s entries on the forwarding switch" % table)
        for table in ("bng_prefix_v6", "bng_prefix_v4", "bng_line_session"):
            self.assertTrue(self.flows(table, self.fwd), "no %s entries on the forwarding switch" % table)
            self.assertFalse(self.flows(table, self.sw), "%s entries on the access switch" % table)
        self.assertEqual((2 * len(self.subs), len(self.subs)), self.lines_on_both())
        passes = [f for f in self.flows("bng_line_map", self.sw) if "pass_down" in str(f)]
        self.assertEqual(len(self.subs), len(passes), "one pass-through per line from the trunk")

    def test_6b_the_cut_took_its_line_off_both_switches(self):
        """After test_6's cut: the cut line's two line map entries on the access switch and its
        line session on the forwarding switch are gone, the others' stay."""
        going = len(self.subs) - 1
        self.eventually(lambda: self.lines_on_both() == (2 * going, going), timeout=30,
                        what="the cut line's entries removed on both switches (now %s)" % (self.lines_on_both(),))


if __name__ == "__main__":
    unittest.main()
