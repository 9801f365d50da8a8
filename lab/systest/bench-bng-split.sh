#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# The PPPoE study's single vs split comparison by Sixflow's experiment runner (bench_bng_split.py):
# the bng lab (one switch on the bng profile), then the bng-split lab (bng-access + bng-forward),
# each inside real ONOS with real pppd and pppoe-server in the PPPoE VM, the presets pppoe-single
# and pppoe-split run there against one PostgreSQL; then the runner's comparison: the study's two
# tables. Root, bmv2, the ONOS build and the PPPoE VM image (lab/pppoe/build-vm.sh).
#   lab/systest/bench-bng-split.sh [--packets N] [--interval-us U]   (results in BENCH_OUT, default a temp dir)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PYTHON="${PYTHON:-python3}"
out="${BENCH_OUT:-$(mktemp -d)}"
[ "$(id -u)" -eq 0 ] || { echo "bench-bng-split needs root (namespaces, the VM's taps)" >&2; exit 1; }
# The lab's measurement mode, as bench-presets (tools/lab.sh; SWITCH_REALTIME=0 PACER_REALTIME=0 for
# the normal scheduler): the switches' data paths and the runner's sender under real-time priorities.
export SWITCH_REALTIME="${SWITCH_REALTIME:-2}" PACER_REALTIME="${PACER_REALTIME:-3}"
"$PYTHON" "$here/bench_bng_split.py" run --out "$out" "$@" | tee "$out/report.md"
echo "results in $out"
