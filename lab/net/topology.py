# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""A lab topology file (lab/topologies/<name>.json) read and checked, without touching the system.

The format is fixed by /work/shared/design's lab interface and described in lab/README.md:
switches (name, p4rtDeviceId, role, locator, routerMac, latitude, longitude), switch-to-switch
links between numbered P4 ports, and IPv6 hosts on switch ports (optionally with an IPv4 address
and gateway, on a switch whose profile routes IPv4). load() returns a Topology or raises
TopologyError listing every problem found, not only the first.
"""

import ipaddress
import json
import os
import re

import names

ROLES = ("EDGE", "TRANSIT")
# A switch's data-plane profile (pipeconf org.sixflow.<profile>.bmv2): the profiles built for bmv2.
PROFILES_JSON = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "pipeconf", "profiles.json")
DEFAULT_PROFILE = "full"


def bmv2_profiles():
    """The profiles pipeconf/profiles.json builds for bmv2."""
    with open(PROFILES_JSON) as f:
        profiles = json.load(f)["profiles"]
    return sorted(name for name, p in profiles.items() if "bmv2" in p["targets"])


def profile_of(sw):
    """A switch's profile: its "profile", else the lab's default (every feature)."""
    return sw.get("profile", DEFAULT_PROFILE)


# The features whose P4 routes IPv4 (routing_v4, WITH_BNG in define.p4): the app installs IPv4 host
# routes only where a switch's pipeline has that table.
IPV4_FEATURES = ("BNG_ACCESS", "BNG_FORWARD")


def ipv4_profiles():
    """The bmv2 profiles whose pipeline routes IPv4."""
    with open(PROFILES_JSON) as f:
        profiles = json.load(f)["profiles"]
    return sorted(name for name, p in profiles.items()
                  if "bmv2" in p["targets"] and any(f in p["features"] for f in IPV4_FEATURES))

# Local Bitstring bits a device may give its links: the SID's 16-bit Argument (Msid.ARGUMENT_BITS
# in the app, held to the P4 there); test_topology holds the two equal.
MAX_RLB_BITS = 16
_MAC = re.compile(r"^[0-9a-f]{2}(:[0-9a-f]{2}){5}$")
# Switch and host names end up in device ids, netcfg keys and namespace names (files under /run/netns).
_NAME = re.compile(r"^[A-Za-z][A-Za-z0-9_.-]*$")


class TopologyError(ValueError):
    """A topology that cannot be built; .problems lists each problem as one sentence."""

    def __init__(self, source, problems):
        self.problems = list(problems)
        super().__init__("%s: %d problem(s):\n  - %s" % (source, len(self.problems), "\n  - ".join(self.problems)))


class Topology:
    """A checked topology: plain dicts as in the file, plus lookups the lab needs."""

    def __init__(self, data, path=None):
        self.path = path
        self.name = data["name"]
        self.switches = data["switches"]
        self.links = data["links"]
        self.hosts = data["hosts"]
        self._by_name = {sw["name"]: sw for sw in self.switches}

    def switch(self, name):
        """The switch called name (KeyError when there is none)."""
        return self._by_name[name]

    def fabric_ports(self, switch_name):
        """Switch-to-switch ports of a switch, in port order."""
        ports = []
        for link in self.links:
            for end in (link["a"], link["b"]):
                if end["switch"] == switch_name:
                    ports.append(end["port"])
        return sorted(ports)

    def host_ports(self, switch_name):
        """{port: host} for the hosts attached to a switch."""
        return {h["port"]: h for h in self.hosts if h["switch"] == switch_name}

    def ports(self, switch_name):
        """Every used port of a switch, in port order."""
        return sorted(self.fabric_ports(switch_name) + list(self.host_ports(switch_name)))

    def peer(self, switch_name, port):
        """The other end {"switch", "port"} of the link on (switch, port), or None for a non-link port."""
        for link in self.links:
            if link["a"] == {"switch": switch_name, "port": port}:
                return link["b"]
            if link["b"] == {"switch": switch_name, "port": port}:
                return link["a"]
        return None

    def rlb_bits(self, switch_name):
        """{port: bit}: switch-to-switch ports numbered in port order (what netcfg's rlbBits carries)."""
        return {port: bit for bit, port in enumerate(self.fabric_ports(switch_name))}


def load(path):
    """Reads and checks a topology file; raises TopologyError (also for unreadable JSON)."""
    try:
        with open(path) as f:
            data = json.load(f)
    except OSError as e:
        raise TopologyError(path, ["cannot read it: %s" % e.strerror]) from None
    except json.JSONDecodeError as e:
        raise TopologyError(path, ["not JSON: %s" % e]) from None
    return parse(data, path)


def parse(data, source="topology"):
    """Checks topology data (as loaded from JSON) and returns a Topology, or raises TopologyError."""
    problems = check(data)
    if problems:
        raise TopologyError(source, problems)
    return Topology(data, source)


def _is_int(value):
    return isinstance(value, int) and not isinstance(value, bool)


def _is_number(value):
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def check(data):
    """Every problem of a topology as a list of sentences (empty when it can be built)."""
    if not isinstance(data, dict):
        return ["the topology is not a JSON object"]
    problems = []
    for key, kind in (("name", str), ("switches", list), ("links", list), ("hosts", list)):
        if not isinstance(data.get(key), kind):
            problems.append('"%s" is missing or not a %s' % (key, "string" if kind is str else "list"))
    if problems:
        return problems
    unknown = sorted(set(data) - {"name", "switches", "links", "hosts"})
    if unknown:
        problems.append("unknown top-level keys %s" % ", ".join(unknown))
    switches = _check_switches(data["switches"], problems)
    used = {}  # (switch, port) -> what uses it, e.g. "link 2" or "host h_bj"
    _check_links(data["links"], switches, used, problems)
    _check_hosts(data["hosts"], switches, used, problems)
    for name in switches:
        ports = sorted(port for (sw, port) in used if sw == name)
        if ports != list(range(1, len(ports) + 1)):
            problems.append("switch %s: ports %s are not 1..%d (P4 ports are numbered densely from 1)"
                            % (name, ports, len(ports)))
        fabric = [port for (sw, port), what in used.items() if sw == name and what.startswith("link")]
        if len(fabric) > MAX_RLB_BITS:
            problems.append("switch %s: %d switch-to-switch ports, but Sixflow gives RLB bits to at most %d"
                            % (name, len(fabric), MAX_RLB_BITS))
    return problems


def _check_unique(items, key, what, problems, fold=lambda v: v):
    seen = {}
    for item in items:
        if key not in item:
            continue
        value = fold(item[key])
        if value in seen:
            problems.append("%s %s and %s have the same %s %s" % (what, seen[value], item.get("name"), key, item[key]))
        else:
            seen[value] = item.get("name")


SWITCH_KEYS = ("name", "p4rtDeviceId", "role", "locator", "routerMac", "latitude", "longitude", "profile",
               "aggregates", "delegations")


def _check_switches(switches, problems):
    """Checks each switch; returns {name: switch} of those with a usable name."""
    if not switches:
        problems.append("there are no switches")
    valid = {}
    for i, sw in enumerate(switches):
        if not isinstance(sw, dict):
            problems.append("switch %d is not an object" % (i + 1))
            continue
        where = "switch %s" % sw.get("name", i + 1)
        missing = [k for k in ("name", "p4rtDeviceId", "role", "locator", "routerMac", "latitude", "longitude")
                   if k not in sw]
        if missing:
            problems.append("%s: missing %s" % (where, ", ".join(missing)))
        name = sw.get("name")
        if isinstance(name, str) and _NAME.match(name):
            valid[name] = sw
        elif name is not None:
            problems.append("%s: name must be a letter then letters, digits, '_', '.' or '-'" % where)
        device_id = sw.get("p4rtDeviceId")
        if device_id is not None and not (_is_int(device_id) and 1 <= device_id <= names.MAX_DEVICE_ID):
            problems.append("%s: p4rtDeviceId %r is not a whole number from 1 to %d (it sets the gRPC port "
                            "50000+id)" % (where, device_id, names.MAX_DEVICE_ID))
        if "role" in sw and sw["role"] not in ROLES:
            problems.append("%s: role %r is not one of %s" % (where, sw["role"], ", ".join(ROLES)))
        if "locator" in sw:
            try:
                locator = ipaddress.IPv6Network(sw["locator"])
                if locator.prefixlen != 64:
                    problems.append("%s: locator %s is not a /64" % (where, locator))
            except (TypeError, ValueError) as e:
                problems.append("%s: locator %r is not an IPv6 prefix (%s)" % (where, sw["locator"], e))
        if "profile" in sw and sw["profile"] not in bmv2_profiles():
            problems.append("%s: profile %r is not one built for bmv2 (%s)" % (where, sw["profile"],
                                                                             ", ".join(bmv2_profiles())))
        _check_provider_prefixes(sw, switches, where, problems)
        unknown = sorted(set(sw) - set(SWITCH_KEYS))
        if unknown:
            problems.append("%s: unknown keys %s" % (where, ", ".join(unknown)))
        if "routerMac" in sw and not _is_unicast_mac(sw["routerMac"]):
            problems.append("%s: routerMac %r is not a lower-case unicast MAC" % (where, sw["routerMac"]))
        for key, limit in (("latitude", 90), ("longitude", 180)):
            if key in sw and not (_is_number(sw[key]) and -limit <= sw[key] <= limit):
                problems.append("%s: %s %r is not a number from -%d to %d" % (where, key, sw[key], limit, limit))
    items = [sw for sw in switches if isinstance(sw, dict)]
    _check_unique(items, "name", "switches", problems)
    _check_unique(items, "p4rtDeviceId", "switches", problems)
    _check_unique(items, "routerMac", "switches", problems, str.lower)
    _check_unique(items, "locator", "switches", problems, _network_or_text)
    return valid


def _exact_ipv6_prefix(text):
    """An IPv6 prefix as written (no bits past its length), routable: a /1 or longer, neither
    link-local nor multicast (the app's netcfg takes no other); raises ValueError."""
    network = ipaddress.IPv6Network(text)  # strict: bits past the length are refused
    if network.prefixlen == 0 or network.is_link_local or network.is_multicast:
        raise ValueError("cannot be routed (a /0, link-local or multicast)")
    return network


def _check_provider_prefixes(sw, switches, where, problems):
    """A provider switch's "aggregates" (prefixes it originates) and "delegations" (prefix ->
    the customer switch it delegates it to): docs/features/routing.md#provider-prefixes."""
    aggregates = sw.get("aggregates", [])
    if not isinstance(aggregates, list):
        problems.append("%s: aggregates must be a list of IPv6 prefixes" % where)
        aggregates = []
    for prefix in aggregates:
        try:
            _exact_ipv6_prefix(prefix)
        except (TypeError, ValueError) as e:
            problems.append("%s: aggregate %r: %s" % (where, prefix, e))
    delegations = sw.get("delegations", {})
    if not isinstance(delegations, dict):
        problems.append("%s: delegations must be an object of IPv6 prefix -> switch name" % where)
        delegations = {}
    names_known = {other.get("name") for other in switches if isinstance(other, dict)}
    for prefix, customer in delegations.items():
        try:
            _exact_ipv6_prefix(prefix)
        except (TypeError, ValueError) as e:
            problems.append("%s: delegation %r: %s" % (where, prefix, e))
        if customer not in names_known or customer == sw.get("name"):
            problems.append("%s: delegation %s is to %r, which is no other switch" % (where, prefix, customer))


def _network_or_text(value):
    try:
        return ipaddress.IPv6Network(value)
    except (TypeError, ValueError):
        return value


def _is_unicast_mac(value):
    return isinstance(value, str) and bool(_MAC.match(value)) and int(value[:2], 16) & 1 == 0


def _check_port(end, switches, where, problems):
    """Checks one link end or host attachment; returns (switch, port) when usable."""
    if not isinstance(end, dict) or "switch" not in end or "port" not in end:
        problems.append('%s: needs {"switch": NAME, "port": NUMBER}' % where)
        return None
    ok = True
    if end["switch"] not in switches:
        problems.append("%s: unknown switch %r" % (where, end["switch"]))
        ok = False
    port = end["port"]
    if not (_is_int(port) and 1 <= port <= names.MAX_PORT):
        problems.append("%s: port %r is not a whole number from 1 to %d (%d is the CPU port)"
                        % (where, port, names.MAX_PORT, names.CPU_PORT))
        ok = False
    return (end["switch"], port) if ok else None


def _check_links(links, switches, used, problems):
    for i, link in enumerate(links):
        where = "link %d" % (i + 1)
        if not isinstance(link, dict) or set(link) != {"a", "b"}:
            problems.append('%s: needs exactly "a" and "b" ends' % where)
            continue
        ends = [_check_port(link[side], switches, "%s end %s" % (where, side), problems) for side in ("a", "b")]
        if ends[0] and ends[1] and ends[0][0] == ends[1][0]:
            problems.append("%s: joins switch %s to itself" % (where, ends[0][0]))
        for end in ends:
            if end is None:
                continue
            if end in used:
                problems.append("%s: %s port %d is already used by %s" % (where, end[0], end[1], used[end]))
            else:
                used[end] = where


def _check_hosts(hosts, switches, used, problems):
    for i, host in enumerate(hosts):
        if not isinstance(host, dict):
            problems.append("host %d is not an object" % (i + 1))
            continue
        where = "host %s" % host.get("name", i + 1)
        missing = [k for k in ("name", "switch", "port", "mac", "ipv6", "gateway") if k not in host]
        if missing:
            problems.append("%s: missing %s" % (where, ", ".join(missing)))
            continue
        if not (isinstance(host["name"], str) and _NAME.match(host["name"])
                and len(names.host_netns(host["name"])) <= names.MAX_NETNS_NAME):
            problems.append("%s: name must be a letter then letters, digits, '_', '.' or '-', at most %d "
                            "characters" % (where, names.MAX_NETNS_NAME - len(names.host_netns(""))))
        end = _check_port(host, switches, where, problems)
        if end is not None:
            if end in used:
                kind = "a switch-to-switch port (%s)" if used[end].startswith("link") else "already used by %s"
                problems.append("%s: %s port %d is %s" % (where, end[0], end[1], kind % used[end]))
            else:
                used[end] = "host %s" % host["name"]
            if switches[end[0]].get("role") != "EDGE":
                problems.append("%s: attached to %s, which is not an EDGE switch" % (where, end[0]))
        if not _is_unicast_mac(host["mac"]):
            problems.append("%s: mac %r is not a lower-case unicast MAC" % (where, host["mac"]))
        _check_host_address(host, switches, where, problems)
        _check_host_ipv4(host, switches, where, problems)
        _check_host_ilnp(host, where, problems)
    items = [h for h in hosts if isinstance(h, dict)]
    _check_unique(items, "name", "hosts", problems)
    _check_unique(items, "mac", "hosts", problems, str.lower)
    _check_unique(items, "ipv6", "hosts", problems, _address_or_text)
    _check_unique(items, "ipv4", "hosts", problems, lambda v: _address_or_text(v, ipaddress.IPv4Interface))
    macs = {str(sw.get("routerMac")).lower(): name for name, sw in switches.items()}
    for host in items:
        if str(host.get("mac")).lower() in macs:
            problems.append("host %s: mac %s is switch %s's routerMac" % (host.get("name"), host["mac"],
                                                                          macs[str(host["mac"]).lower()]))


def _address_or_text(value, interface=ipaddress.IPv6Interface):
    """The address of "address/len" (so that two spellings of one address compare equal), else the text."""
    try:
        return interface(value).ip
    except (TypeError, ValueError):
        return value


def _check_host_address(host, switches, where, problems):
    try:
        address = ipaddress.IPv6Interface(host["ipv6"])
        gateway = ipaddress.IPv6Address(host["gateway"])
    except (TypeError, ValueError) as e:
        problems.append("%s: ipv6/gateway: %s" % (where, e))
        return
    if "/" not in str(host["ipv6"]):
        problems.append("%s: ipv6 %s needs its prefix length (e.g. /64)" % (where, host["ipv6"]))
    if gateway not in address.network or gateway == address.ip:
        problems.append("%s: gateway %s is not another address of %s" % (where, gateway, address.network))
    sw = switches.get(host["switch"])
    try:
        locator = ipaddress.IPv6Network(sw["locator"]) if sw else None
    except (KeyError, TypeError, ValueError):
        locator = None
    if locator is not None and address.network != locator:
        problems.append("%s: %s is not in %s's locator %s" % (where, address, host["switch"], locator))




def ilnp_address(host):
    """The address an ILNP host's endpoint uses as its locator here: its subnet's /64 with the
    node identifier (RFC 6741: locator in the upper 64 bits, NID in the lower)."""
    network = ipaddress.IPv6Interface(host["ipv6"]).network
    nid = int(ipaddress.IPv6Address(host["ilnp"]["nid"]))
    return ipaddress.IPv6Interface("%s/%d" % (ipaddress.IPv6Address(int(network.network_address) | nid),
                                              network.prefixlen))


def _check_host_ilnp(host, where, problems):
    """The optional "ilnp": {"nid": node identifier (an IPv6 address with only its lower 64 bits
    set), "peers": {nid: locator} the endpoint knows at start}. The host runs the lab's userspace
    ILNP endpoint when a study's ILNP trials ask for it (lab/ilnp/lab_endpoint.py)."""
    if "ilnp" not in host:
        return
    ilnp = host["ilnp"]
    if not isinstance(ilnp, dict) or set(ilnp) - {"nid", "peers"} or "nid" not in ilnp:
        problems.append("%s: ilnp must be {\"nid\": ..., \"peers\": {nid: locator}}" % where)
        return
    try:
        nid = ipaddress.IPv6Address(ilnp["nid"])
    except (TypeError, ValueError) as e:
        problems.append("%s: ilnp nid: %s" % (where, e))
        return
    if int(nid) >> 64 or int(nid) == 0:
        problems.append("%s: ilnp nid %s must set only the lower 64 bits, and some of them" % (where, nid))
        return
    try:
        if ipaddress.IPv6Interface(host["ipv6"]).network.prefixlen != 64:
            problems.append("%s: ilnp needs a /64 (ipv6 %s): the locator is the upper 64 bits" % (where, host["ipv6"]))
        elif ilnp_address(host).ip == ipaddress.IPv6Interface(host["ipv6"]).ip:
            problems.append("%s: ilnp nid %s gives the host's own ipv6 address; choose another" % (where, nid))
    except ValueError:
        return  # the ipv6 problem is reported already
    peers = ilnp.get("peers", {})
    if not isinstance(peers, dict):
        problems.append("%s: ilnp peers must be an object {nid: locator}" % where)
        return
    for peer, locator in peers.items():
        try:
            ipaddress.IPv6Address(peer)
            if int(ipaddress.IPv6Address(locator)) & ((1 << 64) - 1):
                raise ValueError("a locator has no bits in its lower 64")
        except (TypeError, ValueError) as e:
            problems.append("%s: ilnp peer %s=%s: %s" % (where, peer, locator, e))


def _check_host_ipv4(host, switches, where, problems):
    """The optional "ipv4" (address/len) and "gateway4": both or neither, the gateway another address of
    the subnet, neither the subnet's network or broadcast address, on a switch whose profile routes
    IPv4 (elsewhere no IPv4 route would reach the host)."""
    if "ipv4" not in host and "gateway4" not in host:
        return
    if "ipv4" not in host or "gateway4" not in host:
        given, missing = ("ipv4", "gateway4") if "ipv4" in host else ("gateway4", "ipv4")
        problems.append("%s: %s without %s (the two go together)" % (where, given, missing))
        return
    try:
        address = ipaddress.IPv4Interface(host["ipv4"])
        gateway = ipaddress.IPv4Address(host["gateway4"])
    except (TypeError, ValueError) as e:
        problems.append("%s: ipv4/gateway4: %s" % (where, e))
        return
    if "/" not in str(host["ipv4"]):
        problems.append("%s: ipv4 %s needs its prefix length (e.g. /24)" % (where, host["ipv4"]))
    elif address.network.prefixlen > 30:
        problems.append("%s: ipv4 %s leaves no room for a gateway (at most /30)" % (where, address))
    ip = address.ip
    if ip.is_multicast or ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_reserved:
        problems.append("%s: ipv4 %s is not a unicast address the switch routes" % (where, ip))
    network = address.network
    if gateway not in network or gateway == address.ip:
        problems.append("%s: gateway4 %s is not another address of %s" % (where, gateway, network))
    elif network.prefixlen <= 30:
        for what, value in (("ipv4", address.ip), ("gateway4", gateway)):
            if value in (network.network_address, network.broadcast_address):
                problems.append("%s: %s %s is %s's %s address" % (where, what, value, network,
                                                                  "network" if value == network.network_address
                                                                  else "broadcast"))
    sw = switches.get(host.get("switch"))
    if sw is not None and profile_of(sw) not in ipv4_profiles():
        problems.append("%s: ipv4 needs a switch whose profile routes IPv4 (%s); %s runs %s"
                        % (where, ", ".join(ipv4_profiles()), host["switch"], profile_of(sw)))
