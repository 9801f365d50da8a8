# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The state file `up` writes and the lab's controller setup (lab/onos/onoslab.py) and system tests read.

Its shape is fixed by the lab interface (lab/README.md): the topology file's absolute path, then per
switch its ids, addresses, pid, log and {port: interface}, and per host its namespace and addresses.
"""

import ipaddress
import json
import os

import names
from topology import ilnp_address


def switch_ports(topo, sw):
    """{port: root-namespace interface} of a switch, every used port."""
    return {port: names.switch_ifname(sw["p4rtDeviceId"], port) for port in topo.ports(sw["name"])}


def build(topo, pids, logs):
    """The state of a running lab. pids and logs: {switch name: pid / absolute log path}."""
    switches = []
    for sw in topo.switches:
        device_id = sw["p4rtDeviceId"]
        switches.append({
            "name": sw["name"],
            "deviceId": names.device_id(sw["name"]),
            "p4rtDeviceId": device_id,
            "grpcAddress": names.grpc_address(device_id),
            "thriftPort": names.thrift_port(device_id),
            "cpuPort": names.CPU_PORT,
            "pid": pids[sw["name"]],
            "log": logs[sw["name"]],
            "ports": {str(port): ifname for port, ifname in switch_ports(topo, sw).items()},
        })
    hosts = [{
        "name": h["name"],
        "netns": names.host_netns(h["name"]),
        "ifname": names.HOST_IFNAME,
        "mac": h["mac"],
        "ipv6": str(ipaddress.IPv6Interface(h["ipv6"])),
        "gateway": h["gateway"],
        "switch": h["switch"],
        "port": h["port"],
        # IPv4, where the topology gives it (a host on a switch that routes IPv4).
        **({"ipv4": str(ipaddress.IPv4Interface(h["ipv4"])), "gateway4": h["gateway4"]} if "ipv4" in h else {}),
        # ILNP, where the topology gives it: the endpoint's NID, locator address and known peers.
        **({"ilnp": {"nid": h["ilnp"]["nid"], "address": str(ilnp_address(h)),
                     "peers": dict(h["ilnp"].get("peers", {}))}} if "ilnp" in h else {}),
    } for h in topo.hosts]
    return {"topology": os.path.abspath(topo.path), "switches": switches, "hosts": hosts}


def write(path, state):
    """Writes the state atomically (a reader never sees half a file)."""
    directory = os.path.dirname(os.path.abspath(path))
    os.makedirs(directory, exist_ok=True)
    tmp = "%s.tmp-%d" % (path, os.getpid())
    with open(tmp, "w") as f:
        json.dump(state, f, indent=2)
        f.write("\n")
    os.replace(tmp, path)


def read(path):
    """Reads a state file; raises ValueError when it is not one."""
    try:
        with open(path) as f:
            data = json.load(f)
    except json.JSONDecodeError as e:
        raise ValueError("%s is not JSON: %s" % (path, e)) from None
    if not (isinstance(data, dict) and isinstance(data.get("switches"), list)
            and isinstance(data.get("hosts"), list) and isinstance(data.get("topology"), str)):
        raise ValueError("%s is not a lab state file (topology, switches, hosts)" % path)
    return data


def is_state(data):
    return isinstance(data, dict) and "topology" in data and "switches" in data and isinstance(data["topology"], str)
