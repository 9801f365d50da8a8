#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# What bmv2 does per packet of each latency class: runs the benchmark's scenario for a few
# rounds with the switch logging, then counts tables, primitives, hash, register and counter
# operations and parser states per packet of the last round (pipeline_cost.py). The counts do
# not depend on the machine's load, unlike the latency benchmark (run.sh).
#   pipeconf/bench/cost.sh [--rounds N]     (default 3; the last round is counted)
#   ARTIFACTS=DIR pipeconf/bench/cost.sh    (another build's bmv2.json and p4info.txt, to compare)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
pipeconf="$(dirname "$here")"
artifacts="${ARTIFACTS:-$pipeconf/src/main/resources/p4c-out/full/bmv2}"
python="${PYTHON:-$(dirname "$pipeconf")/.venv/bin/python}"
ports=(1 2 3 4)
rounds=3
[ "${1:-}" = "--rounds" ] && rounds="${2:?rounds}"

. "$pipeconf/tools/bmv2-netns.sh"
missing="$(bmv2_tools_missing)"
[ -z "$missing" ] || { echo "cost count needs $missing on PATH" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "cost count needs root (network namespace, veth)" >&2; exit 1; }

ns="sixflow-cost-$$"
work="$(mktemp -d)"
trap 'bmv2_netns_down "$ns"; rm -rf "$work"' EXIT
cpu_port="$(cat "$artifacts/cpu_port.txt")"
bmv2_netns_up "$ns" "$work" "$cpu_port" "${ports[@]}"
# Every packet reported (--report-every 1), as the counts in pipeconf/README assume.
ip netns exec "$ns" "$python" "$here/latency_bench.py" measure --program sixflow --grpc "$BMV2_GRPC" \
    --p4info "$artifacts/p4info.txt" --config "$artifacts/bmv2.json" \
    --count "$rounds" --interval-ms 50 --report-every 1 --out "$work/series.json" > "$work/bench.out"
bmv2_netns_down "$ns"
# simple_switch names its log file after --log-file, with an extension of its choosing.
"$python" "$here/pipeline_cost.py" --cpu-port "$cpu_port" "$(ls "$work"/switch*.* | grep -v switch.out | head -1)"
