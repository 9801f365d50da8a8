#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# make bench-rest: GET endpoints under load on the demo (lab/demo/run.sh --bench-rate: Sixflow's
# real components on the simulated ONOS of lab/sim, a throwaway PostgreSQL with an hour of stored
# telemetry). wrk at 50 and 200 connections per endpoint (requests/s, p50, p99, errors),
# then the 200-connection pass again while 200 clients hold telemetry event streams. Each row
# carries the 1-minute load average read when its run ended: the machine may be shared.
# BENCH_SECONDS (default 10) per run; BENCH_RATE samples/s per class and device (default 25);
# BENCH_ONLY a pattern of the endpoints to measure (default all). BENCH_UNCACHED=1 measures
# instead requests no cache answers, one at a time and at a few concurrent clients, with the CPU
# time per request of the harness and its PostgreSQL (tools/bench/uncached-gets.py; BENCH_ONLY
# is then its --only regular expression, BENCH_CLIENTS its client counts, default 1,4,16).
# BENCH_SLOW=N measures instead GET health while N clients (default 2,000) send bodies at a byte
# every 5 s (tools/bench/slow-clients.py; BENCH_SECONDS, default 30 there).
set -euo pipefail

top="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
seconds="${BENCH_SECONDS:-10}"
rate="${BENCH_RATE:-25}"
mvn="${MVN:-mvn -B -ntp}"
out="$top/app/target/bench-rest"

if ! command -v wrk >/dev/null; then
    echo "== installing wrk"
    sudo_cmd=""
    [ "$(id -u)" -eq 0 ] || sudo_cmd="sudo"
    $sudo_cmd apt-get -o DPkg::Lock::Timeout=900 update -q
    DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get -o DPkg::Lock::Timeout=900 install -y -q wrk
fi

echo "== building the demo (nothing is installed)"
# One reactor run, so the app and pipeconf resolve from their builds here, not from a local
# repository a fresh machine does not have.
(cd "$top" && $mvn -q -DskipTests package -pl lab/demo -am)

mkdir -p "$out"
rm -f "$out/harness.in"
mkfifo "$out/harness.in"
bench_ui="$(mktemp -d)"
echo '<!doctype html><title>bench</title>' >"$bench_ui/index.html"
DEMO_LOG="$out/demo.log" "$top/lab/demo/run.sh" "$bench_ui" --bench-rate "$rate" \
    <"$out/harness.in" >"$out/harness.log" 2>"$out/harness.err" &
harness=$!
exec 3>"$out/harness.in"     # holds the harness's input open; closing it stops the harness
streams=""
cleanup() {
    [ -n "$streams" ] && kill "$streams" 2>/dev/null || true
    exec 3>&- || true
    wait "$harness" 2>/dev/null || true
    rm -f "$out/harness.in"
    rm -rf "$bench_ui"
}
trap cleanup EXIT

echo "== seeding an hour of telemetry ($rate samples/s per class and device)"
for _ in $(seq 1 600); do
    grep -q '^BENCH_URL=' "$out/harness.log" 2>/dev/null && break
    kill -0 "$harness" 2>/dev/null || { cat "$out/harness.err" >&2; echo "harness ended" >&2; exit 1; }
    sleep 1
done
base="$(sed -n 's/^BENCH_URL=//p' "$out/harness.log")"
to="$(sed -n 's/^BENCH_TO=//p' "$out/harness.log")"
pgport="$(sed -n 's/^BENCH_PG=//p' "$out/harness.log")"
[ -n "$base" ] || { echo "the harness did not start within 600 s" >&2; exit 1; }
grep '^BENCH_ROWS' "$out/harness.log" | sed 's/^BENCH_ROWS/== stored:/'
from_epoch="$(date -u -d "$to - 1 hour" +%s)"
from="$(date -u -d "$to - 1 hour" +%Y-%m-%dT%H:%M:%SZ)"
to="$(date -u -d "$to" +%Y-%m-%dT%H:%M:%SZ)"
win="from=$from&to=$to"

echo "== creating trees, policies and experiments through REST"
"$top/tools/bench/seed-rest.sh" "$base"

if [ -n "${BENCH_SLOW:-}" ]; then
    ulimit -n 65536 2>/dev/null || ulimit -n "$(ulimit -Hn)"
    python3 "$top/tools/bench/slow-clients.py" "$base" --clients "$BENCH_SLOW" \
        --seconds "${BENCH_SECONDS:-30}" | tee "$out/slow-clients.txt"
    echo "== results in $out/slow-clients.txt (harness log: $out/harness.log)"
    exit 0
fi
if [ -n "${BENCH_UNCACHED:-}" ]; then
    postmaster="$(head -1 "$(psql -h 127.0.0.1 -p "$pgport" -U postgres -tAc 'SHOW data_directory')/postmaster.pid")"
    python3 "$top/tools/bench/uncached-gets.py" "$base" "$to" --clients "${BENCH_CLIENTS:-1,4,16}" \
        --only "${BENCH_ONLY:-}" --cpu "java=$harness" --cpu "pg=$postmaster" | tee "$out/uncached.txt"
    echo "== results in $out/uncached.txt (harness log: $out/harness.log)"
    exit 0
fi

# name|path: the dashboard's GETs and the hour-long telemetry queries.
endpoints=(
    "trees|trees"
    "policies|policies"
    "events|events?limit=100"
    "experiments|experiments"
    "devices|devices"
    "topology|topology"
    "health|health"
    "resources/tables|resources/tables"
    "telemetry/ports|telemetry/ports"
    "telemetry/latency 1h step 60 s|telemetry/latency?device=device:beijing&class=ipv6&$win&step=60"
    "telemetry/latency 1h step 30 s|telemetry/latency?device=device:beijing&class=ipv6&$win&step=30"
    "telemetry/statistics 1h|telemetry/statistics?device=device:beijing&feature=apn6-insert&baseline=ipv6&$win"
    "telemetry/replicas 1h|telemetry/replicas?device=device:nanjing&class=msr6-replicate&$win"
    "telemetry/histogram 1h|telemetry/histogram?device=device:beijing&class=ipv6&$win"
    "telemetry/samples 1h, 100|telemetry/samples?device=device:beijing&class=ipv6&$win&limit=100"
    "telemetry/ports/history 1h|telemetry/ports/history?device=device:beijing&port=1&$win&step=60"
    # No two requests alike (to a random millisecond 30..60 min after from): the cost of queries
    # the short-lived cache of identical ones cannot answer.
    "~statistics 30-60 min, distinct|telemetry/statistics?device=device:beijing&feature=apn6-insert&baseline=ipv6&from=$from&to={TO}"
    "~latency 30-60 min 60 s, distinct|telemetry/latency?device=device:beijing&class=ipv6&from=$from&to={TO}&step=60"
    "~replicas 30-60 min, distinct|telemetry/replicas?device=device:nanjing&class=msr6-replicate&from=$from&to={TO}"
)
if [ -n "${BENCH_ONLY:-}" ]; then    # a pattern of endpoint names, to measure a few again
    mapfile -t endpoints < <(printf '%s\n' "${endpoints[@]}" | grep -E -- "^~?($BENCH_ONLY)")
fi

for e in "${endpoints[@]}"; do
    path="${e#*|}"
    path="${path//\{TO\}/$to}"
    code="$(curl -s --max-time 60 -o /dev/null -w '%{http_code}' "$base/$path")"
    [ "$code" = 200 ] || echo "warning: ${e%%|*} answers $code"
done

table="$out/results.txt"
printf '%-30s %5s %8s %9s %9s %7s %6s %s\n' endpoint conns rps 'p50 ms' 'p99 ms' errors load 'note (4xx/5xx)' \
    | tee "$table"
# Before each run, until the harness's PostgreSQL runs no query (a slow endpoint's last requests
# finish after wrk has stopped), at most 60 s.
settle() {
    for _ in $(seq 1 60); do
        busy="$(psql -h 127.0.0.1 -p "$pgport" -U postgres -tAc "SELECT count(*) FROM pg_stat_activity \
            WHERE state = 'active' AND backend_type = 'client backend' AND pid <> pg_backend_pid()" 2>/dev/null || echo 0)"
        [ "${busy:-0}" = 0 ] && return
        sleep 1
    done
}
run() {    # run <connections> <note> <name|path>; a name starting with ~ varies its requests
    local conns="$1" note="$2" name="${3%%|*}" path="${3#*|}" line args=()
    if [ "${name:0:1}" = "~" ]; then
        name="${name:1}"
        args=(-- "$from_epoch")
    fi
    settle
    line="$(wrk -t2 -c"$conns" -d"${seconds}s" --timeout 10s -s "$top/tools/bench/wrk-report.lua" "$base/$path" \
        "${args[@]}" | grep '^WRK ')"
    local load rps p50 p99 errors requests statuses
    load="$(cut -d' ' -f1 /proc/loadavg)"
    for kv in ${line#WRK }; do
        case "$kv" in
            rps=*) rps="${kv#rps=}" ;; p50=*) p50="${kv#p50=}" ;; p99=*) p99="${kv#p99=}" ;;
            errors=*) errors="${kv#errors=}" ;; statuses=*) statuses="${kv#statuses=}" ;;
        esac
    done
    [ "$statuses" = "-" ] || note="${note:+$note }$statuses"
    printf '%-30s %5s %8s %9s %9s %7s %6s %s\n' "$name" "$conns" "$rps" "$p50" "$p99" "$errors" "$load" "$note" \
        | tee -a "$table"
}

echo "== warming up (2 s per endpoint, 10 connections, not reported)"
for e in "${endpoints[@]}"; do
    wrk -t2 -c10 -d2s --timeout 10s -s "$top/tools/bench/wrk-report.lua" "$base/${e#*|}" -- "$from_epoch" >/dev/null
done
for conns in 50 200; do
    for e in "${endpoints[@]}"; do
        run "$conns" "" "$e"
    done
done

python3 "$top/tools/bench/hold-streams.py" "$base/telemetry/stream" 200 "$out/streams.txt" &
streams=$!
sleep 5
for e in "${endpoints[@]}"; do
    run 200 "streams $(cat "$out/streams.txt" 2>/dev/null | tr -d '\n')" "$e"
done
echo "== results in $table (harness log: $out/harness.log)"
