# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""A throwaway PostgreSQL on a free loopback port, for a lab run: initdb into the run's folder,
pg_ctl start, and stop (the folder goes with the run). As root the server runs as user postgres,
which PostgreSQL insists on."""
import glob
import os
import shutil
import subprocess
import tempfile

from ports import free_port


def _bindir():
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    if initdb:
        return os.path.dirname(initdb)
    raise RuntimeError("PostgreSQL's initdb is not installed (Debian: apt install postgresql)")


class Postgres:
    """By default the server's folder is a temporary folder of its own (not the run's): as root the
    server runs as user postgres, which must reach it, and a run folder from mktemp is root's alone.
    A caller that names a folder (so that another process can stop it) makes sure it is reachable."""

    def __init__(self, base=None, port=None):
        self.base = os.path.abspath(base) if base else tempfile.mkdtemp(prefix="sixflow-pg-")
        self.data = os.path.join(self.base, "data")
        self.port = port or free_port()
        self.bindir = _bindir()

    def _run(self, *args):
        cmd = [os.path.join(self.bindir, args[0])] + list(args[1:])
        if os.geteuid() == 0:
            cmd = ["runuser", "-u", "postgres", "--"] + cmd
        subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self):
        os.makedirs(self.base, exist_ok=True)
        if os.geteuid() == 0:
            shutil.chown(self.base, "postgres", "postgres")
        self._run("initdb", "-D", self.data, "-U", "postgres", "--auth=trust", "-E", "UTF8")
        self._run("pg_ctl", "-D", self.data, "-w", "-t", "60", "-l", os.path.join(self.base, "server.log"),
                  "-o", f"-h 127.0.0.1 -p {self.port} -k {self.base}", "start")
        return self

    def stop(self):
        if os.path.exists(os.path.join(self.data, "postmaster.pid")):
            self._run("pg_ctl", "-D", self.data, "-w", "-m", "fast", "stop")
        shutil.rmtree(self.base, ignore_errors=True)

    @property
    def jdbc_url(self):
        return f"jdbc:postgresql://127.0.0.1:{self.port}/postgres"
