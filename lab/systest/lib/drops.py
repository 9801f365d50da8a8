# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Where a lab's switches dropped packets, and why: the P4 program's drop counters (ingress and
egress, one cell per drop reason) read over each switch's runtime CLI. A test that finds packets
missing takes a reading before and after and names the switch and reason that grew, so that a
loss seen once says where it happened; a loss no switch counted was not a pipeline's drop (a
replication group without the port, a queue, the kernel, the host). The packets each host's
switch port sent (the egress pipeline's port counter, after the queues) tell the last two apart:
a host that got fewer than its port sent lost them on its side."""

import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "pipeconf", "ptf",
                                "lib"))

import p4defines  # noqa: E402  (the drop reasons as the P4 sources define them)
import p4info_names as names  # noqa: E402  (the counters' names as P4Info declares them)

# The bmv2 program's counters, by where the packet was dropped.
COUNTERS = (("ingress", names.SIXFLOW_INGRESS_DROP_COUNTER), ("egress", names.SIXFLOW_EGRESS_EGRESS_DROP_COUNTER))
# Packets the egress pipeline sent out of each port.
PORT_SENT = names.SIXFLOW_EGRESS_EGRESS_PORT_COUNTER
# One answer, after the CLI's prompt: "<counter>[<cell>]= (<n> bytes, <n> packets)" (bmv2 1.15's
# simple_switch_CLI), or "<counter>[<cell>]=  BmCounterValue(packets=<n>, bytes=<n>)" (older ones).
_CELL = re.compile(r"([\w.]+)\[(\d+)\]=\s*(?:\(\d+ bytes, (\d+) packets\)|BmCounterValue\(packets=(\d+),)")


def reasons():
    """{reason number: its name in define.p4 (DROP_...)}: the cells of a profile without ILNP
    (DROP_REASON_COUNT as p4defines takes it, the last #define), such as the main lab's."""
    count = p4defines.DROP_REASON_COUNT
    return {value: name for name, value in p4defines.starting_with("DROP_").items()
            if not name.startswith("DROP_REASON_COUNT") and 0 < value < count}


def parse(cli_output, counters=COUNTERS):
    """{(where, cell index): packets} from simple_switch_CLI's counter_read answers, for the
    counters given as (where, name)."""
    where = {counter: place for place, counter in counters}
    return {(where[m.group(1)], int(m.group(2))): int(m.group(3) or m.group(4))
            for m in _CELL.finditer(cli_output) if m.group(1) in where}


def read(lab, switches=None):
    """{(switch, where, reason number): packets} for every switch (or those named): one CLI
    session a switch."""
    counts = {}
    commands = ["counter_read %s %d" % (counter, cell) for _, counter in COUNTERS for cell in sorted(reasons())]
    for switch in switches or sorted(lab.switches):
        out = lab.switch_cli(switch, *commands)
        cells = parse(out)
        # Every cell asked answered, or the reading is refused: a reading with cells missing would
        # report "no drop" for them.
        if len(cells) != len(commands):
            raise RuntimeError("%s answered %d of the %d drop counter cells asked: %s"
                               % (switch, len(cells), len(commands), out[-300:]))
        for (where, cell), packets in cells.items():
            counts[(switch, where, cell)] = packets
    return counts


def sent_to(lab, hosts):
    """{host name: packets its switch port has sent} (one CLI session a host); refused where the
    switch does not answer."""
    sent = {}
    for host in hosts:
        out = lab.switch_cli(host.switch, "counter_read %s %d" % (PORT_SENT, host.port))
        cells = parse(out, (("sent", PORT_SENT),))
        if ("sent", host.port) not in cells:
            raise RuntimeError("%s did not answer its port %d's counter: %s" % (host.switch, host.port, out[-300:]))
        sent[host.name] = cells[("sent", host.port)]
    return sent


def grown(before, after):
    """What grew between two readings, as text: 'switch ingress DROP_X +n, ...', or a sentence
    saying that no switch counted a drop."""
    reason_names = reasons()
    grew = sorted((key, after[key] - before.get(key, 0)) for key in after if after[key] > before.get(key, 0))
    if not grew:
        return "no switch counted a drop"
    return ", ".join("%s %s %s +%d" % (switch, where, reason_names.get(cell, cell), n) for (switch, where, cell), n in grew)
