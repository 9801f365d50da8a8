# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Wire-to-wire latency taken by the host side, the same for every program.

Frames leave the test host on host1; a packet socket on the switch's side of that link (sw1)
sees each one arrive at the switch's port, and packet sockets on the other hosts' links see what
the switch sends. Both ends are kernel receive timestamps (SO_TIMESTAMPNS, one clock), so the
difference is the switch from port to port: bmv2's packet I/O, queues and pipeline, and neither
Python's nor the scheduler's delays in sending or reading. Each frame ends with a 12-octet marker
(magic, sequence number, its complement: the pair adds a constant to the one's complement sum,
so the UDP checksum of the template stays valid) that matches the copies to their original."""

import gc
import random
import select
import socket
import struct
import time

ETH_P_ALL = 0x0003
SOL_PACKET = 263
PACKET_STATISTICS = 6
PACKET_OUTGOING = 4
# Linux socket options (asm-generic/socket.h) Python's socket module does not name.
SO_TIMESTAMPNS = 35
SCM_TIMESTAMPNS = SO_TIMESTAMPNS
SO_RCVBUFFORCE = 33

MAGIC = b"SXbn"
MARKER_BYTES = 12
RECEIVE_BUFFER = 64 << 20


def marker(seq):
    """The 12 octets that end a frame of sequence number seq."""
    return MAGIC + struct.pack("!II", seq, ~seq & 0xFFFFFFFF)


def marked(template, seq):
    """The template frame (which ends with a marker: its checksums count one) with the marker of
    sequence number seq instead."""
    return template[:-MARKER_BYTES] + marker(seq)


def marker_of(frame):
    """The sequence number of a marked frame, or None."""
    if len(frame) < MARKER_BYTES or frame[-MARKER_BYTES:-8] != MAGIC:
        return None
    seq, check = struct.unpack("!II", frame[-8:])
    return seq if check == ~seq & 0xFFFFFFFF else None


def round_orders(templates, seed=None):
    """The order the templates are sent in, round after round: each round a permutation of
    range(templates) drawn from random.Random(seed), or, with seed None, always 0, 1, ... (fixed).
    Why shuffle: with a fixed order each class keeps its place in the round, hence its phase
    against whatever the host does periodically; that phase drifts over seconds, and a class
    sent 1 ms after another saw the host differently from it (in one run the median difference
    between such pairs went from -10 to +28 µs between 4-second stretches, 5.5 to 11.2 shuffled).
    Drawn anew each round, every class samples every place alike."""
    order = list(range(templates))
    rng = None if seed is None else random.Random(seed)
    while True:
        if rng is not None:
            rng.shuffle(order)
        yield list(order)


class TimestampedSocket:
    """A packet socket on one interface that returns frames with their kernel receive time (µs,
    float) and ignores what the interface sends."""

    def __init__(self, ifname):
        self.ifname = ifname
        self.sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(ETH_P_ALL))
        self.sock.setsockopt(socket.SOL_SOCKET, SO_RCVBUFFORCE, RECEIVE_BUFFER)
        self.sock.setsockopt(socket.SOL_SOCKET, SO_TIMESTAMPNS, 1)
        self.sock.bind((ifname, 0))
        self.sock.setblocking(False)

    def fileno(self):
        return self.sock.fileno()

    def read_all(self):
        """Every frame waiting now, as (frame, time_us)."""
        out = []
        while True:
            try:
                data, ancdata, _, address = self.sock.recvmsg(4096, 64)
            except BlockingIOError:
                return out
            if address[2] == PACKET_OUTGOING:
                continue
            stamp = None
            for level, kind, value in ancdata:
                if level == socket.SOL_SOCKET and kind == SCM_TIMESTAMPNS:
                    sec, nsec = struct.unpack("qq", value[:16])
                    stamp = sec * 1e6 + nsec / 1e3
            if stamp is None:
                raise RuntimeError(f"no kernel timestamp on a frame from {self.ifname}")
            out.append((data, stamp))

    def drops(self):
        """Frames the kernel dropped for this socket (its buffer was full): the measurement, not
        the switch, fell behind. Reading the statistics resets them."""
        raw = self.sock.getsockopt(SOL_PACKET, PACKET_STATISTICS, 8)
        return struct.unpack("II", raw)[1]

    def close(self):
        self.sock.close()


class Capture:
    """Sends marked frames on host1 at a pace and collects, per sequence number, the time it
    reached the switch and, per port, the time of what came out and digest(frame) (None without
    a digest: a long run keeps no frames)."""

    def __init__(self, out_ports, digest=None, tx_ifname="host1", tap_ifname="sw1"):
        self.digest = digest
        self.tx = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
        self.tx.bind((tx_ifname, 0))
        self.tap = TimestampedSocket(tap_ifname)
        self.receivers = {port: TimestampedSocket(f"host{port}") for port in out_ports}
        self.arrived = {}        # seq -> µs at the switch's port
        self.left = {}           # (seq, port) -> (µs at the host, digest of the frame)
        self.strays = 0          # frames without a marker (none are expected)
        self.late_sends = 0      # times the sender fell more than an interval behind its pace
        self.template_of = []    # seq -> index of the template it was sent from

    def _drain(self, timeout):
        readable, _, _ = select.select([self.tap, *self.receivers.values()], [], [], max(0.0, timeout))
        for sock in readable:
            for frame, stamp in sock.read_all():
                seq = marker_of(frame)
                if seq is None:
                    self.strays += 1
                elif sock is self.tap:
                    self.arrived[seq] = stamp
                else:
                    port = next(p for p, s in self.receivers.items() if s is sock)
                    self.left[(seq, port)] = (stamp, self.digest(frame) if self.digest else None)

    def run(self, templates, count, interval_s, expected_copies, settle_s=2.0, seed=None):
        """Sends count rounds of the templates (one frame each, interval_s apart, sequence numbers
        0, 1, ... in send order; each round in the order round_orders(seed) gives, template_of
        says which), then waits until every expected copy (expected_copies(template index) ->
        number of copies) came out or nothing came for settle_s."""
        # Python's cyclic collector, run when the series' dicts have grown enough, stalled the
        # sender for about 200 ms once per run (at a fixed sequence number per program), and the
        # frames it then sent to catch up arrived as one burst the switch partly dropped: the
        # loss the bench took for a queue. The series hold no cycles: collect after the run.
        collecting = gc.isenabled()
        gc.disable()
        try:
            next_send = time.monotonic()
            seq = 0
            orders = round_orders(len(templates), seed)
            for _ in range(count):
                for index in next(orders):
                    self.tx.send(marked(templates[index], seq))
                    self.template_of.append(index)
                    seq += 1
                    next_send += interval_s
                    while True:
                        remaining = next_send - time.monotonic()
                        self._drain(remaining)
                        if remaining <= 0:
                            break
                    if remaining < -interval_s:
                        # Fell behind (the host stalled the sender): go on from now rather than
                        # send the missed frames back to back, which would measure a burst.
                        self.late_sends += 1
                        next_send = time.monotonic()
        finally:
            if collecting:
                gc.enable()
        expected = sum(expected_copies(index) for index in self.template_of)
        quiet_since = time.monotonic()
        while len(self.left) < expected or len(self.arrived) < seq:
            before = len(self.left) + len(self.arrived)
            self._drain(0.1)
            if len(self.left) + len(self.arrived) != before:
                quiet_since = time.monotonic()
            elif time.monotonic() - quiet_since > settle_s:
                break
        return seq

    def receiver_drops(self):
        return sum(s.drops() for s in (self.tap, *self.receivers.values()))

    def close(self):
        self.tx.close()
        for sock in (self.tap, *self.receivers.values()):
            sock.close()
