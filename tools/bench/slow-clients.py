#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Health under slow clients (issue 31): N clients each POST a body at one byte every few seconds
(a new connection as soon as the server cuts one off), while one prober asks GET health on a
fresh connection every 50 ms. The prober is a process of its own: as a thread it waited for the
interpreter lock behind the slow clients' loop, and its latencies were the load generator's.
Prints the probes' p50/p99/max and failures, and how the server
ended the slow requests (408, closed, or still waiting when the run ended). --auth USER:PASSWORD
sends HTTP basic credentials with every request (Sixflow inside ONOS, whose REST asks for them: a
request without them is answered 401 before its body is read, which would measure nothing).

    slow-clients.py BASE_URL [--clients 2000] [--seconds 30] [--byte-every 5] [--auth USER:PASSWORD]"""
import argparse
import base64
import http.client
import multiprocessing
import selectors
import socket
import statistics
import time
import urllib.parse


def probe(host, port, path, seconds, headers, results):
    until = time.monotonic() + seconds
    latencies, failures = [], []
    while time.monotonic() < until:
        started = time.monotonic()
        try:
            connection = http.client.HTTPConnection(host, port, timeout=5)
            connection.request('GET', path, headers=headers)
            response = connection.getresponse()
            response.read()
            connection.close()
            if response.status != 200:
                failures.append(response.status)
            else:
                latencies.append((time.monotonic() - started) * 1000)
        except OSError as e:
            failures.append(type(e).__name__)
        time.sleep(max(0.0, 0.05 - (time.monotonic() - started)))
    results.send((latencies, failures))


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument('base')
    parser.add_argument('--clients', type=int, default=2000)
    parser.add_argument('--seconds', type=float, default=30)
    parser.add_argument('--byte-every', type=float, default=5)
    parser.add_argument('--auth', help='USER:PASSWORD for HTTP basic authentication')
    args = parser.parse_args()
    headers = {}
    if args.auth:
        headers['Authorization'] = 'Basic ' + base64.b64encode(args.auth.encode()).decode()
    parsed = urllib.parse.urlsplit(args.base)
    host, port, api = parsed.hostname, parsed.port, parsed.path.rstrip('/')
    head = (f'POST {api}/policies HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n'
            + ''.join(f'{k}: {v}\r\n' for k, v in headers.items())
            + 'Content-Length: 100000\r\n\r\n').encode()

    selector = selectors.DefaultSelector()
    ended = {'408': 0, 'other answer': 0, 'closed': 0, 'refused connection': 0}
    next_byte = {}

    def connect():
        try:
            s = socket.create_connection((host, port), timeout=5)
            s.sendall(head + b'{')
            s.setblocking(False)
            selector.register(s, selectors.EVENT_READ)
            next_byte[s] = time.monotonic() + args.byte_every
        except OSError:
            ended['refused connection'] += 1

    def end(s, how):
        ended[how] += 1
        selector.unregister(s)
        next_byte.pop(s, None)
        s.close()
        connect()

    for _ in range(args.clients):
        connect()
    print(f'slow clients: {len(next_byte)} connected, a byte every {args.byte_every} s', flush=True)
    until = time.monotonic() + args.seconds
    receiving, sending = multiprocessing.Pipe(duplex=False)
    prober = multiprocessing.Process(target=probe, args=(host, port, api + '/health', args.seconds, headers, sending))
    prober.start()
    while time.monotonic() < until:
        for key, _ in selector.select(timeout=0.2):
            s = key.fileobj
            try:
                data = s.recv(4096)
            except OSError:
                data = b''
            end(s, '408' if data.startswith(b'HTTP/1.1 408') else 'other answer' if data else 'closed')
        now = time.monotonic()
        for s, due in list(next_byte.items()):
            if now >= due:
                try:
                    s.send(b' ')
                    next_byte[s] = now + args.byte_every
                except OSError:
                    end(s, 'closed')
    latencies, failures = receiving.recv()
    prober.join()
    still = len(next_byte)
    for s in list(next_byte):
        s.close()
    if latencies:
        ordered = sorted(latencies)
        p99 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]
        print(f'health under {args.clients} slow clients: {len(latencies)} probes, p50 '
              f'{statistics.median(ordered):.1f} ms, p99 {p99:.1f} ms, max {ordered[-1]:.1f} ms, '
              f'{len(failures)} failed ({", ".join(map(str, failures[:5]))})')
    else:
        print(f'health under {args.clients} slow clients: no probe answered; {len(failures)} failed')
    print('slow requests ended: ' + ', '.join(f'{k} {v}' for k, v in ended.items())
          + f'; still waiting at the end {still}')


if __name__ == '__main__':
    main()
