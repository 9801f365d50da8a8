# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Every name and number the lab derives from a topology, in one place.

The lab owns exactly what these patterns match: network namespaces "sfh-<host>" and root-namespace
links "sf<deviceId>p<port>" (a switch port) and "sfh<deviceId>p<port>" (a host's end of its veth,
only until it moves into the host's namespace as eth0). `down` removes what matches them, so no
name outside these patterns is ever touched.
"""

import os
import re

# The bmv2 pipeline's CPU port, as the committed artifacts carry it (build-p4.sh writes it there
# from CPU_PORT in p4src/v1model/define_v1model.p4), so the switches and the P4 program agree.
_CPU_PORT_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "pipeconf", "src", "main",
                              "resources", "p4c-out", "full", "bmv2", "cpu_port.txt")
with open(_CPU_PORT_FILE) as _f:
    CPU_PORT = int(_f.read().strip())
MAX_PORT = 254
# Keeps the gRPC port (50000 + id) and the thrift port (9090 + id) apart and every link name short.
MAX_DEVICE_ID = 9999
GRPC_BASE_PORT = 50000
THRIFT_BASE_PORT = 9090
IFNAMSIZ = 15  # Linux interface names: 16 bytes including the terminating NUL
MAX_NETNS_NAME = 64
HOST_IFNAME = "eth0"
NETNS_PREFIX = "sfh-"

SWITCH_LINK = re.compile(r"^sf\d+p\d+$")
LAB_LINK = re.compile(r"^sfh?\d+p\d+$")


def device_id(switch_name):
    """ONOS device id of a switch."""
    return "device:" + switch_name


def switch_ifname(p4rt_device_id, port):
    """Root-namespace interface bmv2 uses as a port, e.g. sf1p3."""
    return _checked("sf%dp%d" % (p4rt_device_id, port))


def host_tmp_ifname(p4rt_device_id, port):
    """A host's end of the veth on (switch, port) before it moves into the host namespace as eth0."""
    return _checked("sfh%dp%d" % (p4rt_device_id, port))


def host_netns(host_name):
    """Network namespace of a host."""
    return NETNS_PREFIX + host_name


def grpc_port(p4rt_device_id):
    return GRPC_BASE_PORT + p4rt_device_id


def grpc_address(p4rt_device_id):
    return "127.0.0.1:%d" % grpc_port(p4rt_device_id)


def thrift_port(p4rt_device_id):
    return THRIFT_BASE_PORT + p4rt_device_id


def management_address(p4rt_device_id):
    """netcfg basic.managementAddress of a switch."""
    return "grpc://%s?device_id=%d" % (grpc_address(p4rt_device_id), p4rt_device_id)


def is_lab_netns(name):
    return name.startswith(NETNS_PREFIX)


def is_lab_link(name):
    return bool(LAB_LINK.match(name))


def _checked(ifname):
    if len(ifname) > IFNAMSIZ:
        raise ValueError("interface name %s is longer than %d characters" % (ifname, IFNAMSIZ))
    return ifname
