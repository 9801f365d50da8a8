# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Many subscribers at once through the bmv2 BNG inside real ONOS (TOPOLOGY=bng): test_bng's three
real pppd sessions, then SIXFLOW_BNG_GENERATED (default 70) more from the session generator
(lab/pppoe/generator.py) on h_sub's port, each on a line of its own, set up through Sixflow's
relay with real pppoe-servers in the PPPoE VM (lab/pppoe/many_lines.py). Sessions coming up
together must each get a line id of their own (two once took the same one: the second line's
downstream went to the first's subscriber), every one must carry IPv6 and IPv4 through the
switch both ways, be held while the servers ask LCP echoes, and leave no entry when it ends.

    TOPOLOGY=bng lab/systest/with-lab.sh python3 lab/systest/runtests.py test_bng_generated
"""

import json
import os
import subprocess
import sys
import unittest

import test_bng
from systest import SystemTest

import generator  # noqa: E402  (lab/pppoe, on the path through test_bng)
import many_lines  # noqa: E402
import subscribers  # noqa: E402

SESSIONS = int(os.environ.get("SIXFLOW_BNG_GENERATED", "70"))
PREFIX_POOL = "fd33:1::/48"   # the generated sessions' /64s (the real ones have theirs per line)
GENERATOR = os.path.join(test_bng.PPPOE, "generator.py")


def generated_lab(sessions, memory_mb=None):
    """test_bng's lab and real subscribers, in a VM with room for a pppd per generated session and
    a pool of /64s for them (made here, not at module level: unittest would collect its tests)."""
    class GeneratedLab(test_bng.BngEndToEndTest):
        # A pppd holds about 1.8 MB of the guest; its base is about 200 MB with the real sessions.
        VM_MEMORY_MB = memory_mb or max(512, 256 + 3 * sessions)

        @classmethod
        def bng_config(cls):
            config = super().bng_config()
            config["prefixPool"] = PREFIX_POOL
            return config
    return GeneratedLab


def serve(base, plan):
    """The generated subscribers' lines, secrets and pppoe-servers in the lab's PPPoE VM, beside
    the real ones; returns the servers."""
    vm = base.vm
    interfaces = many_lines.make_lines(vm, vm.guest_ifname(base.nics[1]), [(s, c) for _, s, c, *_ in plan],
                                       base.server.netns)
    many_lines.write_secrets(vm, base.subs, [(user, password) for _, _, _, _, user, password, _ in plan])
    servers = many_lines.servers_for(interfaces, netns=base.server.netns)
    for server, chunk in servers:
        server.start(vm, chunk)
    return servers


def line_ids(flows):
    """The line id each bng_line_map entry's action writes (ONOS shows PI action parameters as hex)."""
    ids = []
    for f in flows:
        for instruction in f.get("treatment", {}).get("instructions", []):
            params = instruction.get("actionParams") or {}
            if "line_id" in params:
                ids.append(int(str(params["line_id"]), 16))
    return ids


class BngGeneratedSessionsTest(SystemTest):

    @classmethod
    def setUpClass(cls):
        reason = test_bng.why_not("bng")
        if reason:
            raise unittest.SkipTest("SKIPPED: the BNG's generated-sessions test " + reason)
        super().setUpClass()
        cls.base = generated_lab(SESSIONS)
        cls.base.setUpClass()
        try:
            cls.run_generator()
        except BaseException:
            cls.base.tearDownClass()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.base.tearDownClass()

    @classmethod
    def run_generator(cls):
        base, vm = cls.base, cls.base.vm
        serve(base, generator.plan(SESSIONS))
        h_sub, h_net = cls.lab.hosts["h_sub"], cls.lab.hosts["h_net"]
        net4 = cls.lab.topology["hosts"][2]["ipv4"].split("/")[0]
        run = subprocess.Popen(["ip", "netns", "exec", h_sub.netns, sys.executable, GENERATOR,
                                "--ifname", h_sub.ifname, "--count", str(SESSIONS), "--hold", "35",
                                "--ping6", h_net.ipv6, "--ping4", net4, "--timeout", "900",
                                # The servers' pppd start slowly in the emulated VM (lab/pppoe).
                                "--window", "16", "--tries", "40"],
                               stdout=subprocess.PIPE, text=True)
        cls.summary, cls.held = None, None
        try:
            for line in run.stdout:
                record = json.loads(line)
                if record.get("phase") == "holding":
                    cls.held = {"sessions": base.rest.get("bng/sessions")["sessions"],
                                "line_map": base.flows(base, "bng_line_map"),
                                "line_session": base.flows(base, "bng_line_session"),
                                "real_up": [subscribers.session_state(vm, s) is not None for s in base.subs]}
                elif "summary" in record:
                    cls.summary = record["summary"]
        finally:
            if run.poll() is None:
                run.terminate()
            run.wait(120)
        print("\nbng generated: %s" % json.dumps({k: cls.summary.get(k) for k in (
            "up", "setupSeconds", "sessionsPerSecond", "held", "lost", "echoesAnswered", "failures")}
            if cls.summary else None))

    def test_1_every_generated_session_comes_up_installed(self):
        self.assertIsNotNone(self.summary, "the generator printed no summary")
        self.assertEqual({}, self.summary["failures"], self.summary.get("failedLines"))
        self.assertEqual(SESSIONS, self.summary["up"])
        generated = [s for s in self.held["sessions"] if s["line"]["sTag"] >= 200]
        self.assertEqual(SESSIONS, len([s for s in generated if s["state"] == "UP"]))
        self.assertEqual([], [s for s in generated if s["install"]["state"] != "INSTALLED"])
        self.assertTrue(all(s["user"].startswith("gen") for s in generated))

    def test_2_every_line_gets_an_id_of_its_own(self):
        ids = line_ids(self.held["line_map"])
        self.assertEqual(SESSIONS + len(self.base.subs), len(self.held["line_map"]))
        self.assertEqual(len(self.held["line_map"]), len(ids), "a line id in every line map entry")
        self.assertEqual(len(ids), len(set(ids)), "line ids shared: %s" % sorted(ids))
        self.assertEqual(SESSIONS + len(self.base.subs), len(self.held["line_session"]),
                         "a line-session (downstream) entry per line")

    def test_3_ipv6_and_ipv4_through_the_switch_for_every_session(self):
        milestones = self.summary["milestones"]
        self.assertEqual(SESSIONS, milestones["ra"]["n"], "an RA from the BNG on every session")
        self.assertEqual(SESSIONS, milestones["ping6"]["n"], "an ICMPv6 echo answered through the switch")
        self.assertEqual(SESSIONS, milestones["ping4"]["n"], "an ICMP echo answered through the switch")

    def test_4_held_while_the_servers_ask_echoes_and_the_real_ones_stay(self):
        self.assertEqual(SESSIONS, self.summary["held"])
        self.assertEqual(0, self.summary["lost"])
        self.assertGreater(self.summary["echoesAnswered"], 0)
        self.assertEqual([True] * len(self.base.subs), self.held["real_up"])

    def test_5_their_ends_leave_only_the_real_sessions_entries(self):
        real = len(self.base.subs)
        self.eventually(lambda: len(self.base.flows(self.base, "bng_line_map")) == real
                        and len(self.base.flows(self.base, "bng_session")) == real
                        and len(self.base.flows(self.base, "bng_prefix_v4")) == real,
                        timeout=120, what="the generated sessions' entries gone")
        going = [s for s in self.base.rest.get("bng/sessions")["sessions"]
                 if s["line"]["sTag"] >= 200 and s["state"] != "ENDED"]
        self.assertEqual([], going)


if __name__ == "__main__":
    unittest.main()
