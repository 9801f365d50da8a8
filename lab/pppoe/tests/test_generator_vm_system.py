# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The session generator (generator.py) against real pppoe-servers in the PPPoE VM, with no
switch between them: the VM's trunk NIC is a tap in a host namespace, and the generator sends and
receives on that tap. Its subscribers must get real sessions (PAP, IPCP address from the
servers' pools, IPv6CP), hold them while the servers' pppd ask LCP echoes, and end them (the
servers' pppd processes gone). SIXFLOW_GENERATOR_SESSIONS (default 70: two servers) sets how
many; SIXFLOW_GENERATOR_REPORT=FILE writes the figures as JSON.

Needs root and the VM image (sudo lab/pppoe/build-vm.sh); skipped, loudly, without either.
Run: sudo python3 -m unittest discover -s lab/pppoe/tests -t lab/pppoe -p 'test_generator_vm_system.py' -v
"""

import json
import os
import subprocess
import sys
import time
import unittest

import generator
import many_lines
import vm as vmlib

WHY_NOT = None
if os.geteuid() != 0:
    WHY_NOT = "needs root (network namespaces, taps)"
elif vmlib.image_missing():
    WHY_NOT = vmlib.image_missing()
if WHY_NOT:
    print("\n*** SKIPPED the generator's PPPoE VM system test: %s ***" % WHY_NOT, file=sys.stderr)

SESSIONS = int(os.environ.get("SIXFLOW_GENERATOR_SESSIONS", "70"))
HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def sh(*argv):
    return subprocess.run(argv, check=True, capture_output=True, text=True).stdout


@unittest.skipIf(WHY_NOT, WHY_NOT or "")
class GeneratorVmSystemTest(unittest.TestCase):

    def setUp(self):
        self.ns = "sfgen-%d" % os.getpid()
        sh("ip", "netns", "add", self.ns)
        self.addCleanup(subprocess.run, ["ip", "netns", "delete", self.ns], capture_output=True)
        sh("ip", "netns", "exec", self.ns, "sysctl", "-qw", "net.ipv6.conf.all.disable_ipv6=1",
           "net.ipv6.conf.default.disable_ipv6=1")
        self.trunk = vmlib.Nic("sfgen-t", self.ns)
        # A pppd in the guest holds about 1 MB of its own; the guest's base is about 100 MB.
        self.vm = vmlib.VM([self.trunk], memory_mb=max(512, 200 + 2 * SESSIONS))
        self.addCleanup(self.vm.stop)
        self.vm.start()
        sh("ip", "-n", self.ns, "link", "set", self.trunk.tap, "up")

    def test_generated_subscribers_get_real_sessions_hold_them_and_end_them(self):
        vm, plan = self.vm, generator.plan(SESSIONS)
        trunk_if = vm.guest_ifname(self.trunk)
        started = time.monotonic()
        interfaces = many_lines.make_lines(vm, trunk_if, [(s, c) for _, s, c, *_ in plan], "bng")
        lines_seconds = time.monotonic() - started
        many_lines.write_secrets(vm, [], [(user, password) for _, _, _, _, user, password, _ in plan])
        servers = many_lines.servers_for(interfaces)
        for server, chunk in servers:
            server.start(vm, chunk)
        before = many_lines.guest_memory(vm)
        run = subprocess.Popen(["ip", "netns", "exec", self.ns, sys.executable, os.path.join(HERE, "generator.py"),
                                "--ifname", self.trunk.tap, "--count", str(SESSIONS), "--hold", "40",
                                "--window", "16", "--tries", "40"],
                               stdout=subprocess.PIPE, text=True)
        # Cleanups run last-added first: the generator is killed if it still runs, then its pipe closed.
        self.addCleanup(run.stdout.close)
        self.addCleanup(lambda: run.poll() is None and run.kill())
        summary, held_memory = None, None
        for line in run.stdout:
            record = json.loads(line)
            if "progress" not in record or record["t"] % 10 < 1:
                print(line.strip()[:300], file=sys.stderr)
            if record.get("phase") == "holding":
                held_memory = many_lines.guest_memory(vm)
                in_vm = many_lines.ppp_interfaces(vm, "bng")
            if "summary" in record:
                summary = record["summary"]
        run.wait(60)
        after = many_lines.guest_memory(vm)
        report = {"sessions": SESSIONS, "linesSeconds": round(lines_seconds, 2), "generator": summary,
                  "guestBefore": before, "guestHolding": held_memory, "guestAfter": after}
        print("\n" + json.dumps(report, indent=1))
        if os.environ.get("SIXFLOW_GENERATOR_REPORT"):
            with open(os.environ["SIXFLOW_GENERATOR_REPORT"], "w") as f:
                json.dump(report, f, indent=1)
        self.assertIsNotNone(summary, "the generator printed no summary")
        print("the servers acked %d stops in time, %d after the generator's PADT (%s s from the first "
              "Terminate-Request), %d not while it listened" % (
                  summary["endedAcked"], summary["unackedAckedLate"], summary["lateAckSeconds"],
                  summary["endedUnacked"] - summary["unackedAckedLate"]), file=sys.stderr)
        self.assertEqual({}, summary["failures"])
        self.assertEqual(SESSIONS, summary["up"])
        self.assertEqual(SESSIONS, summary["held"], "sessions lost while held")
        self.assertEqual(SESSIONS, held_memory["processes"]["pppd"]["count"], "a pppd per session in the guest")
        self.assertEqual(SESSIONS, in_vm, "a ppp interface per session in the servers' namespace")
        self.assertGreater(summary["echoesAnswered"], 0, "the servers' LCP echoes answered")
        # The servers' pppd end as they get to the Terminate-Requests (or the PADT) and run their
        # down scripts: in an emulated guest on a busy host, a minute or more for 70. Waits while
        # they keep ending; one still there a minute after the last ended is stuck.
        started, last_end, left = time.monotonic(), time.monotonic(), self.pppd_count()
        while left and time.monotonic() - last_end < 60:
            time.sleep(1)
            now = self.pppd_count()
            if now < left:
                left, last_end = now, time.monotonic()
        print("the servers' pppd: %d left %.1f s after the generator ended" % (left, time.monotonic() - started),
              file=sys.stderr)
        self.assertEqual(0, left, "pppd left after the sessions ended:\n%s" % self.leftover_pppd(servers))
        self.assertEqual(0, run.returncode)

    def pppd_count(self):
        return len(self.vm.run("pidof pppd", check=False).out.split())

    def leftover_pppd(self, servers):
        """The pppd still running (elapsed time, state, command line) and the end of each server's
        log, for a failure's message."""
        ps = self.vm.run("ps -o pid,etime,stat,args -C pppd", check=False).out
        logs = "".join(self.vm.run("tail -n 40 %s" % server.log, check=False).out for server, _ in servers)
        return ps + logs


if __name__ == "__main__":
    unittest.main()
