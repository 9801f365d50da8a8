# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Starts the demo (lab/demo/run.sh: Sixflow's real components on the simulated ONOS of lab/sim,
with a throwaway PostgreSQL) the way web/e2e/harness.mjs does, and stops it by closing its input."""
import os
import re
import subprocess
import threading
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class Harness:
    """The harness process; `url` is its root (the REST API is under onos/sixflow/v1/)."""

    def __init__(self, dashboard):
        classpath_file = os.path.join(TOP, 'lab', 'demo', 'target', 'demo.classpath')
        if not os.path.exists(classpath_file):
            raise SystemExit(f'{classpath_file} is missing: run `make fuzz`, which builds the demo')
        self.stderr = []
        self.process = subprocess.Popen(
            [os.path.join(TOP, 'lab', 'demo', 'run.sh'), dashboard],
            cwd=TOP, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        threading.Thread(target=self._drain, daemon=True).start()
        deadline = time.monotonic() + 180
        self.url = None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit('the demo ended before it was ready:\n' + ''.join(self.stderr)[-4000:])
            found = re.match(r'^DASHBOARD_URL=(\S+)', line)
            if found:
                self.url = found.group(1)
                threading.Thread(target=self._discard_stdout, daemon=True).start()
                return
        self.stop()
        raise SystemExit('the demo did not start within 180 s')

    def _drain(self):
        for line in self.process.stderr:
            self.stderr.append(line)
            del self.stderr[:-2000]

    def _discard_stdout(self):
        for _ in self.process.stdout:
            pass

    def stop(self):
        if self.process.poll() is None:
            self.process.stdin.close()
            try:
                self.process.wait(30)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        return self.process.returncode
