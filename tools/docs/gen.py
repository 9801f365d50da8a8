#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Writes the docs site's generated pages: the REST reference from docs/generated/openapi.json
(which `make docs-generate` first exports from the app) and the CLI reference from the Karaf
commands' sources. tools/docs/tests/test_generated.py fails when a committed page differs."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

import cli_md  # noqa: E402
import openapi_md  # noqa: E402

TOP = os.path.dirname(os.path.dirname(HERE))
OPENAPI = os.path.join(TOP, "docs", "generated", "openapi.json")
CLI_SOURCES = os.path.join(TOP, "app", "src", "main", "java", "org", "sixflow", "app", "cli")
REST_PAGE = os.path.join(TOP, "docs", "reference", "rest.md")
CLI_PAGE = os.path.join(TOP, "docs", "reference", "cli.md")


def generated():
    """{path: text} of every generated page, from the committed sources."""
    return {REST_PAGE: openapi_md.render_file(OPENAPI), CLI_PAGE: cli_md.render_dir(CLI_SOURCES)}


def main():
    for path, text in generated().items():
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print("wrote", os.path.relpath(path, TOP))


if __name__ == "__main__":
    main()
