# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
import datetime
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import roles  # noqa: E402

LOG = """\
2026-11-29T09:56:24,731 | INFO  | onos-device-manager | DeviceManager | 194 - org.onosproject.onos-core-net - 2.7.0 | Local role is MASTER for device:guangzhou
2026-11-29T09:56:24,768 | INFO  | background | GeneralDeviceProvider | 220 - x | Notifying role MASTER (preference 0) for term 1 to device:guangzhou
2026-11-29T09:56:37,756 | WARN  | onos/device-manager-role | DeviceManager | 194 - x | Failed to assert role onto device device:guangzhou. requested=MASTER, no response
2026-11-29T09:56:37,762 | INFO  | pool | DeviceManager | 194 - x | Successfully relinquished mastership for device:guangzhou. Requesting new role
2026-11-29T09:56:37,900 | INFO  | onos-device-manager | DeviceManager | 194 - x | Role has been acknowledged for device device:guangzhou
"""


def at(text):
    return datetime.datetime.strptime(text, "%Y-%m-%dT%H:%M:%S,%f")


class RolesTest(unittest.TestCase):

    def setUp(self):
        handle, self.path = tempfile.mkstemp()
        with os.fdopen(handle, "w") as f:
            f.write(LOG)

    def tearDown(self):
        os.unlink(self.path)

    def test_the_last_role_change_is_the_relinquish_not_the_acknowledgement(self):
        self.assertEqual(at("2026-11-29T09:56:37,762"), roles.last_role_change(LOG.splitlines()))

    def test_a_log_without_roles_has_none(self):
        self.assertIsNone(roles.last_role_change(["2026-11-29T09:56:24,731 | INFO | x | Started"]))

    def test_waits_until_quiet_after_the_last_change(self):
        clock = [at("2026-11-29T09:56:40,000")]
        slept = []

        def sleep(seconds):
            slept.append(seconds)
            clock[0] += datetime.timedelta(seconds=seconds)
        waited = roles.wait_settled(self.path, timeout=60, now=lambda: clock[0], sleep=sleep)
        self.assertGreaterEqual(clock[0], at("2026-11-29T09:56:58,762"))
        self.assertAlmostEqual(waited, 18.762, places=2)

    def test_gives_up_after_the_timeout(self):
        clock = [at("2026-11-29T09:56:38,000")]

        def sleep(seconds):
            clock[0] += datetime.timedelta(seconds=seconds)
        waited = roles.wait_settled(self.path, timeout=5, now=lambda: clock[0], sleep=sleep)
        self.assertGreaterEqual(waited, 5)
        self.assertLess(waited, 6)

    def test_reads_only_what_the_log_gained_and_waits_for_a_line_to_end(self):
        clock = [at("2026-11-29T09:56:40,000")]
        appended = []

        def sleep(seconds):
            clock[0] += datetime.timedelta(seconds=seconds)
            with open(self.path, "a") as f:
                if not appended:
                    # A role line half written: not read until its end arrives.
                    f.write("2026-11-29T09:56:45,000 | WARN | x | DeviceManager | 194 - x | Failed to assert")
                elif len(appended) == 1:
                    f.write(" role onto device device:wuhan\n")
                appended.append(seconds)
        waited = roles.wait_settled(self.path, timeout=60, now=lambda: clock[0], sleep=sleep)
        # Quiet 21 s after the line that arrived in two parts (09:56:45), not after 09:56:37,762.
        self.assertGreaterEqual(clock[0], at("2026-11-29T09:57:06,000"))
        self.assertGreater(waited, 25)

    def test_already_quiet_returns_at_once(self):
        waited = roles.wait_settled(self.path, timeout=60, now=lambda: at("2026-11-29T09:58:00,000"),
                                    sleep=lambda s: self.fail("slept"))
        self.assertEqual(0, waited)


if __name__ == "__main__":
    unittest.main()
