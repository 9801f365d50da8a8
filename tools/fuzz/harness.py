# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Starts app/'s DashboardHarness (the real REST resources and managers over the simulated lab,
with a throwaway PostgreSQL) the way web/e2e/harness.mjs does, and stops it by closing its input."""
import os
import re
import subprocess
import threading
import time

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _jvm_flags():
    with open(os.path.join(TOP, 'pom.xml'), encoding='utf-8') as pom:
        found = re.search(r'<argLine>([^<]*)</argLine>', pom.read())
    return found.group(1).split() if found else []


class Harness:
    """The harness process; `url` is its root (the REST API is under onos/sixflow/v1/)."""

    def __init__(self, dashboard):
        app = os.path.join(TOP, 'app')
        classpath_file = os.path.join(app, 'target', 'e2e.classpath')
        if not os.path.exists(classpath_file):
            raise SystemExit(f'{classpath_file} is missing: run `make fuzz`, which builds it')
        with open(classpath_file, encoding='utf-8') as f:
            classpath = ':'.join(['target/classes', 'target/test-classes', f.read().strip()])
        self.stderr = []
        self.process = subprocess.Popen(
            ['java', *_jvm_flags(), '-cp', classpath, 'org.sixflow.app.e2e.DashboardHarness', dashboard],
            cwd=app, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        threading.Thread(target=self._drain, daemon=True).start()
        deadline = time.monotonic() + 180
        self.url = None
        while time.monotonic() < deadline:
            line = self.process.stdout.readline()
            if not line:
                raise SystemExit('the harness ended before it was ready:\n' + ''.join(self.stderr)[-4000:])
            found = re.match(r'^DASHBOARD_URL=(\S+)', line)
            if found:
                self.url = found.group(1)
                threading.Thread(target=self._discard_stdout, daemon=True).start()
                return
        self.stop()
        raise SystemExit('the harness did not start within 180 s')

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
