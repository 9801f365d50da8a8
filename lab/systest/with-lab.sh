#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Runs a command against a bmv2 lab it starts for it: tools/lab.sh (switches, links, hosts,
# real ONOS 2.7.0 with Sixflow installed from its .oar files, PostgreSQL) on a free loopback port, waits for
# "LAB READY", runs the command with LAB_RUN_DIR, LAB_STATE, LAB_REST and LAB_UI set, and stops the lab.
#   with-lab.sh COMMAND [ARGS...]      (TOPOLOGY=msr6-study|fat-tree-k4; needs root and bmv2)
set -euo pipefail

top="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
# Below the kernel's ephemeral range, as every port the lab picks (lab/onos/ports.py says why).
port="$(python3 -c 'import sys; sys.path.insert(0, sys.argv[1]); from ports import free_port; print(free_port())' "$top/lab/onos")"
run_dir="$(mktemp -d)"
log="$run_dir/lab.log"
lab_pid=""
cleanup() {
    local status=$?
    if [ -n "$lab_pid" ] && kill -0 "$lab_pid" 2>/dev/null; then
        kill -TERM "$lab_pid" 2>/dev/null || true
        wait "$lab_pid" 2>/dev/null || true
    fi
    if [ "$status" -ne 0 ] || [ "${KEEP_LOGS:-0}" = 1 ]; then
        echo "lab logs kept in $run_dir"
    else
        rm -rf "$run_dir"
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

HTTP_PORT="$port" LAB_RUN_DIR="$run_dir" TOPOLOGY="${TOPOLOGY:-msr6-study}" "$top/tools/lab.sh" >"$log" 2>&1 &
lab_pid=$!
deadline=$((SECONDS + ${LAB_START_TIMEOUT:-600}))
until grep -qs "LAB READY" "$log"; do
    if ! kill -0 "$lab_pid" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
        echo "the lab did not become ready; its log ends:" >&2
        tail -n 40 "$log" >&2
        exit 1
    fi
    sleep 1
done
echo "lab ${TOPOLOGY:-msr6-study} ready on port $port (log $log)"

# LAB_RUN_DIR: where tests write their own files (endpoint status, logs), kept with the lab's
# logs when the run fails and removed with them when it passes.
LAB_RUN_DIR="$run_dir" LAB_STATE="$run_dir/state.json" LAB_REST="http://127.0.0.1:$port/onos/sixflow/v1" \
    LAB_UI="http://127.0.0.1:$port/onos/sixflow/ui/" "$@"
