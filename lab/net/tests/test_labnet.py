# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""labnet.py's command line: refusals are one line with exit code 2; check and netcfg need no root."""

import contextlib
import io
import json
import unittest
from unittest import mock

import labnet


def run(*argv):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = labnet.main(list(argv))
    return code, out.getvalue(), err.getvalue()


class RefusalsTest(unittest.TestCase):

    def test_up_refuses_without_root(self):
        with mock.patch("os.geteuid", return_value=1000):
            code, _, err = run("up", "msr6-study", "--state", "/tmp/never.json")
        self.assertEqual(2, code)
        self.assertEqual("labnet: up needs root (network namespaces, veth links): run it with sudo\n", err)

    def test_up_refuses_a_switch_priority_outside_sched_rr(self):
        for priority in ("100", "-1"):
            with mock.patch("os.geteuid", return_value=0), \
                    mock.patch("labnet.find_switch_binary", return_value="/usr/bin/simple_switch_grpc"), \
                    mock.patch("dataplane.up") as up:
                code, _, err = run("up", "msr6-study", "--state", "/tmp/never.json", "--switch-realtime", priority)
            self.assertEqual(2, code)
            self.assertEqual("labnet: --switch-realtime %s: a SCHED_RR priority is 1 to 99 (0: the normal scheduler)\n"
                             % priority, err)
            up.assert_not_called()

    def test_up_refuses_without_simple_switch_grpc(self):
        real_which = labnet.shutil.which
        with mock.patch("os.geteuid", return_value=0), \
                mock.patch("shutil.which", side_effect=lambda n: None if n == "simple_switch_grpc" else real_which(n)):
            code, _, err = run("up", "msr6-study", "--state", "/tmp/never.json")
        self.assertEqual(2, code)
        self.assertEqual(1, len(err.splitlines()))
        self.assertIn("simple_switch_grpc is not on PATH", err)

    def test_up_refuses_a_sixflow_bmv2_that_is_no_simple_switch_grpc(self):
        for other in ("/no/such/simple_switch_grpc", "python3"):
            with mock.patch("os.geteuid", return_value=0), mock.patch.dict("os.environ", {"SIXFLOW_BMV2": other}):
                code, _, err = run("up", "msr6-study", "--state", "/tmp/never.json")
            self.assertEqual(2, code)
            self.assertIn("SIXFLOW_BMV2=%s is no executable simple_switch_grpc" % other, err)

    def test_sixflow_bmv2_picks_another_build(self):
        with mock.patch.dict("os.environ", {"SIXFLOW_BMV2": "/opt/other/bin/simple_switch_grpc"}), \
                mock.patch("shutil.which", side_effect=lambda n: n if n.startswith("/opt/other/") else None):
            self.assertEqual("/opt/other/bin/simple_switch_grpc", labnet.find_switch_binary())

    def test_unknown_topology(self):
        code, _, err = run("netcfg", "no-such-topology")
        self.assertEqual(2, code)
        self.assertIn("no topology no-such-topology (known: bng, bng-split, fat-tree-k4, msr6-study", err)

    def test_exec_needs_a_host_and_a_command(self):
        self.assertEqual(2, run("exec")[0])
        with mock.patch("os.geteuid", return_value=0):
            code, _, err = run("exec", "h_bj", "--")
        self.assertEqual(2, code)
        self.assertIn("exec needs a command", err)

    def test_down_and_link_need_root(self):
        with mock.patch("os.geteuid", return_value=1000):
            self.assertEqual(2, run("down")[0])
            self.assertEqual(2, run("link", "msr6-study", "beijing", "1", "down")[0])


class OutputTest(unittest.TestCase):

    def test_check(self):
        code, out, _ = run("check", "fat-tree-k4")
        self.assertEqual(0, code)
        self.assertIn("20 switches, 32 links, 16 hosts; valid", out)

    def test_netcfg_is_json(self):
        code, out, _ = run("netcfg", "msr6-study")
        self.assertEqual(0, code)
        self.assertEqual(5, len(json.loads(out)["devices"]))

    def test_exec_runs_the_command_in_the_hosts_namespace(self):
        with mock.patch("os.geteuid", return_value=0), mock.patch("status.netns_of", return_value="sfh-h_bj"), \
                mock.patch("os.execvp") as execvp:
            run("exec", "h_bj", "--", "ping", "-c", "1", "fd00:1:1::1")
        execvp.assert_called_once_with("ip", ["ip", "netns", "exec", "sfh-h_bj", "ping", "-c", "1", "fd00:1:1::1"])


if __name__ == "__main__":
    unittest.main()
