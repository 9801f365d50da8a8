#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Compiles the Sixflow P4 programs, one per data-plane profile (profiles.json: which WITH_<FEATURE>
# flags and which targets) and target, into src/main/resources/p4c-out/<profile>/<target>/, each
# with the hash of the program that produced it (checked by CompiledArtifactsTest).
#   ./build-p4.sh                      every profile for bmv2 (needs p4c-bm2-ss) and, when
#                                      bf-p4c/p4c-barefoot is on PATH, for Tofino
#   ./build-p4.sh PROFILE [TARGET]     one profile, its targets or one of them (bmv2|tofino)
#   ./build-p4.sh --hash PROFILE TARGET        the source hash that target's artifacts must carry
#   ./build-p4.sh --preprocess PROFILE TARGET  the normalised program that hash covers
#   ./build-p4.sh --preprocess-with TARGET [FLAG...]  the same for explicit flags (checks)
#   ./build-p4.sh --profiles           the profile names;  --flags PROFILE: its -D flags
#   ./build-p4.sh --status             which profile/target outputs are present, which absent
#
# The hash covers what the compiler sees, so it can be computed without the compiler: sha256 of
# the compiler's version line (the artifacts' compiler.txt), a line with the sorted flags, and the
# program as the C preprocessor gives it (cpp -P, as p4c runs it: -undef -nostdinc; comments
# gone, blank lines and trailing blanks dropped) with empty stand-ins for the system headers
# core.p4, v1model.p4 and tna.p4. A change under a flag thus stales only the profiles that have it.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
out="$here/src/main/resources/p4c-out"
profiles_json="$here/profiles.json"
# The sources to preprocess: this module's, unless a check points elsewhere (an older tree).
p4src="${SIXFLOW_P4SRC:-$here/p4src}"

# Which p4src folder each target compiles besides common/.
arch_dir() { case "$1" in bmv2) echo v1model ;; tofino) echo tna ;; *) echo "unknown target $1" >&2; exit 2 ;; esac; }

# profiles.json, read with python3 (no jq needed): profile names, a profile's flags, its targets.
profile_names() {
    python3 -c 'import json, sys; print("\n".join(json.load(open(sys.argv[1]))["profiles"]))' "$profiles_json"
}
profile_field() {
    python3 -c 'import json, sys
profiles = json.load(open(sys.argv[1]))["profiles"]
if sys.argv[2] not in profiles:
    sys.exit("unknown profile %s (profiles.json has %s)" % (sys.argv[2], ", ".join(profiles)))
sys.stdout.write("".join(item + "\n" for item in profiles[sys.argv[2]][sys.argv[3]]))' "$profiles_json" "$1" "$2"
}
# The profile's flags, sorted: WITH_APN6 WITH_GTPU ...
profile_flags() { profile_field "$1" features | sed 's/^/WITH_/' | LC_ALL=C sort; }
profile_targets() { profile_field "$1" targets; }

# The program of a target with the given flags, normalised (see the header).
preprocess_with() {
    local target="$1"; shift
    command -v cpp >/dev/null || { echo "cpp (the C preprocessor, Debian package cpp) not on PATH" >&2; return 1; }
    local stubs defines=() flag
    stubs="$(mktemp -d)"
    : > "$stubs/core.p4"; : > "$stubs/v1model.p4"; : > "$stubs/tna.p4"
    for flag in "$@"; do defines+=("-D$flag"); done
    cpp -P -undef -nostdinc -x c -w -I "$stubs" ${defines[@]+"${defines[@]}"} \
        "$p4src/$(arch_dir "$target")/main.p4" | sed 's/[[:space:]]*$//' | grep -v '^$'
    rm -rf "$stubs"
}

preprocess() {
    local profile="$1" target="$2"
    # shellcheck disable=SC2046
    preprocess_with "$target" $(profile_flags "$profile")
}

# sha256 of the compiler line, the flags line and the normalised program.
source_hash() {
    local profile="$1" target="$2" compiler_file
    compiler_file="$out/$profile/$target/compiler.txt"
    [ -f "$compiler_file" ] || { echo "no $compiler_file: $profile/$target was never built" >&2; return 1; }
    {
        head -n1 "$compiler_file"
        echo "flags: $(profile_flags "$profile" | tr '\n' ' ' | sed 's/ $//')"
        preprocess "$profile" "$target"
    } | sha256sum | cut -d' ' -f1
}

cpu_port() {
    local dir; dir="$(arch_dir "$1")"
    sed -n 's/^#define CPU_PORT \([0-9][0-9]*\).*/\1/p' "$here/p4src/$dir/define_$dir.p4"
}

# -DWITH_... arguments for the compiler.
compiler_defines() { profile_flags "$1" | sed 's/^/-D/'; }

build_bmv2() {
    local profile="$1"
    command -v p4c-bm2-ss >/dev/null || { echo "p4c-bm2-ss not on PATH: cannot compile $profile for bmv2" >&2; return 1; }
    local dst="$out/$profile/bmv2" tmp; tmp="$(mktemp -d)"
    # From pipeconf/ with a relative path: bmv2.json names its source files, and the same sources
    # must give the same bytes wherever the checkout is.
    # shellcheck disable=SC2046
    (cd "$here" && p4c-bm2-ss --arch v1model --std p4-16 $(compiler_defines "$profile") \
        -o "$tmp/bmv2.json" --p4runtime-files "$tmp/p4info.txt" \
        p4src/v1model/main.p4)
    # ONOS 2.7 reads P4Info with older P4Runtime protos (see tools/p4info-for-onos.py).
    "$here/tools/p4info-for-onos.py" "$tmp/p4info.txt"
    mkdir -p "$dst"
    mv "$tmp/bmv2.json" "$tmp/p4info.txt" "$dst/"
    rm -rf "$tmp"
    cpu_port bmv2 > "$dst/cpu_port.txt"
    p4c-bm2-ss --version 2>&1 | tr -s '\n' ' ' | sed 's/ $/\n/' > "$dst/compiler.txt"
    source_hash "$profile" bmv2 > "$dst/source.sha256"
    echo "$profile/bmv2 artifacts written to $dst"
}

# bf-p4c: the p4c driver with the Tofino backend installed beside it (p4c-barefoot is the backend
# itself, which takes none of the driver's options).
tofino_compiler() { command -v bf-p4c || true; }

build_tofino() {
    local profile="$1" compiler
    compiler="$(tofino_compiler)"
    [ -n "$compiler" ] || { echo "bf-p4c (p4c-barefoot) not on PATH: cannot compile $profile for Tofino" >&2; return 1; }
    local dst="$out/$profile/tofino" tmp; tmp="$(mktemp -d)"
    # -g: only with debug info does the compiler write its resource reports under pipe/logs;
    # --verbose 2 adds its text summary, mau.resources.log. Standard P4Runtime counters and
    # registers (not Barefoot's extern messages), as ONOS reads them and Stratum translates.
    # shellcheck disable=SC2046
    "$compiler" -g --verbose 2 --target tofino --arch tna --std p4-16 $(compiler_defines "$profile") -o "$tmp" \
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
    source_hash "$profile" tofino > "$dst/source.sha256"
    # Which table runs in which stage: the profile's section of docs/features/resources.md.
    "$here/tools/stage-table.py" "$profile" "$dst/pipe/context.json.gz" --into "$(dirname "$here")/docs/features/resources.md"
    echo "$profile/tofino artifacts written to $dst (stage table: docs/features/resources.md)"
}

build_one() {
    local profile="$1" target="$2"
    profile_targets "$profile" | grep -x "$target" >/dev/null \
        || { echo "profile $profile has no target $target (profiles.json)" >&2; return 2; }
    case "$target" in
        bmv2) build_bmv2 "$profile" ;;
        tofino) build_tofino "$profile" ;;
        *) echo "unknown target $target" >&2; return 2 ;;
    esac
}

# Every profile/target in profiles.json: present (its source hash current or stale) or absent.
status() {
    local profile target dir state
    for profile in $(profile_names); do
        for target in $(profile_targets "$profile"); do
            dir="$out/$profile/$target"
            if [ ! -f "$dir/source.sha256" ]; then
                state="ABSENT: pipeconf org.sixflow.$profile.$target is not registered until it is built"
            elif [ "$(source_hash "$profile" "$target")" = "$(cat "$dir/source.sha256")" ]; then
                state="present, current"
            else
                state="present, STALE: rebuild with ./build-p4.sh $profile $target"
            fi
            echo "$profile/$target: $state"
        done
    done
}

build_all() {
    local profile tofino
    tofino="$(tofino_compiler)"
    for profile in $(profile_names); do
        if profile_targets "$profile" | grep -x bmv2 >/dev/null; then
            build_bmv2 "$profile"
        fi
        if profile_targets "$profile" | grep -x tofino >/dev/null; then
            if [ -n "$tofino" ]; then
                build_tofino "$profile"
            elif [ -f "$out/$profile/tofino/source.sha256" ]; then
                echo "bf-p4c not on PATH: $profile/tofino artifacts left as they are" >&2
            else
                echo "bf-p4c not on PATH: $profile/tofino has no artifacts (pipeconf org.sixflow.$profile.tofino absent)" >&2
            fi
        fi
    done
}

case "${1:-all}" in
    --hash) source_hash "${2:?profile}" "${3:?target}" ;;
    --preprocess) preprocess "${2:?profile}" "${3:?target}" ;;
    --preprocess-with) shift; preprocess_with "$@" ;;
    --profiles) profile_names ;;
    --flags) compiler_defines "${2:?profile}" ;;
    --status) status ;;
    all) build_all ;;
    -*) echo "usage: $0 [all|PROFILE [TARGET]|--hash PROFILE TARGET|--preprocess PROFILE TARGET|--profiles|--flags PROFILE|--status]" >&2; exit 2 ;;
    *)
        profile_field "$1" targets >/dev/null
        if [ -n "${2:-}" ]; then
            build_one "$1" "$2"
        else
            for target in $(profile_targets "$1"); do build_one "$1" "$target"; done
        fi
        ;;
esac
