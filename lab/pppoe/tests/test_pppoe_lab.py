# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""pppoe_lab.py's subscriber plan and argument checks, without a VM."""

import ipaddress
import unittest

import pppoe_lab


class PlanTest(unittest.TestCase):

    def test_subscribers_get_distinct_tags_ids_and_prefixes(self):
        subs = pppoe_lab.plan(17, s_tag=300, c_tag_base=20)
        self.assertEqual(["sub1", "sub17"], [subs[0].name, subs[-1].name])
        self.assertEqual({300}, {s.s_tag for s in subs})
        self.assertEqual(list(range(20, 37)), [s.c_tag for s in subs])
        self.assertEqual(17, len({s.ipv6_id for s in subs}))
        self.assertEqual(ipaddress.IPv6Network("fd33:0:0:11::/64"), subs[16].lan64)
        self.assertEqual(ipaddress.IPv6Network("fd33:100:0:1100::/56"), subs[16].delegated)
        delegated = [s.delegated for s in subs]
        self.assertFalse(any(a.overlaps(b) for i, a in enumerate(delegated) for b in delegated[i + 1:]))

    def test_bad_plans_and_nics_are_refused(self):
        with self.assertRaisesRegex(ValueError, "1..200"):
            pppoe_lab.plan(0)
        with self.assertRaisesRegex(ValueError, "4094"):
            pppoe_lab.plan(10, c_tag_base=4090)
        self.assertEqual(("tapx", "ns1"), (pppoe_lab.nic("tapx@ns1").tap, pppoe_lab.nic("tapx@ns1").netns))
        self.assertIsNone(pppoe_lab.nic("tapx").netns)


if __name__ == "__main__":
    unittest.main()
