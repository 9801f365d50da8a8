#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Builds the ONOS 2.7.0 that Sixflow's lab runs, from your own checkouts, outside the repository:
#   ONOS_SRC=~/src/onos GNMI_SRC=~/src/gnmi GNOI_SRC=~/src/gnoi tools/onos/build-onos.sh [step ...]
# ONOS_SRC is opennetworkinglab/onos at tag 2.7.0; GNMI_SRC and GNOI_SRC are clones of
# openconfig/gnmi and openconfig/gnoi holding the commits ONOS pins. The result is a runnable ONOS
# home in $ONOS_OUT/home (default /opt/sixflow-onos/home), which `make lab` and the lab system
# tests use. Steps: check deps tools modules stage (default all); each prints its time, and one
# whose outputs are newer than its inputs does nothing, so an interrupted build resumes.
# Needs Java 17 (javac --release 11), Maven, Python 3, git, unzip; reaches only Maven Central.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
for tool in java javac mvn python3 git unzip; do
    command -v "$tool" >/dev/null 2>&1 || { echo "build-onos: $tool is not installed" >&2; exit 2; }
done
cd "$here"
exec python3 -m onosbuild "$@"
