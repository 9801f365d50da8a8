# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""check_links finds broken relative links and anchors, and the repository's own have none."""
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import check_links  # noqa: E402


class CheckLinksTest(unittest.TestCase):

    def test_finds_missing_files_and_anchors(self):
        with tempfile.TemporaryDirectory() as top:
            os.makedirs(os.path.join(top, "docs"))
            with open(os.path.join(top, "docs", "page.md"), "w") as f:
                f.write("# Page\n\n## Wire format: the MRH\n\n## Other {#explicit}\n")
            readme = os.path.join(top, "README.md")
            with open(readme, "w") as f:
                f.write("[ok](docs/page.md#wire-format-the-mrh) [ok](docs/page.md#explicit) [ok](docs/)\n"
                        "[web](https://example.org/x.md) `[code](nowhere.md)`\n"
                        "```\n[fenced](nowhere.md)\n```\n"
                        "[gone](docs/missing.md) [bad](docs/page.md#nope)\n[ref]: docs/also-missing.md\n")
            self.assertEqual([("docs/missing.md", "no such file"), ("docs/page.md#nope", "no such anchor"),
                              ("docs/also-missing.md", "no such file")], check_links.broken_links(readme))

    def test_repository_markdown_outside_docs_has_no_broken_link(self):
        for path in check_links.markdown_files():
            self.assertEqual([], check_links.broken_links(path), path)


if __name__ == "__main__":
    unittest.main()
