# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""lab.py: picking ONOS's flow entries by their PI match, as ONOS 2.7's REST shows them; waiting
for ONOS to see every link of the lab."""

import unittest

from lab import Lab, pi_match

# Flow entries in the shape of ONOS 2.7's GET /onos/v1/flows/{device} (its criterion codec writes
# a PI match's field, kind and values, each in hex as wide as the field).
CLASSIFIER = {"tableName": "SixflowIngress.apn6.apn6_classifier", "packets": 3, "selector": {"criteria": [
    {"type": "PROTOCOL_INDEPENDENT", "matches": [
        {"field": "ipv6_src", "match": "ternary", "value": "20010db8000000000000000000000001",
         "mask": "ffffffffffffffffffffffffffffffff"},
        {"field": "l4_dport", "match": "range", "lowValue": "1399", "highValue": "1399"}]}]}}
OTHER_RANGE = {"tableName": "SixflowIngress.apn6.apn6_classifier", "selector": {"criteria": [
    {"type": "PROTOCOL_INDEPENDENT", "matches": [
        {"field": "l4_dport", "match": "range", "lowValue": "1399", "highValue": "13a0"}]}]}}
TREE = {"tableName": "SixflowIngress.msr6.msr6_encap", "selector": {"criteria": [
    {"type": "PROTOCOL_INDEPENDENT", "matches": [
        {"field": "ipv6_dst", "match": "exact", "value": "ff3e0000000000000000000000000b01"}]}]}}
PREFIX = {"tableName": "SixflowIngress.bng.bng_prefix_v6", "selector": {"criteria": [
    {"type": "PROTOCOL_INDEPENDENT", "matches": [
        {"field": "ipv6_dst_64", "match": "lpm", "value": "20010db8aa000000", "prefixLength": 56}]}]}}
NOT_PI = {"tableName": "0", "selector": {"criteria": [{"type": "ETH_TYPE", "ethType": "0x86dd"}]}}


class FakeOnos:
    def __init__(self, flows):
        self.flows = flows
        self.asked = []

    def get(self, path):
        self.asked.append(path)
        return {"flows": self.flows}


def lab_with(flows):
    lab = Lab.__new__(Lab)  # no state files: only ONOS's answer matters here
    lab.onos = FakeOnos(flows)
    return lab


class PiMatchTest(unittest.TestCase):
    def test_finds_a_field_among_several(self):
        self.assertEqual("1399", pi_match(CLASSIFIER, "l4_dport")["lowValue"])
        self.assertEqual("ternary", pi_match(CLASSIFIER, "ipv6_src")["match"])

    def test_none_without_the_field_or_a_pi_criterion(self):
        self.assertIsNone(pi_match(CLASSIFIER, "ipv6_dst"))
        self.assertIsNone(pi_match(NOT_PI, "ipv6_dst"))
        self.assertIsNone(pi_match({}, "ipv6_dst"))


class FlowsMatchingTest(unittest.TestCase):
    def test_a_range_by_both_bounds(self):
        lab = lab_with([CLASSIFIER, OTHER_RANGE, TREE])
        self.assertEqual([CLASSIFIER], lab.flows_matching("device:s1", "apn6_classifier", "l4_dport",
                                                          lowValue=5017, highValue=5017))
        self.assertEqual(["flows/device:s1"], lab.onos.asked)

    def test_an_exact_value_compared_as_a_number(self):
        lab = lab_with([CLASSIFIER, TREE])
        group = 0xff3e0000000000000000000000000b01
        self.assertEqual([TREE], lab.flows_matching("device:s1", "msr6_encap", "ipv6_dst", value=group))
        self.assertEqual([], lab.flows_matching("device:s1", "msr6_encap", "ipv6_dst", value=group + 1))

    def test_only_the_named_table(self):
        lab = lab_with([TREE, PREFIX])
        self.assertEqual([], lab.flows_matching("device:s1", "apn6_classifier", "ipv6_dst",
                                                value=0xff3e0000000000000000000000000b01))
        self.assertEqual([PREFIX], lab.flows_matching("device:s1", "bng_prefix_v6", "ipv6_dst_64",
                                                      value=0x20010db8aa000000))

    def test_an_entry_missing_a_value_asked_for_is_not_matched(self):
        lab = lab_with([TREE, NOT_PI])
        self.assertEqual([], lab.flows_matching("device:s1", "msr6_encap", "ipv6_dst", value=1, mask=1))


class FakeSixflow:
    """Sixflow's GET /topology, one answer per call (the last one again once they run out)."""

    def __init__(self, *answers):
        self.answers = list(answers)

    def get(self, path):
        assert path == "topology", path
        links = self.answers.pop(0) if len(self.answers) > 1 else self.answers[0]
        return {"links": [{"src": s, "dst": d, "state": state} for s, d, state in links]}


def lab_of_links(*answers):
    lab = Lab.__new__(Lab)
    lab.links = [(("sbr", 2), ("pa", 1))]
    lab.rest = FakeSixflow(*answers)
    return lab


BOTH = [("device:sbr/2", "device:pa/1", "ACTIVE"), ("device:pa/1", "device:sbr/2", "ACTIVE")]


class AwaitLinksTest(unittest.TestCase):
    def test_both_directions_of_each_link_are_expected(self):
        self.assertEqual({("device:sbr/2", "device:pa/1"), ("device:pa/1", "device:sbr/2")},
                         lab_of_links(BOTH).expected_links())

    def test_waits_until_every_direction_is_active(self):
        one_way = BOTH[:1]
        inactive = [BOTH[0], ("device:pa/1", "device:sbr/2", "INACTIVE")]
        lab = lab_of_links(one_way, inactive, BOTH)
        lab.await_links(timeout=5)
        self.assertEqual(set(), lab.links_not_active())

    def test_names_the_links_still_missing_when_the_wait_runs_out(self):
        with self.assertRaises(AssertionError) as raised:
            lab_of_links(BOTH[:1]).await_links(timeout=0.2)
        self.assertIn("device:pa/1", str(raised.exception))


if __name__ == "__main__":
    unittest.main()
