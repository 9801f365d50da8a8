#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Installs what `make test` needs and the machine lacks: Debian packages only when absent,
# the Python packages of the packet tests in a project venv, and the web app's npm packages.
set -euo pipefail

top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

need_apt=()
command -v java >/dev/null || need_apt+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null || need_apt+=(maven)
ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || need_apt+=(postgresql)
[ -x /usr/bin/chromium ] || need_apt+=(chromium)
command -v node >/dev/null || need_apt+=(nodejs npm)
python3 -c 'import venv, ensurepip' 2>/dev/null || need_apt+=(python3-venv)
command -v ip >/dev/null || need_apt+=(iproute2)
# The lab system tests' hosts resolve their gateway by NDP with ping (test_routing).
command -v ping >/dev/null || need_apt+=(iputils-ping)
# ... and see every router on a path with tracepath (test_routing: ICMPv6 Time Exceeded).
command -v tracepath >/dev/null || need_apt+=(iputils-tracepath)
# The ILNP endpoint's namespace tests (lab/ilnp): traffic, captures and the kernel's filter.
command -v iperf3 >/dev/null || need_apt+=(iperf3)
command -v tcpdump >/dev/null || need_apt+=(tcpdump)
command -v nft >/dev/null || need_apt+=(nftables)
# The NPTv6 packet tests compare the switch's translation with Linux's (ip6tables SNPT/DNPT).
command -v ip6tables >/dev/null || [ -x /usr/sbin/ip6tables ] || need_apt+=(iptables)
# The P4 sources' freshness hash preprocesses them (pipeconf/build-p4.sh --hash), with or without p4c.
command -v cpp >/dev/null || need_apt+=(cpp)

if [ "${#need_apt[@]}" -gt 0 ]; then
    echo "== installing Debian packages: ${need_apt[*]}"
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get -o DPkg::Lock::Timeout=900 update -q
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get -o DPkg::Lock::Timeout=900 install -y -q --no-install-recommends "${need_apt[@]}"
fi

# The packet tests' Python packages; protobuf must stay at 3.20.x for p4runtime's generated code.
venv="$top/.venv"
if [ ! -x "$venv/bin/python" ]; then
    echo "== creating $venv"
    python3 -m venv "$venv"
fi
if ! "$venv/bin/python" -c 'import ptf, scapy, p4.v1.p4runtime_pb2, grpc, thrift' 2>/dev/null; then
    echo "== installing packet-test Python packages"
    "$venv/bin/pip" install -q -r "$top/pipeconf/ptf/requirements.txt"
fi
if ! "$venv/bin/python" -c 'import schemathesis' 2>/dev/null; then
    echo "== installing the REST fuzz suite's Python packages"
    "$venv/bin/pip" install -q -r "$top/tools/fuzz/requirements.txt"
fi

if ! "$venv/bin/python" -c 'import mkdocs' 2>/dev/null; then
    echo "== installing the docs site's Python packages"
    "$venv/bin/pip" install -q -r "$top/tools/docs/requirements.txt"
fi

if [ ! -d "$top/web/node_modules" ] || [ "$top/web/package-lock.json" -nt "$top/web/node_modules/.package-lock.json" ]; then
    echo "== installing web packages"
    # npm install, not npm ci: npm 11's ci rejects lockfiles without other platforms' optional
    # packages (npm/cli#4828); install still honours every version the lockfile pins.
    (cd "$top/web" && npm install --no-audit --no-fund)
fi
echo "== dependencies ready"
