# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""lab_endpoint.py on the real kernel: it adds the host's locator address, runs the endpoint, and
on SIGTERM stops it and takes away only an address it added itself (the multihoming study starts
and stops it in the lab's hosts). Needs what test_endpoint_netns needs; skipped, loudly, without."""

import os
import signal
import subprocess
import sys
import tempfile
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))

from ilnplab import Lab  # noqa: E402
from tests.test_endpoint_netns import WHY_NOT  # noqa: E402

WRAPPER = os.path.join(os.path.dirname(HERE), "lab_endpoint.py")


@unittest.skipIf(WHY_NOT, WHY_NOT or "")
class LabEndpointTest(unittest.TestCase):

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory(prefix="sflabep-")
        self.lab = Lab(rewrite=False, workdir=self.tmp.name).up()

    def tearDown(self):
        self.lab.down()
        self.tmp.cleanup()

    def addresses(self):
        return self.lab.ip("a", "-6", "-o", "addr", "show", "dev", "eth0").stdout

    def start(self, address):
        status = os.path.join(self.tmp.name, "a.json")
        proc = subprocess.Popen(["ip", "netns", "exec", self.lab.ns["a"], sys.executable, WRAPPER, "--iface", "eth0",
                                 "--address", address, "--nid", "::aa", "--status", status],
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        deadline = time.time() + 10
        while not os.path.exists(status):
            if proc.poll() is not None:
                self.fail("the wrapper ended: %s" % proc.stdout.read())
            if time.time() > deadline:
                proc.kill()
                self.fail("the endpoint wrote no status: %s" % proc.communicate()[0])
            time.sleep(0.05)
        return proc

    def test_adds_the_address_and_takes_it_away_on_sigterm(self):
        proc = self.start("fd00:a1::aa/64")
        self.assertIn("fd00:a1::aa/64", self.addresses())
        proc.send_signal(signal.SIGTERM)
        self.assertEqual(0, proc.wait(10))
        self.assertNotIn("fd00:a1::aa/64", self.addresses())
        self.assertIn("fd00:a1::a/64", self.addresses())  # the host's own address stays

    def test_an_address_it_found_stays(self):
        self.lab.ip("a", "-6", "addr", "add", "fd00:a1::aa/64", "dev", "eth0", "nodad")
        proc = self.start("fd00:a1::aa/64")
        proc.send_signal(signal.SIGTERM)
        self.assertEqual(0, proc.wait(10))
        self.assertIn("fd00:a1::aa/64", self.addresses())


if __name__ == "__main__":
    unittest.main()
