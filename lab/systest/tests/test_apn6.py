# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""APN6 policies created through REST: the policy's owner installs it and REST shows it INSTALLED,
the ingress edge inserts the Application-aware ID option (docs/features/apn6.md), the egress edge strips
it when the policy says so, and a policy that matches everything works."""

import json
import time

import expect
import traffic
from systest import SystemTest

OPTION = {"slaLevel": 3, "appId": 4660, "userId": 7, "flowId": 1}


class Apn6Test(SystemTest):

    def setUp(self):
        hosts = sorted(self.lab.hosts.values(), key=lambda h: h.name)
        self.src = self.lab.hosts.get("h_bj", hosts[0])
        self.dst = self.lab.hosts.get("h_sh", hosts[-1])
        self.created = []

    def tearDown(self):
        for policy in self.created:
            try:
                self.rest.delete("policies/" + policy)
            except Exception:  # already gone
                pass

    def create(self, policy_id, match, strip, priority=100, sla_priority=5):
        self.rest.post("policies", {"id": policy_id, "priority": priority, "match": match, "option": OPTION,
                                    "slaPriority": sla_priority, "stripAtEgress": strip})
        self.created.append(policy_id)
        # The owner installs the stored policy; every device confirmed it once its state says so.
        self.eventually(lambda: self.rest.get("policies/" + policy_id)["state"] == "INSTALLED",
                        what="policy %s INSTALLED" % policy_id)

    def exchange(self, src, dst, flow):
        with traffic.Capture(self.lab, [dst], duration=3) as capture:
            traffic.send(self.lab, src, dst.ipv6, count=3, rate=50, flow=flow)
        got = capture.flow(dst, flow)
        self.assertEqual(3, len(got), "%d of 3 packets arrived at %s" % (len(got), dst.name))
        expected = []
        for frame in got:
            _, seq, sent_ns = traffic.hosttools.sequence_of(frame)
            sent = traffic.frame_sent(src, dst.ipv6, self.lab.switches[src.switch].router_mac, flow, seq, sent_ns)
            expected.append(expect.routed(sent, self.lab.switches[dst.switch].router_mac, dst.mac,
                                          self.lab.hops(src.switch, dst.switch)))
        return expected, got

    def test_ingress_inserts_the_option_and_it_arrives_when_not_stripped(self):
        self.create("keep", {"source": self.src.ipv6 + "/128", "nextHeader": 17,
                             "destinationPorts": {"low": 5004, "high": 5004}}, strip=False)
        expected, got = self.exchange(self.src, self.dst, 401)
        for e, g in zip(expected, got):
            self.assertFramesEqual(expect.with_apn6_option(e, 3, 4660, 7, 1), g, "APN6-marked packet")

    def test_egress_strips_the_option_when_the_policy_says_so(self):
        self.create("strip", {"source": self.src.ipv6 + "/128"}, strip=True)
        expected, got = self.exchange(self.src, self.dst, 402)
        for e, g in zip(expected, got):
            self.assertFramesEqual(e, g, "packet after the egress strip")

    def test_a_match_all_policy_marks_every_packet(self):
        self.create("everything", {}, strip=False, priority=10)
        others = [h for h in self.lab.hosts.values() if h not in (self.src, self.dst)]
        src, dst = (others[0], others[-1]) if len(others) >= 2 else (self.dst, self.src)
        expected, got = self.exchange(src, dst, 403)
        for e, g in zip(expected, got):
            self.assertFramesEqual(expect.with_apn6_option(e, 3, 4660, 7, 1), g, "packet under the match-all policy")

    def test_the_policys_classifier_entry_counts_its_packets_in_onos(self):
        """The policy's classifier entry at the ingress edge counts the packets it matched
        (apn6_classifier_counter, a direct counter): real ONOS reads the counter with the entry
        and shows it as the flow's packets after its next poll of the device
        (fallbackFlowPollFrequency, 30 s by default)."""
        self.create("counted", {"source": self.src.ipv6 + "/128", "nextHeader": 17,
                                "destinationPorts": {"low": 5017, "high": 5017}}, strip=False)
        device = self.lab.switches[self.src.switch].device_id

        def classifier_entries():
            return self.lab.flows_matching(device, "apn6_classifier", "l4_dport", lowValue=5017, highValue=5017)

        self.assertEqual(1, len(classifier_entries()), "the policy's one classifier entry on " + device)
        with traffic.Capture(self.lab, [self.dst], duration=3) as capture:
            traffic.send(self.lab, self.src, self.dst.ipv6, count=3, rate=50, flow=408, dport=5017)
        sent = time.monotonic()
        self.assertEqual(3, len(capture.flow(self.dst, 408)), "the policy's packets arrived")
        entries = self.eventually(lambda: (e := classifier_entries()) and e[0].get("packets", 0) >= 3 and e,
                                  timeout=75, interval=1.0, what="ONOS showing the classifier entry's 3 packets")
        print("REPORT: ONOS showed the classifier entry's packets %.1f s after the 3 s capture of them ended"
              % (time.monotonic() - sent))
        self.assertEqual(3, entries[0]["packets"], entries[0])

    def test_sla_entries_are_installed_on_the_transit_path(self):
        self.create("sla", {"source": self.src.ipv6 + "/128"}, strip=False)
        policy = self.rest.get("policies/sla")
        self.assertIn("deviceEntries", policy, policy)
        text = str(policy["deviceEntries"])
        self.assertIn("apn6_sla", text, "no SLA entries compiled: %s" % text)

    def test_sla_priority_overtakes_queued_traffic_in_transit(self):
        """The SLA priority on the wire: the first switch after the ingress edge serves its egress
        queues at 20 pps, a 60-packet backlog of unmarked traffic builds up there, and a marked flow
        sent after it must leave before most of that backlog (bmv2 serves higher priority queues
        first). The same flow without a policy must wait behind the whole backlog, which shows the
        overtaking comes from the SLA priority and not from the timing."""
        path = self.lab.path(self.src.switch, self.dst.switch)
        self.assertGreater(len(path), 1, "source and destination share a switch")
        transit = path[1]
        self.create("sla-wire", {"source": self.src.ipv6 + "/128", "nextHeader": 17,
                                 "destinationPorts": {"low": 6000, "high": 6000}}, strip=False, sla_priority=5)
        self.assertIn("apn6_sla", str(self.rest.get("policies/sla-wire").get("deviceEntries", {}).get(
            "device:" + transit, "")), "no SLA entry on the transit switch " + transit)
        self.lab.switch_cli(transit, "set_queue_rate 20")
        try:
            overtaken_marked = self.backlog_then_flow(404, 405, marked_port=6000)
            overtaken_unmarked = self.backlog_then_flow(406, 407, marked_port=6001)
        finally:
            self.lab.switch_cli(transit, "set_queue_rate 0")
        report = "transit %s: backlog packets left after the last marked packet: %d (with SLA priority), " \
                 "%d (without a policy)" % (transit, overtaken_marked, overtaken_unmarked)
        print("REPORT: " + report)
        self.assertGreaterEqual(overtaken_marked, 20, report)
        self.assertEqual(0, overtaken_unmarked, report)

    def backlog_then_flow(self, backlog_flow, flow, marked_port):
        """Sends 60 backlog packets, then 10 of another flow; returns how many backlog packets
        arrived after the flow's last one."""
        with traffic.Capture(self.lab, [self.dst], duration=8) as capture:
            backlog = traffic.send(self.lab, self.src, self.dst.ipv6, count=60, rate=300, flow=backlog_flow,
                                   background=True)
            time.sleep(0.4)
            traffic.send(self.lab, self.src, self.dst.ipv6, count=10, rate=300, flow=flow, dport=marked_port)
            backlog.communicate(timeout=60)
        order = [f for _, f in sorted(capture.timed(self.dst, backlog_flow) + capture.timed(self.dst, flow),
                                      key=lambda tf: tf[0])]
        flows = [traffic.hosttools.sequence_of(f)[0] for f in order]
        self.assertEqual(10, flows.count(flow), "%d of 10 packets of flow %d arrived" % (flows.count(flow), flow))
        self.assertGreaterEqual(flows.count(backlog_flow), 50, "the backlog was dropped, not queued")
        last = max(i for i, f in enumerate(flows) if f == flow)
        return sum(1 for f in flows[last + 1:] if f == backlog_flow)
