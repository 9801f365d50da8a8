#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Holds the lab deployment files to one another, without Mininet, ONOS or Docker.

Checks that mininet/topology.py is self-consistent, that the port table at the top of
mininet/topo.py lists exactly its links, that netcfg.json describes exactly those switches,
ports and hosts, and (when PyYAML is importable) that docker-compose.yml pins its images and
exposes every switch's gRPC port. Prints one line per problem and exits 1 if there is any.

    python3 docker/check_topology.py [--docker-dir DIR]
"""

import argparse
import importlib.util
import ipaddress
import json
import os
import re
import sys

ROLES = {"EDGE", "TRANSIT"}
SIXFLOW_KEYS = {"role", "locator", "myStationMac", "rlbBits", "gnmiAddress", "mtu"}
# Mininet's links are veth pairs of Linux's default MTU: the routers are told the same, so a packet
# one grows past it is dropped and answered with a Packet Too Big instead of lost in the veth.
LINK_MTU = 1500
DRIVER = "stratum-bmv2"
PIPECONF = "org.sixflow.full.bmv2"
APPS = {
    "org.sixflow.app": {
        "sixflow": {
            "database": {
                "url": "jdbc:postgresql://postgres:5432/sixflow",
                "user": "sixflow",
                "password": "sixflow",
                "retentionDays": 30,
            }
        }
    }
}
SERVICES = {"onos", "mininet", "postgres", "setup", "web"}
MAC = re.compile(r"^[0-9a-f]{2}(:[0-9a-f]{2}){5}$")
TABLE_ROW = re.compile(r"^#\s*\|\s*(\w+)\s*\|\s*(\d+)\s*\|\s*(\w+)\s*\|\s*(\d+)\s*\|\s*$")
MAX_RLB_BITS = 16


class Checker:
    """Collects problems instead of stopping at the first one."""

    def __init__(self):
        self.problems = []

    def expect(self, ok, message):
        if not ok:
            self.problems.append(message)
        return ok


def load_topology(path):
    sys.dont_write_bytecode = True  # no __pycache__ beside topo.py in the work tree
    spec = importlib.util.spec_from_file_location("sixflow_topology", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def switch_ports(topo):
    """{switch: {port: what}} for every switch-to-switch and host port."""
    ports = {sw["name"]: {} for sw in topo.SWITCHES}
    for a, port_a, b, port_b in topo.LINKS:
        for name, port, peer in ((a, port_a, b), (b, port_b, a)):
            ports.setdefault(name, {}).setdefault(port, []).append(peer)
    for host in topo.HOSTS:
        ports.setdefault(host["switch"], {}).setdefault(host["port"], []).append(host["name"])
    return ports


def check_topology(c, topo):
    names = [sw["name"] for sw in topo.SWITCHES]
    for key in ("name", "device_id", "grpc_port", "mac", "locator"):
        values = [str(sw[key]).lower() for sw in topo.SWITCHES]
        c.expect(len(values) == len(set(values)), "topology: switch %ss are not unique" % key)
    for sw in topo.SWITCHES:
        where = "topology: switch %s" % sw["name"]
        c.expect(sw["role"] in ROLES, "%s: role %r not in %s" % (where, sw["role"], sorted(ROLES)))
        c.expect(bool(MAC.match(sw["mac"])), "%s: bad MAC %r" % (where, sw["mac"]))
        try:
            net = ipaddress.IPv6Network(sw["locator"])
            c.expect(net.prefixlen == 64, "%s: locator %s is not a /64" % (where, net))
        except ValueError as e:
            c.expect(False, "%s: bad locator: %s" % (where, e))
    for link in topo.LINKS:
        c.expect(
            link[0] in names and link[2] in names,
            "topology: link %r joins unknown switches" % (link,),
        )
    ports = switch_ports(topo)
    for name, used in sorted(ports.items()):
        for port, peers in sorted(used.items()):
            c.expect(
                len(peers) == 1, "topology: %s port %d used by %s" % (name, port, ", ".join(peers))
            )
            c.expect(port != topo.CPU_PORT, "topology: %s port %d is the CPU port" % (name, port))
        # stratum_bmv2 up to 21.12 numbers chassis ports by interface order: no gaps allowed.
        c.expect(
            sorted(used) == list(range(1, len(used) + 1)),
            "topology: %s ports %s are not 1..%d" % (name, sorted(used), len(used)),
        )
    hosts = [h["name"] for h in topo.HOSTS]
    c.expect(len(hosts) == len(set(hosts)), "topology: host names are not unique")
    for host in topo.HOSTS:
        where = "topology: host %s" % host["name"]
        if not c.expect(host["switch"] in names, "%s: unknown switch %s" % (where, host["switch"])):
            continue
        sw = topo.switch(host["switch"])
        c.expect(
            sw["role"] == "EDGE", "%s: attached to %s, which is not EDGE" % (where, sw["name"])
        )
        locator = ipaddress.IPv6Network(sw["locator"])
        address = ipaddress.IPv6Interface(host["ipv6"])
        gateway = ipaddress.IPv6Address(host["gateway"])
        c.expect(address.network == locator, "%s: %s not in locator %s" % (where, address, locator))
        c.expect(
            gateway in locator and gateway != address.ip,
            "%s: gateway %s not a distinct address of %s" % (where, gateway, locator),
        )
        c.expect(bool(MAC.match(host["mac"])), "%s: bad MAC %r" % (where, host["mac"]))


def check_port_table(c, topo, topo_py):
    with open(topo_py) as f:
        rows = [tuple(m.groups()) for m in map(TABLE_ROW.match, f) if m]
    rows = [(a, int(pa), b, int(pb)) for a, pa, b, pb in rows]
    expected = [tuple(link) for link in topo.LINKS]
    expected += [(h["switch"], h["port"], h["name"], 0) for h in topo.HOSTS]
    for row in expected:
        c.expect(row in rows, "topo.py: port table lacks %s port %d <-> %s port %d" % row)
    for row in rows:
        c.expect(
            row in expected,
            "topo.py: port table row %s port %d <-> %s port %d is not in topology.py" % row,
        )
    c.expect(
        len(rows) == len(expected),
        "topo.py: port table has %d rows, topology.py %d links" % (len(rows), len(expected)),
    )


def check_netcfg(c, topo, cfg):
    c.expect(
        set(cfg) <= {"devices", "ports", "hosts", "links", "apps"},
        "netcfg: unexpected top-level keys %s"
        % sorted(set(cfg) - {"devices", "ports", "hosts", "links", "apps"}),
    )
    devices = cfg.get("devices", {})
    wanted = {"device:" + sw["name"] for sw in topo.SWITCHES}
    c.expect(
        set(devices) == wanted,
        "netcfg: devices %s, topology has %s" % (sorted(devices), sorted(wanted)),
    )
    ports = switch_ports(topo)
    for sw in topo.SWITCHES:
        dev = devices.get("device:" + sw["name"])
        if dev is None:
            continue
        where = "netcfg: device:%s" % sw["name"]
        basic = dev.get("basic", {})
        address = "grpc://%s:%d?device_id=%d" % (
            topo.MININET_HOST,
            sw["grpc_port"],
            sw["device_id"],
        )
        c.expect(
            basic.get("managementAddress") == address,
            "%s: managementAddress %r, expected %r"
            % (where, basic.get("managementAddress"), address),
        )
        c.expect(basic.get("driver") == DRIVER, "%s: driver is not %s" % (where, DRIVER))
        c.expect(basic.get("pipeconf") == PIPECONF, "%s: pipeconf is not %s" % (where, PIPECONF))
        c.expect(basic.get("name") == sw["name"], "%s: name is not %s" % (where, sw["name"]))
        if basic.get("locType") == "geo":
            c.expect(
                (basic.get("latitude"), basic.get("longitude"))
                == (sw["latitude"], sw["longitude"]),
                "%s: latitude/longitude differ from topology.py" % where,
            )
        else:
            c.expect(
                basic.get("locType") == "grid" and "gridX" in basic and "gridY" in basic,
                "%s: needs locType geo (latitude, longitude) or grid (gridX, gridY)" % where,
            )
        six = dev.get("sixflow")
        if not c.expect(isinstance(six, dict), "%s: no sixflow block" % where):
            continue
        c.expect(
            set(six) == SIXFLOW_KEYS,
            "%s: sixflow keys %s, expected exactly %s" % (where, sorted(six), sorted(SIXFLOW_KEYS)),
        )
        c.expect(
            six.get("role") == sw["role"],
            "%s: role %r, topology says %r" % (where, six.get("role"), sw["role"]),
        )
        try:
            same = ipaddress.IPv6Network(six.get("locator")) == ipaddress.IPv6Network(sw["locator"])
        except (TypeError, ValueError):
            same = False
        c.expect(
            same, "%s: locator %r, topology says %s" % (where, six.get("locator"), sw["locator"])
        )
        c.expect(
            six.get("myStationMac") == sw["mac"],
            "%s: myStationMac %r, topology says %s" % (where, six.get("myStationMac"), sw["mac"]),
        )
        c.expect(
            six.get("mtu") == LINK_MTU,
            "%s: mtu %r, the links' MTU is %d" % (where, six.get("mtu"), LINK_MTU),
        )
        gnmi = "%s:%d" % (topo.MININET_HOST, sw["grpc_port"])
        c.expect(
            six.get("gnmiAddress") == gnmi,
            "%s: gnmiAddress %r, expected %r" % (where, six.get("gnmiAddress"), gnmi),
        )
        bits = six.get("rlbBits", {})
        fabric = sorted(p for p, peers in ports[sw["name"]].items() if peers[0] in ports)
        c.expect(
            sorted(bits, key=lambda k: int(k) if k.isdigit() else -1) == [str(p) for p in fabric],
            "%s: rlbBits ports %s, switch-to-switch ports are %s" % (where, sorted(bits), fabric),
        )
        values = list(bits.values())
        c.expect(
            all(isinstance(v, int) and 0 <= v < MAX_RLB_BITS for v in values)
            and len(set(values)) == len(values),
            "%s: rlbBits positions %s must be distinct integers 0..%d"
            % (where, values, MAX_RLB_BITS - 1),
        )

    cfg_ports = cfg.get("ports", {})
    wanted = {"device:%s/%d" % (h["switch"], h["port"]): h for h in topo.HOSTS}
    c.expect(
        set(cfg_ports) == set(wanted),
        "netcfg: ports %s, host-facing ports are %s" % (sorted(cfg_ports), sorted(wanted)),
    )
    for key, host in sorted(wanted.items()):
        interfaces = cfg_ports.get(key, {}).get("interfaces", [])
        if not c.expect(len(interfaces) > 0, "netcfg: %s has no interfaces" % key):
            continue
        for intf in interfaces:
            c.expect(bool(intf.get("name")), "netcfg: %s interface without name" % key)
            gateway = "%s/%d" % (
                host["gateway"],
                ipaddress.IPv6Interface(host["ipv6"]).network.prefixlen,
            )
            c.expect(
                intf.get("ips") == [gateway],
                "netcfg: %s ips %r, expected [%r]" % (key, intf.get("ips"), gateway),
            )

    cfg_hosts = cfg.get("hosts", {})
    if cfg_hosts:
        wanted = {h["mac"] + "/None": h for h in topo.HOSTS}
        c.expect(
            set(cfg_hosts) == set(wanted),
            "netcfg: hosts %s, topology has %s" % (sorted(cfg_hosts), sorted(wanted)),
        )
        for key, host in sorted(wanted.items()):
            basic = cfg_hosts.get(key, {}).get("basic", {})
            c.expect(
                basic.get("locations") == ["device:%s/%d" % (host["switch"], host["port"])],
                "netcfg: host %s locations %r" % (key, basic.get("locations")),
            )
            c.expect(
                basic.get("ips") == [host["ipv6"].split("/")[0]],
                "netcfg: host %s ips %r" % (key, basic.get("ips")),
            )
    c.expect(
        cfg.get("apps") == APPS, "netcfg: apps section is %r, expected %r" % (cfg.get("apps"), APPS)
    )


def check_compose(c, topo, compose, docker_dir):
    services = compose.get("services", {})
    c.expect(
        set(services) == SERVICES,
        "compose: services %s, expected %s" % (sorted(services), sorted(SERVICES)),
    )
    for name, svc in sorted(services.items()):
        image = svc.get("image", "")
        tag = image.rsplit(":", 1)[1] if ":" in image.rsplit("/", 1)[-1] else ""
        c.expect(
            tag not in ("", "latest"), "compose: %s image %r is not pinned to a tag" % (name, image)
        )
        for volume in svc.get("volumes", []):
            source = volume.split(":")[0] if isinstance(volume, str) else volume.get("source", "")
            if source.startswith("./"):
                c.expect(
                    os.path.exists(os.path.join(docker_dir, source)),
                    "compose: %s mounts %s, which does not exist" % (name, source),
                )
    exposed = set()
    for item in services.get("mininet", {}).get("expose", []):
        low, _, high = str(item).split("/")[0].partition("-")
        exposed.update(range(int(low), int(high or low) + 1))
    missing = sorted({sw["grpc_port"] for sw in topo.SWITCHES} - exposed)
    c.expect(not missing, "compose: mininet does not expose gRPC ports %s" % missing)


def check_cpu_port(c, topo, repo_dir):
    define = os.path.join(repo_dir, "pipeconf", "p4src", "v1model", "define_v1model.p4")
    if os.path.exists(define):
        with open(define) as f:
            m = re.search(r"#define\s+CPU_PORT\s+(\d+)", f.read())
        c.expect(
            m is not None and int(m.group(1)) == topo.CPU_PORT,
            "topology: CPU_PORT %d differs from %s" % (topo.CPU_PORT, define),
        )


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docker-dir", default=os.path.dirname(os.path.abspath(__file__)))
    args = parser.parse_args()
    docker_dir = args.docker_dir
    c = Checker()

    topo = load_topology(os.path.join(docker_dir, "mininet", "topology.py"))
    check_topology(c, topo)
    check_port_table(c, topo, os.path.join(docker_dir, "mininet", "topo.py"))
    check_cpu_port(c, topo, os.path.dirname(docker_dir))
    with open(os.path.join(docker_dir, "netcfg.json")) as f:
        check_netcfg(c, topo, json.load(f))
    try:
        import yaml
    except ImportError:
        print("check_topology: PyYAML not importable, compose checks skipped")
    else:
        with open(os.path.join(docker_dir, "docker-compose.yml")) as f:
            check_compose(c, topo, yaml.safe_load(f), docker_dir)

    for problem in c.problems:
        print("FAIL " + problem)
    if c.problems:
        print("check_topology: %d problem(s)" % len(c.problems))
        return 1
    print(
        "check_topology: %d switches, %d links, %d hosts agree across topology.py, topo.py, "
        "netcfg.json and docker-compose.yml"
        % (len(topo.SWITCHES), len(topo.LINKS), len(topo.HOSTS))
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
