# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Base of the packet tests: pushes the committed Sixflow bmv2 pipeline to simple_switch_grpc."""

import shutil
import subprocess
import sys

import ptf
import ptf.testutils as testutils
from ptf.base_tests import BaseTest

from p4info import P4Info, decode, encode
from p4runtime_client import P4RuntimeClient
import exported
import p4defines
import p4info_names as names

# Drop reasons and events, by index of the drop/event counters; the CPU port, the readout
# EtherType and the telemetry clone session: as the P4 sources define them (p4defines).
DROP_NO_ROUTE = p4defines.DROP_NO_ROUTE
DROP_OUT_OF_SCOPE = p4defines.DROP_OUT_OF_SCOPE
DROP_HOP_LIMIT = p4defines.DROP_HOP_LIMIT
DROP_ACL = p4defines.DROP_ACL
DROP_NOT_IPV6 = p4defines.DROP_NOT_IPV6
DROP_PARSER_ERROR = p4defines.DROP_PARSER_ERROR
DROP_APN6_MALFORMED = p4defines.DROP_APN6_MALFORMED
DROP_MSR6_MALFORMED = p4defines.DROP_MSR6_MALFORMED
DROP_MSR6_UNKNOWN = p4defines.DROP_MSR6_UNKNOWN
DROP_MSR6_NO_GROUP = p4defines.DROP_MSR6_NO_GROUP
DROP_NOT_MY_STATION = p4defines.DROP_NOT_MY_STATION
DROP_SR_BOUNDARY = p4defines.DROP_SR_BOUNDARY
DROP_MTU_EXCEEDED = p4defines.DROP_MTU_EXCEEDED
DROP_CE_NOT_ECT = p4defines.DROP_CE_NOT_ECT

EVENT_APN6_SKIPPED = p4defines.EVENT_APN6_SKIPPED
EVENT_MSR6_DECAP = p4defines.EVENT_MSR6_DECAP

CPU_PORT = p4defines.CPU_PORT
PUNT_ASKED = p4defines.PUNT_ASKED
PUNT_HOP_LIMIT = p4defines.PUNT_HOP_LIMIT
PUNT_NO_ROUTE = p4defines.PUNT_NO_ROUTE
PUNT_FOR_ROUTER = p4defines.PUNT_FOR_ROUTER
PUNT_OUT_OF_SCOPE = p4defines.PUNT_OUT_OF_SCOPE
# The router MAC every test's frames are addressed to (the switch's my_station entry): the
# tests' own choice, not a P4 value.
ROUTER_MAC = "00:aa:00:00:00:01"
READOUT_ETHERTYPE = p4defines.ETHERTYPE_SIXFLOW_READOUT
TELEMETRY_CLONE_SESSION = p4defines.TELEMETRY_CLONE_SESSION
LATENCY_BUCKETS = p4defines.LATENCY_BUCKETS


class SixflowTest(BaseTest):
    """Connects as master, installs the pipeline, and offers entry/counter/packet helpers."""

    def setUp(self):
        BaseTest.setUp(self)
        self.dataplane = ptf.dataplane_instance
        self.dataplane.flush()
        params = testutils.test_params_get()
        self.p4info = P4Info(params["p4info"])
        self.client = P4RuntimeClient(params["grpcaddr"], device_id=int(params.get("device_id", 1)))
        self.client.become_master()
        with open(params["config"], "rb") as f:
            self.client.set_pipeline(self.p4info.p4info, f.read())
        # Routed frames must be addressed to the router, as the controller programs it.
        self.insert(names.SIXFLOW_INGRESS_STATION_MY_STATION, {names.HDR_ETH_DST: ROUTER_MAC},
                    names.SIXFLOW_INGRESS_STATION_SET_MY_STATION)

    def tearDown(self):
        self.client.delete_pre_entities()
        self.client.close()
        BaseTest.tearDown(self)

    # Entries -------------------------------------------------------------------------------

    def insert(self, table, match, action, params=None, priority=None):
        """Inserts an entry; returns it (for reading its direct counter)."""
        entry = self.p4info.table_entry(table, match, action, params, priority)
        self.client.insert(entry)
        return entry

    def entry_packets(self, entry):
        """Packets the entry's direct counter counted."""
        return self.client.read_direct_counter(entry).packet_count

    def add_route(self, prefix, prefix_len, port, smac, dmac):
        self.insert(names.SIXFLOW_INGRESS_ROUTING_ROUTING_V6, {names.HDR_IPV6_DST: (prefix, prefix_len)},
                    names.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP, {names.PORT: port, names.SMAC: smac, names.DMAC: dmac})

    def add_ecmp_route(self, prefix, prefix_len, group_id, next_hops):
        """A route over equal-cost next hops: routing_v6 -> set_ecmp_group(group_id), and the
        group in the ecmp table's action selector, one set_next_hop member per (port, smac,
        dmac) of next_hops (member ids group_id * 100 + i)."""
        profile = names.SIXFLOW_INGRESS_ROUTING_ECMP_SELECTOR
        members = []
        for i, (port, smac, dmac) in enumerate(next_hops):
            member_id = group_id * 100 + i
            self.client.write(self.p4info.action_profile_member(
                profile, member_id, names.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP,
                {names.PORT: port, names.SMAC: smac, names.DMAC: dmac}))
            members.append(member_id)
        self.client.write(self.p4info.action_profile_group(profile, group_id, members))
        entry = self.p4info.table_entry(names.SIXFLOW_INGRESS_ROUTING_ECMP, {names.HDR_GROUP_ID: group_id})
        entry.action.action_profile_group_id = group_id
        self.client.insert(entry)
        self.insert(names.SIXFLOW_INGRESS_ROUTING_ROUTING_V6, {names.HDR_IPV6_DST: (prefix, prefix_len)},
                    names.SIXFLOW_INGRESS_ROUTING_SET_ECMP_GROUP, {names.GROUP_ID: group_id})

    def add_encapsulation(self, tree, group, sids, src, mrh_type=1, mcast_group=0, source=None):
        """A tree's ingress entries as the controller writes them (Msr6RuleCompiler): its classifier
        (msr6_encap on the group, and the source /128 when given) with the action of its MRH Type
        and M-SID count (encap_te_n, or encap_rlb_n for Type 3), and its M-SIDs (set_msids_n in
        msr6_encap_sids_lo for the first four, and in msr6_encap_sids_hi for the rest). Returns
        the classifier's entry, whose direct counter counts the tree's encapsulations."""
        match = {names.HDR_IPV6_DST: group}
        if source is not None:
            match[names.HDR_IPV6_SRC] = (source, "ffff:" * 7 + "ffff")
        kind = "rlb" if mrh_type == p4defines.MRH_TYPE_TE_RLB else "te"
        classifier = self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP, match,
                                 "SixflowIngress.msr6_ingress.encap_%s_%d" % (kind, len(sids)),
                                 {names.TREE_ID: tree, names.SRC: src, names.GROUP: mcast_group}, priority=10)
        lower = min(len(sids), 4)
        self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_LO, {names.HDR_TREE_ID: tree},
                    "SixflowIngress.msr6_ingress.set_msids_%d" % lower,
                    {"sid%d" % i: sids[i] for i in range(lower)})
        if len(sids) > lower:
            self.insert(names.SIXFLOW_INGRESS_MSR6_INGRESS_MSR6_ENCAP_SIDS_HI, {names.HDR_TREE_ID: tree},
                        "SixflowIngress.msr6_ingress.set_msids_%d" % len(sids),
                        {"sid%d" % i: sids[i] for i in range(lower, len(sids))})
        return classifier

    def replication_group(self, group_id, copies, sids, pointer=0):
        """A multicast group and its msr6_copy entries: copies lists (port, copy index), or
        (port, None) for a local receiver port that gets the packet decapsulated. Copy i gets
        what the controller computes for it: Segments Left = pointer + i and destination
        sids[pointer + i] ("::" past the list, which the egress must refuse). A port listed twice
        gets two replicas, numbered per port 0, 1, ... in list order as ONOS numbers them; each
        copy's entry is keyed by that replication id. Returns the copy entries, in copies' order
        (for reading their direct counter, msr6_copy_counter)."""
        replicas = exported.onos_replicas([port for port, _ in copies])
        self.client.add_multicast_group(group_id, replicas)
        entries = []
        for (port, index), (_, rid) in zip(copies, replicas):
            match = {names.HDR_GROUP: group_id, names.HDR_EG_PORT: port, names.HDR_RID: rid}
            if index is None:
                entries.append(self.insert(names.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY, match,
                                           names.SIXFLOW_EGRESS_MSR6_EGRESS_DELIVER_LOCALLY))
            else:
                segments_left = pointer + index
                destination = sids[segments_left] if segments_left < len(sids) else "::"
                entries.append(self.insert(names.SIXFLOW_EGRESS_MSR6_EGRESS_MSR6_COPY, match,
                                           names.SIXFLOW_EGRESS_MSR6_EGRESS_SET_COPY,
                                           {names.INDEX: index, names.SEGMENTS_LEFT: segments_left,
                                            names.SID: destination}))
        return entries

    # Counters ------------------------------------------------------------------------------

    def counter(self, name, index):
        counter = self.p4info.counter(name)
        return self.client.read_counter(counter.preamble.id, index).packet_count

    def drop_count(self, reason):
        return self.counter(names.SIXFLOW_INGRESS_DROP_COUNTER, reason)

    def egress_drop_count(self, reason):
        return self.counter(names.SIXFLOW_EGRESS_EGRESS_DROP_COUNTER, reason)

    def event_count(self, event):
        """A packet counts once, at the index whose bits are its events (EVENT_SETS in
        define.p4, the counter's size): an event's total is the sum over the indexes with its
        bit set."""
        sets = self.p4info.counter(names.SIXFLOW_INGRESS_EVENT_COUNTER).size
        return sum(self.counter(names.SIXFLOW_INGRESS_EVENT_COUNTER, index)
                   for index in range(sets) if index & (1 << event))

    def read_latency(self, slot):
        """Reads a latency slot's aggregates through the data plane (bmv2's P4Runtime server
        cannot read registers): sum, min (None before any packet), max, and the buckets. The
        readout is slot 32, sum 64, min + 1 32, max 32 and the buckets 32 bits each (readout_t)."""
        request = (bytes(6) + bytes(6) + READOUT_ETHERTYPE.to_bytes(2, "big") + slot.to_bytes(4, "big")
                   + bytes(16 + 4 * LATENCY_BUCKETS))
        self.packet_out(request, CPU_PORT)
        port, payload = self.expect_packet_in()
        body = payload[14:]
        self.assertEqual(int.from_bytes(body[0:4], "big"), slot)
        minimum = int.from_bytes(body[12:16], "big")
        return {
            "sum": int.from_bytes(body[4:12], "big"),
            "min": minimum - 1 if minimum else None,
            "max": int.from_bytes(body[16:20], "big"),
            "buckets": [int.from_bytes(body[20 + 4 * b:24 + 4 * b], "big") for b in range(LATENCY_BUCKETS)],
        }

    def runtime_cli(self, *commands, thrift_port=9090):
        """Runs bmv2 runtime CLI commands (what P4Runtime cannot do on bmv2, such as writing a
        register), by this Python (its venv has thrift) over the switch's Thrift port."""
        cli = shutil.which("simple_switch_CLI")
        self.assertIsNotNone(cli, "simple_switch_CLI is not on PATH")
        done = subprocess.run([sys.executable, cli, "--thrift-port", str(thrift_port)],
                              input="\n".join(commands) + "\n", capture_output=True, text=True, timeout=60)
        self.assertEqual(done.returncode, 0, done.stdout + done.stderr)
        self.assertNotIn("Error", done.stdout, done.stdout)
        return done.stdout

    # Packet I/O ----------------------------------------------------------------------------

    def packet_out(self, payload, port):
        meta = self.p4info.controller_metadata("packet_out", names.EGRESS_PORT)
        self.client.packet_out(bytes(payload), [(meta.id, encode(port, meta.bitwidth))])

    def expect_packet_in(self, timeout=2):
        """Returns (ingress_port, payload bytes) of the next packet-in."""
        port, _, payload = self.expect_punt(timeout)
        return port, payload

    def expect_punt(self, timeout=2):
        """Returns (ingress_port, punt_reason, payload bytes) of the next packet-in."""
        packet = self.client.get_packet_in(timeout)
        values = {}
        for name in (names.INGRESS_PORT, names.PUNT_REASON):
            meta = self.p4info.controller_metadata("packet_in", name)
            found = [decode(m.value) for m in packet.metadata if m.metadata_id == meta.id]
            self.assertEqual(len(found), 1, "packet-in must carry exactly one %s" % name)
            values[name] = found[0]
        return values[names.INGRESS_PORT], values[names.PUNT_REASON], packet.payload

    def expect_too_big_report(self, version, packet_bytes, mtu, ingress_port=1, egress_port=2):
        """The too-big report a drop past the MTU punted (telemetry clone session): its version
        (REPORT_VERSION_TOO_BIG: grown here; _TRANSIT: forwarded as it came), the egress port, the
        MTU, then the packet as it would have left (its Ethernet header and packet_bytes octets of
        IPv6), which it returns from its IPv6 header on."""
        port, payload = self.expect_packet_in()
        self.assertEqual(port, ingress_port)
        self.assertEqual(int.from_bytes(payload[12:14], "big"), 0x88B5)  # docs/wire-formats.md
        report = payload[14:42]
        self.assertEqual(report[0], version)
        self.assertEqual(int.from_bytes(report[10:12], "big") & 0x1FF, egress_port)
        self.assertEqual(int.from_bytes(report[24:28], "big"), mtu)
        self.assertEqual(len(payload[42:]), 14 + packet_bytes)
        return payload[42 + 14:]

