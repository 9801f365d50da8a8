# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""vm.py without booting anything: a missing image is named, with the command that builds it."""

import os
import tempfile
import unittest

import vm as vmlib


class VmTest(unittest.TestCase):

    def test_a_missing_image_is_named_with_the_build_command(self):
        with tempfile.TemporaryDirectory() as d:
            open(os.path.join(d, "vmlinuz"), "w").close()
            why = vmlib.image_missing(d)
            self.assertIn("initrd.cpio.gz, root.ext4", why)
            self.assertIn("build-vm.sh", why)
            machine = vmlib.VM([], image_dir=d, workdir=d)
            with self.assertRaisesRegex(vmlib.VMError, "no PPPoE VM image"):
                machine.start()
            self.assertIsNone(machine.proc, "nothing was started")

    def test_requests_need_a_running_vm(self):
        with self.assertRaisesRegex(vmlib.VMError, "not running"):
            vmlib.VM([], workdir=tempfile.gettempdir()).run(["true"])


if __name__ == "__main__":
    unittest.main()
