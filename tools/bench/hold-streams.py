#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Holds N clients on an event stream (server-sent events) until killed.

A client the server refuses (503 when its stream limit is reached) asks again a second later,
as the dashboard does. Every 2 s it writes "held=<open streams> refused=<503s so far>" to the
status file, so the bench can say how many streams were really open while it measured.
"""
import asyncio
import sys
from urllib.parse import urlsplit

held = 0
refused = 0


async def client(host, port, path):
    global held, refused
    while True:
        try:
            reader, writer = await asyncio.open_connection(host, port)
            writer.write(f"GET {path} HTTP/1.1\r\nHost: {host}\r\nAccept: text/event-stream\r\n\r\n".encode())
            await writer.drain()
            status = await reader.readline()
            if b" 200 " not in status:
                refused += 1
                writer.close()
                await asyncio.sleep(1)
                continue
            held += 1
            try:
                while await reader.read(4096):
                    pass
            finally:
                held -= 1
                writer.close()
        except OSError:
            await asyncio.sleep(1)


async def report(status_file):
    while True:
        with open(status_file, "w") as f:
            f.write(f"held={held} refused={refused}\n")
        await asyncio.sleep(2)


async def main():
    url, count, status_file = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    parts = urlsplit(url)
    path = parts.path + ("?" + parts.query if parts.query else "")
    tasks = [asyncio.create_task(client(parts.hostname, parts.port, path)) for _ in range(count)]
    tasks.append(asyncio.create_task(report(status_file)))
    await asyncio.gather(*tasks)


if __name__ == "__main__":
    asyncio.run(main())
