# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Promises the one-request-at-a-time generators cannot check (issue 31):

- concurrent conflicting mutations of one object (create/create, delete/delete, update/delete)
  have exactly one 2xx, for trees, policies, GTP-U tunnels and experiments;
- an id spelled with a trailing slash, a path parameter or an empty segment is refused, and the
  object it names is left alone;
- an oversized body written whole before the answer is read (as requests and urllib do) gets
  its 413, with or without a declared length;
- a body that trickles in is cut off (408 or a closed connection) instead of being waited for.

Each check records its requests in the tally (so 5xx and non-JSON errors count as everywhere)
and its own failures under a kind of its own."""
import http.client
import socket
import threading
import time
import urllib.parse

from checks import answered_by_sixflow, auth_headers, auth_line

API = '/onos/sixflow/v1'
JSON = {'Content-Type': 'application/json'}
CALLERS = 20
BODIES = {
    'trees': '{"id": "ID", "source": "device:beijing/3", "group": "ff3e::GROUP", '
             '"receivers": ["device:guangzhou/3"], "mode": "TE"}',
    'policies': '{"id": "ID", "name": "race", "priority": 100, "match": {"source": "fd00:1:1::/64", '
                '"nextHeader": 6}, "option": {"slaLevel": 3, "appId": 4660, "userId": 7, "flowId": 1}}',
    'gtpu/tunnels': '{"id": "ID", "uePrefixes": ["fd00:9:7::/64"], "n3Address": "fd00:1:1::ff:7", '
                     '"peerAddress": "fd00:1:4::100", "downlinkTeid": 4660, "uplinkTeid": 4661, '
                     '"checksumMode": "ZERO", "decapDevice": "device:beijing"}',
    'experiments': '{"id": "ID", "name": "race", "ingress": "device:beijing/1", "classes": [{"name": "base", '
                   '"role": "BASELINE", "latencyClass": "ipv6", "packet": {"source": "fd00:1:1::10", '
                   '"destination": "fd00:1:3::10"}}, {"name": "feat", "latencyClass": "ipv6", "packet": '
                   '{"source": "fd00:1:1::10", "destination": "fd00:1:3::10", "destinationPort": 6000}}]}',
}
UPDATES = {
    'trees': ('PUT', 'ID/receivers', '{"receivers": ["device:shanghai/3"]}'),
    'policies': ('PUT', 'ID', None),   # the create body again, another priority
}


def run(base, tally):
    parsed = urllib.parse.urlsplit(base)
    host, port = parsed.hostname, parsed.port
    for round_number, collection in enumerate(BODIES):
        conflicting_mutations(host, port, tally, collection, round_number)
    odd_paths(host, port, tally)
    oversized_bodies(host, port, tally)
    trickling_body(host, port, tally)


def _send(host, port, tally, source, method, target, body=None):
    connection = http.client.HTTPConnection(host, port, timeout=30)
    started = time.monotonic()
    try:
        headers = {**auth_headers(), **(JSON if body is not None else {})}
        connection.request(method, target, body=body.encode() if body is not None else None, headers=headers)
        response = connection.getresponse()
        data = response.read()
        tally.record(source, method, target, response.status, response.getheader('Content-Type'),
                     data.decode('utf-8', 'replace'), time.monotonic() - started,
                     answered_by_sixflow(response.getheader))
        return response.status, data
    except (OSError, http.client.HTTPException) as e:
        tally.record(source, method, target, 599, '', repr(e), time.monotonic() - started)
        return 599, b''
    finally:
        connection.close()


def _at_once(calls):
    """Runs the calls from CALLERS threads released together; their statuses."""
    statuses = [None] * len(calls)
    start = threading.Barrier(len(calls))

    def call(i):
        start.wait()
        statuses[i] = calls[i]()

    threads = [threading.Thread(target=call, args=(i,)) for i in range(len(calls))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return statuses


def _expect_one_success(tally, what, statuses):
    successes = sum(1 for s in statuses if 200 <= s < 300)
    if successes != 1:
        tally.fail(f'races: {what} answered {successes} x 2xx, not exactly one',
                   f'{what}: statuses {sorted(statuses)}')


def conflicting_mutations(host, port, tally, collection, round_number):
    target = f'{API}/{collection}'
    body = BODIES[collection].replace('GROUP', str(0x70 + round_number))
    for kind in ('create/create', 'delete/delete', 'update/delete'):
        oid = f'fz-race-{kind.split("/")[0]}'
        made = body.replace('"ID"', f'"{oid}"')
        send = lambda method, path, b=None: _send(host, port, tally, 'races', method, path, b)  # noqa: E731
        if kind == 'create/create':
            statuses = _at_once([lambda: send('POST', target, made)] * CALLERS)
            _expect_one_success(tally, f'{CALLERS} x POST {collection} of one id', [s for s, _ in statuses])
        else:
            if send('POST', target, made)[0] not in (200, 201):
                continue
            if kind == 'delete/delete':
                calls = [lambda: send('DELETE', f'{target}/{oid}')] * CALLERS
                what = f'{CALLERS} x DELETE {collection}/id'
            else:
                if collection not in UPDATES:
                    send('DELETE', f'{target}/{oid}')
                    continue
                method, path, update = UPDATES[collection]
                update = update or made.replace('"priority": 100', '"priority": 101')
                calls = ([lambda: send(method, f'{target}/{path.replace("ID", oid)}', update)] * (CALLERS // 2)
                         + [lambda: send('DELETE', f'{target}/{oid}')])
                what = f'{CALLERS // 2} x {method} and a DELETE of {collection}/id, the DELETE'
            statuses = [s for s, _ in _at_once(calls)]
            if kind == 'update/delete':
                # Updates ordered before the delete may succeed too; none may outlive it.
                _expect_one_success(tally, what, statuses[-1:])
                time.sleep(0.5)
                status = send('GET', f'{target}/{oid}')[0]
                if status != 404:
                    tally.fail(f'races: {collection}/id outlived its DELETE', f'GET after it -> {status}')
            else:
                _expect_one_success(tally, what, statuses)
        send('DELETE', f'{target}/{oid}')
        time.sleep(0.2)   # let a withdrawn tree go before its id is used again


def odd_paths(host, port, tally):
    oid = 'fz-odd'
    target = f'{API}/policies'
    body = BODIES['policies'].replace('"ID"', f'"{oid}"')
    if _send(host, port, tally, 'odd paths', 'POST', target, body)[0] != 201:
        return
    for method, path in [('DELETE', f'{oid}/'), ('DELETE', f'{oid};x'), ('DELETE', f'{oid};jsessionid=1'),
                         ('DELETE', f'/{oid}'), ('PUT', f'{oid}/'), ('PUT', f'{oid};v=2')]:
        status, _ = _send(host, port, tally, 'odd paths', method, f'{target}/{path}',
                          body.replace('"priority": 100', '"priority": 102') if method == 'PUT' else None)
        if status not in (400, 404):
            tally.fail('odd paths: an odd spelling of an id was not refused', f'{method} {target}/{path} -> {status}')
    status, data = _send(host, port, tally, 'odd paths', 'GET', f'{target}/{oid}')
    if status != 200 or b'"priority":100' not in data.replace(b' ', b''):
        tally.fail('odd paths: an odd spelling changed the object', f'GET {target}/{oid} -> {status} {data[:200]!r}')
    _send(host, port, tally, 'odd paths', 'DELETE', f'{target}/{oid}')


def _write_then_read(host, port, head, body, chunked):
    with socket.create_connection((host, port), timeout=30) as s:
        s.sendall(head.encode('ascii'))
        if chunked:
            for at in range(0, len(body), 65536):
                part = body[at:at + 65536]
                s.sendall(b'%x\r\n' % len(part) + part + b'\r\n')
            s.sendall(b'0\r\n\r\n')
        else:
            s.sendall(body)
        answer = b''
        while True:
            part = s.recv(65536)
            if not part:
                return answer
            answer += part


def oversized_bodies(host, port, tally):
    target = f'{API}/policies'
    for size in (2 * 1024 * 1024, 4 * 1024 * 1024, 16 * 1024 * 1024):
        for chunked in (False, True):
            body = b' ' * size
            length = 'Transfer-Encoding: chunked' if chunked else f'Content-Length: {size}'
            head = (f'POST {target} HTTP/1.1\r\nHost: {host}\r\n{auth_line()}Content-Type: application/json\r\n'
                    f'{length}\r\nConnection: close\r\n\r\n')
            started = time.monotonic()
            try:
                answer = _write_then_read(host, port, head, body, chunked)
            except OSError as e:
                answer = repr(e).encode()
            status = int(answer[9:12]) if answer.startswith(b'HTTP/1.1 ') else 0
            tally.record('oversized', 'POST', target, status or 599, 'application/json',
                         answer.split(b'\r\n\r\n', 1)[-1].decode('utf-8', 'replace'), time.monotonic() - started)
            if status != 413:
                tally.fail('oversized: a body past 1 MiB written whole got no 413',
                           f'{size} bytes {"chunked" if chunked else "with a length"}: {answer[:120]!r}')


def trickling_body(host, port, tally):
    target = f'{API}/policies'
    with socket.create_connection((host, port), timeout=30) as s:
        s.sendall((f'POST {target} HTTP/1.1\r\nHost: {host}\r\n{auth_line()}Content-Type: application/json\r\n'
                   'Content-Length: 1000\r\n\r\n{').encode('ascii'))
        s.setblocking(False)
        answer = b''
        for _ in range(30):   # a byte a second, at most 30 of the 1,000
            time.sleep(1)
            try:
                answer += s.recv(65536)
                break
            except BlockingIOError:
                pass
            except OSError:
                break
            try:
                s.send(b' ')
            except OSError:
                break
    if not answer.startswith(b'HTTP/1.1 408') and answer:
        tally.fail('trickle: a slow body was answered other than 408', repr(answer[:200]))
    elif not answer:
        tally.fail('trickle: a body arriving at a byte a second was still waited for after 30 s', target)
