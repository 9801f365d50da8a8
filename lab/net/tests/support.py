# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Small topologies the tests change one field at a time."""

import copy


def two_switches():
    """s1 (EDGE) port 1 <-> s2 (EDGE) port 1; host ha on s1 port 2, hb on s2 port 2."""
    return copy.deepcopy({
        "name": "two",
        "switches": [
            {"name": "s1", "p4rtDeviceId": 1, "role": "EDGE", "locator": "fd00:9:1::/64",
             "routerMac": "00:aa:00:00:09:01", "latitude": 1.0, "longitude": 2.0},
            {"name": "s2", "p4rtDeviceId": 2, "role": "EDGE", "locator": "fd00:9:2::/64",
             "routerMac": "00:aa:00:00:09:02", "latitude": 3.0, "longitude": 4.0},
        ],
        "links": [{"a": {"switch": "s1", "port": 1}, "b": {"switch": "s2", "port": 1}}],
        "hosts": [
            {"name": "ha", "switch": "s1", "port": 2, "mac": "00:00:00:00:09:10", "ipv6": "fd00:9:1::10/64",
             "gateway": "fd00:9:1::1"},
            {"name": "hb", "switch": "s2", "port": 2, "mac": "00:00:00:00:09:20", "ipv6": "fd00:9:2::10/64",
             "gateway": "fd00:9:2::1"},
        ],
    })


def with_ipv4():
    """two_switches with s2 on the bng profile (its pipeline routes IPv4) and hb given IPv4 too."""
    data = two_switches()
    data["switches"][1]["profile"] = "bng"
    data["hosts"][1].update(ipv4="10.0.9.20/24", gateway4="10.0.9.1")
    return data
