# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Packet tests of control/packetio.p4: packet-out to a named port, untouched."""

import ptf.testutils as testutils
from scapy.layers.inet6 import ICMPv6EchoRequest, IPv6
from scapy.layers.l2 import Ether

from base_test import SixflowTest


class PacketOutLeavesByTheNamedPortUnchanged(SixflowTest):
    """The controller's frame leaves port 4 byte for byte, with no route installed, and even with
    a hop limit of 1 (packet-out skips routing)."""

    def runTest(self):
        frame = (Ether(src="00:aa:00:00:00:01", dst="00:00:00:00:00:40")
                 / IPv6(src="fd00:1:4::1", dst="fd00:1:4::40", hlim=1) / ICMPv6EchoRequest(id=7, seq=1))
        self.packet_out(frame, 4)
        testutils.verify_packet(self, bytes(frame), 4)
        testutils.verify_no_other_packets(self)


class PacketOutToEachPort(SixflowTest):
    """One packet-out per port reaches exactly that port."""

    def runTest(self):
        for port in (1, 2, 3, 4):
            frame = Ether(src="00:aa:00:00:00:01", dst="00:00:00:00:00:0%d" % port, type=0x88B5) / (b"p%d" % port * 30)
            self.packet_out(frame, port)
            testutils.verify_packet(self, bytes(frame), port)
        testutils.verify_no_other_packets(self)
