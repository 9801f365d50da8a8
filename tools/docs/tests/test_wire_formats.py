# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""docs/wire-formats.md's tables of code points, latency classes, drop reasons and events carry
the values of pipeconf/p4src/common/define.p4, and every drop reason, event and class is listed."""
import os
import re
import unittest

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))


def define_p4():
    """NAME -> value of every `const ... NAME = value;` in define.p4."""
    with open(os.path.join(TOP, "pipeconf", "p4src", "common", "define.p4"), encoding="utf-8") as f:
        text = f.read()
    return {m.group(1): int(m.group(2), 0)
            for m in re.finditer(r"^const\s+[\w<>]+\s+(\w+)\s*=\s*(0x[0-9a-fA-F]+|\d+)\s*;", text, re.M)}


def page_rows():
    """NAME -> value of every `| `NAME` | value |` row of the page."""
    with open(os.path.join(TOP, "docs", "wire-formats.md"), encoding="utf-8") as f:
        text = f.read()
    return {m.group(1): int(m.group(2), 0)
            for m in re.finditer(r"^\| `([A-Z0-9_]+)` \| (0x[0-9a-fA-F]+|\d+) \|", text, re.M)}


class WireFormatsPageTest(unittest.TestCase):

    def test_values_are_define_p4s(self):
        defines, rows = define_p4(), page_rows()
        self.assertTrue(rows)
        for name, value in rows.items():
            self.assertIn(name, defines, "docs/wire-formats.md names %s, which define.p4 lacks" % name)
            self.assertEqual(defines[name], value, "docs/wire-formats.md: %s" % name)

    def test_every_drop_reason_event_and_class_is_listed(self):
        rows = page_rows()
        for name in define_p4():
            if re.match(r"(DROP|EVENT|CLASS)_", name) and name != "DROP_NONE":
                self.assertIn(name, rows, "docs/wire-formats.md does not list %s" % name)


if __name__ == "__main__":
    unittest.main()
