#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# make bench-lab: entries/s one bmv2 takes over P4Runtime with no controller in the way (the
# ceiling), then with Sixflow in real ONOS 2.7.0 on the 5-node and the 20-node lab the time from
# POST trees to the first packet at every receiver, and on the 5-node lab what a failed tree link
# costs under 1,000 packets/s (ONOS learns it from LLDP silence). Prints figures; asserts nothing.
# BENCH_TOPOLOGIES (default "msr6-study fat-tree-k4"), BENCH_REROUTE=0 skips the failed link;
# BENCH_ARGS go to bench_lab.py; LAB_ARGS to onoslab.py (e.g. "--lldp-stale-ms 10000" for fat-tree-k4
# on a small machine, where LLDP probes wait behind the traffic).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../.." && pwd)"
export PYTHON="${PYTHON:-$top/.venv/bin/python}"
command -v simple_switch_grpc >/dev/null 2>&1 || { echo "bench-lab needs simple_switch_grpc on PATH" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "bench-lab needs root (network namespaces)" >&2; exit 2; }

cd "$top"
# Sixflow's .oar files (with the dashboard) and the benchmark's class path (lab/pom.xml writes it).
(cd web && npm run build >/dev/null)
${MVN:-mvn -B -ntp} -q -DskipTests package -pl pipeconf,app,lab
read -r -a jvm_flags <<<"$(sed -n 's:.*<argLine>\(.*\)</argLine>.*:\1:p' pom.xml | head -n 1)"
onos_home="${ONOS_HOME:-/opt/sixflow-onos/home}"
[ -x "$onos_home/apache-karaf-4.2.9/bin/karaf" ] \
    || { echo "bench-lab needs the ONOS 2.7.0 build at $onos_home (tools/onos/build-onos.sh)" >&2; exit 2; }
echo "== entries/s to one bmv2 over P4Runtime, no controller (lab/'s raw client: the ceiling for any controller)"
java "${jvm_flags[@]}" -cp "lab/target/classes:$(cat lab/target/lab.classpath)" org.sixflow.lab.bench.WriteBenchmark
for topology in ${BENCH_TOPOLOGIES:-msr6-study fat-tree-k4}; do
    echo "== ONOS, $topology: trees going live"
    LAB_SKIP_BUILD=1 TOPOLOGY="$topology" "$here/with-lab.sh" "$PYTHON" "$here/bench_lab.py" ${BENCH_ARGS:-}
done
if [ "${BENCH_REROUTE:-1}" = 1 ]; then
    echo "== ONOS, msr6-study: a tree link failing under 1,000 packets/s"
    LAB_SKIP_BUILD=1 TOPOLOGY=msr6-study "$here/with-lab.sh" "$PYTHON" "$here/runtests.py" \
        test_msr6_changes.Msr6ChangeTest.test_a_failed_tree_link_is_rerouted | grep -E "REPORT|passed"
fi
