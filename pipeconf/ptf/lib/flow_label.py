# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The outer flow label Sixflow's encapsulations (MSR6, GTP-U) give a packet (RFC 6438), as bmv2
computes it (SIXFLOW_ENCAP_FLOW_LABEL, define_v1model.p4): the low 20 bits of a CRC-32 over the
inner packet's source, destination, flow label (in 24 bits), upper-layer protocol and ports (0
without TCP or UDP, and in every fragment, the first too: one datagram, one label), the packet
as it arrived."""

import ipaddress
import zlib

from scapy.layers.inet import TCP, UDP
from scapy.layers.inet6 import IPv6, IPv6ExtHdrFragment

# Extension headers the parser walks to the upper-layer protocol (parser.p4): Hop-by-Hop,
# Routing, Fragment, Destination Options.
EXTENSION_HEADERS = (0, 43, 44, 60)


def upper_layer_protocol(packet):
    """The Next Header where the packet's chain of extension headers ends."""
    proto, layer = packet.nh, packet.payload
    while proto in EXTENSION_HEADERS and hasattr(layer, "nh"):
        proto, layer = layer.nh, layer.payload
    return proto


def flow_label(inner):
    """The label for inner (an IPv6 packet, bytes, as it arrived)."""
    packet = IPv6(inner)
    l4 = None if packet.haslayer(IPv6ExtHdrFragment) else packet.getlayer(UDP) or packet.getlayer(TCP)
    data = (ipaddress.IPv6Address(packet.src).packed + ipaddress.IPv6Address(packet.dst).packed
            + packet.fl.to_bytes(3, "big") + bytes([upper_layer_protocol(packet)])
            + (l4.sport if l4 else 0).to_bytes(2, "big") + (l4.dport if l4 else 0).to_bytes(2, "big"))
    return zlib.crc32(data) & 0xFFFFF
