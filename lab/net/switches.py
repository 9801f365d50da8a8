# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""simple_switch_grpc processes: command lines, start, readiness, and stop.

Switches start in their own session so that a Ctrl-C meant for whoever started the lab does not
reach them; `down` stops them by pid, and only processes whose command line attaches a lab
interface (-i N@sf<id>p<port>) are ever signalled.
"""

import os
import re
import signal
import socket
import subprocess
import time

import names
import topology

BINARY = "simple_switch_grpc"
P4C_OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "pipeconf", "src", "main", "resources",
                       "p4c-out")
P4INFO = os.path.join(P4C_OUT, "full", "bmv2", "p4info.txt")
# bmv2's own defaults, for a profile without the action that sets the limit.
DEFAULT_QUEUES = 1
DEFAULT_MC_GROUPS = 4096


def p4info_of(profile):
    """The committed P4Info of a profile's bmv2 build."""
    return os.path.join(P4C_OUT, profile, "bmv2", "p4info.txt")


def _param_bits(p4info_text, action, param):
    """The bit width of an action parameter, as the committed P4Info declares it."""
    match = re.search(r'name: "[\w.]*\b%s"\s.*?params \{\s*id: \d+\s*name: "%s"\s*bitwidth: (\d+)'
                      % (re.escape(action), re.escape(param)), p4info_text, re.S)
    if not match:
        raise ValueError("P4Info has no parameter %s of action %s" % (param, action))
    return int(match.group(1))


def pipeline_limits(p4info=P4INFO):
    """(priority queues, multicast groups) the switch needs for the Sixflow pipeline: one queue per
    value of the priority the APN6 SLA sets (bmv2 drops a packet whose priority has no queue), and
    every multicast group id the group field can hold (Sixflow's plan, GroupIds, uses ids up to
    0x7FFF; bmv2's default stops at 4096)."""
    with open(p4info) as f:
        text = f.read()
    return (_limit(text, "set_priority", "priority", DEFAULT_QUEUES),
            _limit(text, "replicate", "group", DEFAULT_MC_GROUPS))


def _limit(p4info_text, action, param, default):
    """2^(the parameter's width), or bmv2's default when the profile has no such action (bng has no APN6 SLA)."""
    try:
        return 1 << _param_bits(p4info_text, action, param)
    except ValueError:
        return default
_LAB_PORT_ARG = re.compile(r"^\d+@sf\d+p\d+$")


class SwitchError(RuntimeError):
    """A switch did not start or become ready."""


def supported_options(binary):
    """Long options the binary's --help lists (thrift and nanomsg options depend on how bmv2 was built)."""
    return supported_options_of([binary, "--help"])


def supported_options_of(help_command):
    result = subprocess.run(help_command, stdin=subprocess.DEVNULL, capture_output=True, text=True)
    return set(re.findall(r"--([a-z][a-z0-9-]*)", result.stdout + result.stderr))


def command(binary, sw, ports, log_base, log_level, options):
    """The command line of one switch.

    ports: {port number: interface}; log_base: bmv2's --log-file argument; options: what
    supported_options() found. (No --notifications-addr: simple_switch_grpc keeps its notifications
    in-process and only warns about the option.)
    """
    device_id = sw["p4rtDeviceId"]
    cmd = [binary, "--no-p4", "--device-id", str(device_id)]
    for port, ifname in sorted(ports.items()):
        cmd += ["-i", "%d@%s" % (port, ifname)]
    cmd += ["--log-file", log_base, "--log-flush", "--log-level", log_level]
    if "thrift-port" in options:
        cmd += ["--thrift-port", str(names.thrift_port(device_id))]
    queues, groups = pipeline_limits(p4info_of(topology.profile_of(sw)))
    cmd += ["--", "--grpc-server-addr", names.grpc_address(device_id), "--cpu-port", str(names.CPU_PORT),
            "--priority-queues", str(queues), "--max-mc-groups", str(groups)]
    return cmd


def start(cmd, out_path, realtime=0, nice=0):
    """Starts a switch with its standard output and error in out_path (replaced); returns the Popen.

    nice: the switch's nice value (its threads inherit it). A network's switches never wait for
    its controller's CPU; on two shared cores a switch at the controller's nice value does
    whenever ONOS compiles or polls (the lab's receiver-change test saw packets queued 0.8-1.4 s
    and 64-packet egress queues overflow at 500/s while ONOS's JIT took a core). A negative value
    keeps that wait short without the risk of a real-time priority.

    realtime: 0 for the normal scheduler, else the SCHED_RR priority it starts at (its gRPC threads
    are put one lower once it listens: keep_realtime_for_data_path). On two
    shared cores a normal-priority switch waits milliseconds for a core whenever the controller or
    PostgreSQL is busy, and then measures that wait (make bench-presets: 11-14 % of probes over 1 ms
    at 1,000/s, none lost in-switch but queued); with a real-time priority it runs when a packet
    arrives. Only for measurement runs: a saturated real-time switch starves the controller.
    """
    def scheduled():
        if nice:
            os.setpriority(os.PRIO_PROCESS, 0, nice)
        if realtime:
            os.sched_setscheduler(0, os.SCHED_RR, os.sched_param(realtime))
    with open(out_path, "wb") as out:
        return subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True, preexec_fn=scheduled)


def keep_realtime_for_data_path(pid, binary, priority):
    """Puts a real-time switch's other threads (gRPC's: P4Runtime reads and writes, packet-outs,
    packet-in streams) one priority below its data path: SCHED_RR priority - 1, or the normal
    scheduler when priority is 1; returns how many.

    At one priority a thread runs until its 100 ms quantum ends, so a P4Runtime read of a whole
    table (the controller's occupancy and counter polls) held the packets of the same switch:
    in-switch delays of 13-21 ms with every thread at one priority. Under the normal scheduler,
    though, gRPC's threads wait behind every real-time data path, and the packet-outs carrying
    probes with them (an MSR6 preset run lost 300 of 10,000 per class that way). bmv2's own
    threads (ingress, egress, transmit) carry the binary's name, gRPC's threads their own.
    """
    data_path = os.path.basename(binary)[:15]  # a thread's comm is at most 15 characters
    policy, below = (os.SCHED_RR, priority - 1) if priority > 1 else (os.SCHED_OTHER, 0)
    lowered = 0
    for task in os.listdir("/proc/%d/task" % pid):
        try:
            with open("/proc/%d/task/%s/comm" % (pid, task)) as f:
                name = f.read().strip()
            if name != data_path:
                os.sched_setscheduler(int(task), policy, os.sched_param(below))
                lowered += 1
        except (FileNotFoundError, ProcessLookupError):
            continue  # the thread ended meanwhile
    return lowered


def port_accepts(port, host="127.0.0.1", timeout=0.5):
    try:
        with socket.create_connection((host, port), timeout=timeout):
            return True
    except OSError:
        return False


def port_free(port, host):
    """Whether a server could bind host:port now (as servers do, with SO_REUSEADDR)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
            return True
        except OSError:
            return False


def wait_ready(procs, timeout):
    """Waits until every switch's gRPC port accepts connections.

    procs: {switch name: (Popen, gRPC port, out path)}. Raises SwitchError naming the first switch
    that exited (with the end of its output) or the ones still not listening after timeout seconds.
    """
    waiting = dict(procs)
    deadline = time.monotonic() + timeout
    while waiting:
        for name, (proc, port, out_path) in list(waiting.items()):
            if proc.poll() is not None:
                raise SwitchError("switch %s exited (%d) before listening on %d: %s"
                                  % (name, proc.returncode, port, tail(out_path)))
            if port_accepts(port):
                del waiting[name]
        if waiting and time.monotonic() > deadline:
            raise SwitchError("switches %s do not accept gRPC connections after %d s"
                              % (", ".join(sorted(waiting)), timeout))
        if waiting:
            time.sleep(0.1)


def tail(path, lines=5):
    try:
        with open(path, errors="replace") as f:
            text = f.read().strip().splitlines()[-lines:]
    except OSError:
        return "(no output)"
    return " | ".join(text) or "(no output)"


def cmdline(pid):
    try:
        with open("/proc/%d/cmdline" % pid, "rb") as f:
            return [a.decode(errors="replace") for a in f.read().split(b"\0") if a]
    except OSError:
        return []


def is_lab_switch(pid):
    """Whether pid is a simple_switch_grpc attached to a lab interface."""
    args = cmdline(pid)
    return bool(args) and os.path.basename(args[0]) == BINARY and any(_LAB_PORT_ARG.match(a) for a in args)


def lab_switch_pids():
    """Every running simple_switch_grpc attached to a lab interface (also ones a crashed `up` left)."""
    return sorted(int(p) for p in os.listdir("/proc") if p.isdigit() and is_lab_switch(int(p)))


def alive(pid):
    try:
        with open("/proc/%d/stat" % pid) as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def stop(pids, grace=5.0):
    """SIGTERM, then SIGKILL after grace seconds, to those pids that are lab switches; returns the killed pids."""
    pids = [p for p in pids if is_lab_switch(p)]
    for pid in pids:
        _signal(pid, signal.SIGTERM)
    deadline = time.monotonic() + grace
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    for pid in pids:
        if alive(pid):
            _signal(pid, signal.SIGKILL)
    deadline = time.monotonic() + grace
    while any(alive(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    # A switch whose `up` has exited is init's child: give init a moment to reap it, so that the
    # process table (pgrep) shows nothing once `down` returns.
    deadline = time.monotonic() + 2.0
    while any(os.path.exists("/proc/%d" % p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.05)
    return pids


def _signal(pid, sig):
    try:
        os.kill(pid, sig)
    except ProcessLookupError:
        pass
