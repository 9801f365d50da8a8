#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Removes from a P4Info text file the fields that ONOS 2.7's P4Runtime protos predate.

p4c 1.2.5 writes `initial_default_action` (added in P4Runtime 1.4) into every table; ONOS 2.7
parses P4Info with P4Runtime 1.0-era protos and rejects unknown fields. The field only restates
the table's default action, which `const_default_action_id` and the action refs already give.
Usage: p4info-for-onos.py FILE (rewritten in place)."""

import re
import sys

UNSUPPORTED_BLOCKS = ("initial_default_action",)


def strip(text):
    lines = text.splitlines(keepends=True)
    out = []
    skipping = None
    for line in lines:
        if skipping is not None:
            if re.match(r"^%s}\s*$" % re.escape(skipping), line):
                skipping = None
            continue
        m = re.match(r"^(\s*)(\w+) \{\s*$", line)
        if m and m.group(2) in UNSUPPORTED_BLOCKS:
            skipping = m.group(1)
            continue
        out.append(line)
    if skipping is not None:
        raise ValueError("unterminated block while stripping")
    return "".join(out)


if __name__ == "__main__":
    path = sys.argv[1]
    with open(path) as f:
        text = f.read()
    with open(path, "w") as f:
        f.write(strip(text))
