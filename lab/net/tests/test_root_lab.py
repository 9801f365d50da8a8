# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The whole of up / status / link / down on the real kernel, with a stand-in for simple_switch_grpc
(fake_switch.py). Needs root and runs only when asked: LABNET_ROOT_TESTS=1 (make lab-net-root-test).
It creates namespaces sfh-ha, sfh-hb and links sf1p*, sf2p*, and is skipped when a lab is up."""

import contextlib
import io
import json
import os
import signal
import socket
import stat
import subprocess
import sys
import tempfile
import threading
import time
import unittest

import dataplane
import hosttools
import labnet
import netdev
import offloads
import status
import switches
from tests.support import with_ipv4

HERE = os.path.dirname(os.path.abspath(__file__))
ENABLED = os.environ.get("LABNET_ROOT_TESTS") == "1" and os.geteuid() == 0


def frames_across(sender, receiver, count=3):
    """How many of count frames sent on one end of a link the other end receives."""
    rx = socket.socket(socket.AF_PACKET, socket.SOCK_RAW, socket.htons(0x88b5))
    rx.bind((receiver, 0))
    rx.settimeout(0.5)
    tx = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
    tx.bind((sender, 0))
    for _ in range(count):
        try:
            tx.send(b"\xff" * 6 + b"\x02" * 6 + b"\x88\xb5" + b"sixflow link test".ljust(46, b"."))
        except OSError:
            pass  # ENOBUFS: the cut end's queue dropped it
    got = 0
    try:
        while True:
            rx.recv(2048)
            got += 1
    except socket.timeout:
        pass
    finally:
        rx.close()
        tx.close()
    return got


def link_states(state, ifnames):
    """The state `status` gives each of these switch ports."""
    found = {}
    for sw in status.report(state)["switches"]:
        for port in sw["ports"].values():
            if port["ifname"] in ifnames:
                found[port["ifname"]] = port["state"]
    return found


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = labnet.main(list(argv))
    return code, out.getvalue() + err.getvalue()


@unittest.skipUnless(ENABLED, "needs root and LABNET_ROOT_TESTS=1")
class RootLabTest(unittest.TestCase):

    def setUp(self):
        if any(dataplane.leftovers()):
            self.skipTest("a lab is up on this machine")
        self.tmp = tempfile.TemporaryDirectory()
        self.addCleanup(self.tmp.cleanup)
        bindir = os.path.join(self.tmp.name, "bin")
        os.mkdir(bindir)
        fake = os.path.join(bindir, switches.BINARY)
        with open(fake, "w") as f:  # exec -a: the process is called simple_switch_grpc, as `down` expects
            f.write('#!/bin/bash\nexec -a %s %s %s "$@"\n' % (switches.BINARY, sys.executable,
                                                             os.path.join(HERE, "fake_switch.py")))
        os.chmod(fake, os.stat(fake).st_mode | stat.S_IEXEC)
        os.environ["PATH"] = bindir + os.pathsep + os.environ["PATH"]
        self.addCleanup(os.environ.__setitem__, "PATH", os.environ["PATH"].split(os.pathsep, 1)[1])
        self.topology = os.path.join(self.tmp.name, "two.json")
        with open(self.topology, "w") as f:
            json.dump(with_ipv4(), f)  # hb has IPv4 too (s2 runs bng)
        self.state = os.path.join(self.tmp.name, "run", "state.json")
        self.addCleanup(lambda: run("down"))

    def assert_nothing_left(self):
        self.assertEqual(([], [], []), dataplane.leftovers())

    def test_up_status_link_down(self):
        code, out = run("up", self.topology, "--state", self.state)
        self.assertEqual(0, code, out)
        with open(self.state) as f:
            lab = json.load(f)
        self.assertEqual(["s1", "s2"], [sw["name"] for sw in lab["switches"]])
        self.assertTrue(all(switches.is_lab_switch(sw["pid"]) for sw in lab["switches"]))
        self.assertEqual((0, True), (run("status", "--state", self.state)[0], True))

        # The host: address without DAD, default route, permanent gateway neighbour, offloads off.
        self.assertEqual(["fd00:9:1::10/64"], netdev.addresses("eth0", netns="sfh-ha"))
        route = netdev.ip("-6", "route", "show", "default", netns="sfh-ha")
        self.assertIn("default via fd00:9:1::1 dev eth0", route)
        neigh = netdev.ip("-6", "neigh", "show", "fd00:9:1::1", netns="sfh-ha")
        # A router's entry: Linux's route garbage collection keeps a learnt path MTU only via one.
        self.assertIn("lladdr 00:aa:00:00:09:01 router PERMANENT", neigh)
        # IPv4 only where the topology gives it, set up as IPv6 is: address, default route, gateway at the router MAC.
        self.assertNotIn("inet ", netdev.ip("-4", "addr", "show", "dev", "eth0", netns="sfh-ha"))
        self.assertIn("inet 10.0.9.20/24", netdev.ip("-4", "addr", "show", "dev", "eth0", netns="sfh-hb"))
        self.assertIn("default via 10.0.9.1 dev eth0", netdev.ip("-4", "route", "show", "default", netns="sfh-hb"))
        self.assertIn("lladdr 00:aa:00:00:09:02 PERMANENT", netdev.ip("-4", "neigh", "show", "10.0.9.1", netns="sfh-hb"))
        state = subprocess.run(["ip", "netns", "exec", "sfh-ha", sys.executable, offloads.__file__, "eth0"],
                               capture_output=True, text=True, check=True).stdout
        self.assertNotIn(" on", state)
        self.assertEqual({k: False for k in offloads.FEATURES}, offloads.state("sf1p1"))
        with open("/proc/sys/net/ipv6/conf/sf1p2/disable_ipv6") as f:
            self.assertEqual("1", f.read().strip())

        # A frame sent by the host arrives byte for byte on its switch port, and nothing else does.
        capture = os.path.join(self.tmp.name, "cap.jsonl")
        ready = capture + ".ready"
        sniffer = threading.Thread(target=hosttools.sniff, args=("sf1p2", capture, 2.0, 3, ready))
        sniffer.start()
        while not os.path.exists(ready):
            time.sleep(0.01)
        sent = subprocess.run(["ip", "netns", "exec", "sfh-ha", sys.executable, hosttools.__file__, "send",
                               "--dst", "fd00:9:2::10", "--count", "3", "--rate", "100"],
                              capture_output=True, text=True, check=True)
        sniffer.join()
        frames = hosttools.read_capture(capture)
        self.assertEqual([0, 1, 2], [hosttools.sequence_of(f)[1] for _, f in frames], sent.stdout)
        self.assertEqual(bytes.fromhex("00aa00000901" "000000000910"), frames[0][1][:12])

        # A capture that falls behind says how many frames it lost, so that a loss test does not
        # blame the network for them: a sniffer stopped while a burst fills its small buffer.
        sniff = subprocess.Popen([sys.executable, hosttools.__file__, "sniff", "--iface", "sf1p2", "--out",
                                  capture, "--duration", "3", "--ready", ready + "2", "--buffer", "4096"],
                                 stdout=subprocess.PIPE, text=True)
        while not os.path.exists(ready + "2"):
            time.sleep(0.01)
        os.kill(sniff.pid, signal.SIGSTOP)
        subprocess.run(["ip", "netns", "exec", "sfh-ha", sys.executable, hosttools.__file__, "send",
                        "--dst", "fd00:9:2::10", "--count", "300", "--rate", "10000"],
                       capture_output=True, text=True, check=True)
        os.kill(sniff.pid, signal.SIGCONT)
        summary = json.loads(sniff.communicate(timeout=30)[0].strip().splitlines()[-1])
        self.assertGreater(summary["dropped"], 0, summary)
        self.assertGreaterEqual(summary["received"] + summary["dropped"], 300, summary)

        code, out = run("link", self.state, "s2", "1", "down")
        self.assertEqual(0, code, out)
        # Both ends cut and still up (bmv2 would block on a down port): a frame sent either way is
        # dropped by the kernel, and status says so.
        for ifname in ("sf1p1", "sf2p1"):
            self.assertTrue(netdev.is_cut(ifname), ifname)
            self.assertEqual((True, "UP"), netdev.link_state(ifname))
        self.assertEqual({"sf1p1": "cut", "sf2p1": "cut"}, link_states(self.state, ("sf1p1", "sf2p1")))
        self.assertEqual(0, frames_across("sf2p1", "sf1p1"))
        self.assertEqual(0, frames_across("sf1p1", "sf2p1"))
        self.assertEqual(0, run("link", self.topology, "s1", "1", "up")[0])
        for ifname in ("sf1p1", "sf2p1"):
            self.assertFalse(netdev.is_cut(ifname), ifname)
        self.assertEqual({"sf1p1": "up", "sf2p1": "up"}, link_states(self.state, ("sf1p1", "sf2p1")))
        self.assertEqual(3, frames_across("sf2p1", "sf1p1"))
        self.assertEqual(2, run("link", self.state, "s1", "2", "down")[0])  # a host port

        self.assertEqual(2, run("up", self.topology, "--state", self.state)[0])  # already up
        code, out = run("down", "--state", self.state)
        self.assertEqual(0, code, out)
        self.assertIn("stopped 2 switches, removed 2 namespaces and 4 interfaces", out)
        self.assertFalse(os.path.exists(self.state))
        self.assert_nothing_left()

    def test_realtime_switches_put_grpc_one_priority_below_their_data_path(self):
        code, out = run("up", self.topology, "--state", self.state, "--switch-realtime", "3")
        self.assertEqual(0, code, out)
        with open(self.state) as f:
            pids = [sw["pid"] for sw in json.load(f)["switches"]]
        for pid in pids:
            policies = {}
            for task in os.listdir("/proc/%d/task" % pid):
                with open("/proc/%d/task/%s/comm" % (pid, task)) as f:
                    name = f.read().strip()
                policies[name] = (os.sched_getscheduler(int(task)), os.sched_getparam(int(task)).sched_priority)
            self.assertEqual({"simple_switch_g": (os.SCHED_RR, 3), "grpcpp_sync_ser": (os.SCHED_RR, 2)}, policies)

    def test_a_failing_switch_undoes_everything(self):
        os.environ["FAKE_SWITCH_FAIL"] = "2"
        self.addCleanup(os.environ.pop, "FAKE_SWITCH_FAIL")
        code, out = run("up", self.topology, "--state", self.state)
        self.assertEqual(1, code)
        self.assertIn("switch s2 exited (3)", out)
        self.assertFalse(os.path.exists(self.state))
        self.assert_nothing_left()

    def test_down_after_a_crash_uses_the_names(self):
        self.assertEqual(0, run("up", self.topology, "--state", self.state)[0])
        os.remove(self.state)  # as if the state were lost
        code, out = run("down")
        self.assertEqual(0, code)
        self.assertIn("stopped 2 switches", out)
        self.assert_nothing_left()


if __name__ == "__main__":
    unittest.main()
