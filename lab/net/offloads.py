# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Offload settings of an interface through the kernel's ethtool ioctl, for machines without ethtool.

A veth with transmit checksum offload hands a capture packets whose UDP/TCP checksum is not yet
filled in, and with segmentation offload frames larger than the MTU; bmv2 and scapy must see the
bytes a real wire would carry, so the lab turns these off. The legacy per-feature commands used
here (struct ethtool_value) are still served by current kernels.

    python3 lab/net/offloads.py IFNAME        # prints each feature's state
"""

import array
import fcntl
import socket
import struct
import sys

SIOCETHTOOL = 0x8946
# feature: (get command, set command), from linux/ethtool.h
FEATURES = {
    "rx": (0x14, 0x15),   # ETHTOOL_GRXCSUM / SRXCSUM
    "tx": (0x16, 0x17),   # ETHTOOL_GTXCSUM / STXCSUM
    "sg": (0x18, 0x19),   # ETHTOOL_GSG / SSG
    "tso": (0x1e, 0x1f),  # ETHTOOL_GTSO / STSO
    "gso": (0x23, 0x24),  # ETHTOOL_GGSO / SGSO
    "gro": (0x2b, 0x2c),  # ETHTOOL_GGRO / SGRO
}


def _call(sock, ifname, command, value=0):
    data = array.array("I", [command, value])  # struct ethtool_value {u32 cmd; u32 data;}
    address, _ = data.buffer_info()
    request = struct.pack("16sP", ifname.encode(), address)  # struct ifreq with ifr_data
    fcntl.ioctl(sock.fileno(), SIOCETHTOOL, request)
    return data[1]


def disable(ifname, features=tuple(FEATURES)):
    """Turns the features off; returns those the kernel refused (a veth refuses none)."""
    failed = []
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        # Segmentation before scatter-gather and checksums: the kernel drops dependants itself, but
        # a refused dependency would make the later calls fail for the wrong reason.
        for name in sorted(features, key=["tso", "gso", "gro", "sg", "tx", "rx"].index):
            try:
                _call(sock, ifname, FEATURES[name][1], 0)
            except OSError:
                failed.append(name)
    return failed


def state(ifname):
    """{feature: on?} as the kernel reports it."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
        return {name: bool(_call(sock, ifname, get)) for name, (get, _) in FEATURES.items()}


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: offloads.py IFNAME")
    for feature, on in state(sys.argv[1]).items():
        print("%s %s" % (feature, "on" if on else "off"))
