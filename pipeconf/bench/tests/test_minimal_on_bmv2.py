# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The minimal programs do what the benchmark says they do (pipeconf/README.md, "Latency
benchmark"), on bmv2: each is compiled, run in a network namespace of its own, programmed with the
benchmark's entries and sent frames (minimal_probe.py). A yardstick that dropped or malformed
what it should carry would make every verdict against it wrong; one whose duties did nothing
would be a bare program under another name (mrh-rfc's drops did nothing until 2026-12-05).
Skipped without root, p4c-bm2-ss or simple_switch_grpc."""

import json
import os
import shutil
import subprocess
import sys
import uuid

import pytest

here = os.path.dirname(os.path.abspath(__file__))
BENCH = os.path.join(here, "..")
NETNS = os.path.join(here, "..", "..", "tools", "bmv2-netns.sh")
sys.path.insert(0, BENCH)
sys.path.insert(0, os.path.join(BENCH, "..", "ptf", "lib"))

import programs  # noqa: E402

pytestmark = pytest.mark.skipif(
    os.geteuid() != 0 or not shutil.which("p4c-bm2-ss") or not shutil.which("simple_switch_grpc"),
    reason="needs root (a network namespace), p4c-bm2-ss and simple_switch_grpc")


def run_probes(program, tmp_path):
    """What left the switch for each of the program's probes (minimal_probe.PROBES)."""
    subprocess.run(["p4c-bm2-ss", "--arch", "v1model", "--std", "p4-16", "-o", str(tmp_path / "bmv2.json"),
                    "--p4runtime-files", str(tmp_path / "p4info.txt"),
                    os.path.join(BENCH, "minimal", program[len("minimal-"):] + ".p4")],
                   check=True, capture_output=True)
    ns = "sixflow-minimal-" + uuid.uuid4().hex[:8]
    script = f"""
        set -e
        . {NETNS}
        trap 'bmv2_netns_down {ns}' EXIT
        bmv2_netns_up {ns} {tmp_path} 255 1 2 3 4
        ip netns exec {ns} {sys.executable} {os.path.join(here, "minimal_probe.py")} {program} {tmp_path}
    """
    done = subprocess.run(["bash", "-c", script], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.strip().splitlines()[-1])


def one(results, probe):
    (frame,) = results[probe]
    return frame


def by_port(results, probe):
    return {frame["port"]: frame for frame in results[probe]}


def test_router_routes(tmp_path):
    assert one(run_probes("minimal-router", tmp_path), "routed")["hlim"] == 63


def test_mrh_with_duties_encapsulates_and_drops_a_spent_hop_limit(tmp_path):
    results = run_probes("minimal-mrh-rfc", tmp_path)
    frame = one(results, "encapsulated")
    assert (frame["nh"], frame["hlim"], frame["inner_hlim"], frame["inner_dst"]) == (43, 63, 63, "ff3e::1")
    assert results["inner hop limit 1"] == []


def check_gtpu(frame, teid, inner_hlim):
    assert (frame["dport"], frame["teid"], frame["inner_hlim"]) == (2152, teid, inner_hlim)
    assert frame["udp_len"] == frame["plen"]
    assert frame["gtpu_len"] == frame["udp_len"] - 16


def test_gtpu_encapsulates_with_checksum_zero(tmp_path):
    frame = one(run_probes("minimal-gtpu", tmp_path), "encapsulated")
    check_gtpu(frame, 0x100, 64)
    assert (frame["sport"], frame["checksum"]) == (2152, 0)


def test_gtpu_full_computes_the_udp_checksum(tmp_path):
    frame = one(run_probes("minimal-gtpu-full", tmp_path), "encapsulated")
    check_gtpu(frame, 0x101, 64)
    assert frame["checksum"] == frame["checksum_computed"] != 0


def test_gtpu_with_duties_encapsulates_as_a_tunnel_entry_and_drops_a_spent_hop_limit(tmp_path):
    results = run_probes("minimal-gtpu-rfc", tmp_path)
    frame = one(results, "encapsulated")
    check_gtpu(frame, 0x100, 63)
    assert frame["checksum"] == 0 and frame["sport"] >= 49152
    assert results["inner hop limit 1"] == []


def test_gtpu_full_with_duties_computes_the_checksum_over_what_it_parsed(tmp_path):
    frame = one(run_probes("minimal-gtpu-full-rfc", tmp_path), "encapsulated")
    check_gtpu(frame, 0x101, 63)
    assert frame["checksum"] == frame["checksum_computed"] != 0 and frame["sport"] >= 49152


def test_gtpu_decapsulates_and_checks_nothing(tmp_path):
    results = run_probes("minimal-gtpu-decap", tmp_path)
    frame = one(results, "decapsulated")
    assert (frame["src"], frame["dst"], frame["hlim"]) == ("fd00:1::10", "fd00:2::7", 63)
    assert one(results, "spoofed source")["src"] == "fd00:9::1"


def test_gtpu_decap_with_duties_checks_the_tunnel_exit(tmp_path):
    results = run_probes("minimal-gtpu-decap-rfc", tmp_path)
    assert one(results, "decapsulated")["dst"] == "fd00:2::7"
    assert one(results, "CE over ECT(0)")["tc"] & 3 == 3
    for dropped in ("spoofed source", "CE over Not-ECT", "UDP length that lies"):
        assert results[dropped] == [], dropped


def check_replicas(results):
    copies = by_port(results, "replicated")
    assert sorted(copies) == list(programs.REPLICATE_PORTS)
    for index, port in enumerate(programs.REPLICATE_PORTS):
        copy = copies[port]
        assert (copy["dst"], copy["segments_left"], copy["hlim"], copy["inner_dst"], copy["dmac"]) == \
            (programs.REPLICATE_SIDS[1 + index], 1 + index, 63, "ff3e::3", programs.REPLICA_MACS[port])
    assert results["hop limit 1"] == []
    routed = one(results, "not this node's")
    assert (routed["port"], routed["segments_left"], routed["hlim"]) == (2, 0, 63)


def test_mrh_node_replicates(tmp_path):
    check_replicas(run_probes("minimal-mrh-replicate", tmp_path))


def test_mrh_node_with_duties_replicates_and_drops_what_it_may_not_process(tmp_path):
    results = run_probes("minimal-mrh-replicate-rfc", tmp_path)
    check_replicas(results)
    for dropped in ("unknown MRH type", "Segments Left past the list"):
        assert results[dropped] == [], dropped


def test_mrh_leaf_decapsulates_and_checks_nothing(tmp_path):
    results = run_probes("minimal-mrh-decap", tmp_path)
    frame = one(results, "decapsulated")
    assert (frame["port"], frame["dst"], frame["nh"], frame["hlim"], frame["dmac"]) == \
        (4, "ff3e::3", 17, 64, programs.LEAF_DMAC)
    assert one(results, "not IPv6 inside")["port"] == 4


def test_mrh_leaf_with_duties_checks_the_tunnel_exit(tmp_path):
    results = run_probes("minimal-mrh-decap-rfc", tmp_path)
    assert one(results, "decapsulated")["dst"] == "ff3e::3"
    assert one(results, "CE over ECT(0)")["tc"] & 3 == 3
    for dropped in ("not IPv6 inside", "CE over Not-ECT", "unknown MRH type"):
        assert results[dropped] == [], dropped
