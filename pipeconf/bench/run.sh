#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Latency benchmark on bmv2: every class and the plain-IPv6 baseline in one run, on the
# committed artifacts, in a private network namespace. Prints mean, stdev, min, max and the
# ratio to the baseline, like the studies in shared/seeds.
#   pipeconf/bench/run.sh [--count N] [--interval-ms MS]      (default 50000 at 1 ms)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
pipeconf="$(dirname "$here")"
artifacts="$pipeconf/src/main/resources/p4c-out/bmv2"
python="${PYTHON:-$(dirname "$pipeconf")/.venv/bin/python}"
ports=(1 2 3 4)

. "$pipeconf/tools/bmv2-netns.sh"
missing="$(bmv2_tools_missing)"
[ -z "$missing" ] || { echo "benchmark needs $missing on PATH" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "benchmark needs root (network namespace, veth)" >&2; exit 1; }

ns="sixflow-bench-$$"
export BMV2_NO_LOG=1
echo "switch: $(command -v simple_switch_grpc) ($(simple_switch_grpc --version 2>&1 | head -1)), no log file"
work="$(mktemp -d)"
trap 'bmv2_netns_down "$ns"; rm -rf "$work"' EXIT
bmv2_netns_up "$ns" "$work" "$(cat "$artifacts/cpu_port.txt")" "${ports[@]}"
ip netns exec "$ns" "$python" "$here/latency_bench.py" --grpc "$BMV2_GRPC" \
    --p4info "$artifacts/p4info.txt" --config "$artifacts/bmv2.json" "$@"
