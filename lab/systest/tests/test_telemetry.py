# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""Telemetry from the real switches into PostgreSQL: sampled per-packet reports (packet-in) and
the data plane's latency aggregates, and the studies' statistics answered from those samples."""

import urllib.parse

import traffic
from systest import SystemTest


class TelemetryTest(SystemTest):

    def test_reports_and_aggregates_fill_the_history_and_statistics_answer(self):
        hosts = sorted(self.lab.hosts.values(), key=lambda h: h.name)
        src = self.lab.hosts.get("h_bj", hosts[0])
        dst = self.lab.hosts.get("h_gz", hosts[-1])
        device = "device:" + src.switch
        self.rest.post("policies", {"id": "telemetry", "priority": 100,
                                    "match": {"source": src.ipv6 + "/128", "nextHeader": 17, "destinationPorts": {"low": 6000,
                                                                                                  "high": 6000}},
                                    "option": {"slaLevel": 1, "appId": 1, "userId": 1, "flowId": 1},
                                    "stripAtEgress": True})
        try:
            # Default sampling reports one packet in 2^10 of each class: 4,096 of each give 4 apiece.
            plain = traffic.send(self.lab, src, dst.ipv6, count=4096, rate=1000, flow=501, background=True)
            marked = traffic.send(self.lab, src, dst.ipv6, count=4096, rate=1000, flow=502, dport=6000,
                                  background=True)
            plain.communicate(timeout=120)
            marked.communicate(timeout=120)

            def samples(cls):
                query = urllib.parse.urlencode({"device": device, "class": cls, "limit": 100})
                rows = self.rest.get("telemetry/samples?" + query)["samples"]
                return rows if len(rows) >= 2 else None
            self.eventually(lambda: samples("ipv6"), timeout=30, what="IPv6 samples from %s" % device)
            self.eventually(lambda: samples("apn6-insert"), timeout=30, what="APN6 samples from %s" % device)
            query = urllib.parse.urlencode({"device": device, "feature": "apn6-insert", "baseline": "ipv6"})
            stats = self.rest.get("telemetry/statistics?" + query)
            print("REPORT: statistics on %s: %s" % (device, stats), flush=True)
            self.assertIn("feature", stats, stats)

            def aggregates():
                query = urllib.parse.urlencode({"device": device, "class": "ipv6", "source": "aggregates"})
                points = self.rest.get("telemetry/latency?" + query)["points"]
                return points if sum(p.get("count", 0) for p in points) > 0 else None
            self.eventually(aggregates, timeout=40, what="latency aggregates from %s" % device)
        finally:
            self.rest.delete("policies/telemetry")
