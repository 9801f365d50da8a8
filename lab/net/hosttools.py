#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Traffic tools for the lab's hosts, run inside a host namespace (labnet.py exec HOST -- ...).

    hosttools.py send  --dst ADDR [--count N] [--rate PPS] [--flow ID] [--size BYTES]
                       [--sport P] [--dport P] [--hop-limit H] [--traffic-class TC] [--iface eth0]
    hosttools.py sniff --out FILE [--duration S] [--count N] [--iface eth0] [--ready FILE]
    hosttools.py burst --spec FILE

burst sends an experiment's probes (Sixflow's CommandHostTrafficGenerator writes the spec): JSON
{"iface"?, "bursts": [{"src", "dst", "dstMac"?, "sport", "dport", "hopLimit", "trafficClass",
"firstFlowLabel", "count", "frameSize", "intervalNanos", "flowId", "pppoe"?}]}, every packet paced from the
start of the first (no drift), flow labels counting up within a burst (the probe's sequence
number), payload as PAYLOAD with the flow label as sequence, padded to the frame size; it prints
one JSON line with how well it kept the intervals. "pppoe" ({"sessionId", "sTag", "cTag", "srcMac",
"dstMac"}) sends a burst as that PPPoE session's subscriber would, from its line's port.

send writes IPv6/UDP frames straight onto the interface (a raw packet socket: the bytes sent are
the bytes built here), paced at --rate, each payload starting with a sequence number (layout in
PAYLOAD below); it prints one JSON summary line. sniff writes every frame the interface receives as
a JSON line {"time", "timeNs", "length", "hex"} (kernel receive timestamp) and creates --ready once
its socket is open, so a test can start sending only then.

Only the standard library is used, so any Python 3 in the namespace runs it; the system tests read
the captures with scapy (Ether(bytes.fromhex(line["hex"]))) from the project venv.
"""

import argparse
import ipaddress
import json
import os
import socket
import struct
import subprocess
import sys
import time

# UDP payload: magic, flow id, sequence number (from 0), send time (ns since the epoch), zero padding.
MAGIC = b"SXFL"
PAYLOAD = struct.Struct("!4sIQQ")
ETH_P_ALL = 0x0003
ETH_P_IPV6 = 0x86DD
PACKET_OUTGOING = 4
SO_TIMESTAMPNS = getattr(socket, "SO_TIMESTAMPNS", 35)
SO_RCVBUFFORCE = getattr(socket, "SO_RCVBUFFORCE", 33)
SOL_PACKET = getattr(socket, "SOL_PACKET", 263)
PACKET_STATISTICS = 6
SNIFF_BUFFER = 32 * 1024 * 1024
# IPv6 extension headers walked to reach UDP: hop-by-hop, routing, destination options.
_EXTENSIONS = {0, 43, 60}


def payload(flow, seq, sent_ns, size=PAYLOAD.size):
    """The UDP payload of packet seq of a flow, padded with zeros to size bytes."""
    if size < PAYLOAD.size:
        raise ValueError("payload size %d is below the %d-byte header" % (size, PAYLOAD.size))
    return PAYLOAD.pack(MAGIC, flow, seq, sent_ns) + bytes(size - PAYLOAD.size)


def parse_payload(data):
    """(flow, seq, sent_ns) of a payload written by payload(), or None."""
    if len(data) < PAYLOAD.size or data[:4] != MAGIC:
        return None
    _, flow, seq, sent_ns = PAYLOAD.unpack_from(data)
    return flow, seq, sent_ns


def _checksum(data):
    if len(data) % 2:
        data += b"\0"
    total = sum(struct.unpack("!%dH" % (len(data) // 2), data))
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return ~total & 0xFFFF


def udp_checksum(src, dst, udp):
    """UDP checksum over the IPv6 pseudo-header (RFC 8200 8.1); udp has its checksum field zero."""
    pseudo = (ipaddress.IPv6Address(src).packed + ipaddress.IPv6Address(dst).packed
              + struct.pack("!I3xB", len(udp), 17))
    return _checksum(pseudo + udp) or 0xFFFF  # zero means "no checksum", which IPv6 forbids


def mac_bytes(mac):
    return bytes.fromhex(mac.replace(":", ""))


def udp_frame(src_mac, dst_mac, src, dst, sport, dport, data, hop_limit=64, traffic_class=0, flow_label=0):
    """An Ethernet/IPv6/UDP frame with a correct UDP checksum."""
    udp = struct.pack("!HHHH", sport, dport, 8 + len(data), 0) + data
    udp = udp[:6] + struct.pack("!H", udp_checksum(src, dst, udp)) + udp[8:]
    version = (6 << 28) | (traffic_class << 20) | flow_label
    ipv6 = struct.pack("!IHBB", version, len(udp), 17, hop_limit) + \
        ipaddress.IPv6Address(src).packed + ipaddress.IPv6Address(dst).packed
    return mac_bytes(dst_mac) + mac_bytes(src_mac) + struct.pack("!H", ETH_P_IPV6) + ipv6 + udp


def udp_payload(frame):
    """The UDP payload of an Ethernet/IPv6 frame, past any hop-by-hop, routing or destination
    options headers (the APN6 and MSR6 headers a switch adds), or None when there is no UDP."""
    if len(frame) < 54 or struct.unpack_from("!H", frame, 12)[0] != ETH_P_IPV6:
        return None
    next_header, offset = frame[20], 54
    while next_header in _EXTENSIONS:
        if len(frame) < offset + 2:
            return None
        next_header, offset = frame[offset], offset + 8 * (frame[offset + 1] + 1)
    if next_header != 17 or len(frame) < offset + 8:
        return None
    length = struct.unpack_from("!H", frame, offset + 4)[0]
    return frame[offset + 8:offset + length]


def sequence_of(frame):
    """(flow, seq, sent_ns) carried by a frame sent with send(), or None."""
    data = udp_payload(frame)
    return None if data is None else parse_payload(data)


def read_capture(path):
    """The frames of a sniff() file as (time ns, bytes), in arrival order."""
    with open(path) as f:
        return [(r["timeNs"], bytes.fromhex(r["hex"])) for r in map(json.loads, f) if r]


def _ip_json(*args):
    return json.loads(subprocess.run(["ip", "-j"] + list(args), capture_output=True, text=True, check=True).stdout
                      or "[]")


def interface_mac(iface):
    with open("/sys/class/net/%s/address" % iface) as f:
        return f.read().strip()


def interface_address(iface):
    """The first global IPv6 address of an interface."""
    for entry in _ip_json("-6", "addr", "show", "dev", iface, "scope", "global"):
        for a in entry.get("addr_info", []):
            if "local" in a:
                return a["local"]
    raise RuntimeError("%s has no global IPv6 address" % iface)


def gateway_mac(iface):
    """The MAC of the default gateway (the lab sets a permanent neighbour entry for it)."""
    routes = [r for r in _ip_json("-6", "route", "show", "default") if r.get("dev") == iface and "gateway" in r]
    if not routes:
        raise RuntimeError("no IPv6 default route on %s" % iface)
    gateway = routes[0]["gateway"]
    for n in _ip_json("-6", "neigh", "show", "dev", iface):
        if n.get("dst") == gateway and "lladdr" in n:
            return n["lladdr"]
    raise RuntimeError("no neighbour entry for the gateway %s on %s" % (gateway, iface))


def send(iface, dst, count=10, rate=100.0, flow=1, size=PAYLOAD.size, sport=40000, dport=5004,
         src=None, src_mac=None, dst_mac=None, hop_limit=64, traffic_class=0, clock=time):
    """Sends count frames paced at rate per second (scheduled from the start, so no drift); returns a summary."""
    if rate <= 0 or count < 0:
        raise ValueError("rate must be above 0 and count at least 0")
    src = src or interface_address(iface)
    src_mac = src_mac or interface_mac(iface)
    dst_mac = dst_mac or gateway_mac(iface)
    with socket.socket(socket.AF_PACKET, socket.SOCK_RAW) as sock:
        sock.bind((iface, 0))
        start = clock.monotonic()
        first_ns = last_ns = None
        for seq in range(count):
            delay = start + seq / rate - clock.monotonic()
            if delay > 0:
                clock.sleep(delay)
            now_ns = clock.time_ns()
            sock.send(udp_frame(src_mac, dst_mac, src, dst, sport, dport, payload(flow, seq, now_ns, size),
                                hop_limit, traffic_class))
            first_ns = now_ns if first_ns is None else first_ns
            last_ns = now_ns
    return {"sent": count, "flow": flow, "src": src, "dst": dst, "sport": sport, "dport": dport,
            "firstNs": first_ns, "lastNs": last_ns}


def _ones_sum(data):
    if len(data) % 2:
        data += b"\0"
    return sum(struct.unpack("!%dH" % (len(data) // 2), data))


def _fold(total):
    while total >> 16:
        total = (total & 0xFFFF) + (total >> 16)
    return total


class _ProbeTemplate:
    """One burst's frame with the per-packet fields (flow label, sequence, send time) patched in;
    the UDP checksum is updated from the template's sum, not recomputed over the whole frame. With
    "pppoe" the IPv6 packet goes in that session's framing (pppoe_header) instead of plain Ethernet."""

    def __init__(self, b, src_mac, dst_mac):
        size = int(b["frameSize"])
        pppoe = b.get("pppoe")
        head = pppoe_header(pppoe, size) if pppoe else None
        self.l2 = len(head) if head else 14
        data = payload(int(b["flowId"]), 0, 0, size - self.l2 - 48)
        frame = udp_frame(src_mac, dst_mac, b["src"], b["dst"], int(b["sport"]), int(b["dport"]),
                          data, int(b["hopLimit"]), int(b["trafficClass"]), 0)
        self.frame = bytearray((head + frame[14:]) if head else frame)
        udp = self.frame[self.l2 + 40:]
        udp[6:8] = b"\0\0"
        pseudo = (ipaddress.IPv6Address(b["src"]).packed + ipaddress.IPv6Address(b["dst"]).packed
                  + struct.pack("!I3xB", len(udp), 17))
        self.base = _ones_sum(pseudo) + _ones_sum(bytes(udp))
        self.first_label = int(b["firstFlowLabel"])
        self.traffic_class = int(b["trafficClass"])

    def build(self, i, sent_ns):
        label = self.first_label + i
        seq_time = struct.pack("!QQ", label, sent_ns)
        f = self.frame
        ip = self.l2
        struct.pack_into("!I", f, ip, (6 << 28) | (self.traffic_class << 20) | label)
        f[ip + 56:ip + 72] = seq_time  # payload at ip + 48: magic(4) flow(4) then seq(8) time(8)
        checksum = ~_fold(self.base + _ones_sum(seq_time)) & 0xFFFF
        struct.pack_into("!H", f, ip + 46, checksum or 0xFFFF)
        return bytes(f)


ETH_P_8021AD = 0x88A8
ETH_P_8021Q = 0x8100
ETH_P_PPP_SES = 0x8864
PPP_IPV6 = 0x0057


def pppoe_header(p, frame_size):
    """What comes before the IPv6 header of a subscriber's packet in PPPoE session `p` ({"sessionId",
    "sTag", "cTag", "srcMac", "dstMac"}, a tag 0 for none), in a frame of frame_size bytes: Ethernet,
    the S-tag (802.1ad) and C-tag (802.1Q), PPPoE session stage (RFC 2516: version/type 0x11, code 0,
    session id, length of what follows it) and PPP protocol 0x0057 (RFC 5072)."""
    session, s_tag, c_tag = int(p["sessionId"]), int(p.get("sTag", 0)), int(p.get("cTag", 0))
    if not 1 <= session <= 0xFFFE:
        raise ValueError("PPPoE session id must be 1..65534, not %d" % session)
    if not (0 <= s_tag <= 4094 and 0 <= c_tag <= 4094) or (s_tag and not c_tag):
        raise ValueError("VLAN ids must be 0 (none) or 1..4094, an S-tag with a C-tag: S %d C %d" % (s_tag, c_tag))
    head = mac_bytes(p["dstMac"]) + mac_bytes(p["srcMac"])
    if s_tag:
        head += struct.pack("!HH", ETH_P_8021AD, s_tag)
    if c_tag:
        head += struct.pack("!HH", ETH_P_8021Q, c_tag)
    head += struct.pack("!H", ETH_P_PPP_SES)
    return head + struct.pack("!BBHHH", 0x11, 0, session, frame_size - len(head) - 6, PPP_IPV6)


def burst(spec, clock=time):
    """Sends an experiment's bursts back to back, each packet due at the start plus the intervals
    before it; returns the pacing summary (interval errors against the schedule)."""
    iface = spec.get("iface", "eth0")
    src_mac = interface_mac(iface)
    gateway = None
    templates = []
    for b in spec["bursts"]:
        dst_mac = b.get("dstMac")
        if b.get("pppoe"):
            dst_mac = "00:00:00:00:00:00"   # the session's framing has its own MACs
        elif not dst_mac:
            gateway = gateway or gateway_mac(iface)
            dst_mac = gateway
        templates.append((_ProbeTemplate(b, src_mac, dst_mac), int(b["count"]), int(b["intervalNanos"])))
    scheduled, actual = [], []
    with socket.socket(socket.AF_PACKET, socket.SOCK_RAW) as sock:
        sock.bind((iface, 0))
        due = None
        for template, count, interval in templates:
            for i in range(count):
                now = clock.monotonic_ns()
                due = now if due is None else due + interval
                left = due - now
                if left > 300_000:
                    clock.sleep((left - 200_000) / 1e9)
                while clock.monotonic_ns() < due:
                    pass
                at = clock.monotonic_ns()
                sock.send(template.build(i, clock.time_ns()))
                scheduled.append(due)
                actual.append(at)
    return pacing_summary(scheduled, actual)


def pacing_summary(scheduled, actual):
    """How well sends kept their schedule: |achieved interval - scheduled interval| (mean, p99,
    max), mean lateness, achieved rate."""
    errors = sorted(abs((actual[i] - actual[i - 1]) - (scheduled[i] - scheduled[i - 1]))
                    for i in range(1, len(actual)))
    intervals = [scheduled[i] - scheduled[i - 1] for i in range(1, len(scheduled))]
    p99 = 0.0
    if errors:
        rank = 0.99 * (len(errors) - 1)
        low = int(rank)
        p99 = errors[low] + (errors[min(low + 1, len(errors) - 1)] - errors[low]) * (rank - low)
    span = actual[-1] - actual[0] if len(actual) > 1 else 0
    return {"sent": len(actual), "requestedIntervalNanos": min(intervals) if intervals else 0,
            "meanErrorNanos": sum(errors) / len(errors) if errors else 0.0, "p99ErrorNanos": p99,
            "maxErrorNanos": float(errors[-1]) if errors else 0.0,
            "meanLatenessNanos": sum(a - s for a, s in zip(actual, scheduled)) / len(actual) if actual else 0.0,
            "achievedPacketsPerSecond": (len(actual) - 1) * 1e9 / span if span > 0 else 0.0}


def sniff(iface, out, duration=10.0, count=None, ready=None, buffer=None):
    """Writes each frame received on iface (not those it sends) as a JSON line to the file out,
    for duration seconds or until count frames; returns how many were written and how many the
    kernel dropped because this process fell behind (a loss test must not blame the network for
    those). buffer: the socket's receive buffer in bytes (SNIFF_BUFFER by default)."""
    written = 0
    with socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL)) as sock, \
            open(out, "w") as f:
        sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        _grow_receive_buffer(sock, buffer or SNIFF_BUFFER)
        sock.bind((iface, ETH_P_ALL))
        if ready:
            open(ready, "w").close()
        deadline = time.monotonic() + duration
        while count is None or written < count:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                break
            sock.settimeout(remaining)
            try:
                data, ancillary, _, address = sock.recvmsg(65535, socket.CMSG_SPACE(16))
            except socket.timeout:
                break
            if address[2] == PACKET_OUTGOING:
                continue
            stamp = _timestamp_ns(ancillary)
            f.write('{"time": %.6f, "timeNs": %d, "length": %d, "hex": "%s"}\n'
                    % (stamp / 1e9, stamp, len(data), data.hex()))
            written += 1
        dropped = _socket_drops(sock)
    return written, dropped


def _grow_receive_buffer(sock, size):
    """Room for seconds of traffic while this process waits for a core (the lab's switches, JVM
    and database share two): SO_RCVBUFFORCE passes rmem_max as root, SO_RCVBUF is capped by it."""
    for option in (SO_RCVBUFFORCE, socket.SO_RCVBUF):
        try:
            sock.setsockopt(socket.SOL_SOCKET, option, size)
            return
        except OSError:
            continue


def _socket_drops(sock):
    """Frames the kernel dropped at this socket since it opened (tpacket_stats.tp_drops)."""
    try:
        _, drops = struct.unpack("II", sock.getsockopt(SOL_PACKET, PACKET_STATISTICS, 8))
        return drops
    except OSError:
        return 0


def _timestamp_ns(ancillary):
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == SO_TIMESTAMPNS and len(data) >= 16:
            seconds, nanoseconds = struct.unpack("qq", data[:16])
            return seconds * 1_000_000_000 + nanoseconds
    return time.time_ns()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("send", help="send numbered IPv6/UDP packets")
    s.add_argument("--iface", default="eth0")
    s.add_argument("--dst", required=True)
    s.add_argument("--src", help="default: the interface's global address")
    s.add_argument("--dst-mac", help="default: the gateway's, from the neighbour table")
    s.add_argument("--count", type=int, default=10)
    s.add_argument("--rate", type=float, default=100.0, help="packets per second")
    s.add_argument("--flow", type=int, default=1)
    s.add_argument("--size", type=int, default=PAYLOAD.size, help="UDP payload bytes (at least %d)" % PAYLOAD.size)
    s.add_argument("--sport", type=int, default=40000)
    s.add_argument("--dport", type=int, default=5004)
    s.add_argument("--hop-limit", type=int, default=64)
    s.add_argument("--traffic-class", type=int, default=0)
    s = sub.add_parser("sniff", help="write received frames as JSON lines")
    s.add_argument("--iface", default="eth0")
    s.add_argument("--out", required=True)
    s.add_argument("--duration", type=float, default=10.0)
    s.add_argument("--count", type=int)
    s.add_argument("--ready", help="file created once the capture socket is open")
    s.add_argument("--buffer", type=int, help="socket receive buffer, bytes (default %d)" % SNIFF_BUFFER)
    s = sub.add_parser("burst", help="send an experiment's probes from a spec file")
    s.add_argument("--spec", required=True)
    args = parser.parse_args(argv)
    if args.command == "burst":
        with open(args.spec) as f:
            print(json.dumps(burst(json.load(f))))
    elif args.command == "send":
        summary = send(args.iface, args.dst, args.count, args.rate, args.flow, args.size, args.sport, args.dport,
                       args.src, None, args.dst_mac, args.hop_limit, args.traffic_class)
        print(json.dumps(summary))
    else:
        n, dropped = sniff(args.iface, args.out, args.duration, args.count, args.ready, args.buffer)
        print(json.dumps({"received": n, "dropped": dropped, "out": os.path.abspath(args.out)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
