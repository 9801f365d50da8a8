# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Sixflow's REST API as ONOS serves it: what the unit tests' Jersey and the demo's web server
cannot show. ONOS's Jersey has other message readers (a GET saying Content-Type: application/json
was refused 415 there), its Jetty another error handler (a PATCH to a path outside the API got a 404
without body), and Jersey's WADL answered OPTIONS in XML. Last, the REST fuzz suite (tools/fuzz)
against this ONOS, after every other test and the dashboard's e2e (run.sh), which removes the
fixtures and "fz" objects it made."""

import http.client
import json
import os
import subprocess
import sys
import urllib.parse

from systest import RestError, SystemTest

JSON_TYPES = ("application/json", "application/json; charset=utf-8")


class RestApiInsideOnosTest(SystemTest):

    def send(self, method, path, headers=None, body=None):
        """One raw request to Sixflow's web context, signed in; (status, headers, body)."""
        url = urllib.parse.urlsplit(self.rest.base)
        connection = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        try:
            connection.request(method, path if path.startswith("/") else url.path + "/" + path, body=body,
                               headers={**self.rest.headers, **(headers or {})})
            response = connection.getresponse()
            return response.status, response.headers, response.read().decode(errors="replace")
        finally:
            connection.close()

    def assertJsonError(self, status, answer, what):
        got, headers, body = answer
        self.assertEqual(status, got, "%s: %s" % (what, body))
        self.assertEqual("application/json", headers.get("Content-Type", "").split(";")[0], what)
        self.assertEqual(status, json.loads(body)["code"], what)

    def test_a_request_without_body_may_say_its_content_type_is_json(self):
        for content_type in JSON_TYPES + ("text/plain",):
            for path in ("health", "trees", "experiments"):
                status, _, body = self.send("GET", path, {"Content-Type": content_type})
                self.assertEqual(200, status, "GET %s with Content-Type %s: %s" % (path, content_type, body))
                self.assertIsInstance(json.loads(body), dict)
            self.assertJsonError(404, self.send("DELETE", "trees/no-such-tree", {"Content-Type": content_type}),
                                 "DELETE of a missing tree with Content-Type " + content_type)
        # A write still says what its body is.
        self.assertJsonError(415, self.send("POST", "trees", {"Content-Type": "text/plain"}, b"{}"),
                             "POST with a text/plain body")

    def test_options_names_the_methods_without_a_wadl_document(self):
        status, headers, body = self.send("OPTIONS", "trees", {"Content-Type": "application/json"})
        self.assertLess(status, 300, body)
        allowed = {m.strip() for m in headers.get("Allow", "").split(",")}
        self.assertTrue({"GET", "POST"} <= allowed, headers.get("Allow"))
        self.assertNotIn("<application", body)

    def test_a_path_outside_the_api_is_a_json_404_for_every_method(self):
        context = urllib.parse.urlsplit(self.rest.base).path.rsplit("/", 1)[0]   # /onos/sixflow
        for method in ("GET", "POST", "PUT", "PATCH", "DELETE", "PROPFIND"):
            answer = self.send(method, context + "/v2/trees")
            self.assertJsonError(404, answer, method + " " + context + "/v2/trees")
            self.assertTrue(answer[1].get("Content-Security-Policy"), "Sixflow's security headers: %s" % method)

    def test_the_rest_fuzz_suite_finds_nothing_inside_onos(self):
        top = self.lab.root
        url = urllib.parse.urlsplit(self.rest.base)
        requests = os.environ.get("LAB_FUZZ_REQUESTS", "3000")
        fuzz = subprocess.run(
            [sys.executable, os.path.join(top, "tools", "fuzz", "fuzz.py"), "--requests", requests,
             "--url", "%s://%s/" % (url.scheme, url.netloc), "--user", "onos:rocks", "--onos"],
            cwd=top, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=1800)
        report = fuzz.stdout[-4000:]
        print(report)
        self.remove_what_the_fuzz_made()
        self.assertEqual(0, fuzz.returncode, "the REST fuzz suite against ONOS failed:\n" + report)

    def remove_what_the_fuzz_made(self):
        """Its fixtures and its "fz" objects (tools/fuzz names them so)."""
        fixtures = {"video-fixture", "gold-fixture", "fixture"}
        for collection, key in (("trees", "trees"), ("policies", "policies"), ("experiments", "experiments"),
                                ("gtpu/tunnels", "tunnels")):
            for item in self.rest.get(collection)[key]:
                if item["id"] in fixtures or item["id"].startswith("fz"):
                    try:
                        self.rest.delete("%s/%s" % (collection, urllib.parse.quote(item["id"], safe="")))
                    except RestError as e:
                        if e.status != 404:
                            raise
