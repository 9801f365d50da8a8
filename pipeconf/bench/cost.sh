#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# What bmv2 does per packet of each latency class: runs the benchmark's scenario for a few
# rounds with the switch logging, then counts tables, primitives, hash, register and counter
# operations and parser states per packet of the last round (pipeline_cost.py). The counts do
# not depend on the machine's load, unlike the latency benchmark (run.sh).
#   pipeconf/bench/cost.sh [--profile P] [--rounds N]
#       (default profile full, 3 rounds; the last round is counted; the profile's classes only)
#   ARTIFACTS=DIR pipeconf/bench/cost.sh    (another build's bmv2.json and p4info.txt, to compare)
#   KEEP_LOG=DIR pipeconf/bench/cost.sh     (the switch's log kept in DIR: what each packet did, step by step)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
pipeconf="$(dirname "$here")"
python="${PYTHON:-$(dirname "$pipeconf")/.venv/bin/python}"
ports=(1 2 3 4)
rounds=3 profile=full
while [ $# -gt 0 ]; do
    case "$1" in
        --rounds) rounds="${2:?rounds}"; shift 2 ;;
        --profile) profile="${2:?profile}"; shift 2 ;;
        *) echo "usage: $0 [--profile P] [--rounds N]" >&2; exit 2 ;;
    esac
done
artifacts="${ARTIFACTS:-$pipeconf/src/main/resources/p4c-out/$profile/bmv2}"
features="$("$pipeconf/build-p4.sh" --flags "$profile" | sed 's/^-DWITH_//' | paste -sd, -)"

. "$pipeconf/tools/bmv2-netns.sh"
missing="$(bmv2_tools_missing)"
[ -z "$missing" ] || { echo "cost count needs $missing on PATH" >&2; exit 1; }
[ "$(id -u)" -eq 0 ] || { echo "cost count needs root (network namespace, veth)" >&2; exit 1; }

ns="sixflow-cost-$$"
work="$(mktemp -d)"
trap 'bmv2_netns_down "$ns"; [ -n "${KEEP_LOG:-}" ] && cp "$work"/switch*.* "$KEEP_LOG"/ ; rm -rf "$work"' EXIT
cpu_port="$(cat "$artifacts/cpu_port.txt")"
bmv2_netns_up "$ns" "$work" "$cpu_port" "${ports[@]}"
# Every packet reported (--report-every 1), as the counts in pipeconf/README assume; the classes
# in a fixed order, as pipeline_cost.py matches packets to classes by their order of arrival.
ip netns exec "$ns" "$python" "$here/latency_bench.py" measure --program sixflow --grpc "$BMV2_GRPC" \
    --p4info "$artifacts/p4info.txt" --config "$artifacts/bmv2.json" \
    --count "$rounds" --interval-ms 50 --order fixed --report-every 1 --features "$features" --out "$work/series.json" \
    > "$work/bench.out"
bmv2_netns_down "$ns"
# simple_switch names its log file after --log-file, with an extension of its choosing.
# The profile's classes, in the order latency_bench sends them (one flow each).
classes="$("$python" -c 'import sys; sys.path.insert(0, sys.argv[1]); import programs
features = frozenset(f for f in sys.argv[2].split(",") if f)
print(",".join(programs._class_name(flow.rows[0]) for flow in programs.sixflow_flows(features)))' "$here" "$features")"
"$python" "$here/pipeline_cost.py" --cpu-port "$cpu_port" --classes "$classes" --series "$work/series.json" "$(ls "$work"/switch*.* | grep -v switch.out | head -1)"
