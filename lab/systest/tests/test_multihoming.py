# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""A multihomed site behind an NPTv6 border router, on the multihomed lab (TOPOLOGY=multihomed,
inside real ONOS): the site border router sbr (profile nptv6) with the site's host h_site, two
providers pa and pb (profile ipv6) each originating an aggregate and delegating a /48 of it to
sbr, and a correspondent network cn with h_cn, reached through either provider. Linux's own
ping runs between the hosts.

What it shows: the providers' prefixes add routes only where they are delegated (the rest of the
network reaches them through the providers' aggregates: the thesis's focal claim, measured in
the routes); h_site's packets leave by the uplink routing chose with their source translated into
that provider's prefix, checksum-neutrally (RFC 6296: same one's-complement sum, interface
identifier untouched), and the replies are translated back; when that uplink fails, the traffic
moves to the other provider's prefix, and the time without replies is reported. What NPTv6
cannot translate (subnet 0xFFFF, RFC 6296) is dropped and answered with an ICMPv6 Parameter
Problem that Linux's ping reports, either way.

    TOPOLOGY=multihomed lab/systest/with-lab.sh python3 lab/systest/runtests.py test_multihoming
"""

import ipaddress
import os
import re
import struct
import subprocess
import time
import unittest

import traffic
from lab import RestError
from systest import SystemTest, lab as the_lab

INTERNAL = "fd00:5:1::/48"  # covers h_site's fd00:5:1::/64
# Provider, the uplink port of sbr towards it, its aggregate and the /48 it delegates to sbr
# (lab/topologies/multihomed.json).
PROVIDERS = {
    "pa": {"port": 2, "aggregate": "2001:db8:a00::/40", "delegated": "2001:db8:a01::/48"},
    "pb": {"port": 3, "aggregate": "2001:db8:b00::/40", "delegated": "2001:db8:b01::/48"},
}
PING_REPLY = re.compile(r"icmp_seq=(\d+) ")
FAIL_AFTER_S = 2.0  # how far into the pings pa's uplink fails


def why_not():
    """Why this lab cannot run the test, or None."""
    if os.geteuid() != 0:
        return "needs root (namespaces)"
    if "LAB_STATE" not in os.environ:
        return "needs a running lab (with-lab.sh)"
    lab = the_lab()
    if lab.topology["name"] != "multihomed":
        return "needs TOPOLOGY=multihomed (this lab is %s)" % lab.topology["name"]
    return None


def ones_complement_sum(address):
    """The 16-bit one's-complement sum of an address's eight words (RFC 6296 section 3.1)."""
    total = sum(struct.unpack("!8H", ipaddress.IPv6Address(address).packed))
    while total > 0xFFFF:
        total = (total & 0xFFFF) + (total >> 16)
    return total


def parameter_problems(frames):
    """(source, destination, code, pointer) of the ICMPv6 Parameter Problems (no extension header)
    among captured frames."""
    found = []
    for _, frame in frames:
        if len(frame) >= 62 and frame[12:14] == b"\x86\xdd" and frame[20] == 58 and frame[54] == 4:
            found.append((str(ipaddress.IPv6Address(frame[22:38])), str(ipaddress.IPv6Address(frame[38:54])),
                          frame[55], struct.unpack("!I", frame[58:62])[0]))
    return found


def echo_request_sources(frames):
    """Source addresses of the ICMPv6 Echo Requests (no extension header) among captured frames."""
    sources = []
    for _, frame in frames:
        if len(frame) >= 58 and frame[12:14] == b"\x86\xdd" and frame[20] == 58 and frame[54] == 128:
            sources.append(str(ipaddress.IPv6Address(frame[22:38])))
    return sources


class MultihomedSiteTest(SystemTest):
    """One site, two providers, NPTv6 at the border."""

    @classmethod
    def setUpClass(cls):
        reason = why_not()
        if reason:
            raise unittest.SkipTest("SKIPPED: the multihoming test " + reason)
        super().setUpClass()
        cls.site = cls.lab.hosts["h_site"]
        cls.correspondent = cls.lab.hosts["h_cn"]
        for name, provider in PROVIDERS.items():
            cls.rest.post("nptv6/mappings", {"id": "site-" + name, "internalPrefix": INTERNAL,
                                             "externalPrefix": provider["delegated"],
                                             "uplink": "device:sbr/%d" % provider["port"]})

    @classmethod
    def tearDownClass(cls):
        for name in PROVIDERS:
            try:
                cls.rest.delete("nptv6/mappings/site-" + name)
            except RestError:  # already gone: nothing to undo
                pass

    def setUp(self):
        def installed():
            states = {m["id"]: m.get("state") for m in self.rest.get("nptv6/mappings")["mappings"]}
            return all(states.get("site-" + name) == "INSTALLED" for name in PROVIDERS) or None
        self.eventually(installed, timeout=60, what="both NPTv6 mappings INSTALLED")

    def routes(self):
        return self.rest.get("routes")["routes"]

    def ping(self, count, interval="0.2"):
        done = self.lab.in_host(self.site, "ping", "-6", "-n", "-c", str(count), "-i", interval, "-W", "1",
                                self.correspondent.ipv6, check=False, timeout=count * float(interval) + 30)
        return [int(seq) for seq in PING_REPLY.findall(done.stdout)]

    def test_1_provider_prefixes_add_routes_only_where_delegated(self):
        def complete():
            routes = self.routes()
            kinds = {(r["device"], r["prefix"]): r["kind"] for r in routes}
            wanted = [("device:pa", PROVIDERS["pa"]["delegated"]), ("device:pb", PROVIDERS["pb"]["delegated"]),
                      ("device:cn", PROVIDERS["pa"]["aggregate"]), ("device:cn", PROVIDERS["pb"]["aggregate"])]
            return routes if all(w in kinds for w in wanted) else None
        routes = self.eventually(complete, timeout=60, what="the providers' aggregates and delegations routed")
        by = {(r["device"], r["prefix"]): r for r in routes}
        for name, provider in PROVIDERS.items():
            self.assertEqual("DELEGATED", by[("device:" + name, provider["delegated"])]["kind"])
            self.assertEqual(1, by[("device:" + name, provider["delegated"])]["port"],
                             "%s routes its delegation to sbr (its port 1)" % name)
            self.assertEqual("AGGREGATE", by[("device:cn", provider["aggregate"])]["kind"])
            # The focal claim: nowhere but at the delegating provider is the site's /48 routed.
            holders = sorted(r["device"] for r in routes if r["prefix"] == provider["delegated"])
            self.assertEqual(["device:" + name], holders)

    def test_2_the_site_reaches_the_correspondent_through_nptv6_both_ways(self):
        with traffic.Capture(self.lab, [self.correspondent], duration=4) as capture:
            replies = self.ping(5)
        self.assertEqual(5, len(replies), "h_site -> h_cn: %d of 5 pings answered" % len(replies))
        sources = echo_request_sources(capture.frames[self.correspondent.name])
        self.assertTrue(sources, "no echo request reached h_cn")
        self.check_translated(sources, "pa")

    def check_translated(self, sources, provider):
        """Each source is h_site's address translated into the provider's delegated prefix."""
        delegated = ipaddress.IPv6Network(PROVIDERS[provider]["delegated"])
        original = ipaddress.IPv6Address(self.site.ipv6)
        for source in set(sources):
            address = ipaddress.IPv6Address(source)
            self.assertIn(address, delegated, "source %s is not in %s's prefix" % (source, provider))
            self.assertEqual(original.packed[8:], address.packed[8:], "the interface identifier changed")
            self.assertEqual(ones_complement_sum(original), ones_complement_sum(address),
                             "%s -> %s is not checksum-neutral" % (original, address))
            self.assertNotEqual(0xFFFF, struct.unpack("!H", address.packed[6:8])[0])

    def test_3_an_uplink_failure_moves_the_site_to_the_other_provider(self):
        interval = 0.05
        count = int(2 * self.lab.link_loss_detection_s / interval) + 200
        with traffic.Capture(self.lab, [self.correspondent], duration=count * interval + 5) as capture:
            pinger = subprocess.Popen(
                ["ip", "netns", "exec", self.site.netns, "ping", "-6", "-n", "-c", str(count), "-i", str(interval),
                 "-W", "1", self.correspondent.ipv6], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            time.sleep(FAIL_AFTER_S)
            self.lab.set_link("sbr", PROVIDERS["pa"]["port"], False)
            try:
                out, _ = pinger.communicate(timeout=count * interval + 60)
            finally:
                self.lab.set_link("sbr", PROVIDERS["pa"]["port"], True)
        replies = [int(seq) for seq in PING_REPLY.findall(out)]
        self.assertTrue(replies, "no reply at all")
        gaps = [b - a for a, b in zip(replies, replies[1:])]
        longest = max(gaps, default=1)
        repair_s = longest * interval
        print("\n  uplink pa failed %.1f s into the run: longest time without a reply %.2f s (%d of %d answered;"
              " ONOS notices a failed link within %.1f s)"
              % (FAIL_AFTER_S, repair_s, len(replies), count, self.lab.link_loss_detection_s))
        self.assertGreater(replies[-1], replies[0] + longest, "the replies did not resume after the failure")
        self.assertLess(repair_s, self.lab.link_loss_detection_s + 15, "traffic took too long to move")
        sources = echo_request_sources(capture.frames[self.correspondent.name])
        # Before: pa's prefix; after: pb's. Nothing else.
        self.check_translated([s for s in sources if ipaddress.IPv6Address(s) in
                               ipaddress.IPv6Network(PROVIDERS["pa"]["delegated"])], "pa")
        after = [s for s in sources if ipaddress.IPv6Address(s) in ipaddress.IPv6Network(PROVIDERS["pb"]["delegated"])]
        self.assertTrue(after, "no packet came through pb after pa's uplink failed: %s" % sorted(set(sources)))
        self.check_translated(after, "pb")
        self.assertEqual(len(sources), len([s for s in sources if any(
            ipaddress.IPv6Address(s) in ipaddress.IPv6Network(p["delegated"]) for p in PROVIDERS.values())]),
            "an untranslated or foreign source reached h_cn")

    def test_4_a_mapping_that_cannot_be_translated_is_refused_with_its_field(self):
        with self.assertRaises(RestError) as refused:
            self.rest.post("nptv6/mappings", {"id": "bad", "internalPrefix": INTERNAL,
                                              "externalPrefix": "2001:db8:a01::1/48", "uplink": "device:sbr/2"})
        self.assertEqual(400, refused.exception.status, refused.exception.body)
        self.assertIn("externalPrefix", refused.exception.body)
        self.assertNotIn("bad", [m["id"] for m in self.rest.get("nptv6/mappings")["mappings"]])

    def test_5_a_source_nptv6_cannot_translate_is_told_by_a_parameter_problem(self):
        # RFC 6296: subnet 0xFFFF is not translated; the translator drops the packet and should send
        # an ICMPv6 Parameter Problem. Linux's ping sends from such an address on h_site.
        untranslatable = "fd00:5:1:ffff::10"
        self.lab.in_host(self.site, "ip", "-6", "addr", "add", untranslatable + "/128", "dev", self.site.ifname,
                         "nodad")
        try:
            with traffic.Capture(self.lab, [self.site, self.correspondent], duration=5) as capture:
                done = self.lab.in_host(self.site, "ping", "-6", "-n", "-c", "3", "-i", "0.3", "-W", "1", "-I",
                                        untranslatable, self.correspondent.ipv6, check=False, timeout=30)
        finally:
            self.lab.in_host(self.site, "ip", "-6", "addr", "del", untranslatable + "/128", "dev", self.site.ifname,
                             check=False)
        print("\n  h_site from %s: %s" % (untranslatable, " | ".join(
            line for line in done.stdout.splitlines() if "icmp_seq" in line or "transmitted" in line)))
        self.assertIn("Parameter problem", done.stdout, "ping saw no Parameter Problem: " + done.stdout)
        self.assertFalse(echo_request_sources(capture.frames[self.correspondent.name]),
                         "a packet from subnet 0xFFFF left the site")
        problems = parameter_problems(capture.frames[self.site.name])
        self.assertEqual(3, len(problems), "one Parameter Problem for each of the 3 pings: %s" % problems)
        for source, destination, code, pointer in problems:
            self.assertEqual((self.site.gateway, untranslatable, 0, 8), (source, destination, code, pointer),
                             "from h_site's gateway, code 0 (erroneous header field), pointing at the source")
        # Punted after routing, the frames carried sbr's own MAC as their source: ONOS must not
        # have learned a host from them (it would stand between the site and its answers).
        router_mac = next(s["routerMac"] for s in self.lab.topology["switches"] if s["name"] == "sbr")
        learned = [h for h in self.lab.onos.get("hosts")["hosts"] if h["mac"].lower() == router_mac.lower()]
        self.assertEqual([], learned, "ONOS learned a host with sbr's MAC")

    def test_6_a_destination_nptv6_cannot_translate_is_told_by_a_parameter_problem(self):
        # Coming in: h_cn pings an address of pa's delegated prefix with subnet 0xFFFF.
        untranslatable = str(ipaddress.IPv6Network(PROVIDERS["pa"]["delegated"]).network_address + (0xFFFF << 64) + 0x10)
        with traffic.Capture(self.lab, [self.site, self.correspondent], duration=5) as capture:
            done = self.lab.in_host(self.correspondent, "ping", "-6", "-n", "-c", "3", "-i", "0.3", "-W", "1",
                                    untranslatable, check=False, timeout=30)
        print("\n  h_cn to %s: %s" % (untranslatable, " | ".join(
            line for line in done.stdout.splitlines() if "icmp_seq" in line or "transmitted" in line)))
        self.assertIn("Parameter problem", done.stdout, "ping saw no Parameter Problem: " + done.stdout)
        self.assertFalse(echo_request_sources(capture.frames[self.site.name]), "the packet reached the site")
        problems = parameter_problems(capture.frames[self.correspondent.name])
        self.assertEqual(3, len(problems), "one Parameter Problem for each of the 3 pings: %s" % problems)
        delegated = ipaddress.IPv6Network(PROVIDERS["pa"]["delegated"])
        for source, destination, code, pointer in problems:
            self.assertEqual((self.correspondent.ipv6, 0, 24), (destination, code, pointer),
                             "to h_cn, code 0, pointing at the destination")
            self.assertIn(ipaddress.IPv6Address(source), delegated,
                          "sbr answers from an address the outside can route back: its own, translated")
