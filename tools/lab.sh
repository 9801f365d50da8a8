#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# The bmv2 lab (`make lab [TOPOLOGY=msr6-study|fat-tree-k4]`): builds Sixflow's two .oar files,
# builds the topology's network with lab/net/labnet.py (simple_switch_grpc switches, veth links,
# host namespaces), writes its netcfg, and runs real ONOS 2.7.0 over it in the foreground:
# lab/onos/onoslab.py starts the ONOS that tools/onos/build-onos.sh built (ONOS_HOME, default
# /opt/sixflow-onos/home), activates ONOS's apps, installs Sixflow's .oar files through ONOS's REST
# API and pushes the netcfg, as an operator would. Ctrl-C, a failure or ONOS's end stops ONOS and
# takes the network down again.
# Environment: TOPOLOGY (default msr6-study), HTTP_PORT (8181), LAB_RUN_DIR (lab/target/run),
# SWITCH_LOG_LEVEL (warn), SWITCH_REALTIME and PACER_REALTIME (0: the switches' SCHED_RR and the
# experiments' sending thread's SCHED_FIFO priority, for measurement runs), SWITCH_NICE (-10: the
# switches' nice value, so that ONOS's CPU use does not queue their packets), LAB_SKIP_BUILD=1 (use
# what the last build left), LAB_ARGS (more onoslab.py arguments, e.g. "--lldp-stale-ms 10000"),
# MVN (mvn -B -ntp).
# Needs root, simple_switch_grpc (on PATH or in /opt/p4/bin) and the ONOS build; refuses with exit
# code 2 otherwise.
set -euo pipefail

top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
topology="${TOPOLOGY:-msr6-study}"
http_port="${HTTP_PORT:-8181}"
run_dir="${LAB_RUN_DIR:-$top/lab/target/run}"
state="$run_dir/state.json"
netcfg="$run_dir/netcfg.json"
read -r -a mvn <<<"${MVN:-mvn -B -ntp}"
labnet=(python3 "$top/lab/net/labnet.py")

refuse() {
    echo "make lab: $*" >&2
    exit 2
}

[ "$(id -u)" -eq 0 ] || refuse "needs root (network namespaces, veth links): run it as root, e.g. sudo make lab"
if [ -n "${SIXFLOW_BMV2:-}" ]; then
    # Another bmv2 build (e.g. without its logging macros, pipeconf/README); labnet checks it.
    command -v "$SIXFLOW_BMV2" >/dev/null 2>&1 || refuse "SIXFLOW_BMV2=$SIXFLOW_BMV2 is no executable"
elif ! command -v simple_switch_grpc >/dev/null 2>&1; then
    if [ -x /opt/p4/bin/simple_switch_grpc ]; then
        PATH="/opt/p4/bin:$PATH"
    else
        refuse "simple_switch_grpc (bmv2 with P4Runtime) is neither on PATH nor in /opt/p4/bin; see lab/README.md, or use 'make run'"
    fi
fi
for tool in ip python3 java; do
    command -v "$tool" >/dev/null 2>&1 || refuse "$tool is not installed"
done
"${labnet[@]}" check "$topology" >/dev/null || exit 2

onos_home="${ONOS_HOME:-/opt/sixflow-onos/home}"
[ -x "$onos_home/apache-karaf-4.2.9/bin/karaf" ] \
    || refuse "no ONOS build at $onos_home: build ONOS 2.7.0 from its source with tools/onos/build-onos.sh (tools/onos/README.md; minutes once the sources are there), or set ONOS_HOME"

controller_pid=""
network_up=0
cleanup() {
    local status=$?
    trap - EXIT INT TERM HUP
    if [ -n "$controller_pid" ] && kill -0 "$controller_pid" 2>/dev/null; then
        echo "make lab: stopping the controller (pid $controller_pid)"
        kill -TERM "$controller_pid" 2>/dev/null || true
        # ONOS takes up to a minute to stop (onoslab.py then stops its PostgreSQL).
        for _ in $(seq 1 900); do
            kill -0 "$controller_pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$controller_pid" 2>/dev/null || true
        wait "$controller_pid" 2>/dev/null || true
    fi
    if [ "$network_up" = 1 ]; then
        echo "make lab: taking the network down"
        "${labnet[@]}" down --state "$state" || status=1
    fi
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

cd "$top"
if [ "${LAB_SKIP_BUILD:-0}" != 1 ]; then
    tools/ensure-deps.sh
    echo "make lab: building the dashboard (the app serves it)"
    (cd web && npm run build)
    echo "make lab: building Sixflow's .oar files"
    "${mvn[@]}" -q -DskipTests package -pl pipeconf,app
fi

mkdir -p "$run_dir"
network_up=1
"${labnet[@]}" up "$topology" --state "$state" --log-dir "$run_dir/logs" \
    --switch-log-level "${SWITCH_LOG_LEVEL:-warn}" --switch-realtime "${SWITCH_REALTIME:-0}" \
    --switch-nice "${SWITCH_NICE:--10}"
"${labnet[@]}" netcfg "$topology" >"$netcfg"

oars=()
for module in pipeconf app; do
    oar=$(ls "$top/$module"/target/*.oar 2>/dev/null | head -n 1)
    [ -n "$oar" ] || refuse "$module/target has no .oar: build without LAB_SKIP_BUILD"
    oars+=(--oar "$oar")
done
read -r -a lab_args <<<"${LAB_ARGS:-}"
[ "${PACER_REALTIME:-0}" = 0 ] || lab_args+=(--pacer-realtime "$PACER_REALTIME")
echo "make lab: starting ONOS 2.7.0 from $onos_home (real ONOS; Sixflow installed from its .oar files)"
python3 "$top/lab/onos/onoslab.py" up --home "$onos_home" --netcfg "$netcfg" --state "$state" --run-dir "$run_dir" \
    --http-port "$http_port" "${oars[@]}" "${lab_args[@]}" &
controller_pid=$!
summary() {  # summary switches|hosts|first-host: from the state file
    python3 - "$state" "$1" <<'PY'
import json, sys
lab = json.load(open(sys.argv[1]))
if sys.argv[2] == "switches":
    print(", ".join("%s %s" % (s["name"], s["grpcAddress"]) for s in lab["switches"]))
elif sys.argv[2] == "hosts":
    print(", ".join("%s %s" % (h["name"], h["ipv6"]) for h in lab["hosts"]))
else:
    print(lab["hosts"][0]["name"] if lab["hosts"] else "HOST")
PY
}

cat <<EOF

================================================================================
 Sixflow bmv2 lab: $topology   controller: ONOS 2.7.0 ($onos_home)
 switches   $(summary switches)
 hosts      $(summary hosts)
 REST       http://127.0.0.1:$http_port/onos/sixflow/v1/   (onos/rocks; ONOS's own at /onos/v1/)
 dashboard  http://127.0.0.1:$http_port/onos/sixflow/ui/
 state      $state   netcfg $netcfg   switch logs $run_dir/logs/
 on a host sudo python3 lab/net/labnet.py exec $(summary first-host) -- ip -6 addr
 stop       Ctrl-C (stops ONOS and removes the switches, links and namespaces)
================================================================================

EOF
wait "$controller_pid"
