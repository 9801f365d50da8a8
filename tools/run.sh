#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# `make run`: starts the most real Sixflow this machine can run, and says which:
#   1. a Docker engine answers           -> the compose lab (docker/): ONOS 2.7, stratum_bmv2, PostgreSQL
#   2. bmv2 is installed, we are root and ONOS 2.7.0 is built (tools/onos/build-onos.sh)
#                                        -> the bmv2 lab on real ONOS (make lab, tools/lab.sh)
#   3. otherwise                         -> the demo: the dashboard over a simulated core (tools/demo.sh)
set -euo pipefail

top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$top"

if command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
    echo "make run: a Docker engine answers: starting the compose lab (ONOS 2.7, stratum_bmv2 in Mininet, PostgreSQL, dashboard)"
    exec make --no-print-directory compose-up
fi

bmv2=""
if command -v simple_switch_grpc >/dev/null 2>&1; then
    bmv2="$(command -v simple_switch_grpc)"
elif [ -x /opt/p4/bin/simple_switch_grpc ]; then
    bmv2=/opt/p4/bin/simple_switch_grpc
fi
onos_home="${ONOS_HOME:-/opt/sixflow-onos/home}"
onos_built=0
[ -x "$onos_home/apache-karaf-4.2.9/bin/karaf" ] && onos_built=1
if [ -n "$bmv2" ] && [ "$(id -u)" -eq 0 ] && [ "$onos_built" = 1 ]; then
    # Measurement mode: an experiment from the dashboard then measures the switches, not their
    # wait for a core (tools/lab.sh, lab/README.md).
    export SWITCH_REALTIME="${SWITCH_REALTIME:-2}" PACER_REALTIME="${PACER_REALTIME:-3}"
    echo "make run: no Docker engine; bmv2 ($bmv2), ONOS 2.7.0 ($onos_home) and root: starting the bmv2 lab on real ONOS (make lab) in measurement" \
         "mode (switches' data paths at SCHED_RR $SWITCH_REALTIME, experiments' sender at SCHED_FIFO $PACER_REALTIME;" \
         "SWITCH_REALTIME=0 PACER_REALTIME=0 for the normal scheduler)"
    exec tools/lab.sh
fi

why="no Docker engine"
if [ -z "$bmv2" ]; then
    why="$why, no bmv2 (simple_switch_grpc)"
elif [ "$(id -u)" -ne 0 ]; then
    why="$why, bmv2 found but not root"
else
    why="$why, bmv2 found but no ONOS 2.7.0 build at $onos_home (tools/onos/build-onos.sh builds it from ONOS's source: tools/onos/README.md)"
fi
echo "make run: $why: starting the DEMO, the dashboard over a SIMULATED ONOS core and switches"
echo "make run: for the real lab run 'make lab' as root where bmv2 is installed, or 'make run' with a Docker engine"
exec tools/demo.sh
