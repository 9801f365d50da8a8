# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Builds a topology's data plane and removes it again.

up(): one veth pair per link (both ends in the root namespace, where the switches run), one per
host (the host's end moved into namespace sfh-<host> as eth0), one simple_switch_grpc per switch;
waits until every switch's gRPC port accepts connections; writes the state file. If anything fails
or the command is interrupted, what it made is removed before the error is reported.
down(): stops the switches and removes the lab's namespaces and links, by the state file and by
name pattern (lab/net/names.py), so it also cleans up after a crash.
"""

import os
import signal
import time

import names
import netdev
import state as statefile
import switches

# Inside host namespaces: addresses usable at once (no duplicate address detection), no router
# solicitations or autoconfiguration, so the switches see only what a test sends.
HOST_SYSCTLS = {
    "net.ipv6.conf.all.accept_dad": 0, "net.ipv6.conf.default.accept_dad": 0,
    "net.ipv6.conf.all.dad_transmits": 0, "net.ipv6.conf.default.dad_transmits": 0,
    "net.ipv6.conf.all.router_solicitations": 0, "net.ipv6.conf.default.router_solicitations": 0,
    "net.ipv6.conf.all.accept_ra": 0, "net.ipv6.conf.default.accept_ra": 0,
    # A host reports its multicast groups (MLD) when its link comes up and repeats the report at a
    # random time within this interval (ms); at 10 ms both are over before any switch listens.
    "net.ipv6.conf.all.mldv1_unsolicited_report_interval": 10,
    "net.ipv6.conf.default.mldv1_unsolicited_report_interval": 10,
    "net.ipv6.conf.all.mldv2_unsolicited_report_interval": 10,
    "net.ipv6.conf.default.mldv2_unsolicited_report_interval": 10,
}
# How long the hosts' link-up chatter (MLD reports) is given to pass before the switches start.
SETTLE_SECONDS = 0.2


class LabError(RuntimeError):
    """`up` cannot proceed; exit_code 2 means nothing was attempted (refusal), 1 a failure."""

    def __init__(self, message, exit_code=1):
        super().__init__(message)
        self.exit_code = exit_code


class _Interrupted(BaseException):
    pass


def leftovers():
    """What of the lab exists now: (namespaces, root links, switch pids)."""
    return ([n for n in netdev.namespaces() if names.is_lab_netns(n)],
            [link for link in netdev.root_links() if names.is_lab_link(link)],
            switches.lab_switch_pids())


def preflight(topo, binary):
    """Refuses (LabError, exit 2) when the lab exists already or a port it needs is taken."""
    spaces, links, pids = leftovers()
    if spaces or links or pids:
        found = spaces[:3] + links[:3] + ["pid %d" % p for p in pids[:3]]
        raise LabError("a lab is already up (%s): run `labnet.py down` first" % ", ".join(found), 2)
    busy = []
    options = switches.supported_options(binary)
    for sw in topo.switches:
        if not switches.port_free(names.grpc_port(sw["p4rtDeviceId"]), "127.0.0.1"):
            busy.append("gRPC %d (%s)" % (names.grpc_port(sw["p4rtDeviceId"]), sw["name"]))
        if "thrift-port" in options and not switches.port_free(names.thrift_port(sw["p4rtDeviceId"]), ""):
            busy.append("thrift %d (%s)" % (names.thrift_port(sw["p4rtDeviceId"]), sw["name"]))
    if busy:
        raise LabError("TCP ports in use: %s" % ", ".join(busy), 2)
    return options


class _Made:
    """What this `up` created, so that a failure removes exactly that."""

    def __init__(self):
        self.namespaces = []
        self.links = []
        self.procs = {}


def up(topo, binary, state_path, log_dir, log_level="warn", timeout=60.0, say=print, realtime=0, nice=0):
    """Builds the lab and writes the state file; returns the state. Raises LabError.

    realtime: the switches' SCHED_RR priority (switches.start), 0 for the normal scheduler;
    nice: their nice value."""
    options = preflight(topo, binary)
    os.makedirs(log_dir, exist_ok=True)
    made = _Made()
    previous = {sig: signal.signal(sig, _raise_interrupted) for sig in (signal.SIGTERM, signal.SIGHUP)}
    notes = set()
    try:
        for link in topo.links:
            _add_link(topo, link, made, notes)
        for host in topo.hosts:
            _add_host(topo, host, made, notes)
        say("links: %d switch-to-switch, %d host" % (len(topo.links), len(topo.hosts)))
        time.sleep(SETTLE_SECONDS)
        logs = {}
        started = time.time()
        for sw in topo.switches:
            ports = statefile.switch_ports(topo, sw)
            base = os.path.join(log_dir, sw["name"])
            cmd = switches.command(binary, sw, ports, base, log_level, options)
            made.procs[sw["name"]] = (switches.start(cmd, base + ".out", realtime, nice), names.grpc_port(sw["p4rtDeviceId"]),
                                      base + ".out")
            logs[sw["name"]] = base
        switches.wait_ready(made.procs, timeout)
        if realtime:
            for proc, _, _ in made.procs.values():
                switches.keep_realtime_for_data_path(proc.pid, binary, realtime)
        logs = {name: _log_file(base, started) for name, base in logs.items()}
        pids = {name: proc.pid for name, (proc, _, _) in made.procs.items()}
        lab = statefile.build(topo, pids, logs)
        statefile.write(state_path, lab)
    except (Exception, KeyboardInterrupt, _Interrupted) as e:
        reason = "interrupted" if isinstance(e, (KeyboardInterrupt, _Interrupted)) else str(e)
        say("labnet: up failed, removing what it made")
        _undo(made)
        raise LabError(reason) from None
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
    for note in sorted(notes):
        say("note: " + note)
    return lab


def _raise_interrupted(signum, frame):
    raise _Interrupted()


def _log_file(base, started):
    """bmv2's log file: 1.15 adds ".txt" to --log-file's argument (spdlog's rotating file), others
    ".log" or nothing. The one this run wrote, not one an earlier run left in the same directory."""
    candidates = [base + suffix for suffix in (".txt", ".log", "")]
    for path in candidates:
        if os.path.exists(path) and os.path.getmtime(path) >= started - 1:
            return os.path.abspath(path)
    return os.path.abspath(candidates[0])


def _prepare_switch_side(ifname, notes):
    netdev.disable_ipv6(ifname)
    note = netdev.offloads_off(ifname)
    if note:
        notes.add(note)


def _add_link(topo, link, made, notes):
    a, b = link["a"], link["b"]
    name_a = names.switch_ifname(topo.switch(a["switch"])["p4rtDeviceId"], a["port"])
    name_b = names.switch_ifname(topo.switch(b["switch"])["p4rtDeviceId"], b["port"])
    netdev.add_veth(name_a, name_b)
    made.links += [name_a, name_b]
    for ifname in (name_a, name_b):
        _prepare_switch_side(ifname, notes)
        netdev.set_link(ifname, True)


def _add_host(topo, host, made, notes):
    sw = topo.switch(host["switch"])
    netns = names.host_netns(host["name"])
    switch_side = names.switch_ifname(sw["p4rtDeviceId"], host["port"])
    host_side = names.host_tmp_ifname(sw["p4rtDeviceId"], host["port"])
    netdev.add_netns(netns)
    made.namespaces.append(netns)
    netdev.sysctl(netns, HOST_SYSCTLS)
    netdev.set_link("lo", True, netns=netns)
    netdev.add_veth(host_side, switch_side)
    made.links += [host_side, switch_side]
    _prepare_switch_side(switch_side, notes)
    note = netdev.offloads_off(host_side)  # kept when the interface changes namespace
    if note:
        notes.add(note)
    eth = names.HOST_IFNAME
    netdev.move_to_netns(host_side, netns, eth, host["mac"])
    netdev.sysctl(netns, {key.replace(".default.", ".%s." % eth): value for key, value in HOST_SYSCTLS.items()
                          if ".default." in key})
    netdev.ip("-6", "addr", "add", host["ipv6"], "dev", eth, "nodad", netns=netns)
    if "ipv4" in host:
        netdev.ip("-4", "addr", "add", host["ipv4"], "dev", eth, netns=netns)
    netdev.set_link(eth, True, netns=netns)
    netdev.set_link(switch_side, True)
    netdev.ip("-6", "route", "replace", "default", "via", host["gateway"], "dev", eth, netns=netns)
    # The gateway answers at the switch's router MAC; a permanent entry means no neighbour
    # discovery is needed before the first packet (as in the compose lab's hosts). Marked a
    # router, as the Router flag of the gateway's own Neighbor Advertisements would mark it: Linux's
    # route garbage collection removes a learnt path MTU whose gateway's entry is not a router's.
    netdev.ip("-6", "neigh", "replace", host["gateway"], "lladdr", sw["routerMac"], "dev", eth,
              "nud", "permanent", "router", netns=netns)
    if "ipv4" in host:
        # The same for IPv4: the P4 BNG answers no ARP, so the gateway's entry is permanent.
        netdev.ip("-4", "route", "replace", "default", "via", host["gateway4"], "dev", eth, netns=netns)
        netdev.ip("-4", "neigh", "replace", host["gateway4"], "lladdr", sw["routerMac"], "dev", eth,
                  "nud", "permanent", netns=netns)


def _undo(made):
    pids = []
    for proc, _, _ in made.procs.values():
        if proc.poll() is None:
            pids.append(proc.pid)
    switches.stop(pids)
    for proc, _, _ in made.procs.values():
        if proc.poll() is None:  # not a lab switch by its command line (cannot happen) or unkillable
            proc.kill()
        proc.wait()
    for netns in made.namespaces:
        _stop_namespace_processes(netns)
        netdev.delete_netns(netns)
    for link in made.links:
        netdev.delete_link(link)  # the second end of a pair is gone with the first
    try:
        _wait_until_gone()
    except LabError as e:  # the original failure matters more; say this one too
        print("labnet: %s" % e)


def _stop_namespace_processes(netns):
    """Ends what runs inside a lab host (a test's sniffer, say); a namespace in use outlives its name."""
    pids = netdev.netns_pids(netns)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        for pid in pids:
            try:
                os.kill(pid, sig)
            except ProcessLookupError:
                pass
        pids = [p for p in netdev.netns_pids(netns) if switches.alive(p)]
        if not pids:
            return


def down(state_path=None, say=print):
    """Stops and removes the lab: the state file's switches, then anything matching the lab's names.

    Returns a summary dict of what it removed.
    """
    pids = []
    if state_path and os.path.exists(state_path):
        try:
            pids = [sw["pid"] for sw in statefile.read(state_path)["switches"] if isinstance(sw.get("pid"), int)]
        except ValueError as e:
            say("note: %s; removing the lab by its names" % e)
    stopped = switches.stop(sorted(set(pids) | set(switches.lab_switch_pids())))
    spaces = [n for n in netdev.namespaces() if names.is_lab_netns(n)]
    links = [link for link in netdev.root_links() if names.is_lab_link(link)]
    for netns in spaces:
        _stop_namespace_processes(netns)
        netdev.delete_netns(netns)
    for link in links:
        netdev.delete_link(link)  # fails harmlessly for a peer already gone with its other end
    _wait_until_gone()
    if state_path and os.path.exists(state_path):
        os.remove(state_path)
    return {"switches": len(stopped), "namespaces": len(spaces), "interfaces": len(links)}


def _wait_until_gone(timeout=10.0):
    """The kernel dismantles a deleted namespace, and the veths in it, in the background: wait for
    it, so that `up` right after `down` finds nothing in its way."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        left = [link for link in netdev.root_links() if names.is_lab_link(link)]
        if not left:
            return
        time.sleep(0.05)
    raise LabError("interfaces %s are still there %d s after down" % (", ".join(left), timeout))


def set_fabric_link(topo, switch_name, port, up_):
    """Fails or repairs the switch-to-switch link on (switch, port); returns the two ends' names.

    Down cuts both ends (netdev.set_cut): every frame either way is dropped, as on a cut fibre,
    and both switches go on reading all their ports. (Setting an end administratively down, as
    the lab once did, blocks bmv2's libpcap capture on it: the switch owning that end stopped
    receiving on every port, a failed switch rather than a failed link.) The ports keep their
    carrier: ONOS notices the failure by its LLDP probes' silence, as it does with bmv2, which
    reports no port status. Up mends both ends and sets them up."""
    peer = topo.peer(switch_name, port)
    if peer is None:
        raise LabError("%s port %d is not a switch-to-switch port" % (switch_name, port), 2)
    ends = [names.switch_ifname(topo.switch(switch_name)["p4rtDeviceId"], port),
            names.switch_ifname(topo.switch(peer["switch"])["p4rtDeviceId"], peer["port"])]
    for ifname in ends:
        if ifname not in netdev.root_links():
            raise LabError("%s does not exist: is the lab up?" % ifname, 2)
    for ifname in ends:
        netdev.set_cut(ifname, not up_)
        if up_:
            netdev.set_link(ifname, True)
    return ends
