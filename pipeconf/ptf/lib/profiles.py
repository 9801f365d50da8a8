# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The data-plane profile the packet tests run against (run.sh passes its name and features as
test parameters, from pipeconf/profiles.json), and @requires, which skips a test class whose
feature the profile's program was compiled without: the rest of its tests still run."""

import ptf.testutils as testutils


def profile():
    """The profile under test (run.sh's test parameter), e.g. "full"."""
    return testutils.test_params_get().get("profile", "full")


def features():
    """The features compiled into the profile under test, e.g. {"APN6", "MSR6"}."""
    listed = testutils.test_params_get().get("features", "APN6,MSR6,GTPU")
    return {f for f in listed.split(",") if f}


def requires(*needed):
    """Class decorator: its tests are skipped, naming the profile, where a feature is missing."""

    def decorate(cls):
        set_up = cls.setUp

        def setUp(self):
            missing = [f for f in needed if f not in features()]
            if missing:
                self.skipTest("profile %s has no %s" % (profile(), ", ".join(missing)))
            set_up(self)

        cls.setUp = setUp
        return cls

    return decorate


def without(*present, what):
    """Class decorator: its tests are skipped where the profile has one of these features, which
    change what the tests hold (e.g. BNG routes IPv4): `what` names the behaviour they test."""

    def decorate(cls):
        set_up = cls.setUp

        def setUp(self):
            found = [f for f in present if f in features()]
            if found:
                self.skipTest("profile %s has no %s (it has %s)" % (profile(), what, ", ".join(found)))
            set_up(self)

        cls.setUp = setUp
        return cls

    return decorate
