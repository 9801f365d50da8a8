#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Runs the system tests against a running lab (run.sh starts it), in an order where discovery
comes first, and ends with the plain 'N passed, N failed, N skipped' line CI reads.
    runtests.py [test module or Class.test names...]"""

import os
import sys
import unittest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "lib"))
sys.path.insert(0, os.path.join(here, "tests"))

ORDER = ["test_discovery", "test_routing", "test_msr6", "test_msr6_changes", "test_apn6", "test_gtpu", "test_mtu",
         "test_telemetry", "test_experiments"]


def main(argv):
    loader = unittest.TestLoader()
    # test_rest_api runs last of all, after the dashboard's e2e (run.sh): its fuzz suite leaves objects behind.
    # test_bng, test_bng_generated, test_bng_split and test_multihoming need labs of their own (TOPOLOGY=bng,
    # bng-split, multihomed, multihomed-2sbr): run.sh runs each there, named.
    names = argv or ORDER
    suite = unittest.TestSuite(loader.loadTestsFromName(n) for n in names)
    result = unittest.TextTestRunner(verbosity=2, stream=sys.stdout).run(suite)
    failed = len(result.failures) + len(result.errors) + len(result.unexpectedSuccesses)
    # A class whose set-up failed ran no test but counts one error: passed never goes below 0.
    print("systest: %d passed, %d failed, %d skipped"
          % (max(0, result.testsRun - failed - len(result.skipped)), failed, len(result.skipped)))
    return 0 if failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
