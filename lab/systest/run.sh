#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# System tests on the bmv2 lab: lab/systest/tests against a lab with-lab.sh starts, over REST and
# on the wire at the hosts, then the dashboard e2e against the same lab, Sixflow inside real ONOS
# 2.7.0; then the BNG end to end (test_bng, and test_bng_generated's many sessions) on a lab of its
# own (TOPOLOGY=bng), and the split BNG's
# (test_bng_split, TOPOLOGY=bng-split) on another (LAB_BNG=0 skips both), and the multihomed NPTv6
# site, an ILNP one and the multihoming study's grid through ONOS (test_multihoming, test_ilnp_site,
# test_multihoming_study, TOPOLOGY=multihomed, and test_multihoming_two_sbr on TOPOLOGY=multihomed-2sbr;
# LAB_MULTIHOMED=0 skips them); last, a real three-instance ONOS cluster whose tree and policy owner
# stops under traffic (lab/onos/cluster-traffic-test.sh, about 5 minutes; LAB_CLUSTER=0 skips it).
# Without p4c-bm2-ss and
# simple_switch_grpc on PATH, or without the ONOS build, the tests
# are skipped, loudly.
#   lab/systest/run.sh [test module, Class or Class.test names...]
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
top="$(cd "$here/../.." && pwd)"
export PYTHON="${PYTHON:-$top/.venv/bin/python}"

missing=""
for tool in p4c-bm2-ss simple_switch_grpc; do
    command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
if [ -n "$missing" ]; then
    cat <<BANNER
########################################################################################
#  LAB SYSTEM TESTS SKIPPED:$missing not on PATH.
#  lab/systest/tests and the dashboard e2e against the lab were NOT run. They run wherever
#  p4c and simple_switch_grpc are installed (built from p4lang sources; see lab/README.md).
########################################################################################
BANNER
    exit 0
fi
onos_home="${ONOS_HOME:-/opt/sixflow-onos/home}"
if [ ! -x "$onos_home/apache-karaf-4.2.9/bin/karaf" ]; then
    cat <<BANNER
########################################################################################
#  LAB SYSTEM TESTS SKIPPED: no ONOS 2.7.0 build at $onos_home.
#  lab/systest/tests and the dashboard e2e against the lab were NOT run. They run Sixflow
#  inside real ONOS: build it from ONOS's source with tools/onos/build-onos.sh (tools/onos/README.md).
########################################################################################
BANNER
    exit 0
fi
[ "$(id -u)" -eq 0 ] || { echo "lab system tests need root (network namespaces, veth links)" >&2; exit 1; }

if [ "${1:-}" = --inside ]; then
    shift
    status=0
    "$PYTHON" "$here/runtests.py" "$@" || status=1
    # The dashboard against the lab, after the tests above filled its history with real samples.
    if [ $# -eq 0 ] && [ "${LAB_E2E:-1}" = 1 ]; then
        (cd "$top/web" && E2E_LAB_URL="$LAB_UI" CHROME_BIN="${CHROME_BIN:-/usr/bin/chromium}" node e2e/run.mjs) \
            || status=1
    fi
    # The REST API as ONOS serves it, its fuzz suite last: it leaves what it made in this lab.
    if [ $# -eq 0 ]; then
        "$PYTHON" "$here/runtests.py" test_rest_api || status=1
    fi
    exit "$status"
fi
status=0
"$here/with-lab.sh" "$here/run.sh" --inside "$@" || status=1
# The BNG end to end needs its own lab (one switch on the bng profile) and the PPPoE VM
# (lab/pppoe; without its image the test says SKIPPED); the split BNG another (bng-access and
# bng-forward, its trunk carrying double-tagged PPPoE: links of 1600).
if [ $# -eq 0 ] && [ "${LAB_BNG:-1}" = 1 ]; then
    TOPOLOGY=bng "$here/with-lab.sh" "$PYTHON" "$here/runtests.py" test_bng test_bng_generated || status=1
    LAB_LINK_MTU="${LAB_LINK_MTU:-1600}" TOPOLOGY=bng-split "$here/with-lab.sh" "$PYTHON" "$here/runtests.py" \
        test_bng_split || status=1
fi
# A multihomed site behind an NPTv6 border router, two providers, a correspondent: its own lab too.
if [ $# -eq 0 ] && [ "${LAB_MULTIHOMED:-1}" = 1 ]; then
    TOPOLOGY=multihomed "$here/with-lab.sh" "$PYTHON" "$here/runtests.py" test_multihoming test_ilnp_site \
        test_multihoming_study || status=1
    # The variant with two border routers, one per provider, behind the site's own router.
    TOPOLOGY=multihomed-2sbr "$here/with-lab.sh" "$PYTHON" "$here/runtests.py" test_multihoming_two_sbr || status=1
fi
# Three ONOS instances over three Atomix nodes and the msr6-study switches: after every lab above
# is down (it refuses to start beside another lab or ONOS).
if [ $# -eq 0 ] && [ "${LAB_CLUSTER:-1}" = 1 ]; then
    SIXFLOW_CLUSTER_TEST=1 "$top/lab/onos/cluster-traffic-test.sh" || status=1
fi
exit "$status"
