#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Checks the relative links of the Markdown files MkDocs does not build (README.md and every
other *.md outside docs/): the file or folder each names must exist, and a #fragment into a
Markdown file must be one of its headings' anchors (GitHub's rule: lower case, punctuation
dropped, spaces to dashes) or an explicit {#id}. Prints each broken link; exits 1 if any."""
import os
import re
import sys

TOP = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SKIP_DIRS = {"node_modules", "target", ".venv", ".git", "dist", "e2e-artifacts", ".angular"}
# [text](target) and [text]: target, outside code; images too.
INLINE = re.compile(r"!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
REFERENCE = re.compile(r"^\s*\[[^\]]+\]:\s*(\S+)", re.M)
FENCE = re.compile(r"^(```|~~~).*?^\1", re.S | re.M)
CODE = re.compile(r"`[^`\n]*`")


def strip_code(text):
    return CODE.sub("", FENCE.sub("", text))


def anchors(path):
    """The anchors a Markdown file's headings get on GitHub, and explicit {#id}s."""
    with open(path, encoding="utf-8") as f:
        text = FENCE.sub("", f.read())
    found, seen = set(), {}
    for heading in re.findall(r"^#{1,6}\s+(.*?)\s*#*\s*$", text, re.M):
        explicit = re.search(r"\{#([\w-]+)\}\s*$", heading)
        if explicit:
            found.add(explicit.group(1))
            heading = heading[:explicit.start()]
        slug = re.sub(r"[^\w\- ]", "", heading.strip().lower().replace("`", "")).replace(" ", "-")
        n = seen.get(slug, 0)
        seen[slug] = n + 1
        found.add(slug if n == 0 else "%s-%d" % (slug, n))
    found.update(re.findall(r"<a\s+(?:name|id)=\"([^\"]+)\"", text))
    return found


def broken_links(path):
    """(target, reason) of each broken relative link in one Markdown file."""
    with open(path, encoding="utf-8") as f:
        text = strip_code(f.read())
    problems = []
    for target in INLINE.findall(text) + REFERENCE.findall(text):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target, re.I) or target.startswith("//"):
            continue  # another site's: not ours to check here
        file_part, _, fragment = target.partition("#")
        resolved = os.path.normpath(os.path.join(os.path.dirname(path), file_part)) if file_part else path
        if not os.path.exists(resolved):
            problems.append((target, "no such file"))
        elif fragment and resolved.endswith(".md") and fragment not in anchors(resolved):
            problems.append((target, "no such anchor"))
    return problems


def markdown_files(top=TOP):
    for folder, dirs, files in os.walk(top):
        # docs/ is MkDocs' to check (mkdocs build --strict).
        dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not (folder == top and d == "docs"))
        for name in sorted(files):
            if name.endswith(".md"):
                yield os.path.join(folder, name)


def main(paths):
    paths = paths or list(markdown_files())
    bad = 0
    for path in paths:
        for target, reason in broken_links(path):
            print("%s: %s (%s)" % (os.path.relpath(path, TOP), target, reason))
            bad += 1
    print("%d Markdown files, %d broken links" % (len(paths), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
