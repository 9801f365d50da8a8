# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""What pipeline_cost.py counts from a bmv2 log, and the run it refuses to read: one whose
classes were shuffled, so that a packet's place in the round no longer names its class."""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import pipeline_cost  # noqa: E402


def line(packet, copy, message):
    return "[12:00:00.000] [bmv2] [D] [thread 1] [%d.%d] [cxt 0] %s\n" % (packet, copy, message)


LOG = [
    line(7, 0, "Processing packet received on port 1"),
    line(7, 0, "Parser 'parser' entering state 'start'"),
    line(7, 0, "Applying table 'SixflowIngress.acl.acl'"),
    line(7, 0, 'p4src/v1model/main.p4(90) Condition "hdr.packet_out.isValid()" (node_2) is false'),
    # Two copies, each with its own egress; the second one's telemetry clone leaves by the CPU port.
    line(7, 1, "Applying table 'tbl_main330'"),
    line(7, 1, "Updated counter 'SixflowEgress.egress_port_counter' at index 2"),
    line(7, 1, "Transmitting packet of size 222 out of port 2"),
    line(7, 2, "Applying table 'tbl_main330'"),
    line(7, 2, "Read register 'SixflowEgress.latency_min' at index 3 read value 1"),
    line(7, 2, "Transmitting packet of size 222 out of port 3"),
    line(7, 3, "Applying table 'tbl_report14'"),
    line(7, 3, "Transmitting packet of size 172 out of port 255"),
    line(8, 0, "Processing packet received on port 1"),
    line(8, 0, "Applying table 'SixflowIngress.acl.acl'"),
]


def test_a_packet_counts_its_ingress_and_every_copy_and_its_report_clones_apart():
    forwarded, reports, arrivals = pipeline_cost.count(LOG, cpu_port=255, in_port=1)
    assert arrivals == [7, 8]
    assert forwarded[7]["tables"] == 3
    assert forwarded[7]["p4c_tables"] == 2
    assert forwarded[7]["states"] == 1
    assert forwarded[7]["conditions"] == 1
    assert forwarded[7]["counters"] == 1
    assert forwarded[7]["reg_reads"] == 1
    assert reports[7]["tables"] == 1
    assert forwarded[8]["tables"] == 1


def test_a_fixed_order_is_read():
    pipeline_cost.check_fixed_order({"order": "fixed", "seed": None})


def test_a_shuffled_run_is_refused_with_the_reason():
    with pytest.raises(SystemExit) as refused:
        pipeline_cost.check_fixed_order({"order": "shuffled", "seed": 1})
    assert "--order fixed" in str(refused.value)
    assert "shuffled" in str(refused.value)
