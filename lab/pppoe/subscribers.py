# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""PPPoE subscribers and their server inside the PPPoE VM (vm.py): QinQ sub-interfaces, real
pppoe-server (Debian `pppoe`, kernel mode) and real pppd clients with the rp-pppoe plugin, each
in a network namespace of the VM. Everything here runs in the guest through the VM's agent."""

import ipaddress
import json
import time

from vm import VMError

SECRETS_FILES = {"pap": "/etc/ppp/pap-secrets", "chap": "/etc/ppp/chap-secrets"}
CLIENT_ONLY = "client-only"   # a secrets entry's server name that only clients ask for


class Subscriber:
    """One subscriber line: QinQ tags on the access NIC, PPP credentials, IPv6CP interface id."""

    def __init__(self, name, s_tag, c_tag, user, password, ipv6_id, lan64=None, delegated=None,
                 server_knows=True):
        for tag in (s_tag, c_tag):
            if not 1 <= tag <= 4094:
                raise ValueError("a VLAN id is 1..4094: %r" % tag)
        if not name.isalnum() or len(name) > 8:
            raise ValueError("a subscriber name is up to 8 letters or digits: %r" % name)
        self.name, self.s_tag, self.c_tag = name, s_tag, c_tag
        self.user, self.password, self.ipv6_id = user, password, ipv6_id
        # The /64 the BNG advertises on the session, and the prefix it delegates by DHCPv6.
        self.lan64 = ipaddress.IPv6Network(lan64) if lan64 else None
        self.delegated = ipaddress.IPv6Network(delegated) if delegated else None
        if self.lan64 and self.lan64.prefixlen != 64:
            raise ValueError("a subscriber's advertised prefix is a /64: %s" % lan64)
        if self.delegated and not 48 <= self.delegated.prefixlen <= 63:
            raise ValueError("a delegated prefix is /48../63 here: %s" % delegated)
        self.netns = "sub-" + name
        # False: the secret is in the file for the client only (server field "client-only", which
        # the client names with `remotename`), so the server has none and must refuse it.
        self.server_knows = server_knows
        self.pid = None

    @property
    def slaac_address(self):
        """The address SLAAC gives ppp0 in the advertised /64: the kernel takes the interface id
        of the link-local that IPv6CP negotiated (there is no MAC on a PPP link)."""
        return str(self.lan64[int(ipaddress.IPv6Address(self.ipv6_id))])

    def lan_subnet(self, sla_id=1):
        """The /64 that dhcp6c carves out of the delegated prefix for the LAN (its sla-id)."""
        return list(self.delegated.subnets(new_prefix=64))[sla_id]

    @property
    def link_local(self):
        """The IPv6 link-local address pppd derives from the negotiated interface id."""
        return str(ipaddress.IPv6Address("fe80::") + int(ipaddress.IPv6Address(self.ipv6_id)))


def qinq(vm, parent, s_tag, c_tag, netns):
    """Makes parent.S (802.1ad) and on it parent.S.C (802.1Q) in the VM, the latter inside `netns`
    (created when missing); returns the inner interface's name. The outer one is shared by every
    C-tag under the same S-tag, so it is made once."""
    outer = "%s.%d" % (parent, s_tag)
    inner = "%s.%d.%d" % (parent, s_tag, c_tag)
    if len(inner) > 15:
        raise ValueError("interface name %s is longer than 15 characters" % inner)
    vm.run("ip netns list | grep -qx '%s' || ip netns add %s" % (netns, netns))
    vm.run("ip netns exec %s ip link set lo up" % netns)
    vm.run("ip link set %s up; ip link show %s >/dev/null 2>&1 || "
           "ip link add link %s name %s type vlan proto 802.1ad id %d; ip link set %s up"
           % (parent, outer, parent, outer, s_tag, outer))
    vm.run("ip link add link %s name %s netns %s type vlan proto 802.1Q id %d"
           % (outer, inner, netns, c_tag))
    # Only PPPoE on the wire: no link-local, DAD, MLD or router solicitations of the VLAN device.
    vm.run("ip netns exec %s sh -c 'echo 1 > /proc/sys/net/ipv6/conf/%s/disable_ipv6'" % (netns, inner))
    vm.run(["ip", "-n", netns, "link", "set", inner, "up"])
    return inner


def write_secrets(vm, subscribers, auth="pap"):
    """One secrets file both sides read: pppd clients find theirs by user, the server by client."""
    if auth not in SECRETS_FILES:
        raise ValueError("auth is pap or chap, not %r" % auth)
    lines = ["# written by lab/pppoe/subscribers.py: client server secret addresses"]
    lines += ['"%s" %s "%s" *' % (s.user, "*" if s.server_knows else CLIENT_ONLY, s.password)
              for s in subscribers]
    vm.write(SECRETS_FILES[auth], "\n".join(lines) + "\n", mode=0o600)


class Server:
    """pppoe-server on one or more interfaces of namespace `netns`, kernel-mode PPPoE, an IPv4
    pool, IPv6CP with its own interface id, PAP or CHAP."""

    def __init__(self, netns="bng", local_ipv4="10.33.0.1", pool_start="10.33.0.10", pool_size=16,
                 ipv6_id="::1", auth="pap", ac_name="sixflow-bng", service="sixflow", name=None,
                 debug=True, echo_interval=10, ipparam="sixflow-bng"):
        self.netns, self.local_ipv4 = netns, local_ipv4
        self.pool_start, self.pool_size = pool_start, pool_size
        self.ipv6_id, self.auth, self.ac_name, self.service = ipv6_id, auth, ac_name, service
        # Several servers may share a namespace (one pppoe-server listens on at most 64
        # interfaces): each then has a name of its own for its files.
        self.name = name or netns
        # The generator's many sessions: no per-frame debug log, Debian's echo interval (30 s),
        # and an ipparam guest/ipv6-up.local does not serve.
        self.debug, self.echo_interval, self.ipparam = debug, echo_interval, ipparam
        self.pid = None
        self.options_file = "/etc/ppp/sixflow-%s-options" % self.name
        self.log = "/run/ppp/%s-server.log" % self.name

    def options(self):
        return "\n".join([
            # guest/ipv6-up.local serves RA and DHCPv6-PD on sessions with this ipparam.
            "ipparam " + self.ipparam,
            "require-" + self.auth,
            "+ipv6", "ipv6 %s," % self.ipv6_id,
            "mtu 1492", "mru 1492", "noccp", "nodefaultroute",
            "lcp-echo-interval %d" % self.echo_interval, "lcp-echo-failure 6"]
            + (["debug"] if self.debug else []) + ["logfile " + self.log, ""])

    def start(self, vm, interfaces, subscribers=()):
        vm.write(self.options_file, self.options())
        # The table guest/ipv6-up.local reads: user, advertised /64, delegated prefix (a server
        # given no subscribers, as the generator's are, leaves another server's table alone).
        if subscribers:
            vm.write("/etc/ppp/sixflow-bng-subscribers", "".join(
                "%s %s %s\n" % (s.user, s.lan64, s.delegated) for s in subscribers if s.lan64 and s.delegated))
        vm.run(["ip", "netns", "exec", self.netns, "sysctl", "-qw", "net.ipv6.conf.all.forwarding=1"])
        argv = ["ip", "netns", "exec", self.netns, "pppoe-server", "-F", "-k",
                "-L", self.local_ipv4, "-R", self.pool_start, "-N", str(self.pool_size),
                "-C", self.ac_name, "-S", self.service, "-O", self.options_file]
        for ifname in interfaces:
            argv += ["-I", ifname]
        self.pid = vm.spawn(argv, log="/run/ppp/%s-pppoe-server.out" % self.name)
        time.sleep(0.3)
        running, rc = vm.status(self.pid)
        if not running:
            raise VMError("pppoe-server ended at once (rc %s): %s" % (
                rc, vm.read("/run/ppp/%s-pppoe-server.out" % self.name)))

    def sessions(self, vm):
        """ppp interfaces in the server's namespace: one per session."""
        links = json.loads(vm.run(["ip", "-n", self.netns, "-j", "link"]).out)
        return sorted(l["ifname"] for l in links if l["ifname"].startswith("ppp"))

    def stop(self, vm):
        if self.pid:
            vm.signal(self.pid)
            self.pid = None


def client_argv(sub, ifname):
    """pppd with the rp-pppoe plugin on `ifname`, in the subscriber's namespace, in the foreground."""
    return ["ip", "netns", "exec", sub.netns, "pppd", "nodetach", "plugin", "rp-pppoe.so",
            "nic-" + ifname, "user", sub.user, "noauth", "noipdefault", "defaultroute",
            "+ipv6", "ipv6", "%s," % sub.ipv6_id, "ifname", "ppp0",
            # A loaded host slows the emulated VM: keep asking for LCP for up to 2 minutes.
            "lcp-max-configure", "40",
            "mtu", "1492", "mru", "1492", "noccp", "lcp-echo-interval", "10",
            "lcp-echo-failure", "6", "debug", "logfile", "/run/ppp/%s.log" % sub.name,
            "linkname", sub.name] + ([] if sub.server_knows else ["remotename", CLIENT_ONLY])


def start_client(vm, sub, ifname):
    sub.pid = vm.spawn(client_argv(sub, ifname), log="/run/ppp/%s.out" % sub.name)
    return sub.pid


def session_state(vm, sub):
    """(IPv4 address, peer, IPv6 link-local addresses) of ppp0 in the subscriber's namespace, or
    None while there is no ppp0."""
    out = vm.run(["ip", "-n", sub.netns, "-j", "addr", "show", "dev", "ppp0"], check=False).out
    if not out.strip():
        return None
    info = json.loads(out)
    if not info:
        return None
    v4 = [(a["local"], a.get("address")) for a in info[0].get("addr_info", []) if a.get("family") == "inet"]
    v6 = [a["local"] for a in info[0].get("addr_info", []) if a.get("family") == "inet6"]
    return (v4[0][0] if v4 else None, v4[0][1] if v4 else None, v6)


def wait_session(vm, sub, timeout=30, server=None):
    """Waits until ppp0 has an IPv4 address with its peer and an IPv6 link-local; returns
    session_state. pppd sets the local address and the peer's in two steps (SIOCSIFADDR, then
    SIOCSIFDSTADDR): a poll between them saw the address without its peer (a make test run of
    2026-12-07)."""
    deadline = time.monotonic() + timeout
    state = None
    while time.monotonic() < deadline:
        state = session_state(vm, sub)
        if state and state[0] and state[1] and state[2]:
            return state
        running, rc = vm.status(sub.pid)
        if not running:
            break
        time.sleep(0.2)
    logs = "/run/ppp/%s.log /run/ppp/%s.out" % (sub.name, sub.name)
    if server:
        logs += " " + server.log
    raise VMError("%s's session did not come up (state %r): %s" % (
        sub.name, state, vm.run("tail -n 30 " + logs, check=False).out))


def session_id(vm, sub):
    """The PPPoE session id of the subscriber's running pppd (it logs "PPP session is N")."""
    out = vm.run("grep -ho 'PPP session is [0-9]*' /run/ppp/%s.log | tail -n 1" % sub.name).out
    if not out.strip():
        raise VMError("%s's pppd logged no session id" % sub.name)
    return int(out.split()[-1])


def stop_client(vm, sub, timeout=10):
    """SIGTERM to pppd (it ends LCP with a Terminate-Request); waits for it to exit. A pppd that
    has ended already (its session closed by the server) is fine."""
    vm.signal(sub.pid)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        running, rc = vm.status(sub.pid)
        if not running:
            return rc
        time.sleep(0.2)
    raise VMError("pppd of %s did not end within %d s" % (sub.name, timeout))


def start_dhcpv6(vm, sub, sla_id=1):
    """wide-dhcpv6's dhcp6c on ppp0, asking for a delegated prefix and numbering the subscriber's
    LAN (a dummy interface, lan0) from it."""
    vm.run(["ip", "-n", sub.netns, "link", "add", "lan0", "type", "dummy"])
    vm.run(["ip", "-n", sub.netns, "link", "set", "lan0", "up"])
    conf = "/run/ppp/%s-dhcp6c.conf" % sub.name
    sla_len = 64 - sub.delegated.prefixlen
    vm.write(conf, "interface ppp0 { send ia-pd 1; };\n"
                   "id-assoc pd 1 { prefix-interface lan0 { sla-id %d; sla-len %d; }; };\n"
             % (sla_id, sla_len))
    return vm.spawn(["ip", "netns", "exec", sub.netns, "dhcp6c", "-f", "-D", "-c", conf,
                     "-p", "/run/ppp/%s-dhcp6c.pid" % sub.name, "ppp0"],
                    log="/run/ppp/%s-dhcp6c.log" % sub.name)


def global_addresses(vm, sub, ifname):
    out = vm.run(["ip", "-n", sub.netns, "-j", "-6", "addr", "show", "dev", ifname, "scope", "global"],
                 check=False).out
    if not out.strip():
        return []
    return [a["local"] for info in json.loads(out) for a in info.get("addr_info", []) if "local" in a]


def wait_address(vm, sub, ifname, network, timeout=40):
    """Waits for a global address inside `network` on the subscriber's `ifname`; returns it."""
    deadline = time.monotonic() + timeout
    found = []
    while time.monotonic() < deadline:
        found = global_addresses(vm, sub, ifname)
        inside = [a for a in found if ipaddress.IPv6Address(a) in network]
        if inside:
            return inside[0]
        time.sleep(0.5)
    raise VMError("no address in %s on %s of %s within %d s (has %s)" % (
        network, ifname, sub.name, timeout, found))


def stop_clients(vm, subs, timeout=20):
    """stop_client for many at once: every pppd gets its SIGTERM first, then all are awaited."""
    for sub in subs:
        vm.signal(sub.pid)
    deadline = time.monotonic() + timeout
    left = list(subs)
    while left and time.monotonic() < deadline:
        left = [s for s in left if vm.status(s.pid)[0]]
        if left:
            time.sleep(0.3)
    if left:
        raise VMError("pppd of %s did not end within %d s" % (", ".join(s.name for s in left), timeout))
