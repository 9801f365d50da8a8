# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The lab's free ports: below the kernel's ephemeral range, free, never handed out twice."""
import os
import socket
import sys
import tempfile
import unittest
from unittest import mock

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import ports  # noqa: E402


def bindable(port):
    with socket.socket() as s:
        try:
            s.bind(("127.0.0.1", port))
            return True
        except OSError:
            return False


class FreePortTest(unittest.TestCase):
    def test_ports_are_below_the_ephemeral_range_free_and_distinct(self):
        low, _ = ports.ephemeral_range()
        given = [ports.free_port() for _ in range(50)]
        self.assertEqual(len(given), len(set(given)))
        for port in given:
            self.assertGreaterEqual(port, ports.LOWEST)
            self.assertLess(port, low)
            self.assertTrue(bindable(port))

    def test_a_span_is_free_in_full_and_none_of_it_handed_out_again(self):
        first = ports.free_port(span=3)
        self.assertTrue(all(bindable(p) for p in range(first, first + 3)))
        later = {ports.free_port() for _ in range(200)}
        self.assertFalse(later & set(range(first, first + 3)))

    def test_a_held_port_is_not_handed_out(self):
        with socket.socket() as held:
            held.bind(("127.0.0.1", 0))
            port = held.getsockname()[1]
            # Only the held port is left to choose from: the choice must give up, not return it.
            with mock.patch.object(ports, "LOWEST", port), mock.patch.object(ports, "ephemeral_range",
                                                                              return_value=(port + 1000, 60999)), \
                    mock.patch.object(ports.random, "randint", return_value=port):
                with self.assertRaisesRegex(OSError, "no 1 free port"):
                    ports.free_port(tries=5)

    def test_the_kernel_chooses_where_the_range_leaves_no_room_below(self):
        with mock.patch.object(ports, "ephemeral_range", return_value=(1024, 65535)):
            port = ports.free_port(span=3)
        self.assertTrue(all(bindable(p) for p in range(port, port + 3)))

    def test_the_range_is_read_from_the_kernel_and_defaults_when_unreadable(self):
        with tempfile.NamedTemporaryFile("w", suffix=".range") as f:
            f.write("40000\t50000\n")
            f.flush()
            self.assertEqual((40000, 50000), ports.ephemeral_range(f.name))
        self.assertEqual((32768, 60999), ports.ephemeral_range("/nonexistent/range"))


if __name__ == "__main__":
    unittest.main()
