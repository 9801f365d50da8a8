# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Sixflow's own hostile requests, beyond what schemathesis derives from the OpenAPI: nesting
depth, sizes, encodings and charsets, timestamps, durations, path spellings, methods, query and
header abuse. Each generator yields (method, target, body, headers); targets are raw."""
import random

API = '/onos/sixflow/v1/'
JSON = {'Content-Type': 'application/json'}

# Every endpoint that reads a JSON body, with a valid-looking body of its kind.
POLICY = ('{"id": "fz-p", "name": "NAME", "priority": 100, "match": {"source": "fd00:1:1::/64", '
          '"ingressPorts": PORTS}, "option": {"slaLevel": 3, "appId": 4660, "userId": 7, "flowId": 1}}')
TREE = ('{"id": "fz-t", "source": "device:beijing/3", "group": "ff3e::99", "receivers": PORTS, "mode": "TE"}')
EXPERIMENT = ('{"id": "fz-e", "name": "NAME", "ingress": "device:beijing/1", "classes": [{"name": "base", '
              '"role": "BASELINE", "latencyClass": "ipv6", "packet": {"source": "fd00:1:1::10", '
              '"destination": "fd00:1:3::10"}}], "loadsMbps": PORTS}')
BODY_WRITES = [('POST', 'trees', TREE), ('PUT', 'trees/fz-t/receivers', '{"receivers": PORTS}'),
               ('POST', 'policies', POLICY), ('POST', 'policies/validate', POLICY),
               ('PUT', 'policies/fz-p', POLICY), ('POST', 'experiments', EXPERIMENT),
               ('POST', 'experiments/validate', EXPERIMENT)]
TELEMETRY = ['telemetry/latency?device=device:beijing&class=ipv6', 'telemetry/samples?device=device:beijing',
             'telemetry/histogram?device=device:beijing&class=ipv6',
             'telemetry/statistics?device=device:beijing&feature=apn6-insert',
             'telemetry/replicas?device=device:beijing', 'telemetry/ports/history?device=device:beijing&port=1']
INSTANTS = ['-1000000000-01-01T00:00:00Z', '+1000000000-12-31T23:59:59Z', '-999999999-01-01T00:00:00Z',
            '0000-01-01T00:00:00Z', '1969-12-31T23:59:59.999Z', '1970-01-01T00:00:00Z', '9999-12-31T23:59:59Z',
            '+10000-01-01T00:00:00Z', '2026-11-24T10:00:00Z', '2026-11-24T10:00:00+01:00', '2026-11-24T10:00:00',
            '2026-06-30T23:59:60Z', '2026-02-30T00:00:00Z', '2026-11-24T10:00:00.123456789123Z', '2026-11-24',
            'now', '', ' ', '0', '1732442400000', '-1', 'NaN', '2026-11-24T10:00:00Z%00', '%ff%fe',
            '2026-11-24T10:00:00ZZ', '+2026-11-24T10:00:00Z', 'P1D', '9' * 300]
DURATIONS = ['P100000000000D', 'PT-1S', 'PT0S', 'P1Y', 'P1M', '1e308', '-1', 'NaN', 'Infinity', '-Infinity',
             '0.0001', '0', '1', '86400', '315360000', '315360001', 'PT9999999999999999999H', 'PT1M' * 20,
             'p1d', 'PT1.5S', 'PT0.001S', 'P3650D', 'P3651D', '', '%00', 'PT', 'P', '1e-300', '0x10', '9' * 255]
ODD_IDS = ['a%2Fb', '%2e%2e', '..', '.', 'a/../b', 'a/./b', '%2e%2e%2f%2e%2e', '%252F', 'a%00b', '%ff', '%',
           '%zz', 'a%20b', 'a;jsessionid=1', 'a\\b', 'VIDEO', '-', 'a' * 32, 'a' * 33, 'a' * 64, 'a' * 65,
           'a' * 1000, 'a' * 7000, '%E2%82%AC', '%C0%AF', '%ED%A0%80', 'a?b', 'a#b', '{id}', '*', '~', "'", '"',
           '<script>', '$(id)', '%0d%0aX-Injected:%201', '0', '-1', '9' * 30]
PATHS = ['trees/ID', 'trees/ID/receivers', 'policies/ID', 'experiments/ID', 'experiments/ID/runs',
         'experiments/ID/runs/1', 'experiments/fixture/runs/ID', 'experiments/ID/runs/1/results',
         'experiments/ID/runs/1/export', 'experiments/ID/runs/1/samples', 'experiments/ID/runs/1/cancel',
         'pipeconfs/ID', 'ID', 'telemetry/ID', 'resources/ID']
METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'OPTIONS', 'HEAD', 'TRACE', 'PROPFIND', 'get']
ENCODINGS = [b'\xff\xfe{\x00"\x00i\x00d\x00"\x00:\x001\x00}\x00', b'{"name": "\xc3\x28"}', b'{"name": "\xed\xa0\x80"}',
             b'{"name": "\xc0\xaf"}', b'\xef\xbb\xbf{"id": "x"}', b'{"name": "\x00"}', b'{"name": "\\ud800"}',
             b'{"name": "caf\xe9"}', b'\x80\x81\x82', b'{"id": "x"}\x00', '{"name": "\u00e9"}'.encode('utf-16'),
             '{"name": "\u00e9"}'.encode('utf-32'), b'\x1f\x8b\x08\x00', b'{"a": 1e999999}', b'{"a": -0}',
             b'{"a": 123456789012345678901234567890}', b'{"a": NaN}', b"{'a': 1}", b'{"a": 1,}', b'null', b'[]',
             b'""', b'{"a":1}{"b":2}', b'{"a": "\\u0000"}', b'{"a": "' + b'\\u00e9' * 300 + b'"}']
CONTENT_TYPES = [None, '', 'text/plain', 'application/json; charset=latin1', 'application/json; charset=utf-16',
                 'application/json; charset=UTF-8', 'application/x-www-form-urlencoded', 'multipart/form-data',
                 'application/json+junk', 'application/json, text/plain', 'application/xml', '*/*',
                 'application/*', 'application/json; boundary=x', 'APPLICATION/JSON', 'application/problem+json',
                 'text/html; charset=utf-8', 'application/json;;;', '; charset=utf-8']
ACCEPTS = ['text/html', 'application/xml', '*/*', 'application/json', 'text/event-stream', 'garbage', '',
           'application/json;q=0', 'text/csv', 'image/png, */*;q=0.1']


def _ports(n, rng):
    return '[' + ','.join(f'"device:beijing/{rng.randint(1, 9)}"' for _ in range(n)) + ']'


def nesting(rng):
    for depth in [1, 2, 16, 31, 32, 33, 34, 64, 100, 1000, 5000, 20000, 100000]:
        for method, path, _ in BODY_WRITES:
            kind = rng.choice(['obj', 'arr', 'mix'])
            if kind == 'obj':
                body = '{"a":' * depth + '1' + '}' * depth
            elif kind == 'arr':
                body = '[' * depth + ']' * depth
            else:
                body = '{"receivers":' + '[{"x":' * depth + '1' + '}]' * depth + '}'
            if rng.random() < 0.2:
                body = body[:-rng.randint(1, 3)]   # unterminated
            yield method, API + path, body.encode(), JSON


def sizes(rng):
    for method, path, template in BODY_WRITES:
        for n in [0, 1, 1024, 1025, 5000, 200_000]:
            body = template.replace('PORTS', _ports(n, rng) if 'loadsMbps' not in template else
                                    '[' + ','.join(['1'] * n) + ']').replace('NAME', 'n')
            yield method, API + path, body.encode(), JSON
        for length in [0, 100, 101, 256, 257, 2000, 2001, 100_000, 10 * 1024 * 1024]:
            body = template.replace('PORTS', '[]').replace('NAME', rng.choice('nä€😀') * length)
            yield method, API + path, body.encode(), JSON
        for number in ['1' * 64, '1' * 65, '1' * 100_000, '1e' + '9' * 50, '-' + '9' * 70, '0.' + '0' * 80 + '1']:
            yield method, API + path, template.replace('"priority": 100', '"priority": ' + number)\
                .replace('PORTS', '[]').replace('NAME', 'n').encode(), JSON
        fields = '{' + ','.join(f'"f{i}": {i}' for i in range(rng.choice([255, 257, 5000]))) + '}'
        yield method, API + path, fields.encode(), JSON
        yield method, API + path, (b'{"pad": "' + b'x' * (1024 * 1024) + b'"}'), JSON


def encodings(rng):
    for method, path, _ in BODY_WRITES:
        for body in ENCODINGS:
            yield method, API + path, body, dict(JSON)
        for content_type in CONTENT_TYPES:
            headers = {} if content_type is None else {'Content-Type': content_type}
            yield method, API + path, b'{"id": "fz-x"}', headers
            yield method, API + path, b'', headers
        yield method, API + path, b'{"id": "fz-x"}', {'Content-Type': 'application/json', 'Content-Length': '999999999'}


def times(rng):
    for endpoint in TELEMETRY:
        for instant in INSTANTS:
            for name in ['from', 'to']:
                yield 'GET', API + endpoint + f'&{name}=' + _q(instant), None, {}
            yield 'GET', API + endpoint + '&from=' + _q(instant) + '&to=' + _q(rng.choice(INSTANTS)), None, {}
        for duration in DURATIONS:
            if 'latency' in endpoint or 'ports/history' in endpoint:
                yield 'GET', API + endpoint + '&step=' + _q(duration), None, {}
        for limit in ['0', '-1', '10001', '2147483648', 'abc', '1.5', '', '1e3']:
            yield 'GET', API + endpoint + '&limit=' + limit + '&buckets=' + limit + '&port=' + limit, None, {}


def paths(rng):
    for template in PATHS:
        for odd in ODD_IDS:
            method = rng.choice(METHODS)
            headers = dict(JSON) if method in ('POST', 'PUT', 'PATCH') else {}
            body = b'{"receivers": []}' if headers else None
            yield method, API + template.replace('ID', odd), body, headers
    for prefix in ['/onos/sixflow/v1', '/onos/sixflow/v1/', '/onos/sixflow//v1/trees', '/onos/sixflow/v1//trees',
                   '/onos/sixflow/v1/./trees', '/onos/sixflow/v1/../v1/trees', '/onos/sixflow/v1/trees/',
                   '/onos/sixflow/v1/%74rees', '/onos/sixflow/v1/TREES', '/onos/sixflow/v1/trees;x=1',
                   '/onos/sixflow/v1/trees%2F', '/onos/sixflow/v2/trees', '/onos/sixflow/ui/%2e%2e/%2e%2e/etc/passwd',
                   '/%2e%2e/%2e%2e/', '/onos/sixflow/v1/openapi.json/', '/onos/sixflow/v1/health?' + '&'.join(
                       f'p{i}=1' for i in range(40)), '/onos/sixflow/v1/health?%zz=1', '/onos/sixflow/v1/health?a=%',
                   '/onos/sixflow/v1/events?limit=' + 'x' * 300, '*', '/onos/sixflow/v1/' + 'a/' * 500]:
        yield rng.choice(METHODS[:5]), prefix, None, {}


def headers(rng):
    for path in ['trees', 'policies', 'health', 'openapi.json', 'telemetry/ports', 'experiments/presets',
                 'events?limit=5', 'routes', 'topology', 'devices', 'pipeconfs', 'resources/tables']:
        for accept in ACCEPTS:
            yield 'GET', API + path, None, {'Accept': accept}
        yield 'GET', API + path, None, {'X-Big': 'x' * 20000}
        yield 'GET', API + path, None, {'Accept-Charset': 'latin1', 'Accept-Encoding': 'gzip, br'}
        yield 'DELETE', API + path, None, {}
        yield 'PATCH', API + path, b'{}', JSON


GENERATORS = [nesting, sizes, encodings, times, paths, headers]


def _q(text):
    return ''.join(c if c.isalnum() or c in '-._~:%' else '%{:02X}'.format(ord(c)) if ord(c) < 128
                   else ''.join('%{:02X}'.format(b) for b in c.encode()) for c in text)


def requests(seed, rounds):
    """All generators' requests, `rounds` times over with fresh random choices."""
    rng = random.Random(seed)
    for _ in range(rounds):
        for generator in GENERATORS:
            yield from generator(rng)
