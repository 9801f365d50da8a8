# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Free loopback ports for the servers a lab run starts (ONOS, its Atomix, PostgreSQL)."""
import random
import socket

EPHEMERAL_RANGE = "/proc/sys/net/ipv4/ip_local_port_range"
# Below the kernel's ephemeral ports, above the usual services' ones.
LOWEST = 20000
_given = set()


def ephemeral_range(path=EPHEMERAL_RANGE):
    """The ports the kernel picks a connection's source port from (Linux's default if unknown)."""
    try:
        with open(path) as f:
            low, high = (int(x) for x in f.read().split())
        return low, high
    except (OSError, ValueError):
        return 32768, 60999


def _free(ip, port):
    with socket.socket() as s:
        try:
            s.bind((ip, port))
            return True
        except OSError:
            return False


def _kernel_choice(ip):
    with socket.socket() as s:
        s.bind((ip, 0))
        return s.getsockname()[1]


def free_port(ip="127.0.0.1", span=1, tries=500):
    """A TCP port nobody holds on ip now, nor the span - 1 after it (Karaf's RMI takes the two
    after its SSH port), none handed out before in this process. They are chosen below the
    ephemeral range: a port from there can be taken as a connection's source (ONOS opens many
    while it boots) between this choice and the server's bind. The kernel's own choice where that
    range leaves no room below it."""
    low, _ = ephemeral_range()
    narrow = low - LOWEST < 1000
    for _ in range(tries):
        port = _kernel_choice(ip) if narrow else random.randint(LOWEST, low - span)
        ports = range(port, port + span)
        if port + span <= 65536 and not _given.intersection(ports) and all(_free(ip, p) for p in ports):
            _given.update(ports)
            return port
    raise OSError(f"no {span} free port(s) in a row on {ip} after {tries} tries")
