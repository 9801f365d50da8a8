#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# What each feature costs on Tofino by itself: the TNA program compiled with bf-p4c once with no
# feature flag (plain IPv6: routing, ACL, packet I/O, MTU, telemetry, as profile ipv6) and once
# per WITH_<FEATURE> flag of profiles.json alone, then a Markdown table of each build's MAU
# latency (bf-p4c's metrics.json, cycles per gress), stages and memories, and the feature's
# increment over plain IPv6: the per-feature split the studies give, which a profile of several
# features (core, full) cannot. Nothing is committed: the builds go to a temporary directory.
#   pipeconf/tools/tofino-feature-cost.sh [FEATURE ...]     (default: every feature of profiles.json)
#   KEEP=DIR ...   keeps each build in DIR/<feature>/
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
command -v bf-p4c >/dev/null || { echo "bf-p4c not on PATH (pipeconf/tools/build-bf-p4c.sh builds it)" >&2; exit 1; }
if [ $# -gt 0 ]; then
    features=("$@")
else
    read -r -a features <<< "$(python3 -c 'import json, sys; print(" ".join(json.load(open(sys.argv[1]))["features"]))' \
        "$here/profiles.json")"
fi
work="${KEEP:-$(mktemp -d)}"
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT

# One build: compile NAME [FLAG]; its output in $work/NAME, its log in $work/NAME.log.
compile() {
    local name="$1" started; shift
    started=$(date +%s)
    if bf-p4c -g --verbose 2 --target tofino --arch tna --std p4-16 "$@" -o "$work/$name" \
            --p4runtime-force-std-externs --p4runtime-files "$work/$name/p4info.txt" \
            "$here/p4src/tna/main.p4" > "$work/$name.log" 2>&1; then
        echo "$name: compiled in $(( $(date +%s) - started )) s" >&2
    else
        echo "$name: bf-p4c failed ($(grep -m1 -i 'error' "$work/$name.log" || tail -1 "$work/$name.log"))" >&2
    fi
}

compile none
for feature in "${features[@]}"; do
    compile "$feature" "-DWITH_$feature"
done
python3 "$here/tools/tofino-feature-cost.py" "$work" none "${features[@]}"
