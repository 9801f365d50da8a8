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

    def test_bmv2_port_counters_reach_onos_and_the_port_history(self):
        """bmv2 has no gNMI: its pipeline counts each port, the pipeconf gives them to ONOS as port
        statistics (ONOS's own REST shows them) and Sixflow keeps them as port counters."""
        hosts = sorted(self.lab.hosts.values(), key=lambda h: h.name)
        src = self.lab.hosts.get("h_bj", hosts[0])
        dst = self.lab.hosts.get("h_gz", hosts[-1])
        device = "device:" + src.switch
        onos = self.lab.onos

        def onos_port():
            stats = onos.get("statistics/ports/" + device)["statistics"][0]["ports"]
            return next((p for p in stats if p["port"] == src.port), None)
        before = self.eventually(onos_port, timeout=40, what="ONOS's port statistics of %s" % device)
        traffic.send(self.lab, src, dst.ipv6, count=600, rate=1000, flow=503)

        def counted():
            now = onos_port()
            return now if now and now["packetsReceived"] - before["packetsReceived"] >= 600 else None
        after = self.eventually(counted, timeout=40, what="600 packets received at %s/%d" % (device, src.port))
        self.assertGreaterEqual(after["bytesReceived"] - before["bytesReceived"], 600 * 62)
        print("REPORT: ONOS's port statistics of %s/%d: %s" % (device, src.port, after), flush=True)

        def history():
            rows = self.rest.get("telemetry/ports?" + urllib.parse.urlencode({"device": device}))["ports"]
            row = next((r for r in rows if r["port"] == str(src.port)), None)
            return row if row and row["inPackets"] >= after["packetsReceived"] else None
        row = self.eventually(history, timeout=40, what="Sixflow's port counters of %s/%d" % (device, src.port))
        self.assertIsNone(row.get("inDiscards"), row)  # not counted by bmv2: unreported, not 0
