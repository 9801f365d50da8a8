# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""udptools.py over this machine's own IPv6 loopback: what the kernel delivers to a listener, a
zero checksum refused by default and accepted when the listener says so, and replies collected."""

import json
import os
import shutil
import socket
import tempfile
import threading
import time
import unittest

import udptools


def free_port():
    with socket.socket(socket.AF_INET6, socket.SOCK_DGRAM) as s:
        s.bind(("::1", 0))
        return s.getsockname()[1]


def ipv6_loopback():
    try:
        with socket.socket(socket.AF_INET6, socket.SOCK_DGRAM) as s:
            s.bind(("::1", 0))
        return True
    except OSError:
        return False


@unittest.skipUnless(ipv6_loopback(), "no IPv6 loopback here")
class UdpToolsTest(unittest.TestCase):

    def setUp(self):
        self.dir = tempfile.mkdtemp(prefix="udptools-")
        self.port = free_port()

    def tearDown(self):
        shutil.rmtree(self.dir, ignore_errors=True)

    def listen_while(self, send, accept_zero_checksum=False):
        self.listens = getattr(self, "listens", 0) + 1
        out = os.path.join(self.dir, "out%d.jsonl" % self.listens)
        ready = os.path.join(self.dir, "ready%d" % self.listens)
        listener = threading.Thread(target=udptools.listen,
                                    args=(self.port, out, 1.5, ready, accept_zero_checksum))
        listener.start()
        while not os.path.exists(ready):
            time.sleep(0.01)
        send()
        listener.join()
        with open(out) as f:
            return [json.loads(line) for line in f]

    def test_a_datagram_arrives_as_sent_with_its_source(self):
        got = self.listen_while(lambda: udptools.send("::1", self.port, b"\x30\xff\x00\x00", sport=free_port()))
        self.assertEqual(1, len(got))
        self.assertEqual("30ff0000", got[0]["hex"])
        self.assertEqual("::1", got[0]["src"])

    def test_a_zero_checksum_is_refused_unless_the_listener_accepts_it(self):
        refused = self.listen_while(lambda: udptools.send("::1", self.port, b"zero", zero_checksum=True, count=2))
        self.assertEqual([], refused)
        accepted = self.listen_while(lambda: udptools.send("::1", self.port, b"zero", zero_checksum=True, count=2),
                                     accept_zero_checksum=True)
        self.assertEqual(2, len(accepted))

    def test_replies_come_back_on_the_sending_socket(self):
        with socket.socket(socket.AF_INET6, socket.SOCK_DGRAM) as echo:
            echo.bind(("::1", self.port))

            def answer():
                data, address = echo.recvfrom(100)
                echo.sendto(data.upper(), address)
            thread = threading.Thread(target=answer)
            thread.start()
            summary = udptools.send("::1", self.port, b"ping", replies=2.0)
            thread.join()
        self.assertEqual(1, summary["sent"])
        self.assertEqual(["50494e47"], [r["hex"] for r in summary["replies"]])
        self.assertEqual(self.port, summary["replies"][0]["sport"])


if __name__ == "__main__":
    unittest.main()


class EchoResponseTest(unittest.TestCase):
    """What echo-peer answers (TS 29.281 7.2.2), written here from the specification by hand."""

    def test_an_echo_request_gets_its_sequence_number_back_with_recovery_zero(self):
        request = bytes.fromhex("32010004" "00000000" "beef" "00" "00")
        self.assertEqual(bytes.fromhex("32020006" "00000000" "beef" "00" "00" "0e00"), udptools.echo_response(request))

    def test_other_messages_and_short_ones_get_none(self):
        self.assertIsNone(udptools.echo_response(bytes.fromhex("32ff0004" "00000001" "0000" "00" "00")))  # a G-PDU
        self.assertIsNone(udptools.echo_response(bytes.fromhex("3201000000000000")))  # no sequence number field
        self.assertIsNone(udptools.echo_response(bytes.fromhex("52010004" "00000000" "beef" "00" "00")))  # GTPv2
