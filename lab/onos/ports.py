# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Free loopback ports for the servers a lab run starts (ONOS, its Atomix, PostgreSQL)."""
import socket


def free_port(ip="127.0.0.1"):
    """A TCP port nobody holds on ip right now (the kernel's choice)."""
    with socket.socket() as s:
        s.bind((ip, 0))
        return s.getsockname()[1]
