#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# The feature flags (WITH_APN6, WITH_MSR6, WITH_GTPU) must not change the full program: with every
# flag defined, each target's preprocessed program (build-p4.sh --preprocess, comments, blank lines
# and trailing blanks dropped, empty system headers) must be the text the sources at REV give,
# from before the flags existed. Then artifacts compiled from REV (Tofino's, which need bf-p4c)
# are the full profile's.
#   tools/check-full-profile.sh [REV]     REV defaults to d422f90, the last commit without flags
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
rev="${1:-d422f90}"
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT

git -C "$here" archive "$rev" -- p4src | tar -x -C "$tmp"
status=0
for target in bmv2 tofino; do
    SIXFLOW_P4SRC="$tmp/p4src" "$here/build-p4.sh" --preprocess-with "$target" > "$tmp/$target.before"
    "$here/build-p4.sh" --preprocess full "$target" > "$tmp/$target.full"
    if cmp -s "$tmp/$target.before" "$tmp/$target.full"; then
        echo "$target: full profile identical to $rev ($(wc -l < "$tmp/$target.full") lines)"
    else
        echo "$target: full profile DIFFERS from $rev:"
        diff "$tmp/$target.before" "$tmp/$target.full" | head -40
        status=1
    fi
done
exit "$status"
