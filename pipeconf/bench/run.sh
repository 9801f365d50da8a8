#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Latency benchmark on bmv2: the minimal programs (minimal/*.p4, compiled here into a temporary
# directory) and every Sixflow class (the committed artifacts), in turns, each turn on a fresh
# switch in a private network namespace, all measured wire to wire by the host side with the same
# packets, count and interval (latency_bench.py). When a switch queued, the pass prints no ratios
# and the next pass halves the rate, at most --step-downs times (default 2), until one sustains.
#   pipeconf/bench/run.sh [--profile P] [--classes C,...] [--count N] [--interval-ms MS] [--step-downs K] [--report-every R]
#                         [--results DIR] [--idle poll|kernel] [--no-baseline] [--order shuffled|fixed] [--turns T]
#                         [--pin auto|none] [--pad]
#   (default 50000 packets per class at 1 ms; Sixflow reports 1 packet in R per class, default 64;
#   --results keeps every series as JSON, per pass). --profile picks Sixflow's data-plane profile
#   (pipeconf/profiles.json) and so its classes; the default is the smallest bmv2 profile, the one
#   with the fewest features (ipv6: plain IPv6, no feature), which is the closest Sixflow program
#   to the minimal router; --profile full measures every class. --idle poll (the default) keeps idle
#   CPUs polling during the run (cpu_idle.py: a halted CPU's wake-up is the hypervisor's latency,
#   not the program's); --idle kernel leaves the CPUs' idle states to the kernel. --classes sends
#   only those of Sixflow's classes. The minimal programs run are the router and those of the
#   profile's features (APN6: HBH; MSR6: MRH encapsulation, replication, leaf decapsulation; GTPU:
#   GTP-U encapsulation, the same with the UDP checksum, decapsulation; each but HBH also with the
#   RFC duties), with --classes only those the classes are held to; each feature program is
#   also sent plain IPv6 frames between its feature's, the baseline of its increment, as
#   Sixflow's ipv6 is its classes'; --no-baseline never sends them (instructions.sh: a
#   program's work per frame is then its feature frame's). --turns T
#   (default 5) splits each program's frames into T turns: every program takes a turn, in an order
#   that rotates, and the round of programs repeats T times, so that each is measured across the
#   whole pass rather than in one stretch of it (turns.py says why); --turns 1 runs each program
#   once, as before 2026-12-04. --pin auto (the default, on a machine of two CPUs or more) runs the
#   switch on the last CPU and the bench's sender and capture on the others, so that neither
#   preempts the other and the switch's threads hand a packet over on one CPU; --pin none leaves
#   placement to the scheduler (as before 2026-12-04; instructions.sh, whose counts it does not change).
#   --pad compiles each minimal program padded to the header instances and metadata fields Sixflow's
#   profile declares, none of them used (pad.py says why): what is left between a feature and its
#   padded program is the feature's work, not bmv2's cost of a larger program. Padded programs are
#   not the goals' yardsticks, and the report says so instead of a verdict.
# SIXFLOW_BMV2=/path/to/simple_switch_grpc runs another bmv2 build; without it the bench build
# (pipeconf/tools/build-bmv2-bench.sh, /opt/bmv2-bench) runs where it is installed, else the
# toolchain's simple_switch_grpc on PATH; the first line names the binary that ran. SIXFLOW_BENCH_ARTIFACTS=DIR runs
# Sixflow from another build's bmv2.json, p4info.txt and cpu_port.txt (e.g. an earlier commit's,
# to compare before and after a P4 change).
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
pipeconf="$(dirname "$here")"
python="${PYTHON:-$(dirname "$pipeconf")/.venv/bin/python}"
ports=(1 2 3 4)

count=50000 interval_ms=1 step_downs=2 results="" report_every="" profile="" idle=poll classes="" no_baseline="" order=shuffled turns=5 pin=auto pad=""
while [ $# -gt 0 ]; do
    case "$1" in
        --profile) profile="$2"; shift 2 ;;
        --classes) classes="$2"; shift 2 ;;
        --count) count="$2"; shift 2 ;;
        --interval-ms) interval_ms="$2"; shift 2 ;;
        --step-downs) step_downs="$2"; shift 2 ;;
        --results) results="$2"; shift 2 ;;
        --report-every) report_every="$2"; shift 2 ;;
        --idle) idle="$2"; shift 2 ;;
        --no-baseline) no_baseline=1; shift ;;
        --pad) pad=1; shift ;;
        --turns) turns="${2:?turns}"; shift 2 ;;
        --pin) pin="${2:?pin}"; shift 2
               case "$pin" in auto|none) ;; *) echo "--pin is auto or none, not $pin" >&2; exit 2 ;; esac ;;
        --order) order="${2:?order}"; shift 2
                 case "$order" in shuffled|fixed) ;; *) echo "--order is shuffled or fixed, not $order" >&2; exit 2 ;; esac ;;
        *) echo "usage: $0 [--profile P] [--classes C,...] [--count N] [--interval-ms MS] [--step-downs K] [--report-every R] [--results DIR] [--idle poll|kernel] [--no-baseline] [--order shuffled|fixed] [--turns T] [--pin auto|none] [--pad]" >&2; exit 2 ;;
    esac
done
if ! [[ "$turns" =~ ^[1-9][0-9]*$ && "$count" =~ ^[1-9][0-9]*$ ]] || [ "$turns" -gt "$count" ]; then
    echo "--turns is a whole number from 1 to --count ($count), not $turns" >&2; exit 2
fi

case "$idle" in poll|kernel) ;; *) echo "--idle is poll or kernel, not $idle" >&2; exit 2 ;; esac

# The smallest bmv2 profile: fewest features (profiles.json order breaks a tie).
if [ -z "$profile" ]; then
    profile="$(python3 -c 'import json, sys
profiles = json.load(open(sys.argv[1]))["profiles"]
print(min((n for n, p in profiles.items() if "bmv2" in p["targets"]), key=lambda n: len(profiles[n]["features"])))' \
        "$pipeconf/profiles.json")"
fi
artifacts="${SIXFLOW_BENCH_ARTIFACTS:-$pipeconf/src/main/resources/p4c-out/$profile/bmv2}"
features="$("$pipeconf/build-p4.sh" --flags "$profile" | sed 's/^-DWITH_//' | paste -sd, -)"
echo "Sixflow profile $profile (features: ${features:-none}${classes:+; classes: $classes})"
# The minimal router, the minimal programs of the profile's features (with --classes, those the
# classes are held to), Sixflow (programs.programs_for).
chosen="$("$python" -c 'import sys
sys.path.insert(0, sys.argv[1])
import programs
classes = [c for c in sys.argv[3].split(",") if c] or None
try:
    print(" ".join(programs.programs_for(frozenset(f for f in sys.argv[2].split(",") if f), classes)))
except ValueError as e:
    sys.exit(f"--classes: {e}")' "$here" "$features" "$classes")" || exit 2
read -r -a programs <<< "$chosen"
echo "programs: ${programs[*]}"

# The bench build of bmv2 (no logging macros: pipeconf/tools/build-bmv2-bench.sh) where the
# machine has it, unless SIXFLOW_BMV2 names another (SIXFLOW_BMV2=simple_switch_grpc: the
# toolchain's, the lab's); the first line of the output says which ran.
bench_build="${BMV2_BENCH_PREFIX:-/opt/bmv2-bench}/bin/simple_switch_grpc"
origin="${SIXFLOW_BMV2:+, from SIXFLOW_BMV2}"
if [ -z "${SIXFLOW_BMV2:-}" ] && [ -x "$bench_build" ]; then
    SIXFLOW_BMV2="$bench_build"
    origin=", the bench build without logging macros (pipeconf/tools/build-bmv2-bench.sh)"
fi
export BMV2_SWITCH="${SIXFLOW_BMV2:-simple_switch_grpc}"
. "$pipeconf/tools/bmv2-netns.sh"
if [ -n "${SIXFLOW_BMV2:-}" ] && ! command -v "$SIXFLOW_BMV2" >/dev/null; then
    echo "SIXFLOW_BMV2=$SIXFLOW_BMV2 is no executable" >&2; exit 1
fi
missing="$(bmv2_tools_missing)"
[ -z "$missing" ] || { echo "benchmark needs $missing on PATH (or SIXFLOW_BMV2=/path/to/simple_switch_grpc)" >&2; exit 1; }
if [ -n "${SIXFLOW_BENCH_ARTIFACTS:-}" ]; then
    echo "Sixflow from $artifacts (SIXFLOW_BENCH_ARTIFACTS)"
elif [ "$("$pipeconf/build-p4.sh" --hash "$profile" bmv2)" != "$(cat "$artifacts/source.sha256")" ]; then
    echo "WARNING: p4src changed since the bmv2 artifacts were built: Sixflow's figures are the old" \
         "program's (make p4-build)" >&2
fi
[ "$(id -u)" -eq 0 ] || { echo "benchmark needs root (network namespace, veth)" >&2; exit 1; }

switch="$(command -v "$BMV2_SWITCH")"
switch_real="$(readlink -f "$switch")"
version="$("$switch" --version 2>&1 | head -1)"
echo "switch: $switch${switch_real:+ -> $switch_real} (bmv2 $version)$origin; log level off"
# SIXFLOW_SWITCH_WRAPPER runs that switch under a tool (instructions.sh: callgrind-switch.sh),
# which finds it in SIXFLOW_WRAPPED_SWITCH.
if [ -n "${SIXFLOW_SWITCH_WRAPPER:-}" ]; then
    export SIXFLOW_WRAPPED_SWITCH="$switch_real"
    BMV2_SWITCH="$SIXFLOW_SWITCH_WRAPPER"
    echo "switch run under $SIXFLOW_SWITCH_WRAPPER"
fi
export BMV2_NO_LOG=1

work="$(mktemp -d)"
# --pin auto: the switch alone on the last CPU (its four packet threads hand each packet on by
# waking one another: on one CPU that is a context switch, across CPUs an interrupt to a CPU
# that may be running the sender), the bench's own processes on the others. On this 2-CPU VM it
# halved every program's latency and steadied the minima (the minimal router's lowest per turn
# 35-53 µs unpinned, 29-34 pinned, 2026-12-04). measure_on runs the bench's side.
measure_on=()
cpus="$(nproc)"
if [ "$pin" = auto ] && [ "$cpus" -ge 2 ] && command -v taskset >/dev/null; then
    switch_cpu=$((cpus - 1))
    printf '#!/usr/bin/env bash\nexec taskset -c %s %q "$@"\n' "$switch_cpu" "$(command -v "$BMV2_SWITCH")" > "$work/pinned-switch"
    chmod +x "$work/pinned-switch"
    BMV2_SWITCH="$work/pinned-switch"
    others="0"; [ "$switch_cpu" -eq 1 ] || others="0-$((switch_cpu - 1))"
    measure_on=(taskset -c "$others")
    echo "pinned (--pin auto): the switch on CPU $switch_cpu, the sender and capture on CPU $others"
else
    echo "not pinned (--pin $pin, $cpus CPUs): the scheduler places the switch and the bench"
fi
ns=""
idle_pid=""
cleanup() {
    [ -z "$ns" ] || bmv2_netns_down "$ns"
    [ -z "$idle_pid" ] || { kill "$idle_pid" 2>/dev/null; wait "$idle_pid" 2>/dev/null || true; }
    [ -z "$results" ] || { mkdir -p "$results" && cp -r "$work"/pass* "$results"/ 2>/dev/null || true; }
    rm -rf "$work"
}
trap cleanup EXIT

# The minimal programs are sources: compile them for this run (compile_minimal PROGRAM [P4C FLAGS]).
compile_minimal() {
    local program="$1"; shift
    p4c-bm2-ss --arch v1model --std p4-16 "$@" -o "$work/$program/bmv2.json" \
        --p4runtime-files "$work/$program/p4info.txt" "$here/minimal/${program#minimal-}.p4" 2>"$work/$program/p4c.log" \
        || { cat "$work/$program/p4c.log" >&2; exit 1; }
}
for program in "${programs[@]}"; do
    [ "$program" = sixflow ] && continue
    mkdir -p "$work/$program"
    compile_minimal "$program"
    if [ -n "$pad" ]; then
        # Compiled once as it is, to know what it declares; then again with what it lacks.
        added="$("$python" "$here/pad.py" write --sixflow "$artifacts/bmv2.json" --program "$work/$program/bmv2.json" \
                 --out "$work/$program/sixflow_pad.p4")"
        compile_minimal "$program" -DSIXFLOW_PAD -I "$work/$program"
        "$python" "$here/pad.py" check --sixflow "$artifacts/bmv2.json" --program "$work/$program/bmv2.json"
        echo "minimal programs padded: $program $added, as Sixflow's $profile declares"
    fi
done

# Idle CPUs poll during the run (--idle poll, the default: cpu_idle.py says why), or the kernel
# picks their idle states (--idle kernel: what an idle machine does, wake-ups included).
if [ "$idle" = poll ]; then
    idle_said="$work/idle.out"
    "$python" "$here/cpu_idle.py" hold > "$idle_said" 2>&1 &
    idle_pid=$!
    for _ in $(seq 50); do [ -s "$idle_said" ] && break; sleep 0.1; done
    cat "$idle_said"
else
    echo "cpu idle: the kernel's own (--idle kernel): the figures include the CPUs' wake-up from idle"
fi

pass=0
while :; do
    mkdir -p "$work/pass$pass"
    echo "pass $((pass + 1)): one packet every $interval_ms ms, $count per class" \
         "$([ "$turns" -gt 1 ] && echo "in $turns turns of each program")"
    for turn in $(seq 1 "$turns"); do
        # This turn's share of the count (the first count % turns turns send one more), and the
        # programs' order rotated by one each turn, so that none always follows the same one.
        turn_count=$((count / turns + (turn <= count % turns ? 1 : 0)))
        n=${#programs[@]}
        for k in $(seq 0 $((n - 1))); do
            program="${programs[$(((k + turn - 1) % n))]}"
            program_args=()
            if [ "$program" = sixflow ]; then dir="$artifacts"; program_args=(${classes:+--classes "$classes"}); else dir="$work/$program"; fi
            # A minimal feature program's plain frames go where the profile has its feature
            # (programs.wants_baseline, from --features); --no-baseline stops them everywhere.
            if [ -n "$no_baseline" ] && [ "$program" != sixflow ]; then program_args+=(--no-baseline); fi
            export SIXFLOW_BENCH_PROGRAM="$program"  # for a switch wrapper (callgrind-switch.sh)
            out="$work/pass$pass/$program.turn$turn.json"
            for attempt in 1 2; do
                # Named for cleanup's sake, and again for a second attempt (cleared once it is down).
                ns="sixflow-bench-$$-$program"
                bmv2_netns_up "$ns" "$work" "$(cat "$artifacts/cpu_port.txt")" "${ports[@]}"
                ip netns exec "$ns" "${measure_on[@]}" "$python" "$here/latency_bench.py" measure --program "$program" \
                    --grpc "$BMV2_GRPC" --p4info "$dir/p4info.txt" --config "$dir/bmv2.json" --switch "$switch_real" --switch-pid "$BMV2_PID" \
                    --count "$turn_count" --interval-ms "$interval_ms" --order "$order" --seed "$turn" --turn "$turn" \
                    ${report_every:+--report-every "$report_every"} \
                    --features "$features" "${program_args[@]}" --out "$out"
                bmv2_netns_down "$ns"
                ns=""
                # A turn that queued runs once more, on a fresh switch: one stall of the host (the
                # pinned switch's CPU held for 100 ms, 68 frames lost in a row, 2026-12-04) should
                # not cost the pass a halved rate. A switch that cannot keep up queues again,
                # and the pass's verdict keeps that second turn. The first is kept beside it.
                [ "$turns" -gt 1 ] && [ "$attempt" = 1 ] || break
                said="$("$python" "$here/latency_bench.py" judge "$out")" && break
                echo "  $program, turn $turn queued ($said): running it again" >&2
                mv "$out" "${out%.json}.queued.json"
            done
        done
    done
    files=()
    for program in "${programs[@]}"; do
        for turn in $(seq 1 "$turns"); do files+=("$work/pass$pass/$program.turn$turn.json"); done
    done
    status=0
    "$python" "$here/latency_bench.py" report ${pad:+--padded} "${files[@]}" || status=$?
    if [ "$status" -eq 0 ]; then
        echo "the switch sustained one packet every $interval_ms ms: these figures compare programs"
        exit 0
    fi
    [ "$status" -eq 3 ] || exit "$status"
    if [ "$pass" -ge "$step_downs" ]; then
        echo "the switch queued at every rate tried (down to one packet every $interval_ms ms): no figures" \
             "above compare programs. Packets late at every rate with no loss are the switch not running" \
             "(a busy host: see the load averages); else try a bench build of bmv2 (SIXFLOW_BMV2) or a lower rate"
        exit 3
    fi
    interval_ms="$(awk -v v="$interval_ms" 'BEGIN { print v * 2 }')"
    echo "the switch queued: stepping down to one packet every $interval_ms ms"
    pass=$((pass + 1))
done
