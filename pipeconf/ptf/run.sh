#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Runs the packet tests against simple_switch_grpc with the committed bmv2 artifacts. The
# switch and PTF run inside a network namespace this script creates (veth pairs, loopback
# gRPC), so no packet leaves the machine. Without p4c and simple_switch_grpc on PATH the tests
# are skipped, loudly; with them, every test must pass.
#   pipeconf/ptf/run.sh [PTF test names...]
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
pipeconf="$(dirname "$here")"
artifacts="$pipeconf/src/main/resources/p4c-out/bmv2"
python="${PYTHON:-$(dirname "$pipeconf")/.venv/bin/python}"
ports=(1 2 3 4)

missing=()
command -v p4c-bm2-ss >/dev/null || missing+=(p4c-bm2-ss)
command -v simple_switch_grpc >/dev/null || missing+=(simple_switch_grpc)
if [ "${#missing[@]}" -gt 0 ]; then
    cat <<BANNER
########################################################################################
#  PACKET TESTS SKIPPED: ${missing[*]} not on PATH.
#  pipeconf/ptf/tests were NOT run. They run wherever p4c and simple_switch_grpc are
#  installed (built from p4lang sources; see README).
########################################################################################
BANNER
    exit 0
fi

if [ "$("$pipeconf/build-p4.sh" --hash bmv2)" != "$(cat "$artifacts/source.sha256")" ]; then
    echo "bmv2 artifacts are stale: run 'make p4-build' first" >&2
    exit 1
fi
cpu_port="$(cat "$artifacts/cpu_port.txt")"
[ "$(id -u)" -eq 0 ] || { echo "packet tests need root (network namespace, veth)" >&2; exit 1; }

ns="sixflow-ptf-$$"
work="$(mktemp -d)"
switch_pid=""
cleanup() {
    [ -n "$switch_pid" ] && kill "$switch_pid" 2>/dev/null && wait "$switch_pid" 2>/dev/null || true
    ip netns del "$ns" 2>/dev/null || true
    if [ "${KEEP_LOGS:-0}" = 1 ]; then echo "logs kept in $work"; else rm -rf "$work"; fi
}
trap cleanup EXIT

ip netns add "$ns"
# No kernel IPv6 on the test links: router solicitations or MLD reports would be stray packets.
ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
ip -n "$ns" link set lo up
switch_ifaces=()
ptf_ifaces=()
for port in "${ports[@]}"; do
    ip -n "$ns" link add "host$port" type veth peer name "sw$port"
    ip -n "$ns" link set "host$port" up
    ip -n "$ns" link set "sw$port" up
    switch_ifaces+=(-i "$port@sw$port")
    ptf_ifaces+=(--interface "$port@host$port")
done

grpc="127.0.0.1:9559"
ip netns exec "$ns" simple_switch_grpc --device-id 1 "${switch_ifaces[@]}" --no-p4 \
    --log-file "$work/switch" --log-flush -- --cpu-port "$cpu_port" --grpc-server-addr "$grpc" \
    > "$work/switch.out" 2>&1 &
switch_pid=$!
for _ in $(seq 1 50); do
    ip netns exec "$ns" bash -c "exec 3<>/dev/tcp/127.0.0.1/9559" 2>/dev/null && break
    sleep 0.2
done

set +e
ip netns exec "$ns" "$python" "$(dirname "$python")/ptf" \
    --test-dir "$here/tests" --pypath "$here/lib" "${ptf_ifaces[@]}" \
    --log-file "$work/ptf.log" \
    --test-params "p4info='$artifacts/p4info.txt';config='$artifacts/bmv2.json';grpcaddr='$grpc'" "$@" 2>&1 | tee "$work/ptf.out"
status=${PIPESTATUS[0]}
set -e
passed=$(grep -cE '\.\.\. ok$' "$work/ptf.out" || true)
failed=$(grep -cE '\.\.\. (FAIL|ERROR)$' "$work/ptf.out" || true)
echo "ptf: $passed passed, $failed failed"
if [ "$status" -ne 0 ]; then
    echo "--- switch log tail ---"; tail -n 40 "$work/switch.log" 2>/dev/null || tail -n 40 "$work/switch.out"
fi
exit "$status"
