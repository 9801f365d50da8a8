#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# The cluster failover under traffic (lab/onos/tests/test_cluster_traffic_system.py): 3 Atomix
# nodes, 3 ONOS 2.7 instances with Sixflow, the msr6-study bmv2 network; the instance owning a tree
# and a policy stops while packets flow (200/s by default). make lab-test runs it last; alone it is
# opt-in (about 5 min on 2 cores):
#   sudo SIXFLOW_CLUSTER_TEST=1 lab/onos/cluster-traffic-test.sh [unittest args, e.g. -k test_1]
# The test stops what it started on its own exits and signals; this trap is for what is left when
# the test itself could not (killed with SIGKILL, a crash of Python): it takes down the cluster
# and the network the run folder's state files name, nothing else.
# Environment: PYTHON (default the project venv's: needs thrift and scapy), SIXFLOW_CLUSTER_TRAFFIC_RUN_DIR
# and the test's knobs (its docstring).
set -euo pipefail

top="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
python="${PYTHON:-}"
if [ -z "$python" ]; then
    for candidate in "$top/.venv/bin/python" "$(git -C "$top" rev-parse --path-format=absolute --git-common-dir 2>/dev/null \
            | sed 's:/\.git$::')/.venv/bin/python"; do
        if [ -x "$candidate" ]; then python="$candidate"; break; fi
    done
fi
python="${python:-python3}"
run_dir="${SIXFLOW_CLUSTER_TRAFFIC_RUN_DIR:-$top/lab/target/cluster-traffic-test}"
export SIXFLOW_CLUSTER_TRAFFIC_RUN_DIR="$run_dir"
[ -x /opt/p4/bin/simple_switch_grpc ] && export PATH="/opt/p4/bin:$PATH"

child=""
leftovers() {
    local status=$?
    trap - EXIT INT TERM HUP
    if [ -n "$child" ] && kill -0 "$child" 2>/dev/null; then
        kill -TERM "$child" 2>/dev/null || true   # the test stops what it started on SIGTERM
        wait "$child" 2>/dev/null || true
    fi
    if [ -f "$run_dir/cluster/state.json" ]; then
        python3 "$top/lab/onos/cluster.py" down --run-dir "$run_dir/cluster" >/dev/null 2>&1 || true
    fi
    if [ -f "$run_dir/net/state.json" ]; then
        python3 "$top/lab/net/labnet.py" down --state "$run_dir/net/state.json" || true
    fi
    exit "$status"
}
trap leftovers EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

cd "$top"
"$python" -m unittest -v lab/onos/tests/test_cluster_traffic_system.py "$@" &
child=$!
wait "$child"
