# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Namespaces, veth pairs and their settings, through iproute2 (and sysctl, ethtool when present).

Everything here acts on names the caller passes; lab/net/names.py decides which names are the lab's.
"""

import json
import os
import shutil
import subprocess

import offloads


class CommandError(RuntimeError):
    """A system command failed; the message holds the command and what it printed."""


def run(args, check=True):
    """Runs a command, returning its standard output; raises CommandError naming it on failure."""
    result = subprocess.run(args, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    if check and result.returncode != 0:
        raise CommandError("%s failed (%d): %s" % (" ".join(args), result.returncode,
                                                  (result.stderr or result.stdout).strip()))
    return result.stdout


def ip(*args, netns=None, check=True):
    return run(["ip"] + (["-n", netns] if netns else []) + list(args), check=check)


def namespaces():
    """Names of the network namespaces `ip netns` knows."""
    try:
        return sorted(os.listdir("/run/netns"))
    except FileNotFoundError:
        return []


def root_links():
    """Names of the interfaces in this (the root) namespace."""
    return sorted(os.listdir("/sys/class/net"))


def link_state(ifname, netns=None):
    """(admin up?, operational state) of an interface, or None when it does not exist."""
    out = ip("-j", "link", "show", "dev", ifname, netns=netns, check=False)
    if not out.strip():
        return None
    info = json.loads(out)[0]
    return "UP" in info.get("flags", []), info.get("operstate", "UNKNOWN")


def addresses(ifname, netns=None):
    """Global IPv6 addresses of an interface as "addr/len" strings."""
    out = ip("-j", "-6", "addr", "show", "dev", ifname, "scope", "global", netns=netns, check=False)
    if not out.strip():
        return []
    # iproute2 may add an empty object to addr_info
    return ["%s/%d" % (a["local"], a["prefixlen"])
            for entry in json.loads(out) for a in entry.get("addr_info", []) if "local" in a]


def add_netns(name):
    ip("netns", "add", name)


def delete_netns(name):
    ip("netns", "delete", name, check=False)


def netns_pids(name):
    out = ip("netns", "pids", name, check=False)
    return [int(p) for p in out.split() if p.isdigit()]


# The MTU of every lab link; the controller is told it too (netcfg "mtu"), so a router that grows a
# packet past it drops it and its source gets an ICMPv6 Packet Too Big, rather than the veth
# dropping the frame unseen. LAB_LINK_MTU raises it, as a transport network carrying tunnels does
# (a 1492-byte frame in GTP-U over IPv6 needs 1534).
DEFAULT_LINK_MTU = 1500


def link_mtu(environ=os.environ):
    """The lab's link MTU: LAB_LINK_MTU if set (1280, IPv6's minimum, to 9000), else 1500."""
    text = environ.get("LAB_LINK_MTU", "").strip()
    if not text:
        return DEFAULT_LINK_MTU
    if not text.isdigit() or not 1280 <= int(text) <= 9000:
        raise ValueError("LAB_LINK_MTU must be a whole number of octets from 1280 to 9000, got %r" % text)
    return int(text)


LINK_MTU = link_mtu()


def add_veth(name, peer, mtu=LINK_MTU):
    ip("link", "add", name, "mtu", str(mtu), "type", "veth", "peer", "name", peer, "mtu", str(mtu))


def delete_link(name):
    """Deletes an interface (a veth's peer goes with it); False when it was already gone."""
    result = subprocess.run(["ip", "link", "delete", name], stdin=subprocess.DEVNULL, capture_output=True)
    return result.returncode == 0


def set_link(name, up, netns=None):
    ip("link", "set", "dev", name, "up" if up else "down", netns=netns)


def set_cut(name, cut):
    """Cuts an interface or mends it: cut, its egress queue is a FIFO of length 0, so the kernel
    drops every frame sent on it (the interface stays up: a reader such as bmv2's libpcap capture
    goes on, where an administratively down interface blocks it); mended, the interface's own
    queueing is back. Cutting both ends of a veth pair fails the link both ways."""
    if cut:
        run(["tc", "qdisc", "replace", "dev", name, "root", "pfifo", "limit", "0"])
    elif is_cut(name):
        run(["tc", "qdisc", "del", "dev", name, "root"])


def is_cut(name):
    """True when set_cut cut the interface."""
    out = run(["tc", "-j", "qdisc", "show", "dev", name, "root"], check=False)
    try:
        qdiscs = json.loads(out) if out.strip() else []
    except ValueError:
        return False
    return any(q.get("kind") == "pfifo" and q.get("root") and q.get("options", {}).get("limit") == 0
               for q in qdiscs)


def disable_ipv6(ifname):
    """No kernel IPv6 on a root-namespace interface (no link-local address, MLD or router solicitations)."""
    with open("/proc/sys/net/ipv6/conf/%s/disable_ipv6" % ifname, "w") as f:
        f.write("1")


def sysctl(netns, settings):
    """Sets sysctls {key: value} inside a namespace with one command."""
    run(["ip", "netns", "exec", netns, "sysctl", "-q", "-w"] + ["%s=%s" % kv for kv in settings.items()])


def offloads_off(ifname):
    """Turns checksum, segmentation and receive offloads off so captures see the bytes on the wire.

    Uses ethtool when installed, otherwise the same kernel call (SIOCETHTOOL) from Python. Returns
    a note when something could not be turned off, else None.
    """
    if shutil.which("ethtool"):
        features = ["rx", "tx", "sg", "tso", "gso", "gro"]
        result = subprocess.run(["ethtool", "-K", ifname] + [x for f in features for x in (f, "off")],
                                stdin=subprocess.DEVNULL, capture_output=True, text=True)
        return None if result.returncode == 0 else "ethtool -K %s: %s" % (ifname, result.stderr.strip())
    failed = offloads.disable(ifname)
    return "%s: could not turn off %s" % (ifname, ", ".join(failed)) if failed else None


def move_to_netns(ifname, netns, new_name, mac):
    ip("link", "set", "dev", ifname, "netns", netns)
    ip("link", "set", "dev", ifname, "name", new_name, "address", mac, netns=netns)
