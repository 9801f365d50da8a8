# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""What the latency benchmark runs: Sixflow's classes and the minimal programs
(minimal/*.p4), each as the entries it needs, the frames it is sent and where they come out.

Entries are written by name from ptf/lib/p4info_names.py: the minimal programs carry Sixflow's
names, so the router, the APN6 classifier and the route are the same P4Runtime writes for both,
and each program's own P4Info checks them. Class numbers come from the P4 sources (p4defines);
addresses, MACs and ports are this scenario's own choices."""

import ipaddress
import os
import sys
from dataclasses import dataclass

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "ptf", "lib"))

from scapy.contrib.gtp import GTP_U_Header  # noqa: E402
from scapy.layers.inet import UDP  # noqa: E402
from scapy.layers.inet6 import IPv6  # noqa: E402
from scapy.layers.l2 import Ether  # noqa: E402

import p4defines  # noqa: E402
import p4info_names as names  # noqa: E402
import wire  # noqa: E402

ROUTER_MAC = "00:aa:00:00:00:01"
HOST_MAC = "00:00:00:00:00:10"
# 64 octets ending with a marker (wire.py), so that every marked copy keeps the UDP checksum.
PAYLOAD = b"x" * (64 - wire.MARKER_BYTES) + wire.marker(0)
TREE_SRC = "fd00:1::1"
APN6_FIELDS = {names.SLA_LEVEL: 1, names.APP_ID: 2, names.USER_ID: 3, names.FLOW_ID: 4}
APN6_DPORT = 7000


def sid(node, argument, pointer, function=0x100):
    """An End.RL SID (docs/features/msr6.md): locator fd00:0:<node>::/64, function, argument, pointer."""
    return str(ipaddress.IPv6Address((0xFD00 << 112) | (node << 80) | (function << 32) | (argument << 16) | pointer))


TE_SIDS = [sid(9, 0, 0), sid(10, 0, 0), sid(11, 0, 0)]
# What the replicating class's packets carry: this node's End.RL SID (2 copies from Pointer 1), two leaves.
REPLICATE_SIDS = [sid(2, 1, 1), sid(3, 0, 0), sid(4, 0, 0)]
# What the leaf class's packets carry: the last M-SID is this node's leaf SID.
LEAF_SIDS = [sid(5, 1, 1), sid(6, 0, 0), sid(2, 0, 0)]
# The multicast group of the replicating SID at this node (its copies leave by ports 2 and 3); the
# leaf SID's one receiver port (4), which it delivers to by unicast, as the controller writes a leaf
# with one receiver port (Msr6RuleCompiler).
REPLICATE_GROUP = 10
REPLICATE_PORTS, LEAF_PORT = (2, 3), 4
# The next hop's MAC towards each replica's M-SID, and the multicast MAC of the tree's group
# address (ff3e::3: 33:33 and its last 32 bits) for the leaf's receivers.
REPLICA_MACS = {2: "00:00:00:00:02:01", 3: "00:00:00:00:03:01"}
LEAF_DMAC = "33:33:00:00:00:03"
# The leaf's delivery: its receiver port and the MACs it leaves with there.
LEAF_DELIVERY = {names.PORT: LEAF_PORT, names.SMAC: ROUTER_MAC, names.DMAC: LEAF_DMAC}
# GTP-U: this router's N3 address, the tunnels' peer (routed by fd00::/16), one downlink tunnel
# per UDP checksum mode on its own UE prefix (fd00:e:<i>::/48), and one uplink TEID.
GTPU_N3 = "fd00:3::1"
GTPU_PEER = "fd00:4::1"
GTPU_ENCAP_MODES = (("gtpu-encap-zero", p4defines.GTPU_CHECKSUM_ZERO),
                    ("gtpu-encap-full", p4defines.GTPU_CHECKSUM_FULL),
                    ("gtpu-encap-incremental", p4defines.GTPU_CHECKSUM_INCREMENTAL))
GTPU_UPLINK_TEID = 0x200


@dataclass(frozen=True)
class Row:
    """One row of the results: a class of packets and the port its copy leaves by. in_switch is
    the (class, replica) of Sixflow's telemetry reports for it, or None."""
    name: str
    port: int
    in_switch: tuple = None


@dataclass(frozen=True)
class Flow:
    """Frames of one kind, and the rows their copies make."""
    frame: bytes
    rows: tuple


def _eth():
    return Ether(src=HOST_MAC, dst=ROUTER_MAC, type=0x86DD)


def _udp(dst, dport):
    return IPv6(src="fd00:1::10", dst=dst) / UDP(sport=5000, dport=dport) / PAYLOAD


def ipv6_frame():
    return bytes(_eth() / _udp("fd00:2::7", 6000))


def apn6_frame():
    return bytes(_eth() / _udp("fd00:2::7", APN6_DPORT))


def group_frame(tree):
    return bytes(_eth() / _udp("ff3e::%d" % tree, 5004))


def gtpu_downlink_frame(index):
    return bytes(_eth() / _udp("fd00:e:%d::7" % index, 6000))


def gtpu_uplink_frame():
    """A G-PDU from the peer to the N3 address (zero UDP checksum, which the N3 entry allows)
    around the plain IPv6 packet. GTP-U code points as TS 29.281 gives them (port 2152, G-PDU)."""
    inner = _udp("fd00:2::7", 6000)
    return bytes(_eth() / IPv6(src=GTPU_PEER, dst=GTPU_N3) / UDP(sport=40000, dport=2152, chksum=0)
                 / GTP_U_Header(version=1, PT=1, gtp_type=255, teid=GTPU_UPLINK_TEID) / inner)


def msr6_frame(dst, segments_left, sids):
    """A frame that already carries an MRH (TE) around the same inner packet. Code points as
    docs/features/msr6.md gives them (Routing Type 253, MRH Type 1), as the packet tests write them
    (ptf/lib/p4defines.py says why they are not read from the P4)."""
    inner = bytes(IPv6(src="fd00:1::10", dst="ff3e::3") / UDP(sport=5000, dport=5004) / PAYLOAD)
    mrh = bytes([41, 2 * len(sids), 253, segments_left, 1, 0, 0, 0]) + \
        b"".join(ipaddress.IPv6Address(s).packed for s in sids)
    outer = bytes(IPv6(src=TREE_SRC, dst=dst, nh=43, plen=len(mrh) + len(inner)))[:40]
    return bytes(_eth()) + outer + mrh + inner


def replicate_frame():
    """A tree's packet to this node's replicating SID (Segments Left 0: M-SID[0])."""
    return msr6_frame(REPLICATE_SIDS[0], 0, REPLICATE_SIDS)


def leaf_frame():
    """A tree's packet to this node's leaf SID (Segments Left 2: the last M-SID)."""
    return msr6_frame(LEAF_SIDS[2], 2, LEAF_SIDS)


def _insert(client, p4info, table, match, action, params=None, priority=None):
    client.insert(p4info.table_entry(table, match, action, params, priority))


def install_route(client, p4info):
    """fd00::/16 leaves by port 2: the route every program's packets take."""
    _insert(client, p4info, names.SIXFLOW_INGRESS_ROUTING_ROUTING_V6, {names.HDR_IPV6_DST: ("fd00::", 16)},
            names.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP, {names.PORT: 2, names.SMAC: ROUTER_MAC, names.DMAC: HOST_MAC})


def install_apn6_policy(client, p4info):
    _insert(client, p4info, names.SIXFLOW_INGRESS_APN6_INGRESS_APN6_CLASSIFIER,
            {names.HDR_L4_DPORT: (APN6_DPORT, APN6_DPORT)}, names.SIXFLOW_INGRESS_APN6_INGRESS_INSERT_APN6,
            APN6_FIELDS, priority=10)


# The features a profile may leave out (pipeconf/profiles.json), and which one each class needs.
ALL_FEATURES = frozenset({"APN6", "MSR6", "GTPU"})


def class_feature(name):
    """The feature a Sixflow class needs (None: plain IPv6, in every profile)."""
    prefix = name.split("-")[0].upper()
    return prefix if prefix in ALL_FEATURES else None


def install_sixflow(client, p4info, report_every=1, features=ALL_FEATURES):
    """One scenario per class on the single switch, for the classes of the profile's features;
    one packet in report_every (a power of 2) of each class is reported."""
    _insert(client, p4info, names.SIXFLOW_INGRESS_STATION_MY_STATION, {names.HDR_ETH_DST: ROUTER_MAC},
            names.SIXFLOW_INGRESS_STATION_SET_MY_STATION)
    install_route(client, p4info)
    if "APN6" in features:
        install_apn6_policy(client, p4info)
    if "MSR6" in features:
        _install_msr6(client, p4info)
    if "GTPU" in features:
        _install_gtpu(client, p4info)
    client.add_clone_session(p4defines.TELEMETRY_CLONE_SESSION, p4defines.CPU_PORT)
    for name, lat_class in SIXFLOW_CLASSES:
        if class_feature(name) in features or class_feature(name) is None:
            _insert(client, p4info, names.SIXFLOW_EGRESS_TELEMETRY_SAMPLING, {names.HDR_LAT_CLASS: lat_class},
                    names.SIXFLOW_EGRESS_SAMPLE, {names.MASK: report_every - 1})


def _install_msr6(client, p4info):
    # As the controller writes a tree (Msr6RuleCompiler): the action of its type and M-SID count.
    for tree, kind in ((1, "te"), (2, "rlb")):
        _insert(client, p4info, names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP, {names.HDR_IPV6_DST: "ff3e::%d" % tree},
                "SixflowIngress.msr6_ingress.encap_%s_%d" % (kind, len(TE_SIDS)),
                {names.TREE_ID: tree, names.SRC: TREE_SRC, names.GROUP: 0}, priority=10)
        _insert(client, p4info, names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO, {names.HDR_TREE_ID: tree},
                "SixflowIngress.msr6_ingress.set_msids_%d" % len(TE_SIDS),
                {"sid%d" % i: sid for i, sid in enumerate(TE_SIDS)})
    local = str(ipaddress.IPv6Address((0xFD00 << 112) | (2 << 80) | (0x100 << 32)))
    _insert(client, p4info, names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_LOCAL_SID, {names.HDR_IPV6_DST: (local, 96)},
            names.SIXFLOW_INGRESS_MSR6_INGRESS_END_RL)
    _insert(client, p4info, names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: REPLICATE_SIDS[0]},
            names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: REPLICATE_GROUP})
    _insert(client, p4info, names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: LEAF_SIDS[2]},
            names.SIXFLOW_INGRESS_MSR6_INGRESS_DELIVER, LEAF_DELIVERY)
    _install_copies(client, p4info, sixflow=True)


def _install_copies(client, p4info, sixflow):
    """This node's group and each copy's rewrite: copy i of REPLICATE_SIDS' list (Pointer 1)
    gets Segments Left 1 + i, M-SID[1 + i] and the MACs towards it. Sixflow numbers a copy
    (index) and keeps its MACs in msr6_adjacency, as its controller writes them; a minimal
    program's set_copy takes the MACs itself."""
    client.add_multicast_group(REPLICATE_GROUP, [(port, 0) for port in REPLICATE_PORTS])
    for index, port in enumerate(REPLICATE_PORTS):
        macs = {names.SMAC: ROUTER_MAC, names.DMAC: REPLICA_MACS[port]}
        # The replicas' replication id (rid) is 0: the group above names one copy per port.
        _insert(client, p4info, names.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY,
                {names.HDR_GROUP: REPLICATE_GROUP, names.HDR_EG_PORT: port, names.HDR_RID: 0},
                names.SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY,
                {names.SEGMENTS_LEFT: 1 + index, names.SID: REPLICATE_SIDS[1 + index],
                 **({names.INDEX: index} if sixflow else macs)})
        if sixflow:
            _insert(client, p4info, names.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_ADJACENCY,
                    {names.HDR_GROUP: REPLICATE_GROUP, names.HDR_EG_PORT: port},
                    names.SIXFLOW_EGRESS_MSR6_EGRESS_SET_ADJACENCY, macs)


def _install_gtpu(client, p4info):
    for index, (_, mode) in enumerate(GTPU_ENCAP_MODES):
        _insert(client, p4info, names.SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP,
                {names.HDR_IPV6_DST: ("fd00:e:%d::" % index, 48)}, names.SIXFLOW_INGRESS_GTPU_ENCAP_ENCAP,
                {names.TUNNEL_ID: 1 + index, names.N3_ADDR: GTPU_N3, names.PEER_ADDR: GTPU_PEER,
                 names.TEID: 0x100 + index, names.QFI: 0, names.HAS_QFI: 0, names.CHECKSUM_MODE: mode})
    _insert(client, p4info, names.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_N3, {names.HDR_N3_ADDR: GTPU_N3},
            names.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_SET_N3, {names.ALLOW_ZERO_CHECKSUM: 1})
    _insert(client, p4info, names.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_DECAP,
            {names.HDR_N3_ADDR: GTPU_N3, names.HDR_TEID: GTPU_UPLINK_TEID},
            names.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_DECAP, {names.TUNNEL_ID: 4})
    # The uplink tunnel's UE prefix: the inner packets' source (fd00:1::10) may come out of it.
    _insert(client, p4info, names.SIXFLOW_INGRESS_GTPU_DECAP_GTPU_UE_SOURCE,
            {names.HDR_TUNNEL_ID: 4, names.HDR_UE_SRC: ("fd00:1::", 64)}, names.SIXFLOW_INGRESS_GTPU_DECAP_ALLOW_SOURCE)


SIXFLOW_CLASSES = (("ipv6", p4defines.CLASS_IPV6), ("apn6-insert", p4defines.CLASS_APN6_INSERT),
                   ("msr6-te-encap", p4defines.CLASS_MSR6_TE_ENCAP), ("msr6-rlb-encap", p4defines.CLASS_MSR6_RLB_ENCAP),
                   ("msr6-replicate", p4defines.CLASS_MSR6_REPLICATE), ("msr6-decap", p4defines.CLASS_MSR6_DECAP),
                   ("gtpu-encap-zero", p4defines.CLASS_GTPU_ENCAP_ZERO),
                   ("gtpu-encap-full", p4defines.CLASS_GTPU_ENCAP_FULL),
                   ("gtpu-encap-incremental", p4defines.CLASS_GTPU_ENCAP_INCREMENTAL),
                   ("gtpu-decap", p4defines.CLASS_GTPU_DECAP))


def sixflow_flows(features=ALL_FEATURES, classes=None):
    """Sixflow's flows, those of the profile's features only; with classes (names of
    SIXFLOW_CLASSES), only the flows of those classes (ValueError for a name that is none, or
    for classes the profile's features do not have)."""
    flows = tuple(flow for flow in _all_sixflow_flows()
                  if all(class_feature(_class_name(row)) in features or class_feature(_class_name(row)) is None
                         for row in flow.rows))
    if classes is None:
        return flows
    known = dict(SIXFLOW_CLASSES)
    unknown = sorted(set(classes) - set(known))
    if unknown:
        raise ValueError(f"no such class: {', '.join(unknown)} (classes: {', '.join(known)})")
    chosen = tuple(flow for flow in flows if _class_name(flow.rows[0]) in classes)
    missing = sorted(set(classes) - {_class_name(flow.rows[0]) for flow in chosen})
    if missing:
        raise ValueError(f"the profile's features ({', '.join(sorted(features)) or 'none'}) have no "
                         f"class {', '.join(missing)}")
    return chosen


def _class_name(row):
    return {lat_class: name for name, lat_class in SIXFLOW_CLASSES}[row.in_switch[0]]


def _all_sixflow_flows():
    classes = dict(SIXFLOW_CLASSES)

    def row(name, port=2, replica=0, label=None):
        return Row(label or name, port, (classes[name], replica))

    return (Flow(ipv6_frame(), (row("ipv6"),)),
            Flow(apn6_frame(), (row("apn6-insert"),)),
            Flow(group_frame(1), (row("msr6-te-encap"),)),
            Flow(group_frame(2), (row("msr6-rlb-encap"),)),
            Flow(replicate_frame(), tuple(row("msr6-replicate", port, index, "msr6-replicate copy %d" % (index + 1))
                                          for index, port in enumerate(REPLICATE_PORTS))),
            Flow(leaf_frame(), (row("msr6-decap", LEAF_PORT),)),
            *(Flow(gtpu_downlink_frame(index), (row(name),)) for index, (name, _) in enumerate(GTPU_ENCAP_MODES)),
            Flow(gtpu_uplink_frame(), (row("gtpu-decap"),)))


def install_minimal_router(client, p4info, report_every):
    install_route(client, p4info)


def install_minimal_hbh(client, p4info, report_every):
    install_route(client, p4info)
    install_apn6_policy(client, p4info)


# The minimal MRH programs' one encapsulation action (minimal/mrh.p4).
MINIMAL_MRH_ENCAP = "SixflowIngress.msr6_ingress.encap"


def install_minimal_mrh(client, p4info, report_every):
    """The route, and ff3e::1 encapsulated with the M-SIDs Sixflow's TE tree carries."""
    install_route(client, p4info)
    _insert(client, p4info, names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP, {names.HDR_IPV6_DST: "ff3e::1"},
            MINIMAL_MRH_ENCAP,
            {names.SRC: TREE_SRC, names.SID0: TE_SIDS[0], names.SID1: TE_SIDS[1], names.SID2: TE_SIDS[2]})


def install_minimal_gtpu(client, p4info, report_every):
    """The route; every UE prefix of Sixflow's downlink tunnels (one per checksum mode,
    GTPU_ENCAP_MODES) to the same N3 and peer addresses, with that tunnel's TEID; the uplink TEID
    decapsulated at the N3 address."""
    install_route(client, p4info)
    for index in range(len(GTPU_ENCAP_MODES)):
        _insert(client, p4info, names.SIXFLOW_INGRESS_GTPU_ENCAP_GTPU_ENCAP,
                {names.HDR_IPV6_DST: ("fd00:e:%d::" % index, 48)}, names.SIXFLOW_INGRESS_GTPU_ENCAP_ENCAP,
                {names.N3_ADDR: GTPU_N3, names.PEER_ADDR: GTPU_PEER, names.TEID: 0x100 + index})
    _insert(client, p4info, names.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_GTPU_DECAP,
            {names.HDR_N3_ADDR: GTPU_N3, names.HDR_TEID: GTPU_UPLINK_TEID}, names.SIXFLOW_INGRESS_GTPU_DECAP_LOOKUP_DECAP)


# The minimal MSR6 node programs' leaf action (minimal/mrh-node.p4): the SID's receiver port and
# its MACs, and the decapsulation Sixflow's leaf SIDs do.
MINIMAL_MRH_DECAP = "SixflowIngress.msr6_ingress.decap"


def install_minimal_mrh_node(client, p4info, report_every):
    """The route; this node's replicating SID (its group and copies) and leaf SID (its delivery)
    as Sixflow's scenario has them (_install_msr6)."""
    install_route(client, p4info)
    _insert(client, p4info, names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: REPLICATE_SIDS[0]},
            names.SIXFLOW_INGRESS_MSR6_INGRESS_REPLICATE, {names.GROUP: REPLICATE_GROUP})
    _insert(client, p4info, names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_SID_GROUP, {names.HDR_SID: LEAF_SIDS[2]},
            MINIMAL_MRH_DECAP, LEAF_DELIVERY)
    _install_copies(client, p4info, sixflow=False)


# The minimal GTP-U programs' UE source check (minimal/gtpu.p4, GTPU_RFC_DUTIES), keyed by the TEID.
MINIMAL_GTPU_UE_SOURCE = "SixflowIngress.gtpu_decap_lookup.gtpu_ue_source"
MINIMAL_GTPU_ALLOW_SOURCE = "SixflowIngress.gtpu_decap_lookup.allow_source"


def install_minimal_gtpu_rfc(client, p4info, report_every):
    """As install_minimal_gtpu, and the uplink tunnel's UE prefix, as Sixflow's scenario has it."""
    install_minimal_gtpu(client, p4info, report_every)
    _insert(client, p4info, MINIMAL_GTPU_UE_SOURCE, {names.HDR_TEID: GTPU_UPLINK_TEID, names.HDR_UE_SRC: ("fd00:1::", 64)},
            MINIMAL_GTPU_ALLOW_SOURCE)


# The rows of the minimal programs: the router's, and each feature program's feature frames and
# the plain IPv6 frames sent through it between them.
ROUTER_ROW = "minimal router"
HBH_ROW, HBH_PLAIN_ROW = "minimal + APN6 HBH", "minimal + HBH: plain IPv6"
MRH_ROW, MRH_PLAIN_ROW = "minimal + MRH encap", "minimal + MRH: plain IPv6"
MRH_RFC_ROW, MRH_RFC_PLAIN_ROW = "minimal + MRH encap + RFC", "minimal MRH+RFC: plain IPv6"
GTPU_ROW, GTPU_PLAIN_ROW = "minimal + GTP-U encap", "minimal + GTP-U: plain IPv6"
GTPU_FULL_ROW, GTPU_FULL_PLAIN_ROW = "minimal + GTP-U encap + csum", "minimal GTP-U+csum: plain IPv6"
GTPU_DECAP_ROW, GTPU_DECAP_PLAIN_ROW = "minimal + GTP-U decap", "minimal GTP-U decap: plain IPv6"
GTPU_RFC_ROW, GTPU_RFC_PLAIN_ROW = "minimal + GTP-U encap + RFC", "minimal GTP-U+RFC: plain IPv6"
GTPU_FULL_RFC_ROW, GTPU_FULL_RFC_PLAIN_ROW = "minimal + GTP-U csum + RFC", "minimal GTP-U c+RFC: plain IPv6"
GTPU_DECAP_RFC_ROW, GTPU_DECAP_RFC_PLAIN_ROW = "minimal + GTP-U decap + RFC", "minimal GTP-U d+RFC: plain IPv6"
# A replicating program's rows: one per copy (its port), as Sixflow's msr6-replicate.
MRH_REPLICATE_ROWS = tuple("minimal + MRH replicate copy %d" % (i + 1) for i in range(len(REPLICATE_PORTS)))
MRH_REPLICATE_PLAIN_ROW = "minimal MRH repl.: plain IPv6"
MRH_REPLICATE_RFC_ROWS = tuple("minimal + MRH repl.+RFC copy %d" % (i + 1) for i in range(len(REPLICATE_PORTS)))
MRH_REPLICATE_RFC_PLAIN_ROW = "minimal MRH r+RFC: plain IPv6"
MRH_DECAP_ROW, MRH_DECAP_PLAIN_ROW = "minimal + MRH leaf decap", "minimal MRH decap: plain IPv6"
MRH_DECAP_RFC_ROW, MRH_DECAP_RFC_PLAIN_ROW = "minimal + MRH leaf decap + RFC", "minimal MRH d+RFC: plain IPv6"


def _one_flow(frame, name):
    return lambda baseline=True: (Flow(frame(), (Row(name, 2),)),)


def _feature_flows(frame, rows, plain_name, ports):
    """A minimal feature program's frames (their copies leaving by ports, row i by ports[i]) and, interleaved with them, plain IPv6 frames the same
    program routes: its increment is taken between the two, on one switch at one time, as
    Sixflow's classes' over its ipv6. (Over the router, a program run a minute earlier, it moved
    with the machine's moment by more than the feature costs.) baseline=False: the feature's
    frames only (instructions.sh, whose figure is a program's work per frame)."""
    def flows(baseline=True):
        feature = Flow(frame(), tuple(Row(row, port) for row, port in zip(rows, ports)))
        return (Flow(ipv6_frame(), (Row(plain_name, 2),)), feature) if baseline else (feature,)
    return flows


@dataclass(frozen=True)
class Program:
    """A benchmarked program: its source (None: Sixflow's committed artifacts), how to program
    it (install(client, p4info, report_every)), its flows (Sixflow's: flows(features, classes);
    a minimal program's: flows(baseline)), and whether its copies carry the in-switch stamp
    (minimal/common.p4). A minimal feature program also names the profile feature (define.p4's
    WITH_<feature>) it stands for and its rows: the feature's frames' (one per copy) and last the
    plain IPv6 frames sent between them."""
    name: str
    source: str
    install: object
    flows: object
    stamped: bool
    feature: str = None
    rows: tuple = ()


def _feature_program(name, source, install, frame, feature, row, plain_row, ports=(2,)):
    rows = (row,) if isinstance(row, str) else tuple(row)
    return Program(name, source, install, _feature_flows(frame, rows, plain_row, ports), True, feature,
                   rows + (plain_row,))


def yardstick(cls, program):
    """(program, its row Sixflow's row cls is held to, that program's plain IPv6 row): a copy's
    row is held to the same copy's (the row of the same index)."""
    rows = PROGRAMS[program].rows
    feature_rows = rows[:-1]
    copy = int(cls.rsplit(" ", 1)[1]) - 1 if " copy " in cls else 0
    return program, feature_rows[copy], rows[-1]


PROGRAMS = {
    "minimal-router": Program("minimal-router", "minimal/router.p4", install_minimal_router,
                              _one_flow(ipv6_frame, ROUTER_ROW), True),
    "minimal-hbh": _feature_program("minimal-hbh", "minimal/hbh.p4", install_minimal_hbh, apn6_frame,
                                    "APN6", HBH_ROW, HBH_PLAIN_ROW),
    "minimal-mrh": _feature_program("minimal-mrh", "minimal/mrh.p4", install_minimal_mrh, lambda: group_frame(1),
                                    "MSR6", MRH_ROW, MRH_PLAIN_ROW),
    "minimal-mrh-rfc": _feature_program("minimal-mrh-rfc", "minimal/mrh-rfc.p4", install_minimal_mrh,
                                        lambda: group_frame(1), "MSR6", MRH_RFC_ROW, MRH_RFC_PLAIN_ROW),
    # Downlink frames to the UE prefixes of Sixflow's ZERO and FULL tunnels, the same frames as
    # those classes'.
    "minimal-gtpu": _feature_program("minimal-gtpu", "minimal/gtpu.p4", install_minimal_gtpu,
                                     lambda: gtpu_downlink_frame(0), "GTPU", GTPU_ROW, GTPU_PLAIN_ROW),
    "minimal-gtpu-full": _feature_program("minimal-gtpu-full", "minimal/gtpu-full.p4", install_minimal_gtpu,
                                          lambda: gtpu_downlink_frame(1), "GTPU", GTPU_FULL_ROW,
                                          GTPU_FULL_PLAIN_ROW),
    "minimal-gtpu-decap": _feature_program("minimal-gtpu-decap", "minimal/gtpu-decap.p4", install_minimal_gtpu,
                                           gtpu_uplink_frame, "GTPU", GTPU_DECAP_ROW, GTPU_DECAP_PLAIN_ROW),
    "minimal-gtpu-rfc": _feature_program("minimal-gtpu-rfc", "minimal/gtpu-rfc.p4", install_minimal_gtpu_rfc,
                                         lambda: gtpu_downlink_frame(0), "GTPU", GTPU_RFC_ROW, GTPU_RFC_PLAIN_ROW),
    "minimal-gtpu-full-rfc": _feature_program("minimal-gtpu-full-rfc", "minimal/gtpu-full-rfc.p4",
                                              install_minimal_gtpu_rfc, lambda: gtpu_downlink_frame(1), "GTPU",
                                              GTPU_FULL_RFC_ROW, GTPU_FULL_RFC_PLAIN_ROW),
    "minimal-gtpu-decap-rfc": _feature_program("minimal-gtpu-decap-rfc", "minimal/gtpu-decap-rfc.p4",
                                               install_minimal_gtpu_rfc, gtpu_uplink_frame, "GTPU",
                                               GTPU_DECAP_RFC_ROW, GTPU_DECAP_RFC_PLAIN_ROW),
    # A tree's packets to this node's replicating SID (its two copies) and to its leaf SID, the
    # same frames as Sixflow's msr6-replicate and msr6-decap.
    "minimal-mrh-replicate": _feature_program("minimal-mrh-replicate", "minimal/mrh-replicate.p4",
                                              install_minimal_mrh_node, replicate_frame, "MSR6", MRH_REPLICATE_ROWS,
                                              MRH_REPLICATE_PLAIN_ROW, REPLICATE_PORTS),
    "minimal-mrh-decap": _feature_program("minimal-mrh-decap", "minimal/mrh-decap.p4", install_minimal_mrh_node,
                                          leaf_frame, "MSR6", MRH_DECAP_ROW, MRH_DECAP_PLAIN_ROW, (LEAF_PORT,)),
    "minimal-mrh-replicate-rfc": _feature_program("minimal-mrh-replicate-rfc", "minimal/mrh-replicate-rfc.p4",
                                                  install_minimal_mrh_node, replicate_frame, "MSR6",
                                                  MRH_REPLICATE_RFC_ROWS, MRH_REPLICATE_RFC_PLAIN_ROW,
                                                  REPLICATE_PORTS),
    "minimal-mrh-decap-rfc": _feature_program("minimal-mrh-decap-rfc", "minimal/mrh-decap-rfc.p4",
                                              install_minimal_mrh_node, leaf_frame, "MSR6", MRH_DECAP_RFC_ROW,
                                              MRH_DECAP_RFC_PLAIN_ROW, (LEAF_PORT,)),
    "sixflow": Program("sixflow", None, install_sixflow, sixflow_flows, False),
}
# Sixflow's feature rows (a class's, or each copy's of a replicating class) and the minimal program
# doing only that feature: its increment (of the same copy's row) is the goal for theirs.
# INCREMENTAL computes the checksum FULL does, otherwise: its yardstick is the program computing it.
MINIMAL_OF_CLASS = {"apn6-insert": "minimal-hbh", "msr6-te-encap": "minimal-mrh", "msr6-rlb-encap": "minimal-mrh",
                    "gtpu-encap-zero": "minimal-gtpu", "gtpu-encap-full": "minimal-gtpu-full",
                    "gtpu-encap-incremental": "minimal-gtpu-full", "gtpu-decap": "minimal-gtpu-decap",
                    "msr6-replicate copy 1": "minimal-mrh-replicate", "msr6-replicate copy 2": "minimal-mrh-replicate",
                    "msr6-decap": "minimal-mrh-decap"}
# The same feature's minimal program that also does the RFC duties Sixflow's does and the bare one
# leaves out (minimal/mrh.p4 lists them): shown beside the goal, so that the two can be told apart.
MINIMAL_WITH_DUTIES_OF_CLASS = {"msr6-te-encap": "minimal-mrh-rfc", "msr6-rlb-encap": "minimal-mrh-rfc",
                                "gtpu-encap-zero": "minimal-gtpu-rfc", "gtpu-encap-full": "minimal-gtpu-full-rfc",
                                "gtpu-encap-incremental": "minimal-gtpu-full-rfc",
                                "gtpu-decap": "minimal-gtpu-decap-rfc",
                                "msr6-replicate copy 1": "minimal-mrh-replicate-rfc",
                                "msr6-replicate copy 2": "minimal-mrh-replicate-rfc",
                                "msr6-decap": "minimal-mrh-decap-rfc"}


def programs_for(features, classes=None):
    """The programs a run measures for a profile with these features: the minimal router, each
    minimal feature program whose feature the profile has (nothing of Sixflow's compares with the
    others), and Sixflow. With classes (names of SIXFLOW_CLASSES), of the feature programs only
    those a row of those classes is held to (MINIMAL_OF_CLASS, MINIMAL_WITH_DUTIES_OF_CLASS)."""
    held_to = None
    if classes is not None:
        rows = {row.name for flow in sixflow_flows(features, classes) for row in flow.rows}
        held_to = {program for table in (MINIMAL_OF_CLASS, MINIMAL_WITH_DUTIES_OF_CLASS)
                   for row, program in table.items() if row in rows}
    return [name for name, program in PROGRAMS.items()
            if program.source is None or program.feature is None
            or program.feature in features and (held_to is None or name in held_to)]


def wants_baseline(program, features, no_baseline=False):
    """Whether a minimal feature program sends plain IPv6 frames between its feature's: only
    where Sixflow's profile has that feature (no increment is compared otherwise) and not asked
    otherwise (--no-baseline: instructions.sh, whose figure is a program's work per frame)."""
    return program.feature is not None and program.feature in features and not no_baseline
