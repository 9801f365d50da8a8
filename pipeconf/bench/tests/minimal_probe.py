# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Run inside the network namespace of a bmv2 switch running one minimal program
(test_minimal_on_bmv2.py starts both): programs the switch as the benchmark does, sends it the
probes of that program from host port 1 and prints, as JSON, what left by ports 2 to 4 for each
(a frame's "port" says which).

    minimal_probe.py PROGRAM WORKDIR     (WORKDIR holds the compiled bmv2.json and p4info.txt)
"""

import json
import os
import sys
import time

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
sys.path.insert(0, os.path.join(here, "..", "..", "ptf", "lib"))

from scapy.contrib.gtp import GTP_U_Header  # noqa: E402
from scapy.layers.inet import UDP  # noqa: E402
from scapy.layers.inet6 import IPv6  # noqa: E402
from scapy.layers.l2 import Ether  # noqa: E402
from scapy.sendrecv import AsyncSniffer, sendp  # noqa: E402

import programs  # noqa: E402
from p4info import P4Info  # noqa: E402
from p4runtime_client import P4RuntimeClient  # noqa: E402


def downlink(index=0, inner_hop_limit=64):
    frame = Ether(programs.gtpu_downlink_frame(index))
    frame[IPv6].hlim = inner_hop_limit
    return frame


def uplink(inner_src=None, outer_ecn=0, inner_ecn=0, udp_len=None):
    frame = Ether(programs.gtpu_uplink_frame())
    frame[IPv6].tc = outer_ecn
    inner = frame[GTP_U_Header][IPv6]
    inner.tc = inner_ecn
    if inner_src:
        inner.src = inner_src
    if udp_len is not None:
        frame[UDP].len = udp_len
    return frame


def group(inner_hop_limit=64):
    frame = Ether(programs.group_frame(1))
    frame[IPv6].hlim = inner_hop_limit
    return frame


# An MSR6 frame's offsets (programs.msr6_frame: 3 M-SIDs): the Routing header after the outer
# IPv6 header, the MRH Type after its first 4 octets, the inner packet after the M-SIDs.
ROUTING, MRH_TYPE, INNER = 14 + 40, 14 + 40 + 4, 14 + 40 + 8 + 16 * 3


def _set_ecn(raw, at, ecn):
    # Traffic Class's low two bits: bits 4 and 5 of the IPv6 header's second octet.
    raw[at + 1] = (raw[at + 1] & ~0x30) | (ecn << 4)


def msr6(frame, hop_limit=None, mrh_type=None, segments_left=None, next_header=None, outer_ecn=0, inner_ecn=0):
    """One of the bench's MSR6 frames (programs.replicate_frame, leaf_frame), changed."""
    raw = bytearray(frame())
    if hop_limit is not None:
        raw[14 + 7] = hop_limit
    if mrh_type is not None:
        raw[MRH_TYPE] = mrh_type
    if segments_left is not None:
        raw[ROUTING + 3] = segments_left
    if next_header is not None:
        raw[ROUTING] = next_header
    _set_ecn(raw, 14, outer_ecn)
    _set_ecn(raw, INNER, inner_ecn)
    return Ether(bytes(raw))


def replicate(**changes):
    return msr6(programs.replicate_frame, **changes)


def leaf(**changes):
    return msr6(programs.leaf_frame, **changes)


def elsewhere():
    """An MRH packet to a SID not this node's: routed as any packet (fd00::/16, port 2)."""
    return Ether(programs.msr6_frame(programs.TE_SIDS[0], 0, programs.TE_SIDS))


# Each program's probes: name -> frame.
PROBES = {
    "minimal-router": {"routed": lambda: Ether(programs.ipv6_frame())},
    "minimal-mrh-rfc": {"encapsulated": group, "inner hop limit 1": lambda: group(inner_hop_limit=1)},
    "minimal-gtpu": {"encapsulated": downlink},
    "minimal-gtpu-full": {"encapsulated": lambda: downlink(1)},
    "minimal-gtpu-rfc": {"encapsulated": downlink, "inner hop limit 1": lambda: downlink(inner_hop_limit=1)},
    "minimal-gtpu-full-rfc": {"encapsulated": lambda: downlink(1)},
    "minimal-gtpu-decap": {"decapsulated": uplink, "spoofed source": lambda: uplink(inner_src="fd00:9::1")},
    "minimal-gtpu-decap-rfc": {
        "decapsulated": uplink,
        "spoofed source": lambda: uplink(inner_src="fd00:9::1"),
        "CE over Not-ECT": lambda: uplink(outer_ecn=3, inner_ecn=0),
        "CE over ECT(0)": lambda: uplink(outer_ecn=3, inner_ecn=2),
        "UDP length that lies": lambda: uplink(udp_len=20),
    },
    "minimal-mrh-replicate": {
        "replicated": replicate,
        "hop limit 1": lambda: replicate(hop_limit=1),
        "not this node's": elsewhere,
    },
    "minimal-mrh-replicate-rfc": {
        "replicated": replicate,
        "hop limit 1": lambda: replicate(hop_limit=1),
        "not this node's": elsewhere,
        "unknown MRH type": lambda: replicate(mrh_type=7),
        "Segments Left past the list": lambda: replicate(segments_left=3),
    },
    "minimal-mrh-decap": {
        "decapsulated": leaf,
        "not IPv6 inside": lambda: leaf(next_header=17),
    },
    "minimal-mrh-decap-rfc": {
        "decapsulated": leaf,
        "not IPv6 inside": lambda: leaf(next_header=17),
        "CE over Not-ECT": lambda: leaf(outer_ecn=3, inner_ecn=0),
        "CE over ECT(0)": lambda: leaf(outer_ecn=3, inner_ecn=2),
        "unknown MRH type": lambda: leaf(mrh_type=7),
    },
}
# The switch's ports the probes' copies may leave by (host port 1 sends).
OUT_PORTS = (2, 3, 4)


def describe(frame):
    """What the tests read of a frame that left: its headers' fields as scapy decodes them, the
    UDP checksum scapy computes for it, and for a G-PDU its inner packet's."""
    out = {"len": len(frame), "hlim": frame[IPv6].hlim, "nh": frame[IPv6].nh, "plen": frame[IPv6].plen,
           "smac": frame[Ether].src, "dmac": frame[Ether].dst}
    if GTP_U_Header in frame:
        udp = frame[UDP]
        copy = Ether(bytes(frame))
        del copy[UDP].chksum
        inner = frame[GTP_U_Header][IPv6]
        out.update(sport=udp.sport, dport=udp.dport, udp_len=udp.len, checksum=udp.chksum,
                   checksum_computed=Ether(bytes(copy))[UDP].chksum, teid=frame[GTP_U_Header].teid,
                   gtpu_len=frame[GTP_U_Header].length, inner_hlim=inner.hlim)
    elif frame[IPv6].nh == 43:
        routing = bytes(frame[IPv6].payload)
        inner = IPv6(routing[8 + 16 * 3:])
        out.update(inner_hlim=inner.hlim, inner_dst=inner.dst, dst=frame[IPv6].dst, segments_left=routing[3])
    else:
        out.update(src=frame[IPv6].src, dst=frame[IPv6].dst, tc=frame[IPv6].tc)
    return out


def main():
    program, work = sys.argv[1], sys.argv[2]
    p4info = P4Info(os.path.join(work, "p4info.txt"))
    client = P4RuntimeClient("127.0.0.1:9559")
    client.become_master()
    with open(os.path.join(work, "bmv2.json"), "rb") as f:
        client.set_pipeline(p4info.p4info, f.read())
    programs.PROGRAMS[program].install(client, p4info, 1)
    results = {}
    for name, probe in PROBES[program].items():
        sniffer = AsyncSniffer(iface=["host%d" % port for port in OUT_PORTS], store=True)
        sniffer.start()
        time.sleep(0.3)
        sendp(probe(), iface="host1", verbose=False)
        time.sleep(0.7)
        sniffer.stop()
        results[name] = [dict(describe(Ether(bytes(p))), port=int(p.sniffed_on[len("host"):]))
                         for p in sniffer.results]
    print(json.dumps(results))


if __name__ == "__main__":
    main()
