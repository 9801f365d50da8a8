#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Many PPPoE subscribers from one process, for the BNG at scale (issue 33: a thousand concurrent
sessions where a few real pppd clients stand beside them). Each subscriber is a ClientSession
(ppp_client.py) on a line of its own: S-tag first_s_tag + i // lines_per_s_tag, C-tag
first_c_tag + i % lines_per_s_tag, MAC 02:5f:00:00:HH:LL, user gen<i>@sixflow.

    python3 lab/pppoe/generator.py --ifname IF --count 1000 [--window 32] [--ping6 ADDR]
        [--ping4 ADDR] [--hold SECONDS] [--timeout SECONDS]

sends and receives raw Ethernet on IF (run it inside the namespace that has IF: ip netns exec);
starts at most --window subscribers' set-ups at a time; once every session is up (or failed, or
--timeout passed) it holds them --hold seconds answering the server's LCP echoes, then ends each
one (LCP Terminate, PADT). Prints JSON lines on stdout: progress once a second
({"progress": ...}), {"phase": "holding"} when the hold begins, {"phase": "stopping"} (both
with the wall-clock time "at"), and a final {"summary": ...} with the set-up rate, the times of
each milestone (p50, p99, max), the sessions held and lost, how their stops ended (the server's
Terminate-Ack in time, after our PADT, or never), what failed and why, and this process's peak
memory. SIGTERM or SIGINT ends the hold early. Root (raw sockets). Standard library only."""

import argparse
import json
import os
import resource
import select
import signal
import socket
import struct
import sys
import time

from ppp_client import (ETH_P_8021AD, ETH_P_8021Q, ETH_P_PPPOE_DISC, ETH_P_PPPOE_SESS, MILESTONES,
                        ClientSession)

ETH_P_ALL = 0x0003
SOL_PACKET, PACKET_AUXDATA = 263, 8
PACKET_OUTGOING = 4
TP_STATUS_VLAN_VALID, TP_STATUS_VLAN_TPID_VALID = 0x10, 0x40
AUXDATA = struct.Struct("IIIHHHH")
LATE_ACK_WAIT = 10.0   # seconds a stop phase listens, once all ended, for Terminate-Acks after PADT


def plan(count, first_s_tag=200, lines_per_s_tag=64, first_c_tag=1):
    """(index, S-tag, C-tag, MAC, user, password, interface id) of each generated subscriber."""
    if not 1 <= count <= 65535:
        raise ValueError("1..65535 subscribers, not %d" % count)
    if not 1 <= lines_per_s_tag <= 4094 or first_c_tag + lines_per_s_tag - 1 > 4094 or first_c_tag < 1:
        raise ValueError("C-tags %d..%d do not fit 1..4094" % (first_c_tag, first_c_tag + lines_per_s_tag - 1))
    last_s_tag = first_s_tag + (count - 1) // lines_per_s_tag
    if first_s_tag < 1 or last_s_tag > 4094:
        raise ValueError("S-tags %d..%d do not fit 1..4094" % (first_s_tag, last_s_tag))
    return [(i, first_s_tag + i // lines_per_s_tag, first_c_tag + i % lines_per_s_tag,
             bytes([0x02, 0x5F, 0, 0, i >> 8, i & 0xFF]), "gen%d@sixflow" % i, "gen-%d" % i,
             struct.pack("!HHI", 0x5F, 0, i + 1))
            for i in range(count)]


def percentile(values, q):
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q / 100.0 * (len(ordered) - 1))))]


def rss_kb(field="VmHWM"):
    with open("/proc/self/status") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1])
    return None


class Wire:
    """A raw socket on one interface. The kernel takes the outermost VLAN tag off a received
    frame before packet sockets see it; it comes back from PACKET_AUXDATA and is put in again."""

    def __init__(self, ifname):
        self.sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 8 << 20)
        self.sock.setsockopt(SOL_PACKET, PACKET_AUXDATA, 1)
        self.sock.bind((ifname, 0))
        self.sock.setblocking(False)
        self.sent = self.received = 0

    def send(self, frame):
        self.sock.send(frame)
        self.sent += 1

    def frames(self):
        """Every frame waiting now, as bytes with its tags in place."""
        while True:
            try:
                data, ancillary, _, address = self.sock.recvmsg(2048, socket.CMSG_SPACE(AUXDATA.size))
            except BlockingIOError:
                return
            if address[2] == PACKET_OUTGOING:
                continue
            for level, kind, value in ancillary:
                if level == SOL_PACKET and kind == PACKET_AUXDATA and len(value) >= AUXDATA.size:
                    status, _, _, _, _, tci, tpid = AUXDATA.unpack_from(value)
                    if status & TP_STATUS_VLAN_VALID:
                        tpid = tpid if status & TP_STATUS_VLAN_TPID_VALID else ETH_P_8021Q
                        data = data[:12] + struct.pack("!HH", tpid, tci) + data[12:]
            self.received += 1
            yield data


def line_of(frame):
    """(destination MAC, source MAC, S-tag, C-tag, ethertype, payload) of a double-tagged PPPoE
    frame, or None for any other."""
    if len(frame) < 28:
        return None
    outer, s_tci, inner, c_tci, ethertype = struct.unpack_from("!HHHHH", frame, 12)
    if outer != ETH_P_8021AD or inner != ETH_P_8021Q or ethertype not in (ETH_P_PPPOE_DISC, ETH_P_PPPOE_SESS):
        return None
    return frame[0:6], frame[6:12], s_tci & 0x0FFF, c_tci & 0x0FFF, ethertype, frame[22:]


class Generator:
    def __init__(self, wire, subscribers, window, ping6=None, ping4=None, rto=3.0, tries=10, out=sys.stdout):
        self.wire, self.window, self.out = wire, window, out
        self.clock = time.monotonic
        self.sessions = [ClientSession(mac, s, c, user, password, iid, wire.send, self.clock,
                                       ping6=ping6, ping4=ping4, rto=rto, tries=tries)
                         for _, s, c, mac, user, password, iid in subscribers]
        self.by_mac = {s.mac: s for s in self.sessions}
        self.pending = list(reversed(self.sessions))
        self.started = None
        self.stop_asked = False
        self.last_progress = 0

    def emit(self, **record):
        self.out.write(json.dumps(record) + "\n")
        self.out.flush()

    def setting_up(self):
        return sum(1 for s in self.sessions if s.state in ("discovery", "requesting", "lcp", "auth", "network"))

    def pump(self, until):
        """Frames in, timers, new set-ups within the window, until `until()` or stop is asked."""
        while not until() and not self.stop_asked:
            while self.pending and self.setting_up() < self.window:
                self.pending.pop().start()
            now = self.clock()
            dues = [d for d in (s.due() for s in self.sessions) if d is not None]
            wait = max(0.0, min(min(dues, default=now + 0.2), now + 0.2) - now)
            try:
                ready, _, _ = select.select([self.wire.sock], [], [], wait)
            except InterruptedError:
                continue
            if ready:
                for frame in self.wire.frames():
                    parsed = line_of(frame)
                    if parsed is None:
                        continue
                    dst, src, s_tag, c_tag, ethertype, payload = parsed
                    session = self.by_mac.get(dst)
                    if session is None and dst == b"\xff" * 6:
                        continue
                    if session is not None and (session.s_tag, session.c_tag) == (s_tag, c_tag):
                        session.receive(src, ethertype, payload)
            now = self.clock()
            for s in self.sessions:
                d = s.due()
                if d is not None and d <= now:
                    s.tick()
            if now - self.last_progress >= 1.0:
                self.last_progress = now
                self.emit(progress=self.counts(), t=round(now - self.started, 3))

    def counts(self):
        counts = {}
        for s in self.sessions:
            counts[s.state] = counts.get(s.state, 0) + 1
        counts["ping6"] = sum(1 for s in self.sessions if "ping6" in s.times)
        counts["ping4"] = sum(1 for s in self.sessions if "ping4" in s.times)
        return counts

    def data_done(self, s):
        wants6, wants4 = s.ping6 is not None, s.ping4 is not None
        gave_up = bool(s.data_failures)
        return (not s.going or s.state == "up" and (not wants6 or "ping6" in s.times or gave_up)
                and (not wants4 or "ping4" in s.times or gave_up))

    def run(self, hold, timeout):
        self.started = self.clock()
        deadline = self.started + timeout
        self.pump(lambda: self.clock() > deadline or not self.pending and all(self.data_done(s) for s in self.sessions))
        set_up = self.clock() - self.started
        up_before_hold = [s for s in self.sessions if s.state == "up"]
        self.emit(phase="holding", up=len(up_before_hold), t=round(set_up, 3), at=time.time())
        hold_end = self.clock() + hold
        self.pump(lambda: self.clock() > hold_end)
        held = [s for s in up_before_hold if s.state == "up"]
        self.stop_asked = False
        self.emit(phase="stopping", held=len(held), at=time.time())
        stop_start = self.clock()
        for s in self.sessions:
            s.stop()
        self.pump(lambda: all(not s.going for s in self.sessions) or self.clock() > stop_start + 30)
        # A server's Terminate-Ack after our PADT is listened for LATE_ACK_WAIT seconds more.
        ended = self.clock()
        self.pump(lambda: all(s.terminate_acked or "terminate_ack_late" in s.times
                              for s in held if s.terminate_requests)
                  or self.clock() > ended + LATE_ACK_WAIT)
        return self.summary(set_up, held, ended - stop_start)

    def summary(self, set_up, held, stop_seconds):
        milestones = {}
        for name in MILESTONES:
            spans = [s.times[name] - s.times["padi"] for s in self.sessions if name in s.times and "padi" in s.times]
            if spans:
                milestones[name] = {"n": len(spans), "p50": round(percentile(spans, 50), 4),
                                    "p99": round(percentile(spans, 99), 4), "max": round(max(spans), 4)}
        up_times = [s.times["up"] for s in self.sessions if "up" in s.times]
        failures, lines = {}, []
        for s in self.sessions:
            whys = ([s.why] if s.state == "failed" or s.why and s.why != "stopped" else []) + s.data_failures
            for why in whys:
                failures[why] = failures.get(why, 0) + 1
            if whys:
                lines.append({"sTag": s.s_tag, "cTag": s.c_tag, "sessionId": s.session_id,
                              "ipv4": str(s.ipv4) if s.ipv4 else None, "ipv6": str(s.ipv6) if s.ipv6 else None,
                              "why": whys})
        span = (max(up_times) - self.started) if up_times else None
        late = [s.times["terminate_ack_late"] - s.times["terminate"] for s in held
                if "terminate_ack_late" in s.times]
        return {"sessions": len(self.sessions), "window": self.window, "up": len(up_times),
                "setupSeconds": round(span, 3) if span else None,
                "sessionsPerSecond": round(len(up_times) / span, 2) if span else None,
                "untilDataSeconds": round(set_up, 3), "milestones": milestones,
                "held": len(held), "lost": len(up_times) - len(held),
                "echoesAnswered": sum(s.echoes_answered for s in self.sessions),
                "stopSeconds": round(stop_seconds, 3),
                # How the stopped sessions ended: the server acked the Terminate-Request, or
                # answered neither it nor the one sent again (PADT sent all the same); of
                # those, how many the server acked after the PADT, and when (from the first
                # Terminate-Request).
                "endedAcked": sum(1 for s in held if s.terminate_acked),
                "endedUnacked": sum(1 for s in held if s.terminate_requests and not s.terminate_acked),
                "unackedAckedLate": len(late),
                "lateAckSeconds": ({"p50": round(percentile(late, 50), 3), "max": round(max(late), 3)}
                                   if late else None),
                "failures": failures, "failedLines": lines[:20],
                "framesSent": self.wire.sent, "framesReceived": self.wire.received,
                "peakRssKb": rss_kb("VmHWM"), "maxRssKb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss}


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ifname", required=True)
    p.add_argument("--count", type=int, default=1000)
    p.add_argument("--first-s-tag", type=int, default=200)
    p.add_argument("--lines-per-s-tag", type=int, default=64)
    p.add_argument("--first-c-tag", type=int, default=1)
    p.add_argument("--window", type=int, default=32, help="set-ups under way at once (default 32)")
    p.add_argument("--ping6", help="an IPv6 address each session pings once up")
    p.add_argument("--ping4", help="an IPv4 address each session pings once up")
    p.add_argument("--hold", type=float, default=60.0, help="seconds to hold the sessions (default 60)")
    p.add_argument("--timeout", type=float, default=900.0, help="seconds for every set-up (default 900)")
    p.add_argument("--rto", type=float, default=3.0, help="seconds before a request is sent again")
    p.add_argument("--tries", type=int, default=10)
    args = p.parse_args(argv)
    try:
        subscribers = plan(args.count, args.first_s_tag, args.lines_per_s_tag, args.first_c_tag)
        if args.window < 1:
            raise ValueError("--window is at least 1")
    except ValueError as e:
        print("generator: %s" % e, file=sys.stderr)
        return 2
    if os.geteuid() != 0:
        print("generator: needs root (raw sockets)", file=sys.stderr)
        return 2
    generator = Generator(Wire(args.ifname), subscribers, args.window, args.ping6, args.ping4, args.rto, args.tries)

    def stop(*_):
        generator.stop_asked = True
    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    summary = generator.run(args.hold, args.timeout)
    generator.emit(summary=summary)
    return 0 if summary["up"] == summary["sessions"] else 1


if __name__ == "__main__":
    sys.exit(main())
