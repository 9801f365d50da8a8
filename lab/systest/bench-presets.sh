#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# make bench-presets: the studies' presets (by default APN6 as in IETF 109, 50,000 probes per class
# at 1 ms, and MSR6 TE/RLB as in IETF 119) run unchanged on the msr6-study lab with the policy and
# trees they need (bench_presets.py); prints the pacing, each class's verdict and the study's
# tables. Asserts nothing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../.." && pwd)"
export PYTHON="${PYTHON:-$top/.venv/bin/python}"
command -v simple_switch_grpc >/dev/null 2>&1 || { echo "bench-presets needs simple_switch_grpc on PATH" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "bench-presets needs root (network namespaces)" >&2; exit 2; }

# Measured as a test bed would be: the switches' data paths at SCHED_RR 2 (their gRPC threads at 1)
# and the experiment's sending thread at SCHED_FIFO 3, above them, so none of them waits behind the
# controller or PostgreSQL for a core
# (tools/lab.sh; SWITCH_REALTIME=0 PACER_REALTIME=0 for the normal scheduler).
export SWITCH_REALTIME="${SWITCH_REALTIME:-2}" PACER_REALTIME="${PACER_REALTIME:-3}"
TOPOLOGY=msr6-study "$here/with-lab.sh" "$PYTHON" "$here/bench_presets.py" ${BENCH_ARGS:-}
