# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""ONOS network configuration for a lab topology, in the shape of docker/netcfg.json.

Differences from the compose lab's file: the switches are simple_switch_grpc on 127.0.0.1 (driver
"sixflow-bmv2": ONOS's bmv2 driver with entries modified in place, see docs/install.md), there is no gnmiAddress (simple_switch_grpc serves no gNMI) and no database block (the
lab's controller brings its own).
"""

import ipaddress

import names
import netdev
import topology

DRIVER = "sixflow-bmv2"
PORT_SPEED_MBPS = 10000
PIPECONF = "org.sixflow.%s.bmv2"  # % the switch's profile (topology.profile_of)


def generate(topo):
    """The netcfg of a checked Topology as a JSON-ready dict."""
    devices = {}
    for sw in topo.switches:
        devices[names.device_id(sw["name"])] = {
            "basic": {
                "name": sw["name"],
                "managementAddress": names.management_address(sw["p4rtDeviceId"]),
                "driver": DRIVER,
                "pipeconf": PIPECONF % topology.profile_of(sw),
                "locType": "geo",
                "latitude": sw["latitude"],
                "longitude": sw["longitude"],
            },
            # simple_switch_grpc serves no gNMI, so ONOS (PortDescriptionsConfig) learns the ports
            # from here; without them LLDP probes nothing and no link is found. No "name": a named
            # port is "[name](1)" in ONOS, while LLDP reports the link's far end as plain "1".
            "ports": {str(port): {"number": port, "enabled": True, "type": "copper", "speed": PORT_SPEED_MBPS}
                      for port in topo.ports(sw["name"])},
            "sixflow": {
                "role": sw["role"],
                "locator": sw["locator"],
                "myStationMac": sw["routerMac"],
                "mtu": netdev.LINK_MTU,
                "rlbBits": {str(port): bit for port, bit in topo.rlb_bits(sw["name"]).items()},
            },
        }
        # A provider's address blocks and what it delegates to its customers
        # (docs/features/routing.md#provider-prefixes).
        if sw.get("aggregates"):
            devices[names.device_id(sw["name"])]["sixflow"]["aggregates"] = list(sw["aggregates"])
        if sw.get("delegations"):
            devices[names.device_id(sw["name"])]["sixflow"]["delegations"] = {
                prefix: names.device_id(customer) for prefix, customer in sw["delegations"].items()}
    ports = {}
    hosts = {}
    for host in topo.hosts:
        location = "%s/%d" % (names.device_id(host["switch"]), host["port"])
        prefix_len = ipaddress.IPv6Interface(host["ipv6"]).network.prefixlen
        gateways = ["%s/%d" % (host["gateway"], prefix_len)]
        ips = [str(ipaddress.IPv6Interface(host["ipv6"]).ip)]
        if "ilnp" in host:
            # ONOS's routing delivers only to addresses of hosts it knows: the ILNP endpoint's
            # locator address too (the endpoint adds it to the host while it runs).
            ips.append(str(topology.ilnp_address(host).ip))
        if "ipv4" in host:
            # The host's IPv4 (ONOS's host, from which the app installs its routing_v4 /32) and the
            # port's IPv4 gateway address, as for IPv6.
            ipv4 = ipaddress.IPv4Interface(host["ipv4"])
            gateways.append("%s/%d" % (host["gateway4"], ipv4.network.prefixlen))
            ips.append(str(ipv4.ip))
        ports[location] = {
            "interfaces": [{
                "name": "%s-%d" % (host["switch"], host["port"]),
                "ips": gateways,
            }]
        }
        hosts["%s/None" % host["mac"]] = {
            "basic": {
                "name": host["name"],
                "ips": ips,
                "locations": [location],
            }
        }
    return {"devices": devices, "ports": ports, "hosts": hosts}
