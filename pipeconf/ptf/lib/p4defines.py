# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Values the P4 sources define that P4Info does not carry (drop reasons, event bits, latency
classes, EtherTypes, the CPU port, clone sessions, sizes), read from the sources themselves:
p4src/common/define.p4 and p4src/v1model/define_v1model.p4. Tests use these instead of copies,
so a changed define cannot leave a test reading the wrong counter index or port.

Wire-format code points that docs/wire-formats.md fixes (the APN6 option type 0x1E, Routing Type 253)
are deliberately NOT read from here: the packet tests write them as the specification says, so
they check the P4 against it."""

import os
import re

_P4SRC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "p4src")
_FILES = ("common/define.p4", "v1model/define_v1model.p4")
_CONST = re.compile(r"^\s*const\s+\w+(?:<\d+>)?\s+(\w+)\s*=\s*(0x[0-9a-fA-F]+|\d+)\s*;", re.M)
_DEFINE = re.compile(r"^\s*#define\s+(\w+)\s+(0x[0-9a-fA-F]+|\d+)\s*$", re.M)


def _read():
    values = {}
    for name in _FILES:
        with open(os.path.join(_P4SRC, name)) as f:
            text = f.read()
        for pattern in (_CONST, _DEFINE):
            for match in pattern.finditer(text):
                values[match.group(1)] = int(match.group(2), 0)
    return values


_VALUES = _read()


def value(name):
    """The integer value of a P4 const or #define; KeyError naming it if the sources lack it."""
    try:
        return _VALUES[name]
    except KeyError:
        raise KeyError("%s is not defined in %s" % (name, ", ".join(_FILES)))


def starting_with(prefix):
    """{name: value} of every const or #define whose name starts with prefix."""
    return {name: v for name, v in _VALUES.items() if name.startswith(prefix)}


def __getattr__(name):
    if name.isupper():
        return value(name)
    raise AttributeError(name)
