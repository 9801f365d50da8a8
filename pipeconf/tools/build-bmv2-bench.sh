#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Builds bmv2's simple_switch_grpc for measuring, outside the repository: the toolchain's bmv2
# commit, configured without its debug and trace logging macros and its event logger, at -O3
# (pipeconf/README.md, "The switch's log level, and a bench build of bmv2"). The latency bench
# (pipeconf/bench/run.sh) runs it when it is there and SIXFLOW_BMV2 names no other.
#   pipeconf/tools/build-bmv2-bench.sh
# BMV2_SRC   the toolchain's bmv2 checkout (default /opt/p4src/behavioral-model; only its commit
#            is read: the build is in a clone of it, WORK, default PREFIX-src)
# PREFIX     where it installs (default /opt/bmv2-bench: bin/simple_switch_grpc)
# PI_PREFIX  where the toolchain installed PI (default /opt/p4)
# Each step prints its time and is skipped when done, so an interrupted build resumes; about
# 35 minutes on 2 cores.
set -euo pipefail
src="${BMV2_SRC:-/opt/p4src/behavioral-model}"
prefix="${PREFIX:-/opt/bmv2-bench}"
pi="${PI_PREFIX:-/opt/p4}"
work="${WORK:-$prefix-src}"
flags=(--with-pi --disable-logging-macros --disable-elogger "--prefix=$prefix"
       "CXXFLAGS=-O3" "CFLAGS=-O3" "CPPFLAGS=-I$pi/include" "LDFLAGS=-L$pi/lib")

git -C "$src" rev-parse HEAD >/dev/null 2>&1 || { echo "no bmv2 checkout at $src (set BMV2_SRC)" >&2; exit 2; }
[ -f "$pi/include/PI/pi.h" ] || { echo "no PI headers under $pi/include (set PI_PREFIX)" >&2; exit 2; }
commit="$(git -C "$src" rev-parse HEAD)"

step() {
    local name="$1"; shift
    local start=$SECONDS
    "$@"
    echo "build-bmv2-bench: $name $((SECONDS - start)) s"
}

clone() {
    [ -d "$work/.git" ] || git clone -q "$src" "$work"
    git -C "$work" fetch -q "$src" "$commit" 2>/dev/null || true
    git -C "$work" checkout -q "$commit"
}
autogen() { [ -x "$work/configure" ] || (cd "$work" && ./autogen.sh >/dev/null); }
configure() {
    # Configured again only when the flags differ from the last time's.
    if [ ! -f "$work/config.status" ] || [ "$(cat "$work/.sixflow-flags" 2>/dev/null)" != "${flags[*]}" ]; then
        (cd "$work" && ./configure "${flags[@]}" >/dev/null)
        echo "${flags[*]}" > "$work/.sixflow-flags"
    fi
    grep -q "define LOG_DEBUG_ON" "$work/config.h" \
        && { echo "logging macros are still on in $work/config.h" >&2; exit 1; }
    return 0
}
compile() { make -C "$work" -j"$(nproc)" >/dev/null; }
install_it() { make -C "$work" install >/dev/null; }

step clone clone
step autogen autogen
step configure configure
step make compile
step install install_it
echo "build-bmv2-bench: $prefix/bin/simple_switch_grpc ($("$prefix/bin/simple_switch_grpc" --version 2>&1 | head -1), bmv2 $commit)"
