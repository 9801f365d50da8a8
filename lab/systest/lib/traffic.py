# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Traffic between the lab's hosts for the system tests: captures started on hosts before a send,
sends of numbered IPv6/UDP packets (lab/net/hosttools.py inside the host namespaces), and the
frames each host received."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "net"))
import hosttools  # noqa: E402  (lab/net, stdlib only)

HOSTTOOLS = os.path.abspath(hosttools.__file__)


def multicast_mac(group):
    """33:33 and the group's low 32 bits (RFC 2464)."""
    import ipaddress
    low = ipaddress.IPv6Address(group).packed[12:]
    return "33:33:" + ":".join("%02x" % b for b in low)


class Capture:
    """Sniffs on several hosts at once; use as a context manager around the traffic."""

    def __init__(self, lab, hosts, duration=5.0):
        self.lab = lab
        self.hosts = list(hosts)
        self.duration = duration
        self.dir = tempfile.mkdtemp(prefix="sixflow-capture-")
        self.processes = {}
        self.frames = {}
        self.drops = {}

    def __enter__(self):
        for host in self.hosts:
            out = os.path.join(self.dir, host.name + ".jsonl")
            ready = os.path.join(self.dir, host.name + ".ready")
            self.processes[host.name] = subprocess.Popen(
                ["ip", "netns", "exec", host.netns, sys.executable, HOSTTOOLS, "sniff", "--iface", host.ifname,
                 "--out", out, "--duration", str(self.duration), "--ready", ready],
                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 10
        for host in self.hosts:
            ready = os.path.join(self.dir, host.name + ".ready")
            while not os.path.exists(ready):
                if time.monotonic() > deadline:
                    raise RuntimeError("capture on %s did not start: %s" % (host.name,
                                       self.processes[host.name].stderr.read() if self.processes[host.name].poll()
                                       is not None else "still starting"))
                time.sleep(0.02)
        return self

    def __exit__(self, *exc):
        for name, process in self.processes.items():
            out, err = process.communicate(timeout=self.duration + 30)
            if process.returncode != 0:
                raise RuntimeError("capture on %s failed: %s" % (name, err))
            self.drops[name] = json.loads(out.strip().splitlines()[-1]).get("dropped", 0)
            self.frames[name] = hosttools.read_capture(os.path.join(self.dir, name + ".jsonl"))
        shutil.rmtree(self.dir, ignore_errors=True)
        return False

    def dropped(self, host):
        """Frames the capture itself dropped at a host (its process fell behind), not the network."""
        return self.drops.get(host.name, 0)

    def flow(self, host, flow):
        """The frames a host received that carry the given flow id, in arrival order."""
        return [frame for _, frame in self.timed(host, flow)]

    def timed(self, host, flow):
        """(receive time ns, frame) of the frames of a flow a host received, in arrival order."""
        return [(t, f) for t, f in self.frames[host.name] if (hosttools.sequence_of(f) or (None,))[0] == flow]


def send(lab, host, dst, count=3, rate=100.0, flow=1, dst_mac=None, dport=5004, size=None, background=False,
         realtime=0):
    """Sends numbered packets from a host; returns the summary (or the process when in background).
    realtime: a SCHED_FIFO priority for the sender (0: the normal scheduler), so that a busy machine
    does not hold its pacing back and release the packets in bursts."""
    command = ["ip", "netns", "exec", host.netns, sys.executable, HOSTTOOLS, "send", "--iface", host.ifname,
               "--dst", dst, "--count", str(count), "--rate", str(rate), "--flow", str(flow), "--dport", str(dport)]
    if realtime:
        command = ["chrt", "-f", str(realtime)] + command
    if dst_mac:
        command += ["--dst-mac", dst_mac]
    if size:
        command += ["--size", str(size)]
    if background:
        return subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    done = subprocess.run(command, capture_output=True, text=True, timeout=count / rate + 60)
    if done.returncode != 0:
        raise RuntimeError("send from %s failed: %s" % (host.name, done.stderr))
    return json.loads(done.stdout.strip().splitlines()[-1])


def frame_sent(host, dst, dst_mac, flow, seq, sent_ns, dport=5004, size=None):
    """The exact frame hosttools sent for one sequence number (its payload carries the send time)."""
    return hosttools.udp_frame(host.mac, dst_mac, host.ipv6, dst, 40000, dport,
                               hosttools.payload(flow, seq, sent_ns, size or hosttools.PAYLOAD.size))


def gaps(capture, host, flow, count):
    """The missing sequence ranges, each with the UTC send time of the packet before it (to
    match against the lab's log) and the one-way delays of the packets either side (a queue
    that overflowed delivers those before the gap late; missing state does not)."""
    sent, delay = {}, {}
    for received_ns, frame in capture.timed(host, flow):
        _, seq, sent_ns = hosttools.sequence_of(frame)
        sent[seq] = sent_ns
        delay[seq] = (received_ns - sent_ns) / 1e6
    ranges, seq = [], 0
    while seq < count:
        if seq in sent:
            seq += 1
            continue
        end = seq
        while end + 1 < count and end + 1 not in sent:
            end += 1
        before = sent.get(seq - 1)
        at = time.strftime("%H:%M:%S", time.gmtime(before / 1e9)) + ".%03d" % (before // 1_000_000 % 1000) \
            if before else "start"
        around = " (delays %s / %s ms)" % (
            "%.1f" % delay[seq - 1] if seq - 1 in delay else "-",
            "%.1f" % delay[end + 1] if end + 1 in delay else "-") if before else ""
        ranges.append("%d-%d after %s%s" % (seq, end, at, around))
        seq = end + 1
    worst = max(delay.values()) if delay else 0.0
    return "missing %s; longest delay %.1f ms" % (", ".join(ranges) or "none", worst)
