#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""UDP through the Linux stack of a lab host, run inside its namespace: what a real GTP-U peer's
kernel accepts, and datagrams whose checksum the kernel computes (or, asked to, leaves zero).

    udptools.py listen --port P --out FILE [--duration S] [--ready FILE] [--accept-zero-checksum]
    udptools.py send   --dst ADDR --port P --hex DATA [--sport P] [--count N] [--zero-checksum]
                       [--replies S]
    udptools.py echo-peer --out FILE [--duration S] [--ready FILE]

listen binds [::]:P with an ordinary socket and writes one JSON line {"src", "sport", "hex", "t"
(when it came, seconds since the epoch)} per datagram the kernel delivered: Linux drops a datagram whose checksum does not verify and, unless
--accept-zero-checksum sets UDP_NO_CHECK6_RX, one with a zero checksum (RFC 6935, 6936), so what
arrives here is what the peer's stack accepted. send sends DATA (hex) COUNT times from an ordinary
socket (the kernel computes the checksum; --zero-checksum sets UDP_NO_CHECK6_TX), then, with
--replies, waits S seconds for datagrams back on the same socket; it prints one JSON line
{"sent", "replies": [{"src", "sport", "hex"}]}. echo-peer answers GTP-U Echo Requests on [::]:2152 as a
peer's GTP-U stack does (TS 29.281 7.2.2: the request's sequence number, Recovery IE 0, to its source
port) and writes each request it answered as a JSON line. Standard library only.
"""

import argparse
import json
import os
import socket
import sys
import time

# linux/udp.h: the IPv6 zero-checksum options (not in Python's socket module).
UDP_NO_CHECK6_TX = 101
UDP_NO_CHECK6_RX = 102


def _record(data, address):
    return {"src": address[0], "sport": address[1], "hex": data.hex(), "t": time.time()}


def _serve(s, out, duration, ready, handle):
    """Receives on the bound socket s for duration seconds, handle(data, address) deciding whether
    a datagram is written to out as a JSON line; returns how many were."""
    if ready:
        open(ready, "w").close()
    deadline = time.monotonic() + duration
    written = 0
    with open(out, "w") as f:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            s.settimeout(left)
            try:
                data, address = s.recvfrom(65535)
            except socket.timeout:
                break
            if handle(data, address):
                f.write(json.dumps(_record(data, address)) + "\n")
                f.flush()
                written += 1
    return written


def listen(port, out, duration=5.0, ready=None, accept_zero_checksum=False):
    """Writes the datagrams the kernel delivers to [::]:port for duration seconds; returns how many."""
    with socket.socket(socket.AF_INET6, socket.SOCK_DGRAM) as s:
        if accept_zero_checksum:
            s.setsockopt(socket.IPPROTO_UDP, UDP_NO_CHECK6_RX, 1)
        s.bind(("::", port))
        return _serve(s, out, duration, ready, lambda data, address: True)


def send(dst, port, data, sport=0, count=1, zero_checksum=False, replies=0.0):
    """Sends data count times to [dst]:port; returns the summary with any replies."""
    with socket.socket(socket.AF_INET6, socket.SOCK_DGRAM) as s:
        if zero_checksum:
            s.setsockopt(socket.IPPROTO_UDP, UDP_NO_CHECK6_TX, 1)
        s.bind(("::", sport))
        for _ in range(count):
            s.sendto(data, (dst, port))
        answers = []
        deadline = time.monotonic() + replies
        while replies > 0:
            left = deadline - time.monotonic()
            if left <= 0:
                break
            s.settimeout(left)
            try:
                answer, address = s.recvfrom(65535)
            except socket.timeout:
                break
            answers.append(_record(answer, address))
        return {"sent": count, "replies": answers}


GTPU_PORT = 2152


def echo_response(request):
    """The Echo Response to a GTP-U Echo Request (its sequence number copied), or None for another message."""
    if len(request) < 12 or request[0] >> 5 != 1 or request[1] != 1:
        return None
    return bytes([0x32, 2, 0, 6, 0, 0, 0, 0]) + request[8:10] + bytes([0, 0, 14, 0])


def echo_peer(out, duration=10.0, ready=None):
    """Answers Echo Requests on [::]:2152 for duration seconds, writing each; returns how many."""
    with socket.socket(socket.AF_INET6, socket.SOCK_DGRAM) as s:
        s.bind(("::", GTPU_PORT))

        def answer(data, address):
            response = echo_response(data)
            if response is not None:
                s.sendto(response, address[:2])
            return response is not None

        return _serve(s, out, duration, ready, answer)


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)
    s = sub.add_parser("listen", help="write the datagrams the kernel delivers as JSON lines")
    s.add_argument("--port", type=int, required=True)
    s.add_argument("--out", required=True)
    s.add_argument("--duration", type=float, default=5.0)
    s.add_argument("--ready", help="file created once the socket is bound")
    s.add_argument("--accept-zero-checksum", action="store_true")
    s = sub.add_parser("send", help="send one datagram COUNT times, optionally wait for replies")
    s.add_argument("--dst", required=True)
    s.add_argument("--port", type=int, required=True)
    s.add_argument("--hex", required=True)
    s.add_argument("--sport", type=int, default=0)
    s.add_argument("--count", type=int, default=1)
    s.add_argument("--zero-checksum", action="store_true")
    s.add_argument("--replies", type=float, default=0.0, help="seconds to wait for replies")
    s = sub.add_parser("echo-peer", help="answer GTP-U Echo Requests on port 2152 as a peer does")
    s.add_argument("--out", required=True)
    s.add_argument("--duration", type=float, default=10.0)
    s.add_argument("--ready", help="file created once the socket is bound")
    args = parser.parse_args(argv)
    if args.command == "echo-peer":
        n = echo_peer(args.out, args.duration, args.ready)
        print(json.dumps({"answered": n, "out": os.path.abspath(args.out)}))
    elif args.command == "listen":
        n = listen(args.port, args.out, args.duration, args.ready, args.accept_zero_checksum)
        print(json.dumps({"received": n, "out": os.path.abspath(args.out)}))
    else:
        print(json.dumps(send(args.dst, args.port, bytes.fromhex(args.hex), args.sport, args.count,
                              args.zero_checksum, args.replies)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
