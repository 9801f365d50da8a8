#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Starts the demo (org.sixflow.demo.Demo) from what `mvn package -pl lab/demo -am` built: Sixflow's
# real components on the simulated ONOS of lab/sim and lab/sim-net, the bmv2 lab's own topologies
# (DEMO_TOPOLOGIES, default "msr6-study multihomed bng") with the netcfg the lab generates from them,
# a throwaway PostgreSQL, and the built dashboard on one loopback port. It prints
# DASHBOARD_URL=<url> once ready, takes live-telemetry commands on its standard input and stops, in
# order, when that input closes. Every caller starts the demo through this script: make demo
# (tools/demo.sh), the dashboard's e2e tests, the REST fuzz suite and make bench-rest.
#
# Usage: lab/demo/run.sh <built dashboard dir> [more Demo arguments, e.g. --port 8080]
# Environment: DEMO_TOPOLOGIES, DEMO_LOG (where its log goes; default lab/demo/target/demo.log),
# JAVA_OPTS (more JVM flags).
set -euo pipefail

top="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
[ $# -ge 1 ] || { echo "usage: lab/demo/run.sh <built dashboard dir> [Demo arguments]" >&2; exit 2; }
dashboard="$(cd "$1" && pwd)"
shift
target="$top/lab/demo/target"
[ -s "$target/demo.classpath" ] && [ -d "$target/classes" ] \
    || { echo "lab/demo/run.sh: the demo is not built: mvn -DskipTests package -pl lab/demo -am" >&2; exit 2; }

# The netcfg each topology gets in the bmv2 lab, written where the build's output lives.
topology_args=()
mkdir -p "$target/netcfg"
for topology in ${DEMO_TOPOLOGIES:-msr6-study multihomed bng}; do
    python3 "$top/lab/net/labnet.py" netcfg "$topology" >"$target/netcfg/$topology.json"
    topology_args+=(--topology "$top/lab/topologies/$topology.json" --netcfg "$target/netcfg/$topology.json")
done

# The JVM flags the build's tests run with (the root pom's argLine), then the caller's.
read -r -a jvm_flags <<<"$(sed -n 's:.*<argLine>\(.*\)</argLine>.*:\1:p' "$top/pom.xml" | head -n 1)"
read -r -a extra_flags <<<"${JAVA_OPTS:-}"
log="${DEMO_LOG:-$target/demo.log}"
exec java "${jvm_flags[@]}" "${extra_flags[@]}" -Dorg.slf4j.simpleLogger.logFile="$log" \
    -cp "$target/classes:$(cat "$target/demo.classpath")" org.sixflow.demo.Demo \
    --dashboard "$dashboard" "${topology_args[@]}" "$@"
