# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Every docs page a source file cites (docs/….md, with its #anchor) exists and has that anchor,
so that comments, tests and READMEs never again point at a file the repository lacks."""
import os
import re
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import check_links  # noqa: E402

SKIP_DIRS = {".git", ".venv", "node_modules", "target", "dist", ".angular", "e2e-artifacts", "p4c-out"}
SOURCES = (".java", ".p4", ".py", ".sh", ".md", ".ts", ".mjs", ".sql")
HERE = os.path.dirname(os.path.abspath(__file__))
# Spelled in two parts so that this file does not mention it.
OLD_FILE = "WIRE-" + "FORMATS.md"
CITATION = re.compile(r"(?<![\w/.])(?:\.\./)*(docs/[\w/.-]+?\.md)(?:#([\w-]+))?")


def sources():
    """(path, text) of each source file outside docs/ and these tests (whose fixtures cite pages
    that exist only in a temporary folder)."""
    top = check_links.TOP
    for folder, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not (folder == top and d == "docs")]
        if folder == HERE:
            continue
        for name in files:
            if name.endswith(SOURCES):
                path = os.path.join(folder, name)
                with open(path, encoding="utf-8", errors="replace") as f:
                    yield path, f.read()


def citations():
    """(file, cited page, anchor or None) for each citation of a docs page."""
    for path, text in sources():
        for m in CITATION.finditer(text):
            yield path, m.group(1), m.group(2)


class CitationsTest(unittest.TestCase):

    def test_cited_pages_and_anchors_exist(self):
        found = 0
        for path, page, anchor in citations():
            found += 1
            where = os.path.relpath(path, check_links.TOP)
            target = os.path.join(check_links.TOP, page)
            self.assertTrue(os.path.isfile(target), "%s cites %s, which does not exist" % (where, page))
            if anchor:
                self.assertIn(anchor, check_links.anchors(target), "%s cites %s#%s" % (where, page, anchor))
        self.assertGreater(found, 20)

    def test_nothing_cites_the_old_wire_formats_file(self):
        for path, text in sources():
            self.assertNotIn(OLD_FILE, text, "%s cites %s: cite the docs page that holds it" % (path, OLD_FILE))


if __name__ == "__main__":
    unittest.main()
