# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Looks up P4Info entities by name and builds P4Runtime messages from names and values."""

import ipaddress
import re

from google.protobuf import text_format
from p4.config.v1 import p4info_pb2
from p4.v1 import p4runtime_pb2


MAC = re.compile(r"^[0-9a-fA-F]{2}(:[0-9a-fA-F]{2}){5}$")


def encode(value, bitwidth):
    """Encodes an int, MAC string, IPv6 string or bytes as a canonical P4Runtime bytestring."""
    if isinstance(value, str):
        if MAC.match(value):
            value = int(value.replace(":", ""), 16)
        else:
            value = int(ipaddress.ip_address(value))
    if isinstance(value, bytes):
        value = int.from_bytes(value, "big")
    if value < 0 or value >= (1 << bitwidth):
        raise ValueError(f"{value} does not fit {bitwidth} bits")
    # Canonical form: no leading zero bytes, at least one byte.
    length = max(1, (value.bit_length() + 7) // 8)
    return value.to_bytes(length, "big")


def decode(data):
    return int.from_bytes(data, "big")


class P4Info:
    """A parsed P4Info text file."""

    def __init__(self, path):
        self.p4info = p4info_pb2.P4Info()
        with open(path) as f:
            text_format.Merge(f.read(), self.p4info)

    def _find(self, entities, name, kind):
        for entity in entities:
            if entity.preamble.name == name:
                return entity
        raise KeyError(f"no {kind} named {name} in P4Info")

    def table(self, name):
        return self._find(self.p4info.tables, name, "table")

    def action(self, name):
        return self._find(self.p4info.actions, name, "action")

    def counter(self, name):
        return self._find(self.p4info.counters, name, "counter")

    def action_profile(self, name):
        return self._find(self.p4info.action_profiles, name, "action profile")

    def register(self, name):
        return self._find(self.p4info.registers, name, "register")

    def controller_metadata(self, header, name):
        packet = self._find(self.p4info.controller_packet_metadata, header, "controller header")
        for meta in packet.metadata:
            if meta.name == name:
                return meta
        raise KeyError(f"no metadata {name} in {header}")

    def table_entry(self, table, match, action=None, params=None, priority=None):
        """Builds a TableEntry. match maps key names to values: exact/lpm/ternary/range as
        value, (value, prefix_len), (value, mask) or (low, high)."""
        t = self.table(table)
        entry = p4runtime_pb2.TableEntry(table_id=t.preamble.id)
        for name, value in match.items():
            field = next((f for f in t.match_fields if f.name == name), None)
            if field is None:
                raise KeyError(f"table {table} has no key {name}")
            kind = field.match_type
            # P4Runtime: a don't-care match is omitted, never sent as prefix 0 or mask 0.
            if (kind == p4info_pb2.MatchField.LPM and value[1] == 0) or \
                    (kind == p4info_pb2.MatchField.TERNARY and encode(value[1], field.bitwidth) == b"\x00"):
                continue
            m = entry.match.add(field_id=field.id)
            if kind == p4info_pb2.MatchField.EXACT:
                m.exact.value = encode(value, field.bitwidth)
            elif kind == p4info_pb2.MatchField.LPM:
                m.lpm.value = encode(value[0], field.bitwidth)
                m.lpm.prefix_len = value[1]
            elif kind == p4info_pb2.MatchField.TERNARY:
                m.ternary.value = encode(value[0], field.bitwidth)
                m.ternary.mask = encode(value[1], field.bitwidth)
            elif kind == p4info_pb2.MatchField.RANGE:
                m.range.low = encode(value[0], field.bitwidth)
                m.range.high = encode(value[1], field.bitwidth)
            else:
                raise ValueError(f"unsupported match type for {name}")
        if action is not None:
            entry.action.action.CopyFrom(self.action_call(action, params or {}))
        if priority is not None:
            entry.priority = priority
        return entry

    def action_profile_member(self, profile, member_id, action, params):
        """An ActionProfileMember entity: one action (with its parameters) of an action profile."""
        entity = p4runtime_pb2.Entity()
        member = entity.action_profile_member
        member.action_profile_id = self.action_profile(profile).preamble.id
        member.member_id = member_id
        member.action.CopyFrom(self.action_call(action, params))
        return entity

    def action_profile_group(self, profile, group_id, member_ids):
        """An ActionProfileGroup entity of weight-1 members, as ONOS writes a SELECT group: its
        max_size the action profile's max_group_size (PiGroupTranslatorImpl)."""
        entity = p4runtime_pb2.Entity()
        group = entity.action_profile_group
        model = self.action_profile(profile)
        group.action_profile_id = model.preamble.id
        group.group_id = group_id
        group.max_size = model.max_group_size
        for member_id in member_ids:
            group.members.add(member_id=member_id, weight=1)
        return entity

    def action_call(self, action, params):
        a = self.action(action)
        call = p4runtime_pb2.Action(action_id=a.preamble.id)
        for name, value in params.items():
            param = next((p for p in a.params if p.name == name), None)
            if param is None:
                raise KeyError(f"action {action} has no parameter {name}")
            call.params.add(param_id=param.id, value=encode(value, param.bitwidth))
        return call
