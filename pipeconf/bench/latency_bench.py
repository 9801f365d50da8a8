# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Sends packets of every latency class through bmv2, interleaved so that all classes share the
same run, collects the per-packet telemetry reports (delta = egress - ingress timestamp, in
bmv2's microseconds) and prints the statistics the studies report, against plain IPv6."""

import argparse
import ipaddress
import os
import queue
import socket
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "ptf", "lib"))

from scapy.layers.inet import UDP  # noqa: E402
from scapy.layers.inet6 import IPv6  # noqa: E402
from scapy.layers.l2 import Ether  # noqa: E402

import p4defines  # noqa: E402
import p4info_names as names  # noqa: E402
from p4info import P4Info  # noqa: E402
from p4runtime_client import P4RuntimeClient  # noqa: E402

ROUTER_MAC = "00:aa:00:00:00:01"
HOST_MAC = "00:00:00:00:00:10"
CPU_PORT = p4defines.CPU_PORT
CLONE_SESSION = p4defines.TELEMETRY_CLONE_SESSION
CLASSES = {0: "ipv6", 1: "apn6-insert", 3: "msr6-te-encap", 4: "msr6-rlb-encap", 5: "msr6-replicate",
           6: "msr6-decap"}


def sid(node, argument, pointer, function=0x100):
    return str(ipaddress.IPv6Address((0xFD00 << 112) | (node << 80) | (function << 32) | (argument << 16) | pointer))


def program(client, p4info):
    """Installs one scenario per class on the single switch."""
    def insert(table, match, action, params=None, priority=None):
        client.insert(p4info.table_entry(table, match, action, params, priority))

    insert(names.SIXFLOW_INGRESS_ROUTING_ROUTING_V6, {names.HDR_IPV6_DST: ("fd00::", 16)},
           names.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP, {names.PORT: 2, names.SMAC: ROUTER_MAC, names.DMAC: HOST_MAC})
    insert(names.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER, {names.HDR_L4_DPORT: (7000, 7000)},
           names.SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6,
           {names.SLA_LEVEL: 1, names.APP_ID: 2, names.USER_ID: 3, names.FLOW_ID: 4}, priority=10)
    sids = [sid(9, 0, 0), sid(10, 0, 0), sid(11, 0, 0)]
    for tree, mrh_type in ((1, 1), (2, 3)):
        insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP,
               {names.HDR_IPV6_DST: "ff3e::%d" % tree},
               names.SIXFLOW_INGRESS_MSR6_INGRESS_ENCAP,
               {names.TREE_ID: tree, names.SRC: "fd00:1::1", names.MRH_TYPE: mrh_type, names.MSID_COUNT: 3,
                names.GROUP: 0},
               priority=10)
        insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO, {names.HDR_TREE_ID: tree},
               names.SIXFLOW_INGRESS_MSR6_INGRESS_SET_MSIDS_LO,
               {names.SID0: sids[0], names.SID1: sids[1], names.SID2: sids[2], names.SID3: "::"})
    local = str(ipaddress.IPv6Address((0xFD00 << 112) | (2 << 80) | (0x100 << 32)))
    insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_LOCAL_SID, {names.HDR_IPV6_DST: (local, 96)},
           names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
    insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_RL_GROUP, {names.HDR_SID: sid(2, 1, 1)},
           names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 10})
    insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_RL_GROUP, {names.HDR_SID: sid(2, 0, 0)},
           names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: 11})
    client.add_multicast_group(10, [(2, 0), (3, 0)])
    client.add_multicast_group(11, [(4, 0)])
    for port, index in ((2, 0), (3, 1)):
        insert(names.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY, {names.HDR_GROUP: 10, names.HDR_EG_PORT: port},
               names.SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY, {names.INDEX: index})
    client.add_clone_session(CLONE_SESSION, CPU_PORT)
    for lat_class in CLASSES:
        insert(names.SIXFLOW_EGRESS_TELEMETRY_SAMPLING, {names.HDR_LAT_CLASS: lat_class},
               names.SIXFLOW_EGRESS_SAMPLE, {names.MASK: 0})


def packets():
    """One packet per class, as bytes, in a fixed order."""
    eth = Ether(src=HOST_MAC, dst=ROUTER_MAC, type=0x86DD)
    udp = IPv6(src="fd00:1::10", dst="fd00:2::7") / UDP(sport=5000, dport=6000) / (b"x" * 64)
    apn6 = IPv6(src="fd00:1::10", dst="fd00:2::7") / UDP(sport=5000, dport=7000) / (b"x" * 64)
    te = IPv6(src="fd00:1::10", dst="ff3e::1") / UDP(sport=5000, dport=5004) / (b"x" * 64)
    rlb = IPv6(src="fd00:1::10", dst="ff3e::2") / UDP(sport=5000, dport=5004) / (b"x" * 64)
    inner = bytes(IPv6(src="fd00:1::10", dst="ff3e::3") / UDP(sport=5000, dport=5004) / (b"x" * 64))

    def msr6(dst, sl, sids):
        mrh = bytes([41, 2 * len(sids), 253, sl, 1, 0, 0, 0]) + b"".join(ipaddress.IPv6Address(s).packed for s in sids)
        return bytes(eth) + bytes(IPv6(src="fd00:1::1", dst=dst, nh=43, plen=len(mrh) + len(inner)))[:40] + mrh + inner

    replicate_sids = [sid(2, 1, 1), sid(3, 0, 0), sid(4, 0, 0)]
    leaf_sids = [sid(5, 1, 1), sid(6, 0, 0), sid(2, 0, 0)]
    return [bytes(eth / udp), bytes(eth / apn6), bytes(eth / te), bytes(eth / rlb),
            msr6(replicate_sids[0], 0, replicate_sids), msr6(leaf_sids[2], 2, leaf_sids)]


def report(payload):
    r = payload[14:42]
    return r[1] >> 4, int.from_bytes(r[2:4], "big"), int.from_bytes(r[24:28], "big")


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--grpc", required=True)
    parser.add_argument("--p4info", required=True)
    parser.add_argument("--config", required=True)
    parser.add_argument("--count", type=int, default=50000, help="packets per class (default 50000)")
    parser.add_argument("--interval-ms", type=float, default=1.0, help="gap between packets (default 1 ms)")
    args = parser.parse_args()

    p4info = P4Info(args.p4info)
    client = P4RuntimeClient(args.grpc)
    client.become_master()
    with open(args.config, "rb") as f:
        client.set_pipeline(p4info.p4info, f.read())
    program(client, p4info)

    sock = socket.socket(socket.AF_PACKET, socket.SOCK_RAW)
    sock.bind(("host1", 0))
    frames = packets()
    samples = {(c, r): [] for c in CLASSES for r in (0, 1)}
    expected = args.count * (len(frames) + 1)  # replicate yields two reports per packet
    started = time.monotonic()
    gap = args.interval_ms / 1000.0
    next_send = time.monotonic()
    for _ in range(args.count):
        for frame in frames:
            sock.send(frame)
            next_send += gap
            while True:
                try:
                    lat_class, replica, delta = report(client.packet_ins.get_nowait().payload)
                    samples[(lat_class, replica)].append(delta)
                except queue.Empty:
                    break
            pause = next_send - time.monotonic()
            if pause > 0:
                time.sleep(pause)
    deadline = time.monotonic() + 10
    received = sum(len(v) for v in samples.values())
    while received < expected and time.monotonic() < deadline:
        try:
            lat_class, replica, delta = report(client.packet_ins.get(timeout=0.5).payload)
            samples[(lat_class, replica)].append(delta)
            received += 1
        except queue.Empty:
            pass
    elapsed = time.monotonic() - started
    client.close()

    baseline = statistics.mean(samples[(0, 0)]) if samples[(0, 0)] else float("nan")
    print(f"bmv2 latency by class: {args.count} packets/class at {args.interval_ms} ms, {elapsed:.1f} s, "
          f"{received}/{expected} reports (µs, bmv2 global timestamps)")
    print(f"{'class':<22}{'n':>8}{'mean':>10}{'stdev':>10}{'min':>8}{'max':>8}{'range':>8}{'ratio':>9}")
    for (lat_class, replica), values in samples.items():
        if not values:
            continue
        name = CLASSES[lat_class] + (f" copy {replica + 1}" if lat_class == 5 else "")
        mean = statistics.mean(values)
        stdev = statistics.stdev(values) if len(values) > 1 else 0.0
        print(f"{name:<22}{len(values):>8}{mean:>10.2f}{stdev:>10.2f}{min(values):>8}{max(values):>8}"
              f"{max(values) - min(values):>8}{mean / baseline:>9.3f}")


if __name__ == "__main__":
    main()
