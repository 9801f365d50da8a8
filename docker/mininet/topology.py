# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Sixflow lab topology as plain data, modelled on the MSR6 study's five-city network.

topo.py builds the Mininet network from these values and docker/check_topology.py holds
docker/netcfg.json to them, so this module imports nothing from Mininet. It runs under the
Python 2.7 of the opennetworking/mn-stratum image as well as under Python 3.

Port numbers are listed explicitly and are dense (1..k on every switch, in the order the
links are added): stratum_bmv2 releases up to 21.12 number the chassis-config ports by
interface order rather than by Mininet port number, so a gap would shift every port after it.
"""

# bmv2 CPU port; must equal CPU_PORT in pipeconf/p4src/v1model/define_v1model.p4 and
# CpuPorts.BMV2 in the pipeconf (stratum_bmv2 is started with -cpu_port=255).
CPU_PORT = 255

# Host name used by ONOS to reach the switches: the compose service name of Mininet.
MININET_HOST = "mininet"

# name, P4Runtime device_id, gRPC port, Sixflow role, locator /64, router MAC, city position.
# nanjing is a transit hop that also serves a receiver; it is EDGE because a node with
# attached receivers must decapsulate (transit replication is available on every node).
SWITCHES = [
    {"name": "beijing", "device_id": 1, "grpc_port": 50001, "role": "EDGE",
     "locator": "fd00:1:1::/64", "mac": "00:aa:00:00:00:01",
     "latitude": 39.9042, "longitude": 116.4074},
    {"name": "wuhan", "device_id": 2, "grpc_port": 50002, "role": "TRANSIT",
     "locator": "fd00:1:2::/64", "mac": "00:aa:00:00:00:02",
     "latitude": 30.5928, "longitude": 114.3055},
    {"name": "nanjing", "device_id": 3, "grpc_port": 50003, "role": "EDGE",
     "locator": "fd00:1:3::/64", "mac": "00:aa:00:00:00:03",
     "latitude": 32.0603, "longitude": 118.7969},
    {"name": "shanghai", "device_id": 4, "grpc_port": 50004, "role": "EDGE",
     "locator": "fd00:1:4::/64", "mac": "00:aa:00:00:00:04",
     "latitude": 31.2304, "longitude": 121.4737},
    {"name": "guangzhou", "device_id": 5, "grpc_port": 50005, "role": "EDGE",
     "locator": "fd00:1:5::/64", "mac": "00:aa:00:00:00:05",
     "latitude": 23.1291, "longitude": 113.2644},
]

# Switch-to-switch links: (switch A, port on A, switch B, port on B).
LINKS = [
    ("beijing", 1, "wuhan", 1),
    ("beijing", 2, "nanjing", 1),
    ("wuhan", 2, "nanjing", 2),
    ("wuhan", 3, "guangzhou", 1),
    ("nanjing", 3, "shanghai", 1),
    ("shanghai", 2, "guangzhou", 2),
]

# IPv6 hosts: each sits in the locator /64 of its switch and uses the switch's gateway
# address (::1 of that /64, answered by the switch's router MAC) as default route.
HOSTS = [
    {"name": "h_bj", "switch": "beijing", "port": 3, "role": "source",
     "mac": "00:00:00:00:01:10", "ipv6": "fd00:1:1::10/64", "gateway": "fd00:1:1::1"},
    {"name": "h_nj", "switch": "nanjing", "port": 4, "role": "receiver",
     "mac": "00:00:00:00:03:10", "ipv6": "fd00:1:3::10/64", "gateway": "fd00:1:3::1"},
    {"name": "h_sh", "switch": "shanghai", "port": 3, "role": "receiver",
     "mac": "00:00:00:00:04:10", "ipv6": "fd00:1:4::10/64", "gateway": "fd00:1:4::1"},
    {"name": "h_gz", "switch": "guangzhou", "port": 3, "role": "receiver",
     "mac": "00:00:00:00:05:10", "ipv6": "fd00:1:5::10/64", "gateway": "fd00:1:5::1"},
]


def switch(name):
    """Returns the SWITCHES entry called name (KeyError when there is none)."""
    for sw in SWITCHES:
        if sw["name"] == name:
            return sw
    raise KeyError(name)


def gateway_mac(host):
    """Router MAC the host's static neighbour entry points its gateway at."""
    return switch(host["switch"])["mac"]
