#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Compiles the Sixflow P4 programs and writes the artifacts the pipeconf bundle ships,
# each with the hash of the sources that produced it (checked by PipeconfArtifactsTest).
#   ./build-p4.sh            bmv2 (needs p4c-bm2-ss) and, when bf-p4c/p4c-barefoot is on PATH, Tofino
#   ./build-p4.sh bmv2|tofino
#   ./build-p4.sh --hash T   prints the source hash of target T (bmv2 or tofino)
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$here/src/main/resources/p4c-out"

# Which p4src folder each target compiles besides common/.
arch_dir() { case "$1" in bmv2) echo v1model ;; tofino) echo tna ;; *) echo "unknown target $1" >&2; exit 2 ;; esac; }

# sha256 over "sha256  path" lines of every source of the target, sorted bytewise by path.
source_hash() {
    (cd "$here" && find p4src/common "p4src/$(arch_dir "$1")" -type f -name '*.p4' | LC_ALL=C sort \
        | xargs sha256sum | sha256sum | cut -d' ' -f1)
}

cpu_port() {
    local dir; dir="$(arch_dir "$1")"
    sed -n 's/^#define CPU_PORT \([0-9][0-9]*\).*/\1/p' "$here/p4src/$dir/define_$dir.p4"
}

build_bmv2() {
    command -v p4c-bm2-ss >/dev/null || { echo "p4c-bm2-ss not on PATH: cannot compile for bmv2" >&2; return 1; }
    local dst="$out/bmv2" tmp; tmp="$(mktemp -d)"
    p4c-bm2-ss --arch v1model --std p4-16 \
        -o "$tmp/bmv2.json" --p4runtime-files "$tmp/p4info.txt" \
        "$here/p4src/v1model/main.p4"
    # ONOS 2.7 reads P4Info with older P4Runtime protos (see tools/p4info-for-onos.py).
    "$here/tools/p4info-for-onos.py" "$tmp/p4info.txt"
    mkdir -p "$dst"
    mv "$tmp/bmv2.json" "$tmp/p4info.txt" "$dst/"
    rm -rf "$tmp"
    cpu_port bmv2 > "$dst/cpu_port.txt"
    p4c-bm2-ss --version 2>&1 | tr -s '\n' ' ' | sed 's/ $/\n/' > "$dst/compiler.txt"
    source_hash bmv2 > "$dst/source.sha256"
    echo "bmv2 artifacts written to $dst"
}

build_tofino() {
    local compiler
    compiler="$(command -v bf-p4c || command -v p4c-barefoot || true)"
    [ -n "$compiler" ] || { echo "bf-p4c (p4c-barefoot) not on PATH: cannot compile for Tofino" >&2; return 1; }
    local dst="$out/tofino" tmp; tmp="$(mktemp -d)"
    # -g: only with debug info does the compiler write its resource reports under pipe/logs;
    # --verbose 2 adds its text summary, mau.resources.log. Standard P4Runtime counters and
    # registers (not Barefoot's extern messages), as ONOS reads them and Stratum translates.
    "$compiler" -g --verbose 2 --target tofino --arch tna --std p4-16 -o "$tmp" \
        --p4runtime-force-std-externs \
        --p4runtime-files "$tmp/p4info.txt" "$here/p4src/tna/main.p4"
    rm -rf "$dst"
    mkdir -p "$dst/pipe"
    "$here/tools/p4info-for-onos.py" "$tmp/p4info.txt"
    cp "$tmp/p4info.txt" "$dst/"
    cp "$tmp/pipe/tofino.bin" "$dst/pipe/"
    # context.json without its indentation (the same JSON, keys in order), gzip-compressed with no
    # timestamp (the same sources give the same bytes): several MB of JSON as ~1/10 of that. The
    # bundle unpacks it for ONOS, which reads it as JSON (PipeconfArtifacts).
    python3 -c 'import gzip, json, sys
with gzip.GzipFile(sys.argv[2], "wb", compresslevel=9, mtime=0) as out:
    out.write(json.dumps(json.load(open(sys.argv[1])), separators=(",", ":")).encode())' \
        "$tmp/pipe/context.json" "$dst/pipe/context.json.gz"
    [ -f "$tmp/bfrt.json" ] && cp "$tmp/bfrt.json" "$dst/"
    # The per-stage MAU resource report the app reads (resources.json), and the compiler's own
    # text summary of it that the parser's test checks against; the other logs stay out (large).
    mkdir -p "$dst/pipe/logs"
    # metrics.json: the compiler's summary, with the MAU latency of each gress in cycles.
    cp "$tmp/pipe/logs/resources.json" "$tmp/pipe/logs/mau.resources.log" "$tmp/pipe/logs/metrics.json" \
        "$dst/pipe/logs/"
    rm -rf "$tmp"
    cpu_port tofino > "$dst/cpu_port.txt"
    "$compiler" --version 2>&1 | tr -s '\n' ' ' | sed 's/ $/\n/' > "$dst/compiler.txt"
    source_hash tofino > "$dst/source.sha256"
    echo "Tofino artifacts written to $dst"
}

case "${1:-all}" in
    --hash) source_hash "${2:?target}" ;;
    bmv2) build_bmv2 ;;
    tofino) build_tofino ;;
    all)
        build_bmv2
        if command -v bf-p4c >/dev/null || command -v p4c-barefoot >/dev/null; then
            build_tofino
        else
            echo "bf-p4c not on PATH: Tofino artifacts left as they are" >&2
        fi
        ;;
    *) echo "usage: $0 [all|bmv2|tofino|--hash TARGET]" >&2; exit 2 ;;
esac
