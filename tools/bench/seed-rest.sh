#!/usr/bin/env bash
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
#
# seed-rest.sh <api base>: the trees, policies and experiments the REST benches read, created
# through REST on the e2e harness (make bench-rest; tools/bench/uncached-gets.py).
set -euo pipefail
base="$1"
# The lab's host ports each take one tree; the experiment presets name policy apn6-ietf109.
# (A backslash-newline inside single quotes stays in the body: the JSON is built in a variable.)
policy='{"id": "apn6-ietf109", "name": "IETF 109 study", "priority": 90, "match": {"source": "fd00:1:1::/64",'
policy+=' "nextHeader": 17, "destinationPorts": {"low": 4000, "high": 4001}},'
policy+=' "option": {"slaLevel": 3, "appId": 109, "userId": 7, "flowId": 1}}'
curl -sf -o /dev/null -H 'Content-Type: application/json' -X POST "$base/policies" -d "$policy" \
    || echo "policy apn6-ietf109 refused"
curl -s "$base/experiments/presets" | python3 -c '
import json, sys, urllib.error, urllib.request
for p in json.load(sys.stdin)["presets"]:
    req = urllib.request.Request(sys.argv[1] + "/experiments", json.dumps(p).encode(), {"Content-Type": "application/json"})
    try:
        urllib.request.urlopen(req)
    except urllib.error.HTTPError as e:
        print("experiment", p.get("id"), "refused:", e.code, e.read().decode(errors="replace")[:300])
' "$base"
for i in $(seq 1 20); do
    curl -sf -o /dev/null -H 'Content-Type: application/json' -X POST "$base/trees" -d "{\"id\": \"bench-$i\", \
\"source\": \"device:beijing/3\", \"group\": \"ff3e::$i\", \"receivers\": [\"device:nanjing/4\", \
\"device:shanghai/3\", \"device:guangzhou/3\"], \"mode\": \"TE\", \"algorithm\": \"STEINER\"}" || echo "tree bench-$i refused"
    curl -sf -o /dev/null -H 'Content-Type: application/json' -X POST "$base/policies" -d "{\"id\": \"bench-$i\", \
\"name\": \"bench $i\", \"priority\": $((100 + i)), \"match\": {\"source\": \"fd00:1:1::/64\", \"nextHeader\": 17, \
\"destinationPorts\": {\"low\": $((5000 + 2 * i)), \"high\": $((5001 + 2 * i))}}, \
\"option\": {\"slaLevel\": 3, \"appId\": $((4660 + i)), \"userId\": 7, \"flowId\": $i}, \"slaPriority\": 5}" \
        || echo "policy bench-$i refused"
done
