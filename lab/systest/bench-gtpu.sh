#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# make bench-gtpu: draft-murakami's GTP-U checksum comparison on the msr6-study lab, as the preset
# gtpu-murakami runs it (bench_gtpu.py): links with an MTU that carries its 1492-byte frames once
# encapsulated (1534-byte packets). Prints the draft's table per load point; asserts nothing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../.." && pwd)"
export PYTHON="${PYTHON:-$top/.venv/bin/python}"
command -v simple_switch_grpc >/dev/null 2>&1 || { echo "bench-gtpu needs simple_switch_grpc on PATH" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "bench-gtpu needs root (network namespaces)" >&2; exit 2; }

LAB_LINK_MTU="${LAB_LINK_MTU:-1600}" TOPOLOGY=msr6-study "$here/with-lab.sh" "$PYTHON" "$here/bench_gtpu.py" ${BENCH_ARGS:-}
