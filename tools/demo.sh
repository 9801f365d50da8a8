#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# The dashboard over a simulated network, for machines with neither a Docker engine nor bmv2: the
# demo (lab/demo, started by lab/demo/run.sh) runs Sixflow's real components, wired from their OSGi
# descriptors, on a simulated ONOS (lab/sim, lab/sim-net) over the bmv2 lab's own topologies and
# netcfg, with a throwaway PostgreSQL, and serves the built dashboard on a loopback port. The health
# answer tells the dashboard it is simulated, so every page carries a banner saying so. Ctrl-C
# stops the demo, which stops its PostgreSQL.
#
# Environment: DEMO_SKIP_BUILD=1 (use what the last build left), MVN (mvn -B -ntp).
set -euo pipefail

top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
read -r -a mvn <<<"${MVN:-mvn -B -ntp}"
work="$(mktemp -d)"
demo_pid=""

cleanup() {
    local status=$?
    trap - EXIT INT TERM HUP
    if [ -n "$demo_pid" ] && kill -0 "$demo_pid" 2>/dev/null; then
        echo "make run: stopping the demo (it stops its PostgreSQL)"
        exec 3>&- || true  # end of its standard input: the demo shuts down in order
        for _ in $(seq 1 300); do
            kill -0 "$demo_pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$demo_pid" 2>/dev/null || true
    fi
    rm -rf "$work"
    exit "$status"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM
trap 'exit 129' HUP

cd "$top"
dashboard="$top/web/dist/sixflow-web/browser"
if [ "${DEMO_SKIP_BUILD:-0}" != 1 ]; then
    tools/ensure-deps.sh
    echo "make run: building the dashboard"
    (cd web && npm run build)
    echo "make run: building the app, the pipeconf and the demo"
    # One reactor run: the demo's class path then names the modules built here, not installed copies.
    "${mvn[@]}" -q -DskipTests package -pl lab/demo -am
fi
[ -f "$dashboard/index.html" ] && [ -s lab/demo/target/demo.classpath ] \
    || { echo "make run: the dashboard or the demo is not built: run without DEMO_SKIP_BUILD" >&2; exit 2; }

mkfifo "$work/stdin"
# Its own session, so a Ctrl-C reaches only this script, which then closes the demo's input.
# Its log (slf4j-simple): where a 500's log reference leads.
log="$top/lab/demo/target/demo.log"
(DEMO_LOG="$log" exec setsid lab/demo/run.sh "$dashboard" \
    <"$work/stdin" >"$work/demo.out" 2>"$work/demo.err") &
demo_pid=$!
exec 3>"$work/stdin"

url=""
for _ in $(seq 1 1800); do
    url="$(sed -n 's/^DASHBOARD_URL=//p' "$work/demo.out")"
    [ -n "$url" ] && break
    if ! kill -0 "$demo_pid" 2>/dev/null; then
        echo "make run: the demo ended before it was ready:" >&2
        tail -n 30 "$work/demo.err" "$log" >&2
        exit 1
    fi
    sleep 0.1
done
[ -n "$url" ] || { echo "make run: the demo was not ready after 180 s" >&2; exit 1; }

cat <<EOF

================================================================================
 Sixflow demo: SIMULATED ONOS core and switches (every page says so)
 Sixflow's components (wired as ONOS wires them), REST API and PostgreSQL history
 are real; the ONOS core, the switches of the bmv2 lab's topologies (msr6-study,
 multihomed, bng) and their telemetry are simulated.
 dashboard  ${url}
 REST       ${url}onos/sixflow/v1/health
 Experiment runs stay Queued here (no switch sends probes) and there is no ONOS
 shell for the sixflow:* commands.
 log        ${log}
 The real lab: 'make lab' as root where bmv2 (simple_switch_grpc) is installed,
               or 'make run' with a Docker engine.
 stop       Ctrl-C
================================================================================

EOF
wait "$demo_pid"
