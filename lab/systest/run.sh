#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# System tests on the bmv2 lab: starts the lab with tools/lab.sh (switches, links, hosts,
# LabMain with Sixflow's managers, REST and PostgreSQL) on a free loopback port, runs
# lab/systest/tests against it over REST and on the wire at the hosts, and stops everything.
# Without p4c-bm2-ss and simple_switch_grpc on PATH the tests are skipped, loudly.
#   lab/systest/run.sh [test module, Class or Class.test names...]
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../.." && pwd)"
python="${PYTHON:-$top/.venv/bin/python}"

missing=""
for tool in p4c-bm2-ss simple_switch_grpc; do
    command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
if [ -n "$missing" ]; then
    cat <<BANNER
########################################################################################
#  LAB SYSTEM TESTS SKIPPED:$missing not on PATH.
#  lab/systest/tests were NOT run. They run wherever p4c and simple_switch_grpc are
#  installed (built from p4lang sources; see lab/README.md).
########################################################################################
BANNER
    exit 0
fi
[ "$(id -u)" -eq 0 ] || { echo "lab system tests need root (network namespaces, veth links)" >&2; exit 1; }

port="$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
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

HTTP_PORT="$port" LAB_RUN_DIR="$run_dir" TOPOLOGY="${TOPOLOGY:-msr6-study}" "$top/tools/lab.sh" >"$log" 2>&1 &
lab_pid=$!
deadline=$((SECONDS + ${LAB_START_TIMEOUT:-600}))
until grep -q "LAB READY" "$log"; do
    if ! kill -0 "$lab_pid" 2>/dev/null || [ "$SECONDS" -ge "$deadline" ]; then
        echo "the lab did not become ready; its log ends:" >&2
        tail -n 40 "$log" >&2
        exit 1
    fi
    sleep 1
done
echo "lab ready on port $port ($(grep -c '' "$log") log lines in $log)"

status=0
LAB_STATE="$run_dir/state.json" LAB_REST="http://127.0.0.1:$port/onos/sixflow/v1" PYTHON="$python" \
    "$python" "$here/runtests.py" "$@" || status=1
# The dashboard against the lab, after the tests above filled its history with real samples.
if [ $# -eq 0 ] && [ "${LAB_E2E:-1}" = 1 ]; then
    (cd "$top/web" && E2E_LAB_URL="http://127.0.0.1:$port/onos/sixflow/ui/" \
        CHROME_BIN="${CHROME_BIN:-/usr/bin/chromium}" node e2e/run.mjs) || status=1
fi
exit "$status"
