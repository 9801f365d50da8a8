#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# make bench-lab: entries/s written to one bmv2 through the stand-in's southbound, then for each
# controller (real ONOS when its build is there, and lab/'s stand-in; BENCH_CONTROLLERS picks) on
# the 5-node and the 20-node lab the time from POST trees to the first packet at every receiver, and
# on the 5-node lab what a failed tree link costs under 1,000 packets/s (real ONOS learns it from
# LLDP silence, the stand-in from the veth's carrier). Prints figures; asserts nothing.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../.." && pwd)"
export PYTHON="${PYTHON:-$top/.venv/bin/python}"
command -v simple_switch_grpc >/dev/null 2>&1 || { echo "bench-lab needs simple_switch_grpc on PATH" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "bench-lab needs root (network namespaces)" >&2; exit 2; }

cd "$top"
${MVN:-mvn -B -ntp} -q -DskipTests package dependency:build-classpath -pl lab -am \
    -Dmdep.outputFile=target/lab.classpath
read -r -a jvm_flags <<<"$(sed -n 's:.*<argLine>\(.*\)</argLine>.*:\1:p' pom.xml | head -n 1)"
# Side by side: real ONOS (when the ONOS build is there) and lab/'s stand-in, one after the other.
onos_home="${ONOS_HOME:-/opt/sixflow-onos/home}"
controllers="${BENCH_CONTROLLERS:-$([ -x "$onos_home/apache-karaf-4.2.9/bin/karaf" ] && echo "onos standin" || echo standin)}"
echo "== entries/s through the stand-in's southbound to one bmv2 (its own P4Runtime client; ONOS's writes are measured below as trees going live)"
java "${jvm_flags[@]}" -cp "lab/target/classes:$(cat lab/target/lab.classpath)" org.sixflow.lab.bench.WriteBenchmark
for controller in $controllers; do
    for topology in msr6-study fat-tree-k4; do
        echo "== $controller, $topology: trees going live"
        LAB_CONTROLLER="$controller" LAB_SKIP_BUILD=1 TOPOLOGY="$topology" "$here/with-lab.sh" \
            "$PYTHON" "$here/bench_lab.py" ${BENCH_ARGS:-}
    done
    echo "== $controller, msr6-study: a tree link failing under 1,000 packets/s"
    LAB_CONTROLLER="$controller" LAB_SKIP_BUILD=1 TOPOLOGY=msr6-study "$here/with-lab.sh" "$PYTHON" "$here/runtests.py" \
        test_msr6_changes.Msr6ChangeTest.test_a_failed_tree_link_is_rerouted | grep -E "REPORT|passed"
done
