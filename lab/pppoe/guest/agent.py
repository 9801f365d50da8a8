#!/usr/bin/python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The PPPoE VM's agent, started by sixflow-init: the host's way in (lab/pppoe/vm.py).

One JSON object a line each way over the virtio-serial port named "sixflow.agent". Requests are
handled one after another; each answer carries the request's "id" and either "error" or the op's
result. Ops:
  hello                               -> uptime (s), memory (kB from /proc/meminfo)
  run    argv|sh [timeout] [input]    -> rc, out, err, secs, timedOut (the whole process group is
                                         killed at the timeout)
  spawn  argv|sh [log]                -> pid (own session, output to log, /dev/null without one)
  status pid                          -> running, rc (None while running; -N for signal N)
  signal pid [sig]                    -> sent (signal to the process group; SIGTERM by default)
  write  path data [mode]             -> written bytes (parent folders made)
  read   path                         -> data
  poweroff                            -> the VM powers off after answering
Standard library only.
"""

import json
import os
import select
import signal
import subprocess
import sys
import time

PORT_NAME = "sixflow.agent"
spawned = {}   # pid -> exit status (None while running) of processes started by spawn


def port_path():
    """The /dev node of the virtio-serial port named PORT_NAME (no udev here to make a symlink)."""
    for _ in range(200):
        base = "/sys/class/virtio-ports"
        for port in sorted(os.listdir(base)) if os.path.isdir(base) else []:
            try:
                with open(os.path.join(base, port, "name")) as f:
                    if f.read().strip() == PORT_NAME:
                        return "/dev/" + port
            except OSError:
                pass
        time.sleep(0.05)
    raise SystemExit("agent: no virtio-serial port named " + PORT_NAME)


def argv_of(req):
    if "argv" in req:
        return [str(a) for a in req["argv"]]
    if "sh" in req:
        return ["/bin/sh", "-c", req["sh"]]
    raise ValueError("give argv or sh")


def reap():
    """Collects exited children and records the status of spawned ones."""
    while True:
        try:
            pid, status = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return
        if pid in spawned:
            spawned[pid] = os.waitstatus_to_exitcode(status)


def op_hello(req):
    mem = {}
    with open("/proc/meminfo") as f:
        for line in f:
            key, value = line.split(":")
            mem[key] = int(value.split()[0])
    with open("/proc/uptime") as f:
        uptime = float(f.read().split()[0])
    return {"uptime": uptime, "memTotalKb": mem["MemTotal"], "memAvailableKb": mem["MemAvailable"],
            "kernel": os.uname().release}


def op_run(req):
    started = time.monotonic()
    data = req.get("input")
    proc = subprocess.Popen(argv_of(req), stdin=subprocess.PIPE if data is not None else subprocess.DEVNULL,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)
    timed_out = False
    try:
        out, err = proc.communicate(data.encode() if data is not None else None,
                                    timeout=req.get("timeout", 60))
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
    return {"rc": proc.returncode, "out": out.decode(errors="replace"),
            "err": err.decode(errors="replace"), "secs": round(time.monotonic() - started, 3),
            "timedOut": timed_out}


def op_spawn(req):
    log = req.get("log") or "/dev/null"
    actions = [(os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0),
               (os.POSIX_SPAWN_OPEN, 1, log, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o644),
               (os.POSIX_SPAWN_DUP2, 1, 2)]
    argv = argv_of(req)
    pid = os.posix_spawnp(argv[0], argv, dict(os.environ), file_actions=actions, setsid=True)
    spawned[pid] = None
    return {"pid": pid}


def op_status(req):
    reap()
    pid = int(req["pid"])
    if pid not in spawned:
        raise ValueError("pid %d was not spawned here" % pid)
    return {"running": spawned[pid] is None, "rc": spawned[pid]}


def op_signal(req):
    pid = int(req["pid"])
    if pid not in spawned:
        raise ValueError("pid %d was not spawned here" % pid)
    try:
        os.killpg(pid, int(req.get("sig", signal.SIGTERM)))
        return {"sent": True}
    except ProcessLookupError:
        return {"sent": False}


def op_write(req):
    path = req["path"]
    os.makedirs(os.path.dirname(path) or "/", exist_ok=True)
    data = req["data"].encode()
    with open(path, "wb") as f:
        f.write(data)
    os.chmod(path, int(req.get("mode", 0o644)))
    return {"written": len(data)}


def op_read(req):
    with open(req["path"], "rb") as f:
        return {"data": f.read().decode(errors="replace")}


OPS = {"hello": op_hello, "run": op_run, "spawn": op_spawn, "status": op_status,
       "signal": op_signal, "write": op_write, "read": op_read}


def power_off():
    for pid in list(spawned):
        if spawned[pid] is None:
            try:
                os.killpg(pid, signal.SIGTERM)
            except ProcessLookupError:
                pass
    os.sync()
    with open("/proc/sysrq-trigger", "w") as f:
        f.write("o")
    time.sleep(30)


def main():
    fd = os.open(port_path(), os.O_RDWR)
    out = os.fdopen(os.dup(fd), "wb", buffering=0)

    def answer(obj):
        out.write((json.dumps(obj) + "\n").encode())

    answer({"ready": True, **op_hello({})})
    pending = b""
    while True:
        readable, _, _ = select.select([fd], [], [], 1.0)
        reap()
        if not readable:
            continue
        chunk = os.read(fd, 65536)
        if not chunk:
            # The host end is not connected (yet, or any more): wait for it.
            time.sleep(0.1)
            continue
        pending += chunk
        while b"\n" in pending:
            line, pending = pending.split(b"\n", 1)
            if not line.strip():
                continue
            req = {}
            try:
                req = json.loads(line)
                if req.get("op") == "poweroff":
                    answer({"id": req.get("id"), "poweringOff": True})
                    power_off()
                    continue
                result = OPS[req["op"]](req) if req.get("op") in OPS else None
                if result is None:
                    raise ValueError("unknown op %r" % req.get("op"))
                answer({"id": req.get("id"), **result})
            except Exception as e:  # the agent must outlive any one bad request
                answer({"id": req.get("id"), "error": "%s: %s" % (type(e).__name__, e)})


if __name__ == "__main__":
    try:
        main()
    except BaseException as e:
        print("sixflow-agent: %r" % (e,), file=sys.stderr)
        raise
