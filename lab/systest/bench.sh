#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# make bench-lab: entries/s written to one bmv2 through the lab's southbound, then on the 5-node
# and the 20-node lab the time from POST trees to the first packet at every receiver, and on the
# 5-node lab what a failed tree link costs under 1,000 packets/s. Prints figures; asserts nothing.
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
echo "== entries/s through the southbound to one bmv2"
java "${jvm_flags[@]}" -cp "lab/target/classes:$(cat lab/target/lab.classpath)" org.sixflow.lab.bench.WriteBenchmark
for topology in msr6-study fat-tree-k4; do
    echo "== $topology: trees going live"
    LAB_SKIP_BUILD=1 TOPOLOGY="$topology" "$here/with-lab.sh" "$PYTHON" "$here/bench_lab.py" ${BENCH_ARGS:-}
done
echo "== msr6-study: a tree link failing under 1,000 packets/s"
LAB_SKIP_BUILD=1 TOPOLOGY=msr6-study "$here/with-lab.sh" "$PYTHON" "$here/runtests.py" \
    test_msr6_changes.Msr6ChangeTest.test_a_failed_tree_link_is_rerouted | grep -E "REPORT|passed"
