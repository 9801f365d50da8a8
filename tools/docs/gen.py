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
APP_SOURCES = os.path.join(TOP, "app", "src", "main", "java", "org", "sixflow", "app")
CLI_SOURCES = os.path.join(APP_SOURCES, "cli")
FEATURES = os.path.join(APP_SOURCES, "features")
REST_PAGE = os.path.join(TOP, "docs", "reference", "rest.md")
CLI_PAGE = os.path.join(TOP, "docs", "reference", "cli.md")


def cli_folders():
    """The Karaf commands' folders: the app's cli and each feature slice's (features/<feature>/cli)."""
    slices = sorted(os.path.join(FEATURES, f, "cli") for f in os.listdir(FEATURES)
                    if os.path.isdir(os.path.join(FEATURES, f, "cli")))
    return [CLI_SOURCES] + slices


def generated():
    """{path: text} of every generated page, from the committed sources."""
    return {REST_PAGE: openapi_md.render_file(OPENAPI), CLI_PAGE: cli_md.render_dirs(cli_folders())}


def main():
    for path, text in generated().items():
        with open(path, "w", encoding="utf-8") as f:
            f.write(text)
        print("wrote", os.path.relpath(path, TOP))


if __name__ == "__main__":
    main()
