#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# The benchmark's switch under callgrind, for instructions.sh (run.sh starts it in the switch's
# place: SIXFLOW_SWITCH_WRAPPER, the switch in SIXFLOW_WRAPPED_SWITCH). Only
# the threads that handle packets are counted (receive, ingress, egress, transmit; not the gRPC
# server, not the program's loading), and the count is written when the switch is stopped, to
# $SIXFLOW_CALLGRIND_DIR/<program>.callgrind (run.sh names the program in SIXFLOW_BENCH_PROGRAM).
set -euo pipefail
switch="${SIXFLOW_WRAPPED_SWITCH:?SIXFLOW_WRAPPED_SWITCH names the simple_switch_grpc to count}"
exec valgrind --tool=callgrind --collect-atstart=no \
    --toggle-collect='*SimpleSwitch::receive_*' --toggle-collect='*SimpleSwitch::ingress_thread*' \
    --toggle-collect='*SimpleSwitch::egress_thread*' --toggle-collect='*SimpleSwitch::transmit_thread*' \
    --callgrind-out-file="${SIXFLOW_CALLGRIND_DIR:?}/${SIXFLOW_BENCH_PROGRAM:-switch}.callgrind" \
    "$switch" "$@"
