# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""A multihomed site with two border routers (TOPOLOGY=multihomed-2sbr, inside real ONOS): the
site's hosts sit behind an internal router (site), which reaches provider pa through sbr1 and
provider pb through sbr2; each provider delegates its /48 to its own SBR. Each SBR holds only its
own provider's mapping (NPTv6) or locator (ILNP), and the site's internal routing, not a weight,
chooses the SBR a flow leaves by.

What it shows: each delegation routed only at its provider, towards its SBR; NPTv6 on both SBRs
(h_site's packets leave translated into the prefix of the SBR its routing picks, checksum-
neutral); that SBR's uplink failing moves the site to the other SBR and its provider's prefix
(the time without replies reported); an ILNP site on each SBR, Linux's ping between the hosts'
identities through the lab's ILNP endpoints, a UDP flow that keeps arriving, by the other SBR's
locator, across the same failure, and a correspondent's Locator Update delivered into the site
through an SBR that is not the site host's own router (along that SBR's route to it).

    TOPOLOGY=multihomed-2sbr lab/systest/with-lab.sh python3 lab/systest/runtests.py test_multihoming_two_sbr
"""

import ipaddress
import json
import os
import re
import shutil
import subprocess
import sys
import time
import unittest
import urllib.parse

import traffic
from lab import RestError
from systest import SystemTest, lab as the_lab
from test_ilnp_site import UDP_RECEIVER, UDP_SENDER
from test_multihoming import echo_request_sources, ones_complement_sum

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "ilnp"))
import ilnplab  # noqa: E402  (the lab's ILNP endpoint)

INTERNAL = "fd00:5:1::/48"
INTERNAL_LOCATOR = "fd00:5:1::/64"
# Per SBR: its uplink port, its provider, the /48 that provider delegates to it, an ILNP locator
# inside that /48, the provider's router MAC (lab/topologies/multihomed-2sbr.json).
SBRS = {
    "sbr1": {"port": 2, "provider": "pa", "delegated": "2001:db8:a01::/48", "locator": "2001:db8:a01:1::/64",
             "mac": "00:aa:00:00:05:02", "next_hop": "00:aa:00:00:05:0a"},
    "sbr2": {"port": 2, "provider": "pb", "delegated": "2001:db8:b01::/48", "locator": "2001:db8:b01:1::/64",
             "mac": "00:aa:00:00:05:03", "next_hop": "00:aa:00:00:05:0b"},
}
IDENTITY = "fd49:4c4e::"
SITE_NID, CN_NID = "0:0:0:a", "0:0:0:b"
SITE_ADDRESS, CN_ADDRESS = "fd00:5:1::a", "fd00:5:c::b"
PING_REPLY = re.compile(r"icmp_seq=(\d+) ")


def why_not():
    """Why this lab cannot run the test, or None."""
    if os.geteuid() != 0:
        return "needs root (namespaces)"
    if "LAB_STATE" not in os.environ:
        return "needs a running lab (with-lab.sh)"
    lab = the_lab()
    if lab.topology["name"] != "multihomed-2sbr":
        return "needs TOPOLOGY=multihomed-2sbr (this lab is %s)" % lab.topology["name"]
    missing = [tool for tool in ("nft", "iperf3") if not shutil.which(tool)]
    return "needs %s on PATH" % " and ".join(missing) if missing else None


def sbr_of(address):
    """The SBR whose provider's /48 holds an address, or None."""
    for name, sbr in SBRS.items():
        if ipaddress.IPv6Address(address) in ipaddress.IPv6Network(sbr["delegated"]):
            return name
    return None


class TwoBorderRoutersTest(SystemTest):
    """One site, two SBRs, one provider each."""

    @classmethod
    def setUpClass(cls):
        reason = why_not()
        if reason:
            raise unittest.SkipTest("SKIPPED: the two-SBR multihoming test " + reason)
        super().setUpClass()
        cls.site = cls.lab.hosts["h_site"]
        cls.cn = cls.lab.hosts["h_cn"]

    def ping(self, count, destination, interval="0.2"):
        done = self.lab.in_host(self.site, "ping", "-6", "-n", "-c", str(count), "-i", interval, "-W", "1",
                                destination, check=False, timeout=count * float(interval) + 30)
        return [int(seq) for seq in PING_REPLY.findall(done.stdout)]

    def check_translated(self, sources, sbr):
        delegated = ipaddress.IPv6Network(SBRS[sbr]["delegated"])
        original = ipaddress.IPv6Address(self.site.ipv6)
        for source in set(sources):
            address = ipaddress.IPv6Address(source)
            self.assertIn(address, delegated, "source %s is not in %s's prefix" % (source, sbr))
            self.assertEqual(original.packed[8:], address.packed[8:], "the interface identifier changed")
            self.assertEqual(ones_complement_sum(original), ones_complement_sum(address),
                             "%s -> %s is not checksum-neutral" % (original, address))

    def test_1_each_delegation_is_routed_only_at_its_provider_towards_its_sbr(self):
        def complete():
            routes = self.rest.get("routes")["routes"]
            kinds = {(r["device"], r["prefix"]) for r in routes}
            return routes if all(("device:" + s["provider"], s["delegated"]) in kinds for s in SBRS.values()) else None
        routes = self.eventually(complete, timeout=60, what="both delegations routed")
        for name, sbr in SBRS.items():
            holders = sorted(r["device"] for r in routes if r["prefix"] == sbr["delegated"])
            self.assertEqual(["device:" + sbr["provider"]], holders, "only %s routes %s" % (sbr["provider"],
                                                                                         sbr["delegated"]))
            route = next(r for r in routes if r["prefix"] == sbr["delegated"])
            self.assertEqual("DELEGATED", route["kind"])
            self.assertEqual(1, route["port"], "%s routes its delegation to %s (its port 1)" % (sbr["provider"], name))

    def test_2_nptv6_each_sbr_translates_into_its_own_providers_prefix_and_a_failure_moves_the_site(self):
        for name, sbr in SBRS.items():
            self.rest.post("nptv6/mappings", {"id": "two-" + name, "internalPrefix": INTERNAL,
                                              "externalPrefix": sbr["delegated"],
                                              "uplink": "device:%s/%d" % (name, sbr["port"])})
        try:
            def installed():
                states = {m["id"]: m.get("state") for m in self.rest.get("nptv6/mappings")["mappings"]}
                return all(states.get("two-" + name) == "INSTALLED" for name in SBRS) or None
            self.eventually(installed, timeout=60, what="both SBRs' mappings INSTALLED")
            with traffic.Capture(self.lab, [self.cn], duration=4) as capture:
                replies = self.ping(5, self.cn.ipv6)
            self.assertEqual(5, len(replies), "h_site -> h_cn: %d of 5 answered" % len(replies))
            sources = echo_request_sources(capture.frames[self.cn.name])
            used = {sbr_of(s) for s in sources}
            self.assertEqual(1, len(used), "the echo requests came through one SBR: %s" % sorted(set(sources)))
            first = used.pop()
            self.assertIsNotNone(first, "an untranslated source reached h_cn: %s" % sorted(set(sources)))
            self.check_translated(sources, first)
            other = next(n for n in SBRS if n != first)

            interval = 0.05
            count = int(2 * self.lab.link_loss_detection_s / interval) + 200
            with traffic.Capture(self.lab, [self.cn], duration=count * interval + 5) as capture:
                pinger = subprocess.Popen(
                    ["ip", "netns", "exec", self.site.netns, "ping", "-6", "-n", "-c", str(count), "-i",
                     str(interval), "-W", "1", self.cn.ipv6], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                    text=True)
                time.sleep(2)
                self.lab.set_link(first, SBRS[first]["port"], False)
                try:
                    out, _ = pinger.communicate(timeout=count * interval + 60)
                finally:
                    self.lab.set_link(first, SBRS[first]["port"], True)
            replies = [int(seq) for seq in PING_REPLY.findall(out)]
            self.assertTrue(replies, "no reply at all")
            longest = max((b - a for a, b in zip(replies, replies[1:])), default=1)
            print("\n  NPTv6, two SBRs: %s's uplink failed 2 s in: longest time without a reply %.2f s (%d of %d"
                  " answered)" % (first, longest * interval, len(replies), count))
            self.assertGreater(replies[-1], replies[0] + longest, "the replies did not resume after the failure")
            sources = echo_request_sources(capture.frames[self.cn.name])
            after = [s for s in sources if sbr_of(s) == other]
            self.assertTrue(after, "nothing came through %s after %s's uplink failed" % (other, first))
            self.check_translated(after, other)
            self.assertEqual([], [s for s in sources if sbr_of(s) is None], "an untranslated source reached h_cn")
        finally:
            for name in SBRS:
                try:
                    self.rest.delete("nptv6/mappings/two-" + name)
                except RestError:
                    pass

    def test_3_ilnp_a_site_on_each_sbr_keeps_a_flow_across_an_sbr_uplink_failure(self):
        onos = self.lab.onos
        workdir = os.environ.get("LAB_RUN_DIR") or "/tmp"
        endpoints, addresses, configs = [], [], []
        status = {h.name: os.path.join(workdir, "ilnp2-%s.json" % h.name) for h in (self.site, self.cn)}
        try:
            for host, address in ((self.site, SITE_ADDRESS), (self.cn, CN_ADDRESS)):
                self.lab.in_host(host, "ip", "-6", "addr", "add", address + "/64", "dev", host.ifname, "nodad")
                addresses.append((host, address))
                path = "network/configuration/hosts/%s/basic" % urllib.parse.quote("%s/None" % host.mac.upper(),
                                                                                   safe="")
                config = onos.get(path)
                configs.append((path, dict(config)))
                if address not in config["ips"]:
                    onos.post(path, dict(config, ips=config["ips"] + [address]))
            for name, sbr in SBRS.items():
                self.rest.post("ilnp/sites", {
                    "name": "two-" + name, "device": "device:" + name, "internalLocator": INTERNAL_LOCATOR,
                    "uplinks": [{"port": sbr["port"], "locator": sbr["locator"], "routerMac": sbr["mac"],
                                 "nextHopMac": sbr["next_hop"], "weight": 100}]})
            for name in SBRS:
                self.eventually(lambda n=name: self.rest.get("ilnp/sites/two-" + n).get("state") == "INSTALLED",
                                timeout=60, what="the ILNP site on %s INSTALLED" % name)
            endpoints.append(ilnplab.spawn_endpoint(self.site.netns, self.site.ifname, SITE_NID, status["h_site"],
                                                    os.path.join(workdir, "ilnp2-h_site.log"),
                                                    "--peer", "%s=%s" % (CN_NID, "fd00:5:c::"), timeout=15))
            endpoints.append(ilnplab.spawn_endpoint(self.cn.netns, self.cn.ifname, CN_NID, status["h_cn"],
                                                    os.path.join(workdir, "ilnp2-h_cn.log"), timeout=15))
            self.eventually(lambda: self.ping(2, IDENTITY + "b"), timeout=30, what="h_cn's identity answering")
            replies = self.ping(10, IDENTITY + "b")
            self.assertEqual(10, len(replies), "%d of 10 pings between the identities answered" % len(replies))

            # Which SBR the site's routing gives the flow: the one whose counters moved.
            counts = {n: self.rest.get("ilnp/sites/two-%s/counters" % n)["uplinks"][0]["outPackets"] for n in SBRS}
            first = max(counts, key=counts.get)
            other = next(n for n in SBRS if n != first)
            interval, seconds = 0.02, 2 * self.lab.link_loss_detection_s + 10
            receiver = subprocess.Popen(["ip", "netns", "exec", self.cn.netns, sys.executable, "-c", UDP_RECEIVER,
                                         IDENTITY + "b", str(seconds + 5)],
                                        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            time.sleep(1)
            before = self.rest.get("ilnp/sites/two-%s/counters" % other)["uplinks"][0]["outPackets"]
            sender = subprocess.Popen(["ip", "netns", "exec", self.site.netns, sys.executable, "-c", UDP_SENDER,
                                       IDENTITY + "b", str(interval), str(int(seconds / interval))],
                                      stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            time.sleep(2)
            self.lab.set_link(first, SBRS[first]["port"], False)
            try:
                sender.communicate(timeout=seconds + 30)
                out, err = receiver.communicate(timeout=seconds + 30)
            finally:
                self.lab.set_link(first, SBRS[first]["port"], True)
            seqs = sorted(set(int(line) for line in out.split()))
            self.assertTrue(seqs, "nothing arrived: %s" % err)
            longest = max((b - a for a, b in zip(seqs, seqs[1:])), default=1)
            print("\n  ILNP, two SBRs: %s's uplink failed 2 s into a UDP flow: longest time without an arrival"
                  " %.2f s (%d of %d arrived)" % (first, longest * interval, len(seqs), int(seconds / interval)))
            self.assertGreater(seqs[-1], seqs[0] + longest, "nothing arrived after the failure")
            after = self.rest.get("ilnp/sites/two-%s/counters" % other)["uplinks"][0]["outPackets"]
            self.assertGreater(after - before, 100, "the flow did not move to %s" % other)
            # h_cn's endpoint took the packets that came by sbr2's locator as the same session (its
            # Nonce): none refused. (It keeps the locator it knows h_site by: only a Locator Update
            # changes its I-LCC, RFC 6743.)
            with open(status["h_cn"]) as f:
                counters = json.load(f)["counters"]
            self.assertEqual(0, counters.get("nonceMismatch", 0), counters)

            # A correspondent's Locator Update reaches h_site through an SBR that is not h_site's own
            # router: the controller sends it on along that SBR's route into the site.
            def site_status():
                with open(status["h_site"]) as f:
                    return json.load(f)
            lu_before = site_status()["counters"]["luReceived"]
            self.lab.in_host(self.cn, "ip", "-6", "addr", "add", "fd00:5:c:1::b/64", "dev", self.cn.ifname, "nodad")
            addresses.append((self.cn, "fd00:5:c:1::b"))

            # h_cn's advertisement of its new locator, not any update forwarded: h_cn may first
            # acknowledge the site's own update (of the failover above) from its new address, and
            # that acknowledgement, forwarded too, lists the site's locator (seen 2026-12-01).
            def delivered():
                for name in SBRS:
                    for update in self.rest.get("ilnp/sites/two-%s/locator-updates" % name)["last"]:
                        if (update["outcome"] == "FORWARDED_INTO_SITE" and update["operation"] == "advertisement"
                                and "fd00:5:c:1" in [l["locator"] for l in update["locators"]]):
                            return name, update
                return None
            try:
                by, update = self.eventually(delivered, timeout=15,
                                             what="h_cn's Locator Update advertising fd00:5:c:1 delivered into the site")
            except AssertionError as e:
                # What the SBRs last did with Locator Updates, and what h_cn's endpoint sent.
                seen = {n: self.rest.get("ilnp/sites/two-%s/locator-updates" % n)["last"] for n in SBRS}
                with open(status["h_cn"]) as f:
                    sent = json.load(f)["counters"]
                raise AssertionError("%s; the SBRs' last Locator Updates: %s; h_cn's endpoint: %s"
                                     % (e, seen, sent)) from None
            self.eventually(lambda: site_status()["counters"]["luReceived"] > lu_before, timeout=10,
                            what="h_site's endpoint taking h_cn's update (through %s)" % by)
            print("\n  h_cn's Locator Update went into the site through %s" % by)
        finally:
            for endpoint in endpoints:
                ilnplab.stop_endpoint_process(*endpoint)
            for name in SBRS:
                try:
                    self.rest.delete("ilnp/sites/two-" + name)
                except RestError:
                    pass
            for path, config in configs:
                onos.post(path, config)
            for host, address in addresses:
                self.lab.in_host(host, "ip", "-6", "addr", "del", address + "/64", "dev", host.ifname, check=False)
