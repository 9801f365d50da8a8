# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The minimal programs compile (p4c-bm2-ss; skipped without it) and take the entries the
benchmark writes, checked against their own P4Info; Sixflow's entries against its committed
P4Info; the frame marker keeps UDP checksums valid."""

import os
import shutil
import subprocess
import sys

import pytest

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, ".."))
sys.path.insert(0, os.path.join(here, "..", "..", "ptf", "lib"))

import programs  # noqa: E402
import wire  # noqa: E402
from p4info import P4Info  # noqa: E402

BENCH = os.path.join(here, "..")
SIXFLOW_P4INFO = os.path.join(here, "..", "..", "src", "main", "resources", "p4c-out", "full", "bmv2", "p4info.txt")


class RecordingClient:
    """Stands in for the P4Runtime client: keeps what would be written."""

    def __init__(self):
        self.entries = []
        self.pre = []

    def insert(self, *entries):
        self.entries.extend(entries)

    def add_multicast_group(self, group_id, replicas):
        self.pre.append(("group", group_id))

    def add_clone_session(self, session_id, port, truncate=0):
        self.pre.append(("clone", session_id))


def compile_minimal(program, tmp_path):
    p4info = tmp_path / "p4info.txt"
    subprocess.run(["p4c-bm2-ss", "--arch", "v1model", "--std", "p4-16", "-o", str(tmp_path / "bmv2.json"),
                    "--p4runtime-files", str(p4info), os.path.join(BENCH, program.source)],
                   check=True, capture_output=True)
    return P4Info(str(p4info))


MINIMAL = [p for p in programs.PROGRAMS.values() if p.source]


@pytest.mark.skipif(shutil.which("p4c-bm2-ss") is None, reason="p4c-bm2-ss not on PATH")
@pytest.mark.parametrize("program", MINIMAL, ids=[p.name for p in MINIMAL])
def test_minimal_program_compiles_and_takes_the_bench_entries(program, tmp_path):
    p4info = compile_minimal(program, tmp_path)
    client = RecordingClient()
    program.install(client, p4info, 1)  # raises KeyError on a name its P4Info lacks
    tables = {t.preamble.id: t.preamble.name for t in p4info.p4info.tables}
    written = sorted(tables[e.table_id] for e in client.entries)
    # Every table of the program gets its entries (GTP-U: the route, three UE prefixes, one TEID;
    # an MSR6 node: the route, two SIDs, two replicas, the leaf's receivers' MACs).
    expected = {"minimal-router": 1, "minimal-hbh": 2, "minimal-mrh": 2, "minimal-mrh-rfc": 2,
                "minimal-gtpu": 5, "minimal-gtpu-full": 5, "minimal-gtpu-decap": 5,
                "minimal-gtpu-rfc": 6, "minimal-gtpu-full-rfc": 6, "minimal-gtpu-decap-rfc": 6,
                "minimal-mrh-replicate": 5, "minimal-mrh-decap": 5, "minimal-mrh-replicate-rfc": 5,
                "minimal-mrh-decap-rfc": 5}[program.name]
    assert len(written) == expected and set(written) == set(tables.values()), written


def test_sixflow_entries_match_its_p4info():
    client = RecordingClient()
    programs.PROGRAMS["sixflow"].install(client, P4Info(SIXFLOW_P4INFO), 64)
    assert len(client.entries) > 10
    assert ("clone", programs.p4defines.TELEMETRY_CLONE_SESSION) in client.pre


@pytest.mark.parametrize("profile,features", [("core", {"APN6", "MSR6"}), ("gtpu", {"GTPU"})])
def test_a_profile_gets_only_its_features_entries_and_flows(profile, features):
    # A reduced profile's P4Info lacks the other features' tables: writing one raises KeyError.
    p4info = os.path.join(here, "..", "..", "src", "main", "resources", "p4c-out", profile, "bmv2", "p4info.txt")
    client = RecordingClient()
    programs.PROGRAMS["sixflow"].install(client, P4Info(p4info), 64, frozenset(features))
    names = {programs.class_feature(r.name.split(" ")[0]) for flow in programs.sixflow_flows(features)
             for r in flow.rows}
    assert names == features | {None}


@pytest.mark.parametrize("features,expected", [
    (frozenset(), ["minimal-router", "sixflow"]),
    (frozenset({"APN6", "MSR6"}), ["minimal-router", "minimal-hbh", "minimal-mrh", "minimal-mrh-rfc",
                                   "minimal-mrh-replicate", "minimal-mrh-decap", "minimal-mrh-replicate-rfc",
                                   "minimal-mrh-decap-rfc", "sixflow"]),
    (frozenset({"GTPU"}), ["minimal-router", "minimal-gtpu", "minimal-gtpu-full", "minimal-gtpu-decap",
                           "minimal-gtpu-rfc", "minimal-gtpu-full-rfc", "minimal-gtpu-decap-rfc", "sixflow"]),
])
def test_a_run_measures_the_router_the_profiles_feature_programs_and_sixflow(features, expected):
    assert programs.programs_for(features) == expected


def test_a_run_of_some_classes_measures_only_the_programs_they_are_held_to():
    core = frozenset({"APN6", "MSR6"})
    assert programs.programs_for(core, ["ipv6", "msr6-replicate"]) == \
        ["minimal-router", "minimal-mrh-replicate", "minimal-mrh-replicate-rfc", "sixflow"]
    assert programs.programs_for(core, ["ipv6"]) == ["minimal-router", "sixflow"]
    assert programs.programs_for(core, ["apn6-insert", "msr6-decap"]) == \
        ["minimal-router", "minimal-hbh", "minimal-mrh-decap", "minimal-mrh-decap-rfc", "sixflow"]
    with pytest.raises(ValueError):
        programs.programs_for(core, ["gtpu-decap"])


def sixflow_feature_rows():
    """Sixflow's rows of a feature (a class's, or each copy's of a replicating class)."""
    return {r.name for flow in programs.sixflow_flows() for r in flow.rows
            if programs.class_feature(r.name.split(" ")[0])}


def test_every_feature_row_has_a_minimal_program_of_its_feature():
    assert set(programs.MINIMAL_OF_CLASS) == sixflow_feature_rows()
    for name, program in programs.MINIMAL_OF_CLASS.items():
        assert programs.PROGRAMS[program].feature == programs.class_feature(name.split(" ")[0])
    # Each MSR6 and GTP-U row also has the program doing the same with the RFC duties.
    assert set(programs.MINIMAL_WITH_DUTIES_OF_CLASS) == sixflow_feature_rows() - {"apn6-insert"}


def test_every_sixflow_row_reads_its_own_report_class():
    rows = [r for flow in programs.sixflow_flows() for r in flow.rows]
    assert len({r.in_switch for r in rows}) == len(rows)
    assert len({r.name for r in rows}) == len(rows)


@pytest.mark.parametrize("seq", [0, 1, 77, 0xFFFFFFFF])
def test_marker_round_trips_and_keeps_the_udp_checksum(seq):
    from scapy.layers.l2 import Ether
    from scapy.layers.inet import UDP
    frame = wire.marked(programs.ipv6_frame(), seq)
    assert wire.marker_of(frame) == seq
    sent = Ether(frame)
    checksum = sent[UDP].chksum
    del sent[UDP].chksum
    assert Ether(bytes(sent))[UDP].chksum == checksum


def test_unmarked_frame_has_no_sequence():
    assert wire.marker_of(b"\x00" * 60) is None
    frame = bytearray(wire.marked(programs.ipv6_frame(), 5))
    frame[-1] ^= 1
    assert wire.marker_of(bytes(frame)) is None


class FakeCapture:
    """What wire.Capture collected: arrival times at the switch and copies at the hosts."""

    def __init__(self, arrived, left, template_of):
        self.arrived = arrived
        self.left = left
        self.template_of = template_of


def test_rows_match_copies_to_their_frames_and_count_loss():
    import latency_bench
    program = programs.PROGRAMS["sixflow"]
    flows = programs.sixflow_flows()
    sent = 2 * len(flows)                     # two rounds
    arrived = {seq: 1000.0 * seq for seq in range(sent)}
    left = {}
    for seq in range(sent):
        for r in flows[seq % len(flows)].rows:
            left[(seq, r.port)] = (1000.0 * seq + 100.0 + r.port, None)
    replicate = next(i for i, f in enumerate(flows) if len(f.rows) == 2)
    del left[(replicate + len(flows), 3)]     # the second round's copy 2 is lost
    reports = {flows[0].rows[0].in_switch: [42, 43]}
    template_of = [seq % len(flows) for seq in range(sent)]
    rows = {r["name"]: r for r in latency_bench.rows_of(program, flows, FakeCapture(arrived, left, template_of),
                                                         sent, reports)}
    assert rows["ipv6"]["wire"] == [102.0, 102.0]
    assert rows["ipv6"]["in_switch"] == [42, 43]
    assert rows["ipv6"]["gaps"] == [1000.0]   # the first frame has no gap before it
    copy2 = rows["msr6-replicate copy 2"]
    assert (copy2["sent"], copy2["received"], copy2["wire"]) == (2, 1, [103.0])
    assert rows["msr6-decap"]["wire"] == [104.0, 104.0]


def test_minimal_rows_carry_their_stamps():
    import latency_bench
    program = programs.PROGRAMS["minimal-router"]
    flows = program.flows()
    capture = FakeCapture({0: 0.0, 1: 1000.0}, {(0, 2): (150.0, 61), (1, 2): (1140.0, 70)}, [0, 0])
    (row,) = latency_bench.rows_of(program, flows, capture, 2, {})
    assert (row["wire"], row["in_switch"], row["gaps"]) == ([150.0, 140.0], [61, 70], [1000.0])


def test_rows_take_each_frame_by_the_template_it_was_sent_from():
    import latency_bench
    program = programs.PROGRAMS["minimal-hbh"]
    flows = program.flows()                   # plain IPv6, then the HBH frames
    template_of = [1, 0, 0, 1]                # two rounds, the first in the other order
    arrived = {seq: 1000.0 * seq for seq in range(4)}
    left = {(seq, 2): (1000.0 * seq + (120.0 if template_of[seq] else 100.0), 0) for seq in range(4)}
    plain, hbh = latency_bench.rows_of(program, flows, FakeCapture(arrived, left, template_of), 4, {})
    assert (plain["wire"], hbh["wire"]) == ([100.0, 100.0], [120.0, 120.0])
    assert (plain["sent"], hbh["sent"]) == (2, 2)


def test_round_orders_fixed_without_a_seed():
    orders = wire.round_orders(3)
    assert [next(orders) for _ in range(3)] == [[0, 1, 2]] * 3


def test_round_orders_shuffle_each_round_reproducibly():
    first = wire.round_orders(3, seed=7)
    rounds = [next(first) for _ in range(600)]
    assert all(sorted(order) == [0, 1, 2] for order in rounds)
    again = wire.round_orders(3, seed=7)
    assert [next(again) for _ in range(600)] == rounds
    # Every class takes every place about equally often (200 each of 600 rounds).
    for place in range(3):
        for index in range(3):
            assert 140 < sum(1 for order in rounds if order[place] == index) < 260


def test_stamp_is_the_flow_label():
    import latency_bench
    frame = bytearray(programs.ipv6_frame())
    frame[15:18] = bytes([0x0A, 0xBC, 0xDE])   # low nibble of octet 15 and octets 16-17
    assert latency_bench.stamp_of(bytes(frame)) == 0xABCDE


def test_classes_choose_the_flows_of_those_classes_only():
    flows = programs.sixflow_flows(frozenset({"APN6", "MSR6"}), frozenset({"ipv6", "msr6-te-encap"}))
    assert [r.name for flow in flows for r in flow.rows] == ["ipv6", "msr6-te-encap"]
    # Both copies of a replicated packet are its class's.
    flows = programs.sixflow_flows(frozenset({"MSR6"}), frozenset({"msr6-replicate"}))
    assert [r.name for flow in flows for r in flow.rows] == ["msr6-replicate copy 1", "msr6-replicate copy 2"]


@pytest.mark.parametrize("features,classes,message", [
    (frozenset({"MSR6"}), frozenset({"msr6-te"}), "no such class: msr6-te"),
    (frozenset(), frozenset({"msr6-te-encap"}), "have no class msr6-te-encap"),
])
def test_a_class_that_is_none_or_not_the_profiles_is_refused(features, classes, message):
    with pytest.raises(ValueError, match=message):
        programs.sixflow_flows(features, classes)


def test_a_minimal_feature_program_sends_plain_ipv6_between_its_feature_frames():
    for name, feature, plain in (("minimal-hbh", programs.HBH_ROW, programs.HBH_PLAIN_ROW),
                                 ("minimal-mrh", programs.MRH_ROW, programs.MRH_PLAIN_ROW),
                                 ("minimal-mrh-rfc", programs.MRH_RFC_ROW, programs.MRH_RFC_PLAIN_ROW)):
        flows = programs.PROGRAMS[name].flows()
        assert [r.name for flow in flows for r in flow.rows] == [plain, feature]
        assert flows[0].frame == programs.ipv6_frame()
        (only,) = programs.PROGRAMS[name].flows(baseline=False)
        assert [r.name for r in only.rows] == [feature]
    (router,) = programs.PROGRAMS["minimal-router"].flows(baseline=False)
    assert [r.name for r in router.rows] == [programs.ROUTER_ROW]


def test_a_minimal_feature_program_sends_plain_ipv6_only_where_the_profile_has_its_feature():
    hbh, mrh, router = (programs.PROGRAMS[n] for n in ("minimal-hbh", "minimal-mrh", "minimal-router"))
    assert programs.wants_baseline(hbh, frozenset({"APN6"}))
    assert not programs.wants_baseline(mrh, frozenset({"APN6"}))
    assert not programs.wants_baseline(hbh, frozenset({"APN6", "MSR6"}), no_baseline=True)
    assert not programs.wants_baseline(router, frozenset({"APN6", "MSR6", "GTPU"}))


def test_each_feature_row_is_held_to_the_same_row_of_a_program_of_its_feature():
    for cls, name in list(programs.MINIMAL_OF_CLASS.items()) + list(programs.MINIMAL_WITH_DUTIES_OF_CLASS.items()):
        program = programs.PROGRAMS[name]
        assert cls in sixflow_feature_rows()
        assert programs.class_feature(cls.split(" ")[0]) == program.feature
        plain, *feature = (r.name for flow in program.flows() for r in flow.rows)
        assert program.rows == tuple(feature) + (plain,)
        held, row, plain_row = programs.yardstick(cls, name)
        assert (held, plain_row) == (name, plain)
        # A copy to the same copy: Sixflow's copy i and the program's leave by the same port.
        sixflow_port = next(r.port for flow in programs.sixflow_flows() for r in flow.rows if r.name == cls)
        assert next(r.port for flow in program.flows() for r in flow.rows if r.name == row) == sixflow_port
