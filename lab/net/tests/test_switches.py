# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""switches.py: the switch command line the lab interface asks for, readiness, and which processes are the lab's."""

import socket
import subprocess
import sys
import unittest

import switches
from tests.support import two_switches

SW = two_switches()["switches"][1]


class CommandTest(unittest.TestCase):

    def test_command_line(self):
        cmd = switches.command("/opt/p4/bin/simple_switch_grpc", SW, {2: "sf2p2", 1: "sf2p1"}, "/logs/s2", "warn",
                               {"thrift-port", "notifications-addr"})
        self.assertEqual(["/opt/p4/bin/simple_switch_grpc", "--no-p4", "--device-id", "2",
                          "-i", "1@sf2p1", "-i", "2@sf2p2",
                          "--log-file", "/logs/s2", "--log-flush", "--log-level", "warn",
                          "--thrift-port", "9092",
                          "--", "--grpc-server-addr", "127.0.0.1:50002", "--cpu-port", "255",
                          "--priority-queues", "8", "--max-mc-groups", "65536"], cmd)

    def test_a_profile_without_an_action_gets_bmv2s_default(self):
        bng = dict(SW, profile="bng")
        cmd = switches.command("simple_switch_grpc", bng, {1: "sf2p1"}, "/l/s2", "info", set())
        # bng has no APN6 SLA (set_priority) and no MSR6 replication (replicate): bmv2's defaults.
        self.assertEqual(["--priority-queues", "1", "--max-mc-groups", "4096"], cmd[-4:])

    def test_options_the_binary_lacks_are_left_out(self):
        cmd = switches.command("simple_switch_grpc", SW, {1: "sf2p1"}, "/l/s2", "info", set())
        self.assertNotIn("--thrift-port", cmd)

    def test_supported_options_reads_help(self):
        script = "print('  --thrift-port arg   TCP port\\n  --log-file arg')"
        found = switches.supported_options_of([sys.executable, "-c", script])
        self.assertIn("thrift-port", found)
        self.assertIn("log-file", found)


class ProcessTest(unittest.TestCase):

    def test_the_lab_switch_pattern(self):
        self.assertTrue(switches._LAB_PORT_ARG.match("3@sf1p3"))
        self.assertFalse(switches._LAB_PORT_ARG.match("3@veth3"))
        self.assertFalse(switches.is_lab_switch(subprocess.os.getpid()))  # this python is no switch

    def test_wait_ready_names_a_switch_that_exits(self):
        proc = subprocess.Popen([sys.executable, "-c", "import sys; print('bad option'); sys.exit(3)"],
                                stdout=subprocess.DEVNULL)
        proc.wait()
        with self.assertRaises(switches.SwitchError) as raised:
            switches.wait_ready({"s1": (proc, 1, "/nonexistent")}, 5)
        self.assertIn("switch s1 exited (3)", str(raised.exception))

    def test_wait_ready_returns_once_the_port_accepts(self):
        with socket.socket() as server:
            server.bind(("127.0.0.1", 0))
            server.listen()
            port = server.getsockname()[1]
            self.assertFalse(switches.port_free(port, "127.0.0.1"))
            proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
            try:
                switches.wait_ready({"s1": (proc, port, "/nonexistent")}, 5)
            finally:
                proc.kill()
                proc.wait()

    def test_wait_ready_times_out(self):
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]  # bound, not listening: connections are refused
            proc = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"])
            try:
                with self.assertRaises(switches.SwitchError) as raised:
                    switches.wait_ready({"s1": (proc, port, "/nonexistent")}, 0.3)
                self.assertIn("s1 do not accept gRPC connections", str(raised.exception))
            finally:
                proc.kill()
                proc.wait()


if __name__ == "__main__":
    unittest.main()
