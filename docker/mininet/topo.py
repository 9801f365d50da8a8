#!/usr/bin/env python
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Sixflow lab network: five stratum_bmv2 switches named after the MSR6 study's cities.
# The values live in topology.py (plain data, checked against ../netcfg.json by
# ../check_topology.py); this table is kept equal to them by the same checker.
#
#                  h_bj (source)
#                    |3
#                 beijing
#                1/     \2
#               1/       \1
#            wuhan --2---2-- nanjing --4-- h_nj
#               |3            |3
#               |1            |1
#           guangzhou --2---2-- shanghai
#               |3            |3
#             h_gz           h_sh
#
# Port table (Mininet port = P4Runtime/ONOS port number; CPU port 255):
# | node A    | port A | node B    | port B |
# |-----------|--------|-----------|--------|
# | beijing   | 1      | wuhan     | 1      |
# | beijing   | 2      | nanjing   | 1      |
# | wuhan     | 2      | nanjing   | 2      |
# | wuhan     | 3      | guangzhou | 1      |
# | nanjing   | 3      | shanghai  | 1      |
# | shanghai  | 2      | guangzhou | 2      |
# | beijing   | 3      | h_bj      | 0      |
# | nanjing   | 4      | h_nj      | 0      |
# | shanghai  | 3      | h_sh      | 0      |
# | guangzhou | 3      | h_gz      | 0      |
#
# Runs inside opennetworking/mn-stratum (Python 2.7, Mininet, stratum.py on PYTHONPATH):
#     python /mininet/topo.py
"""Mininet topology for the Sixflow lab (stratum_bmv2 switches, IPv6 hosts)."""

from __future__ import print_function

import argparse

from mininet.cli import CLI
from mininet.log import info, setLogLevel
from mininet.net import Mininet
from mininet.node import Host
from mininet.topo import Topo
from stratum import StratumBmv2Switch

import topology


class SixflowStratumSwitch(StratumBmv2Switch):
    """stratum_bmv2 switch with a fixed P4Runtime device_id and gRPC port.

    StratumBmv2Switch always uses device_id 1 and hands out gRPC ports in creation order;
    Mininet creates switches in name order, so both are pinned here to match netcfg.json.
    """

    def __init__(self, name, deviceid, grpcport, **kwargs):
        # A city name holds no number Mininet could derive a datapath id from.
        kwargs.setdefault("dpid", "%x" % deviceid)
        StratumBmv2Switch.__init__(self, name, **kwargs)
        self.nodeId = deviceid
        self.grpcPort = grpcport


class SixflowIPv6Host(Host):
    """Host with one IPv6 address, a default route and a static neighbour for its gateway,
    so that traffic flows before any NDP handling is installed in the switches."""

    def config(self, ipv6, gateway, gatewaymac, **params):
        result = super(SixflowIPv6Host, self).config(**params)
        intf = self.defaultIntf()
        self.cmd("ip -4 addr flush dev %s" % intf)
        self.cmd("ip -6 addr flush dev %s" % intf)
        # nodad: the address is usable at once instead of after duplicate address detection.
        self.cmd("ip -6 addr add %s dev %s nodad" % (ipv6, intf))
        # A router's entry, as its Neighbor Advertisements' Router flag would make it: Linux's route
        # garbage collection drops a learnt path MTU whose gateway is not one.
        self.cmd("ip -6 neigh replace %s lladdr %s dev %s nud permanent router"
                 % (gateway, gatewaymac, intf))
        self.cmd("ip -6 route replace default via %s dev %s" % (gateway, intf))
        # bmv2 needs real checksums: veth offload would leave them to hardware that is not there.
        for attr in ("rx", "tx", "sg"):
            self.cmd("/sbin/ethtool --offload %s %s off" % (intf, attr))
        address = ipv6.split("/")[0]
        intf.updateIP = lambda: address
        return result


class SixflowTopo(Topo):
    """The five-city MSR6 lab network from topology.py."""

    def build(self, loglevel="warn"):
        for sw in topology.SWITCHES:
            self.addSwitch(sw["name"], cls=SixflowStratumSwitch,
                           deviceid=sw["device_id"], grpcport=sw["grpc_port"],
                           cpuport=topology.CPU_PORT, loglevel=loglevel,
                           latitude=sw["latitude"], longitude=sw["longitude"])
        for a, port_a, b, port_b in topology.LINKS:
            self.addLink(a, b, port1=port_a, port2=port_b)
        for host in topology.HOSTS:
            self.addHost(host["name"], cls=SixflowIPv6Host, mac=host["mac"],
                         ipv6=host["ipv6"], gateway=host["gateway"],
                         gatewaymac=topology.gateway_mac(host))
            self.addLink(host["name"], host["switch"], port1=0, port2=host["port"])


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--bmv2-log-level", default="warn",
                        choices=["trace", "debug", "info", "warn", "error", "off"],
                        help="stratum_bmv2 log level (logs in /tmp/<switch>/stratum_bmv2.log)")
    args = parser.parse_args()
    setLogLevel("info")

    net = Mininet(topo=SixflowTopo(loglevel=args.bmv2_log_level), controller=None)
    net.start()
    for sw in topology.SWITCHES:
        info("*** %s: grpc://%s:%d?device_id=%d\n" % (
            sw["name"], topology.MININET_HOST, sw["grpc_port"], sw["device_id"]))
    CLI(net)
    net.stop()
    print("#" * 72)
    print("Mininet stopped; the container restarts it in a few seconds.")
    print("Detach from the CLI without stopping it with Ctrl-P Ctrl-Q.")
    print("#" * 72)


if __name__ == "__main__":
    main()
