# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Links are discovered from LLDP the switches punt to the controller, not read from the file."""

from systest import SystemTest


class LinkDiscoveryTest(SystemTest):

    def test_every_link_is_discovered_in_both_directions(self):
        expected = self.lab.expected_links()
        seen = {}

        def discovered():
            listed = self.rest.get("topology")["links"]
            links = {(l["src"], l["dst"]) for l in listed if l["state"] == "ACTIVE"}
            seen.update(missing=sorted(expected - links), extra=sorted(links - expected),
                        states=sorted({l["state"] for l in listed}))
            return links if links == expected else None
        try:
            self.eventually(discovered, timeout=30, what="discovery of %d links" % len(expected))
        except AssertionError as e:
            raise AssertionError("%s; missing %s, extra %s, states listed %s"
                                 % (e, seen.get("missing"), seen.get("extra"), seen.get("states"))) from None

    def test_devices_are_available_with_the_sixflow_pipeconf(self):
        devices = {d["id"]: d for d in self.rest.get("devices")["devices"]}
        for switch in self.lab.switches.values():
            self.assertIn(switch.device_id, devices)
            self.assertEqual("org.sixflow.full.bmv2", devices[switch.device_id].get("pipeconf"), devices[switch.device_id])
