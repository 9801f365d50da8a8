# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""What every answer of the REST API must be, and a tally of the answers."""
import base64
import collections
import http.client
import json
import time
import urllib.parse

SLOW_SECONDS = 2.0

# "user:password" for a Sixflow behind ONOS's sign-in (a real ONOS); the demo asks for none.
_credentials = None


def sign_in_as(credentials):
    """Every request from here on carries HTTP basic authentication as this "user:password"."""
    global _credentials
    _credentials = credentials


def credentials():
    """The (user, password) requests are sent as, or None."""
    return tuple(_credentials.split(':', 1)) if _credentials else None


def auth_headers():
    """The Authorization header to send, if any."""
    if not _credentials:
        return {}
    return {'Authorization': 'Basic ' + base64.b64encode(_credentials.encode('utf-8')).decode('ascii')}


def auth_line():
    """The same as a raw header line (with its CRLF), or nothing."""
    return ''.join(f'{name}: {value}\r\n' for name, value in auth_headers().items())


# A Sixflow inside ONOS (--onos): an answer without the security headers every answer of Sixflow's
# web context carries (its SecurityHeadersFilter) was given by ONOS's web server before any Sixflow
# context saw the request: Jetty's "Bad Message" page for an undecodable path or oversized headers,
# its 500 to every TRACE (ONOS's own /onos/v1 answers the same), another context's 404. Those are
# counted and shown, held only to speed; the demo's server is Sixflow's, so there every answer counts.
_inside_onos = False
SIXFLOW_HEADER = 'Content-Security-Policy'


def inside_onos():
    """Answers without Sixflow's headers are ONOS's web server's from now on."""
    global _inside_onos
    _inside_onos = True


def answered_by_sixflow(header):
    """Whether an answer came from Sixflow's web context, given a lookup of its headers by name."""
    return bool(header(SIXFLOW_HEADER))


class Tally:
    """Counts requests by status and keeps the first examples of each failure kind."""

    def __init__(self):
        self.requests = 0
        self.statuses = collections.Counter()
        self.failures = collections.Counter()
        self.examples = collections.defaultdict(list)
        self.server_errors = collections.Counter()
        self.container = collections.Counter()

    def record(self, source, method, target, status, content_type, body, elapsed, sixflow=True):
        self.requests += 1
        self.statuses[status] += 1
        if _inside_onos and not sixflow and status != 599:
            kind = f'{method} -> {status} {body[:40]!r}'
            self.container[kind] += 1
            if elapsed > SLOW_SECONDS:
                self.fail('slower than 2 s', f'{source}: {method} {target[:200]} -> {status} in {elapsed:.2f} s')
            return
        if status >= 500:
            self.server_errors[f'{method} {"/".join(target.split("?")[0].split("/")[:6])[:80]}'] += 1
        found = problems(method, status, content_type, body, elapsed)
        if not target.startswith('/'):
            # An asterisk-form target ("*") names the server, not the app: the container answers it
            # before any web context does; it is held only to no 5xx and no slowness.
            found = [kind for kind in found if not kind.startswith('error')]
        for kind in found:
            self.failures[kind] += 1
            if len(self.examples[kind]) < 5:
                self.examples[kind].append(f'{source}: {method} {target[:200]} -> {status} in {elapsed:.2f} s: '
                                           f'{body[:300]!r}')

    def fail(self, kind, example):
        """A failure a check found beyond the per-answer rules."""
        self.failures[kind] += 1
        if len(self.examples[kind]) < 5:
            self.examples[kind].append(example)

    def failed(self):
        return sum(self.failures.values())


def problems(method, status, content_type, body, elapsed):
    """The rules: no 5xx, every error a JSON {code, message} with its status, nothing slower than 2 s."""
    found = []
    if status >= 500:
        found.append(f'{status}')
    if elapsed > SLOW_SECONDS:
        found.append('slower than 2 s')
    if status >= 400 and method != 'HEAD':
        if not (content_type or '').split(';')[0].strip().lower() == 'application/json':
            found.append('error not application/json')
        else:
            try:
                error = json.loads(body)
                if not (isinstance(error, dict) and error.get('code') == status
                        and isinstance(error.get('message'), str) and error['message']):
                    found.append('error JSON without its code and message')
            except ValueError:
                found.append('error body not JSON')
    return found


class RawClient:
    """Sends requests byte for byte as given (no normalisation of paths, headers or bodies)."""

    def __init__(self, url, tally, source):
        parsed = urllib.parse.urlsplit(url)
        self.host, self.port = parsed.hostname, parsed.port
        self.tally = tally
        self.source = source
        self.connection = None

    def send(self, method, target, body=None, headers=None):
        headers = {**auth_headers(), **(headers or {})}
        for attempt in (1, 2):
            if self.connection is None:
                self.connection = http.client.HTTPConnection(self.host, self.port, timeout=30)
            started = time.monotonic()
            try:
                self.connection.putrequest(method, target, skip_host=False, skip_accept_encoding=True)
                for name, value in headers.items():
                    self.connection.putheader(name, value)
                if body is not None and 'Content-Length' not in headers:
                    self.connection.putheader('Content-Length', str(len(body)))
                self.connection.endheaders(body)
                response = self.connection.getresponse()
                data = response.read() if method != 'HEAD' else b''
                elapsed = time.monotonic() - started
                if response.getheader('Connection', '').lower() == 'close':
                    self.close()
            except (ConnectionError, http.client.HTTPException, OSError) as e:
                self.close()
                if attempt == 2:
                    # The server closed without an answer: acceptable only when the body was refused early.
                    self.tally.record(self.source, method, target, 0 if body and len(body) > 1_000_000 else 599,
                                      '', str(e), time.monotonic() - started)
                    return 599, b''
                continue
            self.tally.record(self.source, method, target, response.status, response.getheader('Content-Type'),
                              data.decode('utf-8', 'replace'), elapsed, answered_by_sixflow(response.getheader))
            return response.status, data
        return 599, b''

    def close(self):
        if self.connection is not None:
            self.connection.close()
            self.connection = None
