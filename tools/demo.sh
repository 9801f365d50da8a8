#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# The dashboard over a simulated network, for machines with neither a Docker engine nor bmv2:
# app/'s e2e harness (org.sixflow.app.e2e.DashboardHarness, test scope) runs Sixflow's real managers,
# REST API and a throwaway PostgreSQL over simulated ONOS core services and switches, and serves the
# built dashboard on a loopback port. The health answer tells the dashboard it is simulated, so
# every page carries a banner saying so. Ctrl-C stops the harness, which stops its PostgreSQL.
#
# Environment: DEMO_SKIP_BUILD=1 (use what the last build left), MVN (mvn -B -ntp).
set -euo pipefail

top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
read -r -a mvn <<<"${MVN:-mvn -B -ntp}"
work="$(mktemp -d)"
harness_pid=""

cleanup() {
    local status=$?
    trap - EXIT INT TERM HUP
    if [ -n "$harness_pid" ] && kill -0 "$harness_pid" 2>/dev/null; then
        echo "make run: stopping the demo (the harness stops its PostgreSQL)"
        exec 3>&- || true  # end of its standard input: the harness shuts down in order
        for _ in $(seq 1 300); do
            kill -0 "$harness_pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -KILL "$harness_pid" 2>/dev/null || true
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
    echo "make run: building the app and its test harness"
    # One reactor run: the class path then names the modules built here, not older installed copies.
    "${mvn[@]}" -q -DskipTests package dependency:build-classpath -pl app -am \
        -Dmdep.outputFile=target/e2e.classpath -Dmdep.includeScope=test
fi
[ -f "$dashboard/index.html" ] && [ -s app/target/e2e.classpath ] && [ -d app/target/test-classes ] \
    || { echo "make run: the dashboard or the app's test classes are not built: run without DEMO_SKIP_BUILD" >&2; exit 2; }

read -r -a jvm_flags <<<"$(sed -n 's:.*<argLine>\(.*\)</argLine>.*:\1:p' pom.xml | head -n 1)"
classpath="target/classes:target/test-classes:$(cat app/target/e2e.classpath)"
mkfifo "$work/stdin"
# Its own session, so a Ctrl-C reaches only this script, which then closes the harness's input.
# Its log (slf4j-simple): where a 500's log reference leads.
log="$top/app/target/demo.log"
(cd app && exec setsid java "${jvm_flags[@]}" -Dorg.slf4j.simpleLogger.logFile="$log" -cp "$classpath" \
    org.sixflow.app.e2e.DashboardHarness "$dashboard" \
    <"$work/stdin" >"$work/harness.out" 2>"$work/harness.err") &
harness_pid=$!
exec 3>"$work/stdin"

url=""
for _ in $(seq 1 1800); do
    url="$(sed -n 's/^DASHBOARD_URL=//p' "$work/harness.out")"
    [ -n "$url" ] && break
    if ! kill -0 "$harness_pid" 2>/dev/null; then
        echo "make run: the harness ended before it was ready:" >&2
        tail -n 30 "$work/harness.err" "$log" >&2
        exit 1
    fi
    sleep 0.1
done
[ -n "$url" ] || { echo "make run: the harness was not ready after 180 s" >&2; exit 1; }

cat <<EOF

================================================================================
 Sixflow demo: SIMULATED ONOS core and switches (every page says so)
 Sixflow's managers, REST API and PostgreSQL history are real; the devices, links
 and hosts of docker/'s five-city network and their telemetry are simulated.
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
wait "$harness_pid"
