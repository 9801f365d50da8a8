#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# make bench-multihoming: a multihoming study preset (the ILNP thesis's grid by default; BENCH_ARGS
# "--preset thesis-quick" for a short one) run by Sixflow inside ONOS on the multihomed lab
# (bench_multihoming.py); prints the grid, the failovers and the routes. Asserts nothing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../.." && pwd)"
export PYTHON="${PYTHON:-$top/.venv/bin/python}"
command -v simple_switch_grpc >/dev/null 2>&1 || { echo "bench-multihoming needs simple_switch_grpc on PATH" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "bench-multihoming needs root (network namespaces)" >&2; exit 2; }
TOPOLOGY=multihomed "$here/with-lab.sh" "$PYTHON" "$here/bench_multihoming.py" ${BENCH_ARGS:-}
