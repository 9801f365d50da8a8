#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The REST fuzz suite: schemathesis against the API's own OpenAPI description, then Sixflow's own
hostile requests (generators.py), against the demo (lab/demo: Sixflow's real components on the
simulated ONOS of lab/sim, a throwaway PostgreSQL), then the promises of races.py (concurrent conflicting mutations have one
2xx, odd spellings of ids are refused, oversized bodies get their 413, trickling bodies are cut
off). It fails on any 5xx, any error that is not JSON {code, message}, any answer slower than 2 s,
any broken promise of races.py, or any change to the objects that existed before it ran.

    fuzz.py --requests 30000 [--url http://127.0.0.1:PORT/ [--user USER:PASSWORD] [--onos]] [--dashboard DIR] [--seed N]
"""
import argparse
import json
import math
import os
import sys
import tempfile
import time
import warnings

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from checks import RawClient, Tally, answered_by_sixflow, credentials, inside_onos, sign_in_as  # noqa: E402
import generators  # noqa: E402
import races  # noqa: E402

API = '/onos/sixflow/v1'
FIXTURES = {
    'trees': ('video-fixture', '{"id": "video-fixture", "source": "device:beijing/3", "group": "ff3e::1", '
                               '"receivers": ["device:guangzhou/3", "device:shanghai/3"], "mode": "TE"}'),
    'policies': ('gold-fixture', '{"id": "gold-fixture", "name": "gold", "priority": 100, "match": {"source": '
                                 '"fd00:1:1::/64", "nextHeader": 17}, "option": {"slaLevel": 3, "appId": 4660, '
                                 '"userId": 7, "flowId": 1}, "slaPriority": 5}'),
}
EXPERIMENT_FIXTURE = ('{"id": "fixture", "name": "fixture", "ingress": "device:beijing/1", "classes": ['
                      '{"name": "base", "role": "BASELINE", "latencyClass": "ipv6", "packet": {"source": '
                      '"fd00:1:1::10", "destination": "fd00:1:3::10"}}, {"name": "feat", "latencyClass": "ipv6", '
                      '"packet": {"source": "fd00:1:1::10", "destination": "fd00:1:3::10", "destinationPort": 6000}}]}')
# The event stream never ends; it is asked for once, by hand, below.
SKIPPED = {('GET', '/telemetry/stream')}
MUTATING = {'POST', 'PUT', 'DELETE', 'PATCH'}
# Generating bodies of the larger schemas (experiments) is slow; no operation takes more than this.
SECONDS_PER_OPERATION = 45


class Enough(Exception):
    """An operation has had its time."""


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('--requests', type=int, default=30000, help='at least this many requests in all')
    parser.add_argument('--url', help='a running Sixflow (default: start the demo)')
    parser.add_argument('--dashboard', help='built dashboard folder for the demo (default: web/dist or a stub)')
    parser.add_argument('--seed', type=int, default=1)
    parser.add_argument('--user', metavar='USER:PASSWORD',
                        help="sign in as this (a Sixflow inside ONOS, e.g. the lab's: onos:rocks)")
    parser.add_argument('--onos', action='store_true',
                        help="the server is ONOS: answers its web server gives before Sixflow's context "
                             "(no Sixflow security headers) are shown, not judged")
    parser.add_argument('--openapi', help='read the OpenAPI description from this file instead of the server')
    args = parser.parse_args()

    if args.user:
        sign_in_as(args.user)
    if args.onos:
        inside_onos()
    harness = None
    if not args.url:
        from harness import Harness, TOP
        dashboard = args.dashboard or os.path.join(TOP, 'web', 'dist', 'sixflow-web', 'browser')
        if not os.path.exists(os.path.join(dashboard, 'index.html')):
            dashboard = tempfile.mkdtemp(prefix='sixflow-fuzz-')
            with open(os.path.join(dashboard, 'index.html'), 'w', encoding='utf-8') as f:
                f.write('<!doctype html><title>stub</title>')
        print('fuzz: starting the demo (lab/demo) …', flush=True)
        harness = Harness(dashboard)
        args.url = harness.url
    tally = Tally()
    started = time.monotonic()
    try:
        failed = run(args, tally)
    finally:
        if harness:
            harness.stop()
    report(tally, failed, time.monotonic() - started)
    sys.exit(1 if failed or tally.failed() else 0)


def run(args, tally):
    base = args.url.rstrip('/')
    client = RawClient(base, tally, 'setup')
    fixtures = create_fixtures(client)
    before = snapshot(client)
    protected = {name for name, _ in FIXTURES.values()} | set(fixtures)

    if args.openapi:
        with open(args.openapi, encoding='utf-8') as f:
            document = json.load(f)
    else:
        status, body = client.send('GET', API + '/openapi.json', headers={'Accept': 'application/json'})
        if status != 200:
            print(f'fuzz: GET openapi.json answered {status}', file=sys.stderr)
            return ['no OpenAPI description']
        document = json.loads(body)
    own = RawClient(base, tally, 'generators')
    per_round = sum(1 for _ in generators.requests(args.seed, 1))
    schemathesis_share = max(0, min(args.requests - per_round, args.requests * 7 // 10))
    rounds = max(1, math.ceil((args.requests - schemathesis_share) / per_round))
    print(f'fuzz: {base}: schemathesis ~{schemathesis_share} requests, own generators {rounds} x {per_round}',
          flush=True)
    if schemathesis_share:
        run_schemathesis(document, base, tally, schemathesis_share, protected, args.seed)
    for method, target, body, headers in generators.requests(args.seed, rounds):
        own.send(method, target, body, headers)
    stream_once(base, tally)
    print('fuzz: races, odd paths, oversized and trickling bodies (races.py)', flush=True)
    races.run(base, tally)

    after = snapshot(RawClient(base, tally, 'setup'))
    changed = [key for key in before if before[key] != after.get(key)]
    for key in changed:
        print(f'fuzz: CHANGED {key}:\n  before {before[key][:400]}\n  after  {after.get(key, "")[:400]}')
    return [f'{key} changed' for key in changed]


def create_fixtures(client):
    made = []
    for collection, (name, body) in FIXTURES.items():
        status, answer = client.send('POST', f'{API}/{collection}', body.encode(), {'Content-Type': 'application/json'})
        if client.send('GET', f'{API}/{collection}/{name}')[0] != 200:
            raise SystemExit(f'fuzz: could not create the {collection} fixture: {status} {answer[:300]!r}')
        made.append(name)
    status, answer = client.send('POST', API + '/experiments', EXPERIMENT_FIXTURE.encode(),
                                 {'Content-Type': 'application/json'})
    if client.send('GET', API + '/experiments/fixture')[0] == 200:
        made.append('fixture')
    else:
        print(f'fuzz: no experiment fixture ({status} {answer[:200]!r})')
    return made


def snapshot(client):
    """The objects as GET shows them: lists and each fixture (their lifecycle settled)."""
    time.sleep(1.0)
    shots = {}
    for collection in ('trees', 'policies', 'experiments'):
        status, body = client.send('GET', f'{API}/{collection}')
        listing = json.loads(body) if status == 200 else {}
        for item in listing.get(collection, []):
            if item['id'].startswith('fz') or not is_fixture(item['id']):
                continue
            status, one = client.send('GET', f'{API}/{collection}/{item["id"]}')
            shots[f'{collection}/{item["id"]}'] = one.decode('utf-8', 'replace')
    return shots


def is_fixture(name):
    return name in {n for n, _ in FIXTURES.values()} or name == 'fixture'


def run_schemathesis(document, base, tally, budget, protected, seed):
    import requests
    import schemathesis
    from hypothesis import HealthCheck, Phase, given, seed as hypothesis_seed, settings
    from schemathesis import GenerationMode
    warnings.filterwarnings('ignore')

    schema = schemathesis.openapi.from_dict(document)
    operations = []
    for result in schema.get_all_operations():
        try:
            operation = result.ok()
        except Exception as e:   # an operation schemathesis cannot read is a finding too
            print(f'fuzz: schemathesis cannot read an operation: {e}')
            continue
        if (operation.method.upper(), operation.path) not in SKIPPED:
            operations.append(operation)
    per_run = max(1, budget // (2 * len(operations)))
    session = requests.Session()
    session.auth = credentials()
    for operation in operations:
        for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE):
            sent = [0]
            until = time.monotonic() + SECONDS_PER_OPERATION

            @hypothesis_seed(seed)
            @settings(max_examples=per_run, deadline=None, database=None, phases=[Phase.generate],
                      suppress_health_check=list(HealthCheck), derandomize=False)
            @given(case=operation.as_strategy(generation_mode=mode))
            def call(case):
                if time.monotonic() > until:
                    raise Enough()
                path_values = {str(v) for v in (case.path_parameters or {}).values()}
                if case.method.upper() in MUTATING and path_values & protected:
                    return
                started = time.monotonic()
                try:
                    response = case.call(base_url=base + API, session=session, timeout=30)
                except Exception as e:   # a connection the server dropped
                    tally.record('schemathesis', case.method, case.formatted_path, 599, '', repr(e),
                                 time.monotonic() - started)
                    return
                sent[0] += 1
                tally.record('schemathesis', case.method.upper(), case.formatted_path, response.status_code,
                             header(response.headers, 'Content-Type'), response.content.decode('utf-8', 'replace'),
                             time.monotonic() - started,
                             answered_by_sixflow(lambda name: header(response.headers, name)))

            try:
                call()
            except Enough:
                pass
            except Exception as e:   # e.g. nothing negative to generate for an operation without inputs
                if sent[0] == 0 and mode == GenerationMode.POSITIVE:
                    print(f'fuzz: {operation.method.upper()} {operation.path} ({mode.value}): {type(e).__name__}: '
                          f'{str(e)[:200]}')
        print(f'fuzz: {operation.method.upper():6} {operation.path}: {tally.requests} requests so far, '
              f'{tally.failed()} failures', flush=True)


def header(headers, name):
    """A header of schemathesis's response (a mapping of lists, names in any case)."""
    for key, value in headers.items():
        if key.lower() == name.lower():
            return value[0] if isinstance(value, (list, tuple)) else value
    return ''


def stream_once(base, tally):
    import requests
    started = time.monotonic()
    with requests.get(base + API + '/telemetry/stream', stream=True, timeout=10, auth=credentials()) as response:
        answered = time.monotonic() - started   # a stream lasts; its answer is its headers
        first = next(response.iter_content(64), b'')
        tally.record('stream', 'GET', API + '/telemetry/stream', response.status_code,
                     response.headers.get('Content-Type'), first.decode('utf-8', 'replace'), answered)


def report(tally, failed, seconds):
    print(f'\nfuzz: {tally.requests} requests in {seconds:.0f} s; statuses: '
          + ', '.join(f'{s}: {n}' for s, n in sorted(tally.statuses.items())))
    if tally.container:
        print(f"fuzz: {sum(tally.container.values())} answers from ONOS's web server before Sixflow's context "
              f"(no Sixflow headers; not judged):")
        for kind, count in tally.container.most_common(12):
            print(f'    {count} x {kind}')
    for where, count in tally.server_errors.most_common(12):
        print(f'fuzz: 5xx {count} x {where}')
    for kind, count in tally.failures.most_common():
        print(f'fuzz: FAILED {count} x {kind}; e.g.')
        for example in tally.examples[kind]:
            print(f'    {example}')
    for problem in failed:
        print(f'fuzz: FAILED {problem}')
    failures = tally.failed() + len(failed)
    print(f'fuzz: {tally.requests - tally.failed()} passed, {failures} failed')


if __name__ == '__main__':
    main()
