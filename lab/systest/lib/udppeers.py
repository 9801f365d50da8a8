# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Real UDP endpoints in a lab host's namespace (lab/net/udptools.py, the host's own Linux stack):
a listener that records what the kernel delivers, and a GTP-U peer that answers Echo Requests.
Each is a context manager; what it recorded is in .datagrams once it has ended, and so_far()
reads it while it runs."""

import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

UDPTOOLS = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "..", "net", "udptools.py"))


class _HostUdp:
    """udptools.py COMMAND ARGS in a host's namespace, started and ready (its ready file written)."""

    def __init__(self, host, command, args, prefix):
        self.dir = tempfile.mkdtemp(prefix=prefix)
        self.out, ready = os.path.join(self.dir, "out.jsonl"), os.path.join(self.dir, "ready")
        self.process = subprocess.Popen(["ip", "netns", "exec", host.netns, sys.executable, UDPTOOLS, command,
                                         "--out", self.out, "--ready", ready] + args,
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        deadline = time.monotonic() + 10
        while not os.path.exists(ready):
            if self.process.poll() is not None or time.monotonic() > deadline:
                self.process.kill()
                raise RuntimeError("%s on %s did not start: %s" % (command, host.name, self.process.stderr.read()))
            time.sleep(0.02)
        self.datagrams = []

    def so_far(self):
        """The datagrams recorded until now, in the order they came."""
        try:
            with open(self.out) as f:
                return [json.loads(line) for line in f if line.endswith("\n")]
        except FileNotFoundError:
            return []

    def stop(self):
        """Ends it before its duration (what it recorded is kept)."""
        if self.process.poll() is None:
            self.process.terminate()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()
        return False

    def close(self):
        """Waits for it to end, keeps what it recorded in .datagrams and removes its files."""
        _, err = self.process.communicate(timeout=60)
        stopped = self.process.returncode == -15
        try:
            if self.process.returncode != 0 and not stopped:
                raise RuntimeError("udptools failed: " + err)
            self.datagrams = self.so_far()
        finally:
            shutil.rmtree(self.dir, ignore_errors=True)


class KernelListener(_HostUdp):
    """udptools.py listen in a host: the datagrams its Linux stack delivers to a UDP socket."""

    def __init__(self, lab, host, port, duration, accept_zero_checksum=False):
        super().__init__(host, "listen", ["--port", str(port), "--duration", str(duration)]
                         + (["--accept-zero-checksum"] if accept_zero_checksum else []), "sixflow-udp-")


class EchoPeer(_HostUdp):
    """udptools.py echo-peer in a host: a GTP-U peer answering Echo Requests for a while (each request
    recorded with the time it came, "t", seconds since the epoch)."""

    def __init__(self, lab, host, duration):
        super().__init__(host, "echo-peer", ["--duration", str(duration)], "sixflow-echo-")
