#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# The PPPoE study's single vs split comparison (bench_bng_split.py): the bng lab (one switch on
# the bng profile) and then the bng-split lab (bng-access + bng-forward), each inside real ONOS
# with real pppd and pppoe-server in the PPPoE VM, the same bursts through each; then the
# study's two tables. Root, bmv2, the ONOS build and the PPPoE VM image (lab/pppoe/build-vm.sh).
#   lab/systest/bench-bng-split.sh [--packets N,N,...] [--interval-ms MS]   (results in BENCH_OUT, default a temp dir)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PYTHON="${PYTHON:-python3}"
out="${BENCH_OUT:-$(mktemp -d)}"
mkdir -p "$out"
[ "$(id -u)" -eq 0 ] || { echo "bench-bng-split needs root (namespaces, the VM's taps)" >&2; exit 1; }
TOPOLOGY=bng "$here/with-lab.sh" "$PYTHON" "$here/bench_bng_split.py" measure --mode single \
    --out "$out/single.json" "$@"
LAB_LINK_MTU="${LAB_LINK_MTU:-1600}" TOPOLOGY=bng-split "$here/with-lab.sh" "$PYTHON" "$here/bench_bng_split.py" \
    measure --mode split --out "$out/split.json" "$@"
"$PYTHON" "$here/bench_bng_split.py" report "$out/single.json" "$out/split.json" | tee "$out/report.md"
echo "results in $out"
