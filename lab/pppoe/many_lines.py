# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The server side of the generator's many subscribers (generator.py) in the PPPoE VM: a QinQ
interface per line on the trunk NIC (made with one `ip -batch`), real pppoe-servers listening on
them (one pppoe-server takes at most 64 interfaces: one server per 64 lines, each with its own
IPv4 pool), their PAP secrets beside the real subscribers', and what the guest's memory holds."""

import ipaddress

import subscribers
from subscribers import Server

LINES_PER_SERVER = 64   # rp-pppoe's pppoe-server: at most 64 -I interfaces


def make_lines(vm, parent, lines, netns):
    """parent.S (802.1ad) once per S-tag and parent.S.C (802.1Q) in `netns` for each (S, C) of
    `lines`, up, without IPv6 (only PPPoE on the wire); returns the inner interfaces' names."""
    vm.run("ip netns list | grep -qx '%s' || ip netns add %s" % (netns, netns))
    commands, names = ["link set %s up" % parent], []
    for s_tag in sorted({s for s, _ in lines}):
        outer = "%s.%d" % (parent, s_tag)
        commands.append("link add link %s name %s type vlan proto 802.1ad id %d" % (parent, outer, s_tag))
        commands.append("link set %s up" % outer)
    for s_tag, c_tag in lines:
        inner = "%s.%d.%d" % (parent, s_tag, c_tag)
        if len(inner) > 15:
            raise ValueError("interface name %s is longer than 15 characters" % inner)
        commands.append("link add link %s.%d name %s netns %s type vlan proto 802.1Q id %d"
                        % (parent, s_tag, inner, netns, c_tag))
        names.append(inner)
    # New interfaces start without IPv6 in the namespace; pppd's own ppp interfaces need it
    # again, so the default goes back once the lines are made.
    vm.run(["ip", "netns", "exec", netns, "sysctl", "-qw", "net.ipv6.conf.default.disable_ipv6=1"])
    vm.run(["sysctl", "-qw", "net.ipv6.conf.default.disable_ipv6=1"])
    vm.write("/run/sixflow-lines.batch", "\n".join(commands) + "\n")
    vm.run(["ip", "-batch", "/run/sixflow-lines.batch"], timeout=300)
    vm.write("/run/sixflow-lines-up.batch", "".join("link set %s up\n" % n for n in names))
    vm.run(["ip", "-n", netns, "-batch", "/run/sixflow-lines-up.batch"], timeout=300)
    vm.run(["sysctl", "-qw", "net.ipv6.conf.default.disable_ipv6=0"])
    vm.run(["ip", "netns", "exec", netns, "sysctl", "-qw", "net.ipv6.conf.default.disable_ipv6=0"])
    return names


def servers_for(interfaces, netns="bng", first_pool="10.40.0.0", auth="pap"):
    """One Server per 64 interfaces: server k answers as 10.40.k.1 and gives 10.40.k.10.. (two
    slots per line: a PADR sent again while the first one's pppd starts takes a slot of its own
    until that pppd gives up), Debian's echo interval, no debug log."""
    base = ipaddress.IPv4Address(first_pool)
    servers = []
    for k in range(0, len(interfaces), LINES_PER_SERVER):
        chunk = interfaces[k:k + LINES_PER_SERVER]
        net = base + (k // LINES_PER_SERVER) * 256
        servers.append((Server(netns=netns, name="gen%d" % (k // LINES_PER_SERVER), local_ipv4=str(net + 1),
                               pool_start=str(net + 10), pool_size=2 * len(chunk), auth=auth, debug=False,
                               echo_interval=30, ipparam="sixflow-generated"), chunk))
    return servers


def write_secrets(vm, real, generated, auth="pap"):
    """The real subscribers' secrets (subscribers.write_secrets) and the generated ones', one file."""
    lines = ["# written by lab/pppoe/many_lines.py: client server secret addresses"]
    lines += ['"%s" %s "%s" *' % (s.user, "*" if s.server_knows else subscribers.CLIENT_ONLY, s.password)
              for s in real]
    lines += ['"%s" * "%s" *' % (user, password) for user, password in generated]
    vm.write(subscribers.SECRETS_FILES[auth], "\n".join(lines) + "\n", mode=0o600)


def ppp_interfaces(vm, netns):
    """How many ppp interfaces (one per server session) the namespace has."""
    return int(vm.run("ip -n %s -o link show type ppp | wc -l" % netns, timeout=120).out.strip())


def guest_memory(vm):
    """The guest's memory in kB: total, in use (total less available), and the pppd processes'
    count, resident and proportional sizes (PSS shares their common pages fairly)."""
    info = dict((k, int(v.split()[0])) for k, v in (line.split(":", 1) for line in vm.read("/proc/meminfo").splitlines()))
    # One awk over every process's smaps_rollup: a command per process took minutes with a
    # thousand pppd on the guest's one emulated CPU.
    script = ("for name in pppd pppoe-server; do pids=$(pidof $name); [ -n \"$pids\" ] || continue; "
              "cd /proc; echo $name $(echo $pids | wc -w) $(awk '/^Rss:/{r+=$2} /^Pss:/{s+=$2} END{print r, s}' "
              "$(for p in $pids; do echo $p/smaps_rollup; done) 2>/dev/null); done")
    out = vm.run(script, timeout=600, check=False).out
    procs = {}
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 4:
            procs[parts[0]] = {"count": int(parts[1]), "rssKb": int(parts[2]), "pssKb": int(parts[3])}
    return {"totalKb": info["MemTotal"], "usedKb": info["MemTotal"] - info["MemAvailable"],
            "slabKb": info.get("Slab"), "processes": procs}
