# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""The multihoming study through real ONOS on the multihomed lab (TOPOLOGY=multihomed): a small
grid of the ILNP thesis's method, run by Sixflow's runner inside ONOS with the lab's own hosts
(iperf3 and ping in h_site and h_cn, the lab's ILNP endpoints, pa's uplink failed by labnet), for
plain IPv6, NPTv6 and ILNP.

What it shows: every planned trial measured (goodput at the asked rate, nothing lost, round
trips), ILNP's load sharing in sbr's port counters (100/0 all on pa; 80/20 some on pb), plain
IPv6's and NPTv6's trials on one uplink in the same counters,
the routing state unchanged by every trial and the focal claim in the routes (plain IPv6 needs
the site's prefix on every router outside the site, NPTv6 and ILNP only the delegating
provider's), each protocol's repair time after pa's uplink fails, the CSV, and bad input refused
with every field named.

    TOPOLOGY=multihomed lab/systest/with-lab.sh python3 lab/systest/runtests.py test_multihoming_study
"""

import base64
import time
import unittest
import urllib.request

from lab import RestError
from systest import SystemTest
from test_multihoming import why_not

STUDY = "systest-grid"
# Flows per trial: sbr shares per flow, so 80/20 shows only over several (P(none on pb) = 0.8^48).
STREAMS = 16


class MultihomingStudyTest(SystemTest):
    """A small thesis grid, run and read back."""

    @classmethod
    def setUpClass(cls):
        reason = why_not()
        if reason:
            raise unittest.SkipTest("SKIPPED: the multihoming study test " + reason)
        super().setUpClass()
        # A link an earlier test failed and restored may still be coming back in ONOS (LLDP finds
        # it within seconds, then ONOS routes over it): a study started then measured its first
        # trial while routes moved (2026-12-08: 10 routes unconfirmed for 20 s, the first cell's
        # entries before and after differing).
        cls.lab.await_links()
        try:
            cls.rest.delete("multihoming/studies/" + STUDY)
        except RestError:  # not there: the usual case
            pass
        quick = next(p for p in cls.rest.get("multihoming/presets")["presets"] if p["id"] == "thesis-quick")
        # 128-octet frames at half the thesis's lowest rate: at 1 Mbit/s (about 1,900 frames a second
        # through three bmv2 switches and, for ILNP, two userspace endpoints, on 2 cores) this lab lost
        # 2-30 % in four runs of 2026-11-30, with the switches' port counters and without them; the
        # test is about the runner, the lab's capacity is the bench's (make bench-multihoming).
        loads = dict(quick["loadsMbps"], **{"128": [0.5]})
        cls.study = dict(quick, id=STUDY, name="system test grid", repetitions=1, trialSeconds=3, streams=STREAMS,
                         loadsMbps=loads,
                         sharing=[[100, 0], [80, 20]], failover={"uplink": "device:sbr/2", "afterSeconds": 2,
                                                                 "seconds": 12})
        del cls.study["createdAt"]
        cls.rest.post("multihoming/studies", cls.study)
        cls.study_run = cls.rest.post("multihoming/studies/%s/runs" % STUDY, {})
        deadline = time.monotonic() + 900
        while True:
            cls.detail = cls.rest.get("multihoming/runs/%d" % cls.study_run["id"])
            if cls.detail["state"] not in ("QUEUED", "RUNNING") or time.monotonic() > deadline:
                break
            time.sleep(2)
        print("\n  study run %d: %s in %s" % (cls.study_run["id"], cls.detail["state"], cls.elapsed(cls.detail)))

    @classmethod
    def tearDownClass(cls):
        try:
            if cls.detail["state"] in ("QUEUED", "RUNNING"):
                cls.rest.post("multihoming/runs/%d/cancel" % cls.study_run["id"], {})
            cls.rest.delete("multihoming/studies/" + STUDY)
        except RestError:
            pass

    @staticmethod
    def elapsed(detail):
        if not detail.get("startedAt") or not detail.get("finishedAt"):
            return "?"
        parse = lambda t: time.mktime(time.strptime(t[:19], "%Y-%m-%dT%H:%M:%S"))  # noqa: E731
        return "%d s" % (parse(detail["finishedAt"]) - parse(detail["startedAt"]))

    def cells(self, protocol, **where):
        return [c for c in self.detail["cells"] if c["protocol"] == protocol
                and all(c[k] == v for k, v in where.items())]

    def test_1_every_trial_measured(self):
        self.assertEqual("DONE", self.detail["state"], self.detail.get("reason"))
        self.assertEqual(self.detail["cellsTotal"], self.detail["cellsDone"])
        # Per protocol: UDP at 128 and 1514, TCP at 1514 (128 takes no MSS); ILNP at two levels.
        self.assertEqual(3 + 3 + 6, len(self.detail["cells"]))
        for cell in self.detail["cells"]:
            label = "%s %s %s %s %s" % (cell["protocol"], cell["sharing"], cell["frameSize"], cell["transport"],
                                        cell["loadMbps"])
            with self.subTest(label):
                self.assertIsNone(cell["error"])
                self.assertTrue(cell["rtt"] and cell["rtt"]["received"] > 0, cell["rtt"])
                if cell["transport"] == "UDP":
                    self.assertAlmostEqual(cell["loadMbps"], cell["goodputMbps"], delta=0.1 * cell["loadMbps"])
                    # The lab's capacity, not the protocol's: five software switches and ONOS
                    # share two cores, and a trial the machine stalls in loses a little (ILNP
                    # 100/0 at 10 Mbit/s of 1514-octet frames lost 2.2 % once, 2026-12-01, its
                    # pings' mean RTT 52 ms against 4-5 ms in the other trials).
                    self.assertLess(cell["lossPercent"], 5)
                    self.assertIsNone(cell["limit"], cell["limitReason"])
                else:
                    self.assertGreater(cell["goodputMbps"], 1)
                # The focal claim per trial: no routing state comes or goes while traffic flows.
                self.assertEqual(cell["routesBefore"], cell["routesAfter"])
                self.assertEqual(cell["entriesBefore"], cell["entriesAfter"])
        print("\n  " + "; ".join("%s%s %d %s %s: %.2f Mbit/s%s, rtt %.2f ms" % (
            c["protocol"], " " + c["sharing"] if c["sharing"] else "", c["frameSize"], c["transport"],
            c["loadMbps"] or "", c["goodputMbps"],
            " (loss %.2f %%)" % c["lossPercent"] if c["transport"] == "UDP" else "",
            c["rtt"]["meanMs"]) for c in self.detail["cells"]))

    def test_2_ilnp_shares_load_by_the_weights_in_sbr_counters(self):
        def share(cells, uplink):
            out = sum(u["packetsOut"] for c in cells for u in c["uplinks"] if u["uplink"] == uplink)
            total = sum(u["packetsOut"] for c in cells for u in c["uplinks"])
            return out / total if total else None
        all_pa = self.cells("ILNP", sharing="100/0")
        shared = self.cells("ILNP", sharing="80/20")
        self.assertGreater(share(all_pa, "device:sbr/2"), 0.99, [c["uplinks"] for c in all_pa])
        pb = share(shared, "device:sbr/3")
        self.assertGreater(pb, 0, [c["uplinks"] for c in shared])
        self.assertLess(pb, 0.8, [c["uplinks"] for c in shared])
        print("\n  ILNP 80/20 over %d flows a trial: pb carried %.0f %% of the packets out" % (STREAMS, 100 * pb))
        # Plain IPv6 and NPTv6 have the same link counters (sbr's port counters): routed, one uplink
        # carries the trial (sbr's nptv6 profile has no ECMP), the other only LLDP and NDP.
        for cell in self.cells("IPV6") + self.cells("NPTV6"):
            with self.subTest("%s %s %s" % (cell["protocol"], cell["frameSize"], cell["transport"])):
                self.assertEqual(["device:sbr/2", "device:sbr/3"], sorted(u["uplink"] for u in cell["uplinks"]))
                self.assertGreater(max(u["shareOut"] for u in cell["uplinks"]), 0.95, cell["uplinks"])
                self.assertGreater(sum(u["packetsOut"] for u in cell["uplinks"]), 100, cell["uplinks"])

    def test_3_the_routes_to_the_site(self):
        by = {}
        for entry in self.detail["siteRoutes"]:
            by.setdefault(entry["protocol"], []).append(entry)
        self.assertEqual(["fd00:5:1::10"], [e["address"] for e in by["IPV6"]])
        self.assertEqual(3, by["IPV6"][0]["siteSpecificOutsideSite"], by["IPV6"])
        self.assertEqual(1, len(by["NPTV6"]))
        self.assertTrue(by["NPTV6"][0]["address"].startswith(("2001:db8:a01:", "2001:db8:b01:")), by["NPTV6"])
        self.assertEqual(1, by["NPTV6"][0]["siteSpecificOutsideSite"], by["NPTV6"])
        self.assertEqual(["2001:db8:a01:1::/64", "2001:db8:b01:1::/64"], [e["address"] for e in by["ILNP"]])
        for entry in by["NPTV6"] + by["ILNP"]:
            outside = [r for r in entry["routes"] if r["siteSpecific"] and r["device"] != "device:sbr"]
            self.assertEqual(["DELEGATED"], [r["kind"] for r in outside], entry)

    def test_4_each_protocol_recovers_from_the_uplink_failure(self):
        # Each uplink fails in turn for each protocol; the one that carried the pings (routing's or
        # the weights' choice) is the one whose failure interrupted them.
        self.assertEqual([(p, u) for p in ("IPV6", "NPTV6", "ILNP") for u in ("device:sbr/2", "device:sbr/3")],
                         [(f["protocol"], f["uplink"]) for f in self.detail["failovers"]])
        failovers = {}
        for f in self.detail["failovers"]:
            known = failovers.get(f["protocol"])
            if known is None or (f["repairMs"] is None or (known["repairMs"] is not None
                                                           and f["repairMs"] > known["repairMs"])):
                failovers[f["protocol"]] = f
        # ILNP's pings come back only once h_cn learns h_site's other locator, which no Locator
        # Update of sbr's tells it yet (docs/features/ilnp.md, what is left): its repair is shown,
        # not judged; the two protocols the network alone repairs must be back within ONOS's
        # detection of the lost link and the new entries.
        for protocol in ("IPV6", "NPTV6"):
            with self.subTest(protocol):
                f = failovers[protocol]
                self.assertIsNotNone(f["repairMs"], f["note"])
                self.assertGreater(f["repairMs"], 0, "no uplink's failure interrupted the pings: %s" % f["note"])
                self.assertLess(f["repairMs"], (self.lab.link_loss_detection_s + 8) * 1000, f["note"])
        print("\n  the uplink carrying the pings failed 2 s in: " + ", ".join(
            "%s %s %s" % (p, failovers[p]["uplink"], "%.0f ms" % failovers[p]["repairMs"]
                          if failovers[p]["repairMs"] is not None else "not restored (%s)" % failovers[p]["note"])
            for p in ("IPV6", "NPTV6", "ILNP")))

    def test_5_the_grid_and_the_csv(self):
        rows = self.detail["grid"]
        self.assertEqual(len(self.detail["cells"]), len(rows))  # one repetition: a row per cell
        request = urllib.request.Request(
            self.rest.base + "/multihoming/runs/%d/cells.csv" % self.study_run["id"],
            headers={"Authorization": "Basic " + base64.b64encode(b"onos:rocks").decode(), "Accept": "text/csv"})
        with urllib.request.urlopen(request, timeout=30) as response:
            lines = response.read().decode().strip().splitlines()
        self.assertTrue(lines[0].startswith("index,protocol,sharing,frameSize,transport,loadMbps"), lines[0])
        self.assertEqual(1 + len(self.detail["cells"]), len(lines))

    def test_6_bad_input_is_refused_with_every_field_named(self):
        bad = dict(self.study, id="bad study", frameSizes=[64], sharing=[[90, 20]],
                   failover={"uplink": "sbr", "seconds": 1})
        with self.assertRaises(RestError) as refused:
            self.rest.post("multihoming/studies", bad)
        self.assertEqual(400, refused.exception.status)
        for field in ("id", "frameSizes[0]", "sharing[0]", "failover.uplink"):
            self.assertIn('"%s"' % field, refused.exception.body)
        unknown_host = dict(self.study, id=STUDY + "-x", siteHost="h_nowhere")
        self.rest.post("multihoming/studies", unknown_host)
        try:
            with self.assertRaises(RestError) as refused:
                self.rest.post("multihoming/studies/%s/runs" % unknown_host["id"], {})
            self.assertEqual(409, refused.exception.status)
            self.assertIn("h_nowhere", refused.exception.body)
        finally:
            self.rest.delete("multihoming/studies/" + unknown_host["id"])
