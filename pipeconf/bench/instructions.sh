#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Instructions per frame on bmv2: the latency benchmark's programs and packets (run.sh: the
# minimal programs and Sixflow's profile), each switch run under callgrind (callgrind-switch.sh),
# which counts what its packet threads execute; instructions.py prints them per frame the switch
# parsed (a frame lost in the kernel before the slowed switch read it is not divided by), in all and
# by part, with the ratio to the minimal router, then the pipelines' steps (tables, conditions,
# field writes, setValid, copies, hashes: how many and what they cost). Deterministic where latency is not: it compares
# the programs' work, not the machine's luck. Needs valgrind (Debian package valgrind) and root.
#   pipeconf/bench/instructions.sh [--profile P] [--classes C,...] [--count N] [--interval-ms MS] [--pad]
#       (default the smallest profile, every class of it, 2000 frames, one each 20 ms; one class alone gives that
#       class's own figure, e.g. --profile core --classes msr6-te-encap against --classes ipv6)
#       (--pad: the minimal programs padded to the state Sixflow's profile declares, run.sh --pad: their
#       parts then differ from Sixflow's only by what each program does)
#   KEEP_COUNTS=DIR ... keeps each program's callgrind output in DIR (callgrind_annotate: by function)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
python="${PYTHON:-$(dirname "$(dirname "$here")")/.venv/bin/python}"
count=2000 interval_ms=20 profile_args=() class_args=() pad_args=()
while [ $# -gt 0 ]; do
    case "$1" in
        --profile) profile_args=(--profile "$2"); shift 2 ;;
        --classes) class_args=(--classes "$2"); shift 2 ;;
        --count) count="$2"; shift 2 ;;
        --interval-ms) interval_ms="$2"; shift 2 ;;
        --pad) pad_args=(--pad); shift ;;
        *) echo "usage: $0 [--profile P] [--classes C,...] [--count N] [--interval-ms MS] [--pad]" >&2; exit 2 ;;
    esac
done
for tool in valgrind callgrind_annotate; do
    command -v "$tool" >/dev/null || { echo "$tool not on PATH (Debian package valgrind)" >&2; exit 1; }
done

work="$(mktemp -d)"
trap '[ -n "${KEEP_COUNTS:-}" ] && cp "$work"/counts/*.callgrind "$KEEP_COUNTS"/; rm -rf "$work"' EXIT
mkdir -p "$work/counts"
# Under callgrind the switch is some 50 times slower: one frame each 20 ms, and no step down (the
# latency figures of this run mean nothing; run.sh's verdict on them is left in its log). At 5 ms
# on a busy machine Sixflow's `core` lost up to 40 % of the frames, some after parsing (their
# egress never counted: TE 195.4k a frame where a run losing none gives 200.8k); instructions.py
# warns of such losses. One turn of each program: its callgrind count is that one switch's.
status=0
# run.sh picks the switch as for the latency benchmark (SIXFLOW_BMV2, else the bench build where
# it is installed) and starts it under callgrind-switch.sh.
SIXFLOW_SWITCH_WRAPPER="$here/callgrind-switch.sh" SIXFLOW_CALLGRIND_DIR="$work/counts" \
    BMV2_START_WAIT_S=120 PYTHON="$python" "$here/run.sh" "${profile_args[@]}" "${class_args[@]}" "${pad_args[@]}" --count "$count" --interval-ms "$interval_ms" \
    --step-downs 0 --no-baseline --turns 1 --pin none --results "$work/results" > "$work/run.log" 2>&1 || status=$?
if [ "$status" -ne 0 ] && [ "$status" -ne 3 ]; then
    cat "$work/run.log" >&2; exit "$status"
fi
grep -E '^(Sixflow profile|switch|minimal programs padded)' "$work/run.log" | sed 's/^/run.sh: /'
programs=()
for f in "$work"/counts/*.callgrind; do programs+=("$(basename "$f" .callgrind)"); done
"$python" "$here/instructions.py" --dir "$work/counts" --results "$work/results" "${programs[@]}"
