# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""What a frame must look like after the lab's switches handled it, built from the frame the
sender put on the wire, so the tests compare whole frames byte for byte."""

import struct


def mac(text):
    return bytes.fromhex(text.replace(":", ""))


def routed(frame, src_mac, dst_mac, routers):
    """The frame after `routers` IPv6 routers: new MACs, hop limit lower by one per router."""
    hop_limit = frame[21] - routers
    return mac(dst_mac) + mac(src_mac) + frame[12:21] + bytes([hop_limit]) + frame[22:]


def delivered_multicast(frame, src_mac):
    """A multicast frame as a leaf delivers it after decapsulation: the sender's IPv6 packet one
    hop on (the ingress edge forwards it into the tree: hop limit - 1, RFC 2473 3.1; the tree's
    routers are one hop to it), from the leaf router's MAC to the group's MAC (which the sender
    used too)."""
    return frame[:6] + mac(src_mac) + frame[12:21] + bytes([frame[21] - 1]) + frame[22:]


def with_apn6_option(frame, sla, app, user, flow_id, hop_limit_drop=0):
    """The frame with the APN6 Hop-by-Hop header an ingress edge inserts (docs/features/apn6.md):
    24 octets after the IPv6 header, Next Header chained, Payload Length + 24."""
    ipv6 = bytearray(frame[14:54])
    next_header = ipv6[6]
    payload_length = struct.unpack_from("!H", ipv6, 4)[0]
    struct.pack_into("!H", ipv6, 4, payload_length + 24)
    ipv6[6] = 0
    ipv6[7] -= hop_limit_drop
    hbh = bytes([next_header, 2, 0x1E, 16]) + struct.pack("!IIII", sla, app, user, flow_id) + bytes([1, 2, 0, 0])
    return frame[:14] + bytes(ipv6) + hbh + frame[54:]


def describe(frame):
    """A short readable form of a frame for failure messages."""
    try:
        from scapy.layers.l2 import Ether
        return Ether(frame).summary() + " " + frame.hex()
    except Exception:  # scapy missing: the bytes speak for themselves
        return frame.hex()
