#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""A userspace ILNPv6 endpoint on a TUN device (README.md says what it does and does not do).

Applications use identity addresses <identity /64>:<NID> on the TUN device. Packets the kernel
routes into the TUN leave on the real interface as ILNPv6: upper 64 bits of each address replaced
by a Locator (ours: a global address on the interface whose IID is our NID; the peer's: from the
I-LCC), a Nonce Destination Option added, the transport checksum moved from the identity pseudo-
header to the ILNP one (zero L64s). Arriving ILNPv6 packets (a packet socket sees them; an nftables
rule keeps the kernel from answering them with Parameter Problem) go the other way after their
nonce is checked. Changes of our locator set are announced by ICMPv6 Locator Updates. A router's
ICMPv6 error about one of our packets (its quote ours, with our nonce) goes to the TUN as an error
about the packet the application sent.

Run (root, in the host's namespace):
  endpoint.py --iface eth0 --nid 0:0:0:aa --peer 0:0:0:bb=fd00:b1:: --status /tmp/a.json
"""

import argparse
import ctypes
import fcntl
import ipaddress
import json
import os
import selectors
import signal
import socket
import struct
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import wire                      # noqa: E402
from ilcc import Ilcc            # noqa: E402
from wire import LocatorEntry    # noqa: E402

TUNSETIFF = 0x400454CA
IFF_TUN = 0x0001
IFF_NO_PI = 0x1000
# The TUN's transmit queue, in packets: what the host sends while this process is not reading.
TUN_QUEUE = 5000
ETH_P_IPV6 = 0x86DD
PACKET_OUTGOING = 4
SO_ATTACH_FILTER = 26
RTMGRP_IPV6_IFADDR = 0x100
IFA_F_DADFAILED = 0x08
IFA_F_TENTATIVE = 0x40
DEFAULT_IDENTITY_PREFIX = "fd49:4c4e::/64"   # "ILN" in ASCII after fd: a ULA-form identity /64
NFT_TABLE = "sfilnp_endpoint"


def nid_bytes(text):
    """A Node Identifier written as four hex groups ("0:0:0:aa") or as an IPv6 IID ("::aa")."""
    t = text.strip()
    try:
        value = ipaddress.IPv6Address(t if "::" in t else "::" + t)
    except ValueError:
        raise ValueError("not a Node Identifier (four hex groups like 0:0:0:aa): %r" % text)
    if int(value) >> 64:
        raise ValueError("a Node Identifier has 64 bits: %r" % text)
    return value.packed[8:]


def locator_bytes(text):
    """A Locator written as its /64 prefix ("fd00:b1::" or "fd00:b1::/64")."""
    t = text.strip().split("/")[0]
    try:
        value = ipaddress.IPv6Address(t)
    except ValueError:
        raise ValueError("not a Locator (an IPv6 /64 prefix like fd00:b1::): %r" % text)
    if int(value) & ((1 << 64) - 1):
        raise ValueError("a Locator has only its upper 64 bits set: %r" % text)
    return value.packed[:8]


def parse_peer(text, preference, lifetime):
    """NID=LOC[@PREF][,LOC[@PREF]...] as given to --peer."""
    if "=" not in text:
        raise ValueError("--peer takes NID=LOCATOR[@PREF][,LOCATOR...], not %r" % text)
    nid, locs = text.split("=", 1)
    entries = []
    for item in locs.split(","):
        loc, _, pref = item.partition("@")
        try:
            pref = int(pref) if pref else preference
        except ValueError:
            raise ValueError("a locator preference is a number: %r" % item)
        entries.append(LocatorEntry(locator_bytes(loc), pref, lifetime))
    return nid_bytes(nid), entries


def lu_wait(interval, tries, cap):
    """Seconds from a Locator Update's send number `tries` (0 = the first) to the next: doubling
    from `interval`, at most `cap`. A new locator often comes with a network still converging
    (a link just back, routes being written): sends 0.25 s apart all fell in one such second
    (lab, 2026-12-04), where backing off spans several."""
    return min(cap, interval * (2 ** tries))


def fmt_addr(addr16):
    return str(ipaddress.IPv6Address(bytes(addr16)))


def own_locators(iface, nid):
    """The locators of this node: upper halves of usable global addresses on iface whose IID is nid."""
    out = []
    with open("/proc/net/if_inet6") as f:
        for line in f:
            cols = line.split()
            if len(cols) < 6 or cols[5] != iface:
                continue
            addr = bytes.fromhex(cols[0])
            scope, flags = int(cols[3], 16), int(cols[4], 16)
            if scope != 0 or flags & (IFA_F_TENTATIVE | IFA_F_DADFAILED) or addr[8:] != nid:
                continue
            out.append(addr[:8])
    return out


def sh(*argv):
    subprocess.run(argv, check=True, capture_output=True, text=True)


class Endpoint:

    def __init__(self, args):
        self.args = args
        self.iface = args.iface
        self.nid = nid_bytes(args.nid)
        net = ipaddress.IPv6Network(args.identity_prefix)
        if net.prefixlen != 64:
            raise ValueError("the identity prefix is a /64, not /%d" % net.prefixlen)
        self.identity = net.network_address.packed[:8]
        self.nonce_bytes = {32: 4, 96: 12}[args.nonce_bits]
        self.ilcc = Ilcc(self.nonce_bytes)
        for text in args.peer:
            nid, entries = parse_peer(text, args.preference, args.lifetime)
            self.ilcc.configure(nid, entries)
        self.locators = []          # ours, oldest first; the newest is the source we use
        self.counters = dict.fromkeys((
            "tunIn", "wireOut", "wireIn", "tunOut", "ignoredFromTun", "noPeer", "noLocalLocator",
            "noPeerLocator", "unsupported", "malformed", "notIlnp", "notForUs", "nonceMismatch",
            "luSent", "luRetransmitted", "luAckReceived", "luReceived", "luAckSent", "luRejected",
            "locatorChanges", "errorsIn", "errorsToTun", "errorsRejected"), 0)
        self.events = []            # the last few notable events, for the status file
        self.status_dirty = True
        self.next_status = 0.0
        self.running = True
        self.dst_text = {}          # 16-byte address -> text for sendto, formatted once
        # The checksum change between the identity and the ILNP pseudo-header is the same for every
        # packet (both addresses lose or gain the identity /64): computed once, as RFC 1624 terms.
        self.to_ilnp = wire.checksum_delta(self.identity * 2, bytes(16))
        self.to_identity = wire.checksum_delta(bytes(16), self.identity * 2)

    # ---- set-up ----------------------------------------------------------------------------

    def open(self):
        mtu = int(open("/sys/class/net/%s/mtu" % self.iface).read())
        self.tun = os.open("/dev/net/tun", os.O_RDWR | os.O_NONBLOCK)
        ifr = struct.pack("16sH", self.args.tun.encode(), IFF_TUN | IFF_NO_PI)
        fcntl.ioctl(self.tun, TUNSETIFF, ifr)
        # The kernel's own IPv6 on the TUN: no link-local address (so no RS, MLD or DAD into it),
        # room for the Destination Options header we add: 8 bytes with a 32-bit nonce, 16 with a
        # 96-bit one (so a 1500-byte link carries 1514-byte frames of ILNPv6, as plain IPv6 does).
        sh("ip", "link", "set", "dev", self.args.tun, "addrgenmode", "none")
        sh("ip", "link", "set", "dev", self.args.tun, "mtu", str(mtu - 4 - self.nonce_bytes), "up")
        # What the host sends waits in the TUN's queue until this process reads it: 500 packets
        # (the default) is half a second of a 10 Mbit/s flow, and a busy host deschedules us for
        # longer (the queue dropped 63-261 datagrams of an iperf3 run on the lab's two cores).
        sh("ip", "link", "set", "dev", self.args.tun, "txqueuelen", str(TUN_QUEUE))
        ident = wire.join_address(self.identity, self.nid)
        sh("ip", "-6", "addr", "add", "%s/64" % fmt_addr(ident), "dev", self.args.tun, "nodad")
        # ILNPv6 packets to us carry a Destination Options header; the kernel does not know the
        # Nonce option (action bits 10) and would drop them with a Parameter Problem, so they are
        # dropped before its IPv6 input and read from the packet socket instead.
        rules = ("table ip6 %s {\n chain pre {\n  type filter hook prerouting priority -300;\n"
                 "  iifname \"%s\" ip6 nexthdr 60 counter drop\n }\n}\n" % (NFT_TABLE, self.iface))
        subprocess.run(["nft", "-f", "-"], input=rules, check=True, capture_output=True, text=True)
        self.rx = socket.socket(socket.AF_PACKET, socket.SOCK_DGRAM, socket.htons(ETH_P_IPV6))
        # Classic BPF: not our own transmissions (packet type PACKET_OUTGOING, an ancillary load),
        # and only packets whose IPv6 next header is 60, or ICMPv6 errors (next header 58, type 1
        # to 4: a router's, about one of our packets); offsets from the IPv6 header.
        prog = [(0x20, 0, 0, 0xFFFFF004), (0x15, 7, 0, PACKET_OUTGOING),
                (0x30, 0, 0, 6), (0x15, 4, 0, 60), (0x15, 0, 4, 58),
                (0x30, 0, 0, 40), (0x25, 2, 0, 4), (0x15, 1, 0, 0),
                (0x06, 0, 0, 0xFFFF), (0x06, 0, 0, 0)]
        code = b"".join(struct.pack("HBBI", *ins) for ins in prog)
        buf = ctypes.create_string_buffer(code)
        fprog = struct.pack("HL", len(prog), ctypes.addressof(buf))
        self.rx.setsockopt(socket.SOL_SOCKET, SO_ATTACH_FILTER, fprog)
        self.rx.bind((self.iface, ETH_P_IPV6))
        self.rx.setblocking(False)
        self.rx.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4 << 20)
        self.tx = socket.socket(socket.AF_INET6, socket.SOCK_RAW, socket.IPPROTO_RAW)
        self.tx.setsockopt(socket.SOL_SOCKET, socket.SO_BINDTODEVICE, self.iface.encode())
        self.tx.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4 << 20)
        self.nl = socket.socket(socket.AF_NETLINK, socket.SOCK_RAW, 0)
        self.nl.bind((0, RTMGRP_IPV6_IFADDR))
        self.nl.setblocking(False)
        self.locators = own_locators(self.iface, self.nid)
        self.event("start", locators=[l.hex() for l in self.locators])

    def close(self):
        subprocess.run(["nft", "delete", "table", "ip6", NFT_TABLE], capture_output=True)
        for s in (self.rx, self.tx, self.nl):
            s.close()
        os.close(self.tun)

    # ---- helpers ---------------------------------------------------------------------------

    def event(self, kind, **fields):
        fields.update(kind=kind, at=round(time.time(), 3))
        self.events = (self.events + [fields])[-50:]
        self.status_dirty = True

    def send_wire(self, packet, dst16):
        text = self.dst_text.get(dst16)
        if text is None:
            if len(self.dst_text) > 4096:
                self.dst_text.clear()
            text = self.dst_text[dst16] = fmt_addr(dst16)
        try:
            self.tx.sendto(packet, (text, 0))
            self.counters["wireOut"] += 1
        except OSError as e:            # no route, full buffers: the packet is lost, as on a wire
            self.event("sendError", error=str(e))

    def own_entries(self):
        return [LocatorEntry(l, self.args.preference, self.args.lifetime) for l in self.locators]

    def ilnp_packet(self, peer, next_header, hop_limit, upper, traffic_flow=0x60000000):
        """Addresses and Nonce for an ILNP message we originate (Locator Updates)."""
        src = wire.join_address(self.locators[-1], self.nid)
        dst = wire.join_address(peer.preferred_locator(), peer.nid)
        opts = wire.nonce_dest_opts(next_header, peer.local_nonce)
        header = wire.ipv6_header(len(opts) + len(upper), wire.NH_DEST_OPTS, hop_limit, src, dst, traffic_flow)
        return header + opts + upper, dst

    def send_locator_update(self, peer, operation, entries):
        msg = wire.locator_update(operation, entries)
        ck = wire.ilnp_upper_checksum(self.nid, peer.nid, wire.NH_ICMPV6, msg)
        msg = wire.locator_update(operation, entries, ck)
        packet, dst = self.ilnp_packet(peer, wire.NH_ICMPV6, 255, msg)
        self.send_wire(packet, dst)

    # ---- TUN to wire -----------------------------------------------------------------------

    def from_tun(self, pkt):
        self.counters["tunIn"] += 1
        if len(pkt) < wire.IPV6_HEADER_LEN or pkt[0] >> 4 != 6:
            self.counters["ignoredFromTun"] += 1
            return
        src_loc, src_nid = pkt[8:16], pkt[16:24]
        dst_loc, dst_nid = pkt[24:32], pkt[32:40]
        if src_loc != self.identity or dst_loc != self.identity or src_nid != self.nid:
            self.counters["ignoredFromTun"] += 1       # multicast, link-local, not an identity address
            return
        peer = self.ilcc.get(dst_nid)
        if peer is None:
            self.counters["noPeer"] += 1
            return
        if not self.locators:
            self.counters["noLocalLocator"] += 1
            return
        peer_loc = peer.preferred_locator()
        if peer_loc is None:
            self.counters["noPeerLocator"] += 1
            return
        first_next = pkt[6]
        if first_next == wire.NH_HOP_BY_HOP:
            # it must stay first (RFC 8200 §4.1) and the receive path expects the Nonce header
            # first: not supported (no application in the lab sends one to a unicast peer)
            self.counters["unsupported"] += 1
            return
        upper = wire.find_upper_layer(pkt, wire.IPV6_HEADER_LEN, first_next)
        body = bytearray(pkt[wire.IPV6_HEADER_LEN:])
        if upper is not None:
            at, proto = upper
            at = at - wire.IPV6_HEADER_LEN + wire.CHECKSUM_OFFSET[proto]
            if at + 2 <= len(body):
                old = (body[at] << 8) | body[at + 1]
                # identity pseudo-header -> ILNP pseudo-header: both L64s become zero
                new = wire.apply_delta(old, self.to_ilnp)
                if proto == wire.NH_UDP and new == 0:
                    new = 0xFFFF
                body[at], body[at + 1] = new >> 8, new & 0xFF
        elif first_next not in (wire.NH_NONE,):
            self.counters["unsupported"] += 1
        opts = wire.nonce_dest_opts(first_next, peer.local_nonce)
        src = wire.join_address(self.locators[-1], self.nid)
        dst = wire.join_address(peer_loc, dst_nid)
        vtf = struct.unpack("!I", pkt[:4])[0]
        out = wire.ipv6_header(len(opts) + len(body), wire.NH_DEST_OPTS, pkt[7], src, dst, vtf) + opts + body
        peer.tx += 1
        self.send_wire(out, dst)

    # ---- wire to TUN -----------------------------------------------------------------------

    def from_wire(self, pkt):
        self.counters["wireIn"] += 1
        if len(pkt) > 6 and pkt[6] == wire.NH_ICMPV6:
            self.from_wire_error(pkt)
            return
        try:
            if len(pkt) < wire.IPV6_HEADER_LEN + 8 or pkt[6] != wire.NH_DEST_OPTS:
                raise wire.WireError("short or without Destination Options")
            payload_len = struct.unpack("!H", pkt[4:6])[0]
            if wire.IPV6_HEADER_LEN + payload_len > len(pkt):
                raise wire.WireError("payload length past the end")
            pkt = pkt[:wire.IPV6_HEADER_LEN + payload_len]
            next_header, opts_len, nonce = wire.parse_dest_opts(pkt[wire.IPV6_HEADER_LEN:])
        except wire.WireError as e:
            self.counters["malformed"] += 1
            self.event("malformed", error=str(e))
            return
        src_loc, src_nid = pkt[8:16], pkt[16:24]
        dst_nid = pkt[32:40]
        if dst_nid != self.nid:
            self.counters["notForUs"] += 1
            return
        if nonce is None:
            self.counters["notIlnp"] += 1
            return
        rest = pkt[wire.IPV6_HEADER_LEN + opts_len:]
        is_lu = next_header == wire.NH_ICMPV6 and rest[:1] == bytes([wire.ICMPV6_LOCATOR_UPDATE])
        peer = self.ilcc.get(src_nid)
        if peer is None and is_lu:
            # RFC 6743: an Update changes an existing session's locators; it never starts one
            self.counters["luRejected"] += 1
            self.event("luRejected", nid=src_nid.hex(), error="no session with this node")
            return
        if peer is None:
            peer = self.ilcc.learn(src_nid, src_loc)
            self.event("peerLearned", nid=src_nid.hex(), locator=src_loc.hex())
        if peer.remote_nonce is None:
            peer.remote_nonce = nonce
            self.event("nonceLearned", nid=src_nid.hex(), nonce=nonce.hex())
        elif peer.remote_nonce != nonce:
            self.counters["nonceMismatch"] += 1
            self.event("nonceMismatch", nid=src_nid.hex(), got=nonce.hex(), want=peer.remote_nonce.hex())
            if is_lu:
                self.counters["luRejected"] += 1
            return
        if is_lu:
            self.on_locator_update(peer, rest)
            return
        peer.rx += 1
        body = bytearray(rest)
        upper = wire.find_upper_layer(rest, 0, next_header)
        if upper is not None:
            at, proto = upper
            at += wire.CHECKSUM_OFFSET[proto]
            if at + 2 <= len(body):
                old = (body[at] << 8) | body[at + 1]
                new = wire.apply_delta(old, self.to_identity)
                if proto == wire.NH_UDP and new == 0:
                    new = 0xFFFF
                body[at], body[at + 1] = new >> 8, new & 0xFF
        vtf = struct.unpack("!I", pkt[:4])[0]
        out = wire.ipv6_header(len(body), next_header, pkt[7], wire.join_address(self.identity, src_nid),
                               wire.join_address(self.identity, self.nid), vtf) + body
        try:
            os.write(self.tun, out)
            self.counters["tunOut"] += 1
        except OSError as e:
            self.event("tunWriteError", error=str(e))

    def from_wire_error(self, pkt):
        """A router's ICMPv6 error about one of our ILNPv6 packets (it quotes the packet as it left
        us, a border router putting our locator back): to the application on the TUN as an error
        about the packet it sent, so that its stack acts on it (a Packet Too Big lowers its path
        MTU, less the Nonce header). Only one whose quote is ours (our locator and NID as its
        source) and carries the nonce we use with that peer, which keeps an off-path sender from
        acting on our sessions (RFC 6744); the kernel takes the error for the interface's own
        address as it would anyway."""
        self.counters["errorsIn"] += 1
        try:
            kind, code, parameter, quote = wire.parse_icmpv6_error(pkt)
            if len(quote) < wire.IPV6_HEADER_LEN or quote[8:16] not in self.locators or quote[16:24] != self.nid:
                raise wire.WireError("the quote is not a packet of ours")
            peer = self.ilcc.get(quote[32:40])
            if peer is None:
                raise wire.WireError("no session with the quote's destination")
            ours = wire.join_address(self.identity, self.nid)
            sent, opts_len, nonce = wire.quote_as_sent(quote, ours, wire.join_address(self.identity, peer.nid),
                                                       self.to_identity)
            if nonce != peer.local_nonce:
                raise wire.WireError("the quote's nonce is not the one we use with that peer")
        except wire.WireError as e:
            self.counters["errorsRejected"] += 1
            self.event("errorRejected", error=str(e))
            return
        if kind == wire.ICMPV6_PACKET_TOO_BIG:
            parameter = max(parameter - opts_len, 0)
        elif kind == wire.ICMPV6_PARAMETER_PROBLEM and parameter >= wire.IPV6_HEADER_LEN + opts_len:
            parameter -= opts_len
        out = wire.icmpv6_error(kind, code, parameter, sent, pkt[8:24], ours, pkt[7])
        try:
            os.write(self.tun, out)
            self.counters["errorsToTun"] += 1
            self.event("errorToApplication", type=kind, code=code, parameter=parameter,
                       peer=peer.nid.hex())
        except OSError as e:
            self.event("tunWriteError", error=str(e))

    def on_locator_update(self, peer, msg):
        try:
            if wire.checksum(wire.ilnp_pseudo_header(peer.nid, self.nid, len(msg), wire.NH_ICMPV6) + msg):
                raise wire.WireError("bad ILNP checksum")
            operation, entries = wire.parse_locator_update(msg)
        except wire.WireError as e:
            self.counters["luRejected"] += 1
            self.event("luRejected", nid=peer.nid.hex(), error=str(e))
            return
        if operation == wire.LU_ADVERTISEMENT:
            self.counters["luReceived"] += 1
            peer.replace_locators(entries)
            self.event("luReceived", nid=peer.nid.hex(), locators=[e.locator.hex() for e in entries])
            if peer.preferred_locator() is not None and self.locators:
                self.send_locator_update(peer, wire.LU_ACKNOWLEDGEMENT, entries)
                self.counters["luAckSent"] += 1
        else:
            if peer.lu_pending is not None:
                self.counters["luAckReceived"] += 1
                peer.lu_pending = None
                self.event("luAcked", nid=peer.nid.hex())
        self.status_dirty = True

    # ---- our locators ----------------------------------------------------------------------

    def check_locators(self):
        now = own_locators(self.iface, self.nid)
        if set(now) == set(self.locators):
            return
        kept = [l for l in self.locators if l in now]
        self.locators = kept + [l for l in now if l not in kept]   # newest last: the one we use
        self.counters["locatorChanges"] += 1
        self.event("locatorsChanged", locators=[l.hex() for l in self.locators])
        if not self.locators:
            return          # nothing to advertise from; the next change will
        entries = self.own_entries()
        for peer in self.ilcc:
            if peer.preferred_locator() is None:
                continue
            peer.lu_pending = (entries, 0, 0.0)
        self.retransmit(time.monotonic())

    def retransmit(self, now):
        """Send due Locator Updates; RFC 6743 leaves retransmission to the implementation: here
        up to --lu-retries sends, the wait after each doubling from --lu-interval up to
        --lu-max-interval (lu_wait), until the peer acknowledges."""
        soonest = None
        for peer in self.ilcc:
            if peer.lu_pending is None:
                continue
            entries, tries, due = peer.lu_pending
            if due <= now:
                if tries >= self.args.lu_retries or not self.locators:
                    peer.lu_pending = None
                    self.event("luGaveUp", nid=peer.nid.hex())
                    continue
                self.send_locator_update(peer, wire.LU_ADVERTISEMENT, entries)
                self.counters["luSent" if tries == 0 else "luRetransmitted"] += 1
                due = now + lu_wait(self.args.lu_interval, tries, self.args.lu_max_interval)
                peer.lu_pending = (entries, tries + 1, due)
            soonest = due if soonest is None else min(soonest, due)
        return soonest

    # ---- status ----------------------------------------------------------------------------

    def write_status(self):
        if not self.args.status:
            return
        doc = {"pid": os.getpid(), "nid": self.nid.hex(), "identity": self.identity.hex(),
               "iface": self.iface, "tun": self.args.tun, "locators": [l.hex() for l in self.locators],
               "counters": self.counters, "peers": [p.as_json() for p in self.ilcc], "events": self.events}
        tmp = self.args.status + ".tmp"
        with open(tmp, "w") as f:
            json.dump(doc, f, indent=1)
        os.replace(tmp, self.args.status)
        self.status_dirty = False

    # ---- loop ------------------------------------------------------------------------------

    def run(self):
        sel = selectors.DefaultSelector()
        sel.register(self.tun, selectors.EVENT_READ, "tun")
        sel.register(self.rx, selectors.EVENT_READ, "wire")
        sel.register(self.nl, selectors.EVENT_READ, "netlink")
        self.write_status()
        next_poll = 0.0
        while self.running:
            now = time.monotonic()
            due = self.retransmit(now)
            timeout = 0.1 if due is None else max(0.0, min(0.1, due - now))
            for key, _ in sel.select(timeout):
                if key.data == "tun":
                    for _ in range(64):
                        try:
                            self.from_tun(os.read(self.tun, 65536))
                        except BlockingIOError:
                            break
                elif key.data == "wire":
                    for _ in range(64):
                        try:
                            pkt, addr = self.rx.recvfrom(65536)
                        except BlockingIOError:
                            break
                        if addr[2] != PACKET_OUTGOING:
                            self.from_wire(pkt)
                else:
                    try:
                        while self.nl.recv(65536):
                            pass
                    except BlockingIOError:
                        pass
                    self.check_locators()
            now = time.monotonic()
            if now >= next_poll:            # netlink is the fast path; this catches anything it missed
                self.check_locators()
                next_poll = now + 1.0
            if now >= self.next_status:
                self.status_dirty = True
                self.next_status = now + 0.2
            if self.status_dirty:
                self.write_status()


def parser():
    """The endpoint's command line."""
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--iface", required=True, help="the interface that carries ILNPv6 (its addresses with IID = NID are our locators)")
    ap.add_argument("--nid", required=True, help="this node's Node Identifier, e.g. 0:0:0:aa")
    ap.add_argument("--tun", default="ilnp0", help="TUN device name (default ilnp0)")
    ap.add_argument("--identity-prefix", default=DEFAULT_IDENTITY_PREFIX,
                    help="the /64 applications see on the TUN device (default %(default)s)")
    ap.add_argument("--peer", action="append", default=[],
                    help="NID=LOCATOR[@PREF][,LOCATOR...]: a correspondent (stands in for DNS NID/L64 records)")
    ap.add_argument("--nonce-bits", type=int, choices=(32, 96), default=32)
    ap.add_argument("--preference", type=int, default=10, help="RFC 6743 preference of our locators")
    ap.add_argument("--lifetime", type=int, default=600, help="RFC 6743 lifetime (s) of our locators")
    ap.add_argument("--lu-retries", type=int, default=5)
    ap.add_argument("--lu-interval", type=float, default=0.25,
                    help="seconds from a Locator Update's first send to its second; doubling after each")
    ap.add_argument("--lu-max-interval", type=float, default=4.0,
                    help="the longest wait between two sends of a Locator Update, in seconds")
    ap.add_argument("--status", help="JSON status file (counters, I-LCC), rewritten every 0.2 s")
    return ap


def main(argv=None):
    ap = parser()
    args = ap.parse_args(argv)
    if os.geteuid() != 0:
        ap.error("needs root (TUN device, packet and raw sockets, nftables)")
    try:
        ep = Endpoint(args)
    except ValueError as e:
        ap.error(str(e))

    def stop(*_):
        ep.running = False
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    ep.open()
    try:
        ep.run()
    finally:
        ep.write_status()
        ep.close()


if __name__ == "__main__":
    main()
