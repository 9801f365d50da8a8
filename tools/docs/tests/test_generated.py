# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The committed REST and CLI references are what gen.py makes of their sources today
(OpenApiExportTest, in the app, holds docs/generated/openapi.json to the API itself)."""
import os
import sys
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import gen  # noqa: E402


class GeneratedPagesTest(unittest.TestCase):

    def test_committed_pages_are_current(self):
        for path, text in gen.generated().items():
            with open(path, encoding="utf-8") as f:
                self.assertEqual(text, f.read(), "%s is stale: run `make docs-generate`" % os.path.relpath(path, gen.TOP))

    def test_every_command_source_is_in_the_cli_page(self):
        with open(gen.CLI_PAGE, encoding="utf-8") as f:
            page = f.read()
        folders = gen.cli_folders()
        self.assertTrue(any(f.endswith(os.path.join("nptv6", "cli")) for f in folders), folders)
        for folder in folders:
            for name in os.listdir(folder):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    source = f.read()
                if "@Command" in source:
                    command = gen.cli_md.command(source)
                    self.assertIn("## sixflow:%s " % command["name"], page, name)

    def test_every_operation_is_in_the_rest_page(self):
        import json
        with open(gen.OPENAPI, encoding="utf-8") as f:
            doc = json.load(f)
        with open(gen.REST_PAGE, encoding="utf-8") as f:
            page = f.read()
        for path, ops in doc["paths"].items():
            for verb in ops:
                self.assertIn("### `%s %s`" % (verb.upper(), path), page)


if __name__ == "__main__":
    unittest.main()
