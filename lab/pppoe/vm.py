# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The PPPoE VM: a small qemu guest with a Debian kernel, for what this host's kernel cannot do
(PPP, 802.1Q). lab/pppoe/build-vm.sh builds it; lab/pppoe/README.md describes both.

    with VM([Nic("sfppp-1-a", netns="sfppp-1-wire")]) as vm:     # boots, waits for the agent
        print(vm.run(["ip", "-br", "link"]).out)
    # powered off (or killed), its taps gone

Each NIC is a tap device that this process opens inside the given host network namespace (so it
is born there) and hands to qemu as a file descriptor: when qemu ends, the tap goes with it. The
control channel is a virtio-serial port to guest/agent.py, one JSON object a line each way.
qemu runs at nice 10, and dies with the thread that started it (PR_SET_PDEATHSIG), so a crashed
test leaves no VM behind. Python 3.11 standard library only.
"""

import argparse
import ctypes
import fcntl
import json
import os
import select
import signal
import socket
import struct
import subprocess
import sys
import tempfile
import threading
import time

DEFAULT_IMAGE_DIR = os.environ.get("SIXFLOW_PPPVM_DIR", "/opt/sixflow-pppvm")
IMAGE_FILES = ("vmlinuz", "initrd.cpio.gz", "root.ext4")

_CLONE_NEWNET = 0x40000000
_TUNSETIFF = 0x400454CA
_IFF_TAP = 0x0002
_IFF_NO_PI = 0x1000
_PR_SET_PDEATHSIG = 1
_libc = ctypes.CDLL(None, use_errno=True)


class VMError(RuntimeError):
    """The VM failed to start, answer or do what was asked; the message says which."""


class Nic:
    """One virtio NIC of the VM: the tap `tap` in host namespace `netns` (None: the root one)."""

    def __init__(self, tap, netns=None, mac=None):
        if not tap or len(tap) > 15:
            raise ValueError("a tap name has 1..15 characters: %r" % tap)
        self.tap, self.netns, self.mac = tap, netns, mac


class Result:
    def __init__(self, answer):
        self.rc = answer["rc"]
        self.out = answer["out"]
        self.err = answer["err"]
        self.secs = answer["secs"]
        self.timed_out = answer["timedOut"]

    def __repr__(self):
        return "Result(rc=%r, out=%r, err=%r)" % (self.rc, self.out[-400:], self.err[-400:])


def image_missing(image_dir=DEFAULT_IMAGE_DIR):
    """Why the VM cannot start here (a sentence), or None when it can."""
    missing = [f for f in IMAGE_FILES if not os.path.isfile(os.path.join(image_dir, f))]
    if missing:
        return "no PPPoE VM image in %s (missing %s): run sudo lab/pppoe/build-vm.sh" % (
            image_dir, ", ".join(missing))
    if not _which("qemu-system-x86_64"):
        return "qemu-system-x86_64 is not installed (build-vm.sh installs it)"
    return None


def _which(name):
    for d in os.environ.get("PATH", "/usr/bin").split(os.pathsep) + ["/usr/bin"]:
        if os.access(os.path.join(d, name), os.X_OK):
            return os.path.join(d, name)
    return None


def open_tap(name, netns=None):
    """Creates tap `name` inside host namespace `netns` and returns its file descriptor.

    setns() changes only the calling thread's namespace, so a short-lived thread does it and the
    rest of the process stays where it was. The tap is not persistent: it lives while a
    descriptor (ours or qemu's) is open."""
    box = {}

    def work():
        try:
            if netns:
                with open(os.path.join("/run/netns", netns)) as ns:
                    if _libc.setns(ns.fileno(), _CLONE_NEWNET) != 0:
                        raise OSError(ctypes.get_errno(), "setns into %s" % netns)
            fd = os.open("/dev/net/tun", os.O_RDWR)
            try:
                fcntl.ioctl(fd, _TUNSETIFF, struct.pack("16sH", name.encode(), _IFF_TAP | _IFF_NO_PI))
            except OSError:
                os.close(fd)
                raise
            box["fd"] = fd
        except Exception as e:
            box["error"] = e

    t = threading.Thread(target=work, name="open-tap-" + name)
    t.start()
    t.join()
    if "error" in box:
        raise VMError("cannot make tap %s in %s: %s" % (name, netns or "the root namespace", box["error"]))
    subprocess.run(["ip"] + (["-n", netns] if netns else []) + ["link", "set", name, "up"],
                   check=True, capture_output=True)
    return box["fd"]


class VM:
    def __init__(self, nics=(), image_dir=DEFAULT_IMAGE_DIR, memory_mb=384, workdir=None,
                 niceness=10, accel=None, boot_timeout=None):
        self.nics = list(nics)
        self.image_dir = image_dir
        self.memory_mb = memory_mb
        self.niceness = niceness
        # Software emulation unless asked: on this project's machines /dev/kvm opens, but a guest
        # under it never prints a line (nested KVM; "-cpu host" even fails on MSR 0x10a).
        self.accel = accel or os.environ.get("SIXFLOW_PPPVM_ACCEL") or "tcg"
        # Software emulation boots in tens of seconds on a busy machine; KVM in a few.
        self.boot_timeout = boot_timeout or (60 if self.accel == "kvm" else 240)
        self._own_workdir = workdir is None
        self.workdir = workdir or tempfile.mkdtemp(prefix="sixflow-pppvm-")
        self.console_log = os.path.join(self.workdir, "console.log")
        self.proc = None
        self.sock = None
        self._tap_fds = []
        self._buf = b""
        self._next_id = 1
        self.boot_secs = None
        self.hello_info = None

    # --- life cycle -----------------------------------------------------------------------------

    def start(self):
        why = image_missing(self.image_dir)
        if why:
            raise VMError(why)
        started = time.monotonic()
        try:
            self._launch()
            self._connect()
            self.hello_info = self._wait_ready()
        except BaseException:
            self.kill()
            raise
        self.boot_secs = round(time.monotonic() - started, 2)
        return self

    def _launch(self):
        img = lambda f: os.path.join(self.image_dir, f)
        cmd = ["qemu-system-x86_64", "-name", "sixflow-pppvm", "-machine", "q35",
               # TCG's translation cache defaults to 1 GiB; the guest runs a few small programs.
               "-accel", self.accel + (",tb-size=64" if self.accel == "tcg" else ""),
               "-smp", "1", "-m", str(self.memory_mb),
               "-nodefaults", "-display", "none", "-monitor", "none", "-no-reboot",
               "-serial", "file:" + self.console_log,
               "-kernel", img("vmlinuz"), "-initrd", img("initrd.cpio.gz"),
               # SIXFLOW_PPPVM_APPEND adds kernel arguments (loglevel=7 shows the whole boot).
               "-append", ("console=ttyS0 panic=-1 loglevel=4 "
                           + os.environ.get("SIXFLOW_PPPVM_APPEND", "")).strip(),
               "-drive", "file=%s,if=virtio,format=raw,snapshot=on" % img("root.ext4"),
               "-device", "virtio-serial-pci",
               "-chardev", "socket,id=agent,path=%s,server=on,wait=off"
               % os.path.join(self.workdir, "agent.sock"),
               "-device", "virtserialport,chardev=agent,name=sixflow.agent",
               "-pidfile", os.path.join(self.workdir, "qemu.pid")]
        if self.accel == "kvm":
            cmd += ["-cpu", "host"]
        for i, nic in enumerate(self.nics):
            fd = open_tap(nic.tap, nic.netns)
            self._tap_fds.append(fd)
            mac = nic.mac or "52:54:00:5f:00:%02x" % (i + 1)
            nic.mac = mac
            cmd += ["-netdev", "tap,id=n%d,fd=%d" % (i, fd),
                    "-device", "virtio-net-pci,netdev=n%d,mac=%s" % (i, mac)]
        niceness = self.niceness

        def child_setup():
            os.nice(niceness)
            _libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)

        with open(os.path.join(self.workdir, "qemu.out"), "wb") as out:
            self.proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out,
                                         stderr=subprocess.STDOUT, pass_fds=self._tap_fds,
                                         preexec_fn=child_setup, start_new_session=True)

    def _connect(self):
        # qemu binds the socket file before it listens: retry until it accepts.
        deadline = time.monotonic() + 10
        while True:
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(os.path.join(self.workdir, "agent.sock"))
                self.sock = sock
                return
            except (FileNotFoundError, ConnectionRefusedError):
                sock.close()
            if self.proc.poll() is not None or time.monotonic() > deadline:
                raise VMError("qemu did not start: %s" % self._qemu_output())
            time.sleep(0.02)

    def _wait_ready(self):
        deadline = time.monotonic() + self.boot_timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise VMError("the VM ended while booting (rc %s): %s" % (
                    self.proc.returncode, self.console_tail()))
            msg = self._read_message(1.0)
            if msg is not None and msg.get("ready"):
                return msg
        raise VMError("the VM's agent did not report within %d s: %s" % (
            self.boot_timeout, self.console_tail()))

    def stop(self, timeout=20):
        """Powers the VM off through its agent, or kills it; always leaves no qemu and no taps."""
        try:
            if self.proc and self.proc.poll() is None and self.sock:
                try:
                    self.request("poweroff", wait=5)
                except VMError:
                    pass
                try:
                    self.proc.wait(timeout)
                except subprocess.TimeoutExpired:
                    pass
        finally:
            self.kill()

    def kill(self):
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        if self.sock:
            self.sock.close()
            self.sock = None
        for fd in self._tap_fds:
            os.close(fd)
        self._tap_fds = []
        if self._own_workdir and os.environ.get("SIXFLOW_PPPVM_KEEP") != "1":
            for f in ("agent.sock", "qemu.pid", "qemu.out", "console.log"):
                try:
                    os.unlink(os.path.join(self.workdir, f))
                except FileNotFoundError:
                    pass
            try:
                os.rmdir(self.workdir)
            except OSError:
                pass

    def __enter__(self):
        return self.start()

    def __exit__(self, *exc):
        self.stop()

    # --- the agent ------------------------------------------------------------------------------

    def _read_message(self, timeout):
        deadline = time.monotonic() + timeout
        while b"\n" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            readable, _, _ = select.select([self.sock], [], [], left)
            if not readable:
                return None
            try:
                chunk = self.sock.recv(65536)
            except ConnectionError:
                chunk = b""
            if not chunk:
                raise VMError("the VM's control channel closed: %s" % self.console_tail())
            self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        try:
            return json.loads(line)
        except ValueError:
            return None

    def request(self, op, wait=60, **args):
        """Sends one request to the agent and returns its answer; raises VMError on an error."""
        if not self.sock:
            raise VMError("the VM is not running")
        rid = self._next_id
        self._next_id += 1
        self.sock.sendall((json.dumps({"id": rid, "op": op, **args}) + "\n").encode())
        deadline = time.monotonic() + wait + 5
        while time.monotonic() < deadline:
            msg = self._read_message(deadline - time.monotonic())
            if msg is not None and msg.get("id") == rid:
                if "error" in msg:
                    raise VMError("%s in the VM failed: %s" % (op, msg["error"]))
                return msg
            if self.proc.poll() is not None:
                raise VMError("the VM ended (rc %s): %s" % (self.proc.returncode, self.console_tail()))
        raise VMError("no answer to %s from the VM within %d s" % (op, wait))

    def run(self, argv, timeout=60, check=True, input=None):
        """Runs a command (a list, or a string for /bin/sh -c) in the VM and waits for it."""
        key = "sh" if isinstance(argv, str) else "argv"
        args = {key: argv, "timeout": timeout}
        if input is not None:
            args["input"] = input
        result = Result(self.request("run", wait=timeout, **args))
        if check and (result.rc != 0 or result.timed_out):
            raise VMError("%s in the VM failed (rc %s%s): %s" % (
                argv, result.rc, ", timed out" if result.timed_out else "",
                (result.err or result.out).strip()[-800:]))
        return result

    def spawn(self, argv, log=None):
        key = "sh" if isinstance(argv, str) else "argv"
        return self.request("spawn", **{key: argv, "log": log})["pid"]

    def status(self, pid):
        answer = self.request("status", pid=pid)
        return answer["running"], answer["rc"]

    def signal(self, pid, sig=signal.SIGTERM):
        return self.request("signal", pid=pid, sig=int(sig))["sent"]

    def write(self, path, data, mode=0o644):
        self.request("write", path=path, data=data, mode=mode)

    def read(self, path):
        return self.request("read", path=path)["data"]

    def hello(self):
        return self.request("hello", wait=10)

    def guest_ifname(self, nic):
        """The guest's name for one of our NICs (by MAC: the guest has no udev naming rules)."""
        for link in json.loads(self.run(["ip", "-j", "link"]).out):
            if link.get("address", "").lower() == nic.mac.lower():
                return link["ifname"]
        raise VMError("no interface with MAC %s in the VM" % nic.mac)

    def host_rss_kb(self):
        try:
            with open("/proc/%d/status" % self.proc.pid) as f:
                for line in f:
                    if line.startswith("VmRSS:"):
                        return int(line.split()[1])
        except (OSError, AttributeError):
            pass
        return None

    # --- diagnostics ----------------------------------------------------------------------------

    def console_tail(self, chars=1500):
        try:
            with open(self.console_log, errors="replace") as f:
                return "console: ..." + f.read()[-chars:]
        except OSError:
            return "(no console log)"

    def _qemu_output(self):
        try:
            with open(os.path.join(self.workdir, "qemu.out"), errors="replace") as f:
                return f.read()[-1500:]
        except OSError:
            return ""


def main(argv=None):
    p = argparse.ArgumentParser(description="Boot the PPPoE VM, run one command in it, power it off.")
    p.add_argument("--nic", action="append", default=[], metavar="TAP[@NETNS]",
                   help="a NIC: tap name, optionally in a host namespace (repeatable)")
    p.add_argument("--memory", type=int, default=384, help="MB (default 384)")
    p.add_argument("--image-dir", default=DEFAULT_IMAGE_DIR)
    p.add_argument("command", nargs="*", help="run in the VM (default: uname -a; ip -br link)")
    args = p.parse_args(argv)
    why = image_missing(args.image_dir)
    if why:
        print(why, file=sys.stderr)
        return 2
    nics = [Nic(*spec.split("@", 1)) for spec in args.nic]
    with VM(nics, image_dir=args.image_dir, memory_mb=args.memory) as vm:
        print("booted in %.1f s (%s; guest uptime %.1f s), guest memory %d MB, %d MB available" % (
            vm.boot_secs, vm.accel, vm.hello_info["uptime"], vm.hello_info["memTotalKb"] // 1024,
            vm.hello_info["memAvailableKb"] // 1024))
        result = vm.run(args.command or "uname -a; ip -br link", check=False)
        sys.stdout.write(result.out)
        sys.stderr.write(result.err)
        return result.rc


if __name__ == "__main__":
    sys.exit(main())
