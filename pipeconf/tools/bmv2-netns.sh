# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Sourced by the packet tests and the benchmark: a private network namespace with one veth
# pair per switch port ("hostN" for the test side, "swN" for bmv2) and simple_switch_grpc
# listening on the namespace's loopback. Nothing it sends can leave the machine.

BMV2_GRPC="127.0.0.1:9559"
# The switch binary: simple_switch_grpc on PATH unless BMV2_SWITCH names another build (the
# latency benchmark sets it from SIXFLOW_BMV2).
BMV2_SWITCH="${BMV2_SWITCH:-simple_switch_grpc}"

# bmv2_netns_up NS WORKDIR CPU_PORT PORT...
bmv2_netns_up() {
    local ns="$1" work="$2" cpu_port="$3"; shift 3
    local switch_ifaces=() port
    ip netns add "$ns"
    # No kernel IPv6 on the test links: router solicitations or MLD reports would be stray packets.
    ip netns exec "$ns" sysctl -qw net.ipv6.conf.all.disable_ipv6=1 net.ipv6.conf.default.disable_ipv6=1
    ip -n "$ns" link set lo up
    for port in "$@"; do
        ip -n "$ns" link add "host$port" type veth peer name "sw$port"
        ip -n "$ns" link set "host$port" up
        ip -n "$ns" link set "sw$port" up
        switch_ifaces+=(-i "$port@sw$port")
    done
    # The switch log helps a failing test; a benchmark measures the switch, not its log, and
    # sets BMV2_NO_LOG=1 (every logged packet event is a flushed write). Without a log file the
    # level must be off too: bmv2's default level is trace whatever the sink, so a build with
    # logging macros (the default) formats every message, timestamp included, for a null sink.
    local log=(--log-file "$work/switch" --log-flush)
    [ "${BMV2_NO_LOG:-0}" = 1 ] && log=(--log-level off)
    # Eight priority queues per port, as the lab's switches: APN6 SLA priorities are 3 bits, and
    # bmv2 drops a packet whose priority has no queue.
    ip netns exec "$ns" "$BMV2_SWITCH" --device-id 1 "${switch_ifaces[@]}" --no-p4 \
        "${log[@]}" -- --cpu-port "$cpu_port" --grpc-server-addr "$BMV2_GRPC" --priority-queues 8 \
        > "$work/switch.out" 2>&1 &
    BMV2_PID=$!
    # Ten seconds to open its gRPC port (BMV2_START_WAIT_S more for a switch under a profiler).
    local _
    for _ in $(seq 1 $(( ${BMV2_START_WAIT_S:-10} * 10 ))); do
        ip netns exec "$ns" bash -c "exec 3<>/dev/tcp/${BMV2_GRPC%:*}/${BMV2_GRPC#*:}" 2>/dev/null && return 0
        sleep 0.1
    done
    echo "simple_switch_grpc did not start; see $work/switch.out" >&2
    return 1
}

# bmv2_netns_down NS
bmv2_netns_down() {
    if [ -n "${BMV2_PID:-}" ]; then
        kill "$BMV2_PID" 2>/dev/null || true
        wait "$BMV2_PID" 2>/dev/null || true
        BMV2_PID=""
    fi
    ip netns del "$1" 2>/dev/null || true
}

# bmv2_tools_missing: prints the names of the missing tools, if any.
bmv2_tools_missing() {
    local tool missing=()
    for tool in p4c-bm2-ss "$BMV2_SWITCH"; do
        command -v "$tool" >/dev/null || missing+=("$tool")
    done
    echo "${missing[*]}"
}
