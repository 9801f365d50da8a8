# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Installs entries the app's own compilers made (JSON files next to the tests, written and held
fresh by the app's *PacketTestEntriesTest): table entries by their P4Runtime names, and groups as
PRE entries (multicast groups, clone sessions). Nothing is renamed or defaulted here, so a table,
key, action or parameter name, or a value's width, that the compiler and the P4 disagree on makes
the write fail."""

import json
import os

from p4.config.v1 import p4info_pb2

import p4defines

TESTS = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tests")

# Key kinds whose tables order entries by priority (P4Runtime wants one there, and none elsewhere).
PRIORITISED = (p4info_pb2.MatchField.TERNARY, p4info_pb2.MatchField.RANGE, p4info_pb2.MatchField.OPTIONAL)


def load(name):
    """A fixture of the tests directory, parsed."""
    with open(os.path.join(TESTS, name)) as f:
        return json.load(f)


def value(v):
    """A JSON value as p4info.encode takes it: "0x.." hex becomes an int, a list a tuple (LPM:
    value and length; ternary: value and mask; range: low and high); addresses stay text."""
    if isinstance(v, list):
        return tuple(value(x) for x in v)
    if isinstance(v, str) and v.startswith("0x"):
        return int(v, 16)
    return v


def port_number(port):
    """A group's port: its number, or ONOS's logical CONTROLLER port, which the pipeconf's
    interpreter writes as the CPU port (the one the P4 sends packet-ins to)."""
    if port == "CONTROLLER":
        return p4defines.CPU_PORT
    if isinstance(port, int):
        return port
    raise ValueError("unknown port %r in a group" % (port,))


def install_entries(test, entries, device=None):
    """Writes each entry (of `device` only, when given) through test.insert; returns the
    P4Runtime entries written, in order."""
    written = []
    for entry in entries:
        if device is not None and entry.get("device") != device:
            continue
        table = test.p4info.table(entry["table"])
        prioritised = any(f.match_type in PRIORITISED for f in table.match_fields)
        match = {k: value(v) for k, v in entry["match"].items()}
        priority = entry["priority"] if prioritised else None
        if "group" in entry:
            # A table with an action selector: the entry points at an action profile group.
            written_entry = test.p4info.table_entry(entry["table"], match, priority=priority)
            written_entry.action.action_profile_group_id = entry["group"]
            test.client.insert(written_entry)
            written.append(written_entry)
            continue
        params = {k: value(v) for k, v in entry["params"].items()}
        written.append(test.insert(entry["table"], match, entry["action"], params, priority))
    return written


def onos_replicas(ports):
    """A multicast group's (port, instance) replicas as ONOS 2.7 numbers an ALL group's buckets
    (PiReplicationGroupTranslatorImpl): per port 0, 1, ... in bucket order."""
    return [(port, ports[:n].count(port)) for n, port in enumerate(ports)]


def install_groups(test, groups, device=None):
    """Writes each group (of `device` only, when given): a multicast group (PRE) with one replica
    per port in the list, numbered per port 0, 1, ... in list order as ONOS 2.7 numbers a group's
    replicas (PiReplicationGroupTranslatorImpl; a port listed twice gets two copies, told apart by
    their replication ids), a clone session to its one port, or an action profile group of its
    members (weight 1 each; member ids group id * 64 + position, unique within the profile as
    ONOS's own are)."""
    for group in groups:
        if device is not None and group["device"] != device:
            continue
        if group["type"] == "action_profile_group":
            members = []
            for n, member in enumerate(group["members"]):
                member_id = group["id"] * 64 + n
                params = {k: value(v) for k, v in member["params"].items()}
                test.client.write(test.p4info.action_profile_member(group["action_profile"], member_id,
                                                                    member["action"], params))
                members.append(member_id)
            test.client.write(test.p4info.action_profile_group(group["action_profile"], group["id"], members))
        elif group["type"] == "multicast_group":
            test.client.add_multicast_group(group["id"], onos_replicas(group["ports"]))
        elif group["type"] == "clone_session":
            if len(group["ports"]) != 1:
                raise ValueError("a clone session has one port: %s" % group)
            test.client.add_clone_session(group["id"], port_number(group["ports"][0]), group.get("truncate", 0))
        else:
            raise ValueError("unknown group type in %s" % group)
