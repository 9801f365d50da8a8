#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# The BNG at scale (bench_bng_scale.py): the bng lab inside real ONOS, three real pppd
# subscribers, then the session generator's N more (default 1,000) through Sixflow's relay to
# real pppoe-servers in the PPPoE VM, each session pinging the network host through bmv2; held,
# then ended. Prints the set-up rate, the entries, sessions held and lost, and the memory each
# layer uses. Root, bmv2, the ONOS build and the PPPoE VM image (lab/pppoe/build-vm.sh).
#   lab/systest/bench-bng-scale.sh [--sessions N] [--window W] [--hold S]   (results in BENCH_OUT, default a temp dir)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
PYTHON="${PYTHON:-python3}"
out="${BENCH_OUT:-$(mktemp -d)}"
mkdir -p "$out"
[ "$(id -u)" -eq 0 ] || { echo "bench-bng-scale needs root (namespaces, the VM's taps, raw sockets)" >&2; exit 1; }
command -v jcmd >/dev/null || { echo "bench-bng-scale needs jcmd (a JDK) to read ONOS's heap" >&2; exit 1; }
LAB_LINK_MTU="${LAB_LINK_MTU:-1600}" TOPOLOGY=bng "$here/with-lab.sh" "$PYTHON" "$here/bench_bng_scale.py" measure \
    --out "$out/scale.json" "$@"
"$PYTHON" "$here/bench_bng_scale.py" report "$out/scale.json" | tee "$out/report.md"
echo "results in $out"
