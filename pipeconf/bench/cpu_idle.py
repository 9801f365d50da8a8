#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Keeps the CPUs out of their idle states while the latency bench runs: holds the kernel's PM QoS
request for a CPU wake-up latency of 0 µs (/dev/cpu_dma_latency, as cyclictest and tuned's
latency-performance profile do) until it is stopped, then lets the kernel go back to its own.

Why: a packet every millisecond finds the switch's threads asleep, and each hand-over between
them (receive, ingress, egress, transmit) then waits for a CPU to leave its idle state. On a
virtual machine that is a halt exit through the hypervisor, about 100 µs of every packet's
wire-to-wire time and most of its variation, the same for any P4 program, which hid what the
programs cost. Held at 0, an idle CPU polls (the cpuidle driver's POLL state) instead of halting.

    cpu_idle.py hold      prints what it did, then holds the request until SIGTERM/SIGINT
"""
import os
import signal
import struct
import sys

DEVICE = "/dev/cpu_dma_latency"


def states():
    """The idle states of CPU 0 (name, exit latency µs), where the kernel lists them."""
    base = "/sys/devices/system/cpu/cpu0/cpuidle"
    found = []
    try:
        for state in sorted(os.listdir(base)):
            with open(os.path.join(base, state, "name")) as f, open(os.path.join(base, state, "latency")) as g:
                found.append(f"{f.read().strip()} ({g.read().strip()} µs)")
    except OSError:
        pass
    return found


def hold():
    try:
        fd = os.open(DEVICE, os.O_WRONLY)
        os.write(fd, struct.pack("i", 0))
    except OSError as e:
        print(f"cpu idle: the kernel's own (cannot hold {DEVICE}: {e.strerror}); the figures include "
              "the CPUs' wake-up from idle", flush=True)
        return 0
    listed = ", ".join(states()) or "not listed"
    print(f"cpu idle: held at 0 µs wake-up latency ({DEVICE}) for the run: idle CPUs poll instead of "
          f"halting (idle states: {listed})", flush=True)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(0))
    try:
        while True:
            signal.pause()
    except KeyboardInterrupt:
        pass
    finally:
        os.close(fd)   # closing the request gives the kernel its own choice back
    return 0


if __name__ == "__main__":
    if sys.argv[1:] != ["hold"]:
        print(__doc__.strip().splitlines()[-1].strip(), file=sys.stderr)
        sys.exit(2)
    sys.exit(hold())
