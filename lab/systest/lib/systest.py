# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The base of every system test: the lab, and waiting for the controller to make something true."""

import time
import unittest

from lab import Lab, RestError  # noqa: F401  (re-exported for the tests)

_LAB = None


def lab():
    global _LAB
    if _LAB is None:
        _LAB = Lab()
    return _LAB


class SystemTest(unittest.TestCase):
    """A test against the running lab. Whatever a test creates through REST it removes itself."""

    maxDiff = None

    @classmethod
    def setUpClass(cls):
        cls.lab = lab()
        cls.rest = cls.lab.rest

    def eventually(self, check, timeout=20.0, interval=0.25, what="condition"):
        """Polls check() until it returns a true value, or fails naming what never happened."""
        deadline = time.monotonic() + timeout
        last = None
        while time.monotonic() < deadline:
            try:
                last = check()
                if last:
                    return last
            except (AssertionError, RestError) as e:
                last = e
            time.sleep(interval)
        self.fail("%s did not happen within %.0f s (last: %s)" % (what, timeout, last))

    def assertFramesEqual(self, expected, actual, what):
        from expect import describe
        if expected != actual:
            self.fail("%s differs:\n  expected %s\n  received %s" % (what, describe(expected), describe(actual)))
