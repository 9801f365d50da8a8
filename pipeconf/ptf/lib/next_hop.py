# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""A routed frame as its next hop gets it: the packet tests' expected frames."""

from scapy.layers.inet6 import IPv6
from scapy.layers.l2 import Ether

from base_test import ROUTER_MAC


def routed(frame, next_hop_mac):
    """frame (scapy, Ether / IPv6) as a route to next_hop_mac forwards it: the router's MAC as
    source, the next hop's as destination, the hop limit one lower; nothing else changed."""
    out = frame.copy()
    out[Ether].src = ROUTER_MAC
    out[Ether].dst = next_hop_mac
    out[IPv6].hlim -= 1
    return out
