# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Writes the PPPoE control frames of a capture (discovery, and session frames that are not IPv4
or IPv6) as text, one a line: "<S-VID> <C-VID> <name> <hex of the whole frame>". The app's BNG
tests read such a file (a capture of tests/test_pppoe_vm_system.py, taken with
SIXFLOW_PPPVM_PCAP) as real frames of Debian's pppd and pppoe-server.

    python3 lab/pppoe/control_frames.py CAPTURE.pcap > FILE.txt
"""

import sys

import frames


def control_lines(captured):
    for f in captured:
        if f.pppoe is None or f.pppoe.protocol in (frames.PPP_IPV4, frames.PPP_IPV6):
            continue
        s, c = f.vlans or (0, 0)
        name = f.pppoe.name if f.pppoe.ppp_code is None else "%s-%d" % (f.pppoe.name, f.pppoe.ppp_code)
        yield "%d %d %s %s" % (s, c, name, f.data.hex())


if __name__ == "__main__":
    print("# PPPoE control frames of %s (lab/pppoe/control_frames.py): S-VID C-VID name frame" % sys.argv[1].split("/")[-1])
    for line in control_lines(frames.read_pcap(sys.argv[1])):
        print(line)
