#!/bin/sh
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# One-shot setup of a fresh ONOS for the Sixflow lab (run by the compose service `setup`):
#   1. wait until ONOS's REST API answers and the bmv2 drivers are ready;
#   2. install and activate the pipeconf .oar, then the app .oar (reinstalling if present);
#   3. push the network configuration, then the database settings from the environment.
# Every wait is bounded; any failure exits non-zero with a message saying what to do.
set -eu

ONOS_URL=${ONOS_URL:-http://onos:8181/onos}
ONOS_USER=${ONOS_USER:-onos}
ONOS_PASSWORD=${ONOS_PASSWORD:-rocks}
PIPECONF_OAR=${PIPECONF_OAR:-/oar/sixflow-pipeconf.oar}
APP_OAR=${APP_OAR:-/oar/sixflow-app.oar}
PIPECONF_APP=${PIPECONF_APP:-org.sixflow.pipeconf}
SIXFLOW_APP=${SIXFLOW_APP:-org.sixflow.app}
NETCFG=${NETCFG:-/setup/netcfg.json}
DB_URL=${DB_URL:-jdbc:postgresql://postgres:5432/sixflow}
DB_USER=${DB_USER:-sixflow}
DB_PASSWORD=${DB_PASSWORD:-sixflow}
DB_RETENTION_DAYS=${DB_RETENTION_DAYS:-30}
# 120 tries 5 s apart: ONOS 2.7 needs one to three minutes to start its apps.
WAIT_TRIES=${WAIT_TRIES:-120}
WAIT_DELAY=${WAIT_DELAY:-5}

BODY=$(mktemp)
DB_CONFIG=$(mktemp)
trap 'rm -f "$BODY" "$DB_CONFIG"' EXIT

log() {
    printf '[onos-setup] %s\n' "$*"
}

die() {
    printf '[onos-setup] ERROR: %s\n' "$*" >&2
    exit 1
}

# onos METHOD PATH [curl args...]: calls the REST API, leaves the body in $BODY and prints
# the HTTP status (000 when ONOS cannot be reached).
onos() {
    method=$1
    path=$2
    shift 2
    curl -sS -o "$BODY" -w '%{http_code}' --connect-timeout 5 --max-time 120 \
        -u "$ONOS_USER:$ONOS_PASSWORD" -X "$method" "$@" "$ONOS_URL$path" 2>/dev/null \
        || true
}

# wait_ready APP: waits until GET /v1/applications/APP/health says "ready".
wait_ready() {
    app=$1
    i=1
    while [ "$i" -le "$WAIT_TRIES" ]; do
        status=$(onos GET "/v1/applications/$app/health")
        if [ "$status" = 200 ] && grep -q '"ready"' "$BODY"; then
            log "$app is ready"
            return 0
        fi
        log "waiting for $app ($i/$WAIT_TRIES, HTTP $status)"
        i=$((i + 1))
        sleep "$WAIT_DELAY"
    done
    die "$app not ready after $((WAIT_TRIES * WAIT_DELAY)) s at $ONOS_URL; see 'docker compose -f docker/docker-compose.yml logs onos'"
}

# uninstall APP: removes APP if installed (a second install of the same version is refused).
uninstall() {
    app=$1
    status=$(onos GET "/v1/applications/$app")
    if [ "$status" = 200 ]; then
        log "uninstalling the $app already installed"
        status=$(onos DELETE "/v1/applications/$app")
        case $status in
            2??) ;;
            *) die "uninstalling $app failed (HTTP $status): $(cat "$BODY")" ;;
        esac
    fi
}

# install APP OAR: installs and activates OAR, then waits for APP to be ready.
install() {
    app=$1
    oar=$2
    log "installing and activating $app from $oar"
    status=$(onos POST "/v1/applications?activate=true" \
        -H 'Content-Type: application/octet-stream' --data-binary "@$oar")
    [ "$status" = 200 ] || die "installing $app failed (HTTP $status): $(cat "$BODY")"
    grep -q "\"$app\"" "$BODY" || die "ONOS installed something other than $app: $(cat "$BODY")"
    wait_ready "$app"
}

# post_json PATH FILE WHAT: posts JSON; ONOS answers 207 with a list when a config is refused.
post_json() {
    status=$(onos POST "$1" -H 'Content-Type: application/json' --data-binary "@$2")
    [ "$status" = 200 ] || die "pushing $3 failed (HTTP $status): $(cat "$BODY")"
    log "pushed $3"
}

case $WAIT_TRIES$WAIT_DELAY in
    '' | *[!0-9]*) die "WAIT_TRIES and WAIT_DELAY must be whole numbers" ;;
esac
# The app checks the range (1..3650) and names the field; here only that it is a JSON number.
case $DB_RETENTION_DAYS in
    '' | *[!0-9]*) die "DB_RETENTION_DAYS must be a whole number of days" ;;
esac
for file in "$PIPECONF_OAR" "$APP_OAR"; do
    [ -r "$file" ] || die "$file is missing: build the apps first ('mvn package' at the repository root)"
done
[ -r "$NETCFG" ] || die "$NETCFG is missing"
case $DB_URL$DB_USER$DB_PASSWORD in
    *'"'* | *\\*) die "DB_URL, DB_USER and DB_PASSWORD must not contain \" or \\" ;;
esac

log "waiting for ONOS at $ONOS_URL"
wait_ready org.onosproject.drivers.bmv2

uninstall "$SIXFLOW_APP"
uninstall "$PIPECONF_APP"
install "$PIPECONF_APP" "$PIPECONF_OAR"
install "$SIXFLOW_APP" "$APP_OAR"

post_json /v1/network/configuration "$NETCFG" "network configuration $NETCFG"
# The database block of netcfg.json holds the compose defaults; this replaces the app's
# whole "sixflow" config with the values the postgres service was really started with.
printf '{"database":{"url":"%s","user":"%s","password":"%s","retentionDays":%s}}\n' \
    "$DB_URL" "$DB_USER" "$DB_PASSWORD" "$DB_RETENTION_DAYS" >"$DB_CONFIG"
post_json "/v1/network/configuration/apps/$SIXFLOW_APP/sixflow" "$DB_CONFIG" \
    "database settings for $SIXFLOW_APP (user $DB_USER, $DB_RETENTION_DAYS days kept)"

# Experiments pace their probes under SCHED_FIFO (the onos service has CAP_SYS_NICE for it); ONOS
# keeps component properties across restarts. PACER_REALTIME=0 leaves the normal scheduler.
if [ "${PACER_REALTIME:-2}" != 0 ]; then
    status=$(onos POST /v1/configuration/org.sixflow.app.experiments.impl.ExperimentManager \
        -H 'Content-Type: application/json' --data "{\"pacerRealtimePriority\":\"${PACER_REALTIME:-2}\"}")
    case $status in
        2??) log "experiments pace their probes at SCHED_FIFO ${PACER_REALTIME:-2}" ;;
        *) log "pacerRealtimePriority not set (HTTP $status): experiments pace under the normal scheduler" ;;
    esac
fi

log "done: dashboard http://localhost:8080, ONOS GUI http://localhost:8181/onos/ui"
