# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""cpu_idle.py: holds the PM QoS request where the kernel offers it and says so; where it cannot,
says that the figures include the CPUs' wake-ups and lets the bench go on."""

import os
import signal
import subprocess
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))

import cpu_idle  # noqa: E402

SCRIPT = os.path.join(here, "..", "cpu_idle.py")


def test_without_the_device_the_run_goes_on_and_says_so(tmp_path, monkeypatch, capsys):
    monkeypatch.setattr(cpu_idle, "DEVICE", str(tmp_path / "no-such-device"))
    assert cpu_idle.hold() == 0
    said = capsys.readouterr().out
    assert "the kernel's own" in said and "include" in said


def test_a_wrong_command_is_refused():
    assert subprocess.run([sys.executable, SCRIPT, "nonsense"], capture_output=True).returncode == 2


def test_held_until_stopped_where_the_kernel_offers_it():
    """Where /dev/cpu_dma_latency is writable (root), the request is held until SIGTERM; elsewhere
    the process says why and ends at once."""
    process = subprocess.Popen([sys.executable, SCRIPT, "hold"], stdout=subprocess.PIPE, text=True)
    first = process.stdout.readline()
    if "held at 0" in first:
        time.sleep(0.2)
        assert process.poll() is None, "the request must be held until the bench stops it"
        process.send_signal(signal.SIGTERM)
        assert process.wait(10) == 0
    else:
        assert "the kernel's own" in first
        assert process.wait(10) == 0
