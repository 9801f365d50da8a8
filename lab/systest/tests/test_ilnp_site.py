# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""An ILNP site on the multihomed lab (TOPOLOGY=multihomed, inside real ONOS): h_site and h_cn run
the lab's userspace ILNPv6 endpoint (lab/ilnp/endpoint.py), an ILNP site is created through REST
on sbr (profile nptv6) with one locator per provider, and Linux's own ping and TCP (iperf3) run
between the hosts' identity addresses.

What it shows, end to end (REST -> ONOS -> the site's entries on bmv2 -> the wire -> the
endpoints): h_site's packets leave by the uplink the site's weights give, their source locator
rewritten into that provider's locator (h_cn's endpoint learns h_site by it); h_cn's answers come
back to that locator and sbr rewrites it into the site's internal one; the per-uplink counters
read through ONOS grow on that uplink only; new weights (0/100) move the flow's outbound packets
to the other provider, make before break, while a TCP transfer runs (none of its bytes lost), and
sbr's owner, which learned the hosts' sessions from sbr's telemetry reports, tells the
correspondent by a Locator Update to answer by the other provider too; when an uplink fails it
tells it the live locator (test_5). A Packet Too Big from a router in a provider's network about
one of h_site's packets reaches h_site's Linux with its locators and checksum right, and lowers the
application's path MTU through h_site's endpoint (test_6). No transport checksum is touched on
the way: the endpoints check them over identifiers.

Runs after test_multihoming in the same lab (its NPTv6 mappings cover the site's internal prefix
and are removed when it ends):

    TOPOLOGY=multihomed lab/systest/with-lab.sh python3 lab/systest/runtests.py test_multihoming test_ilnp_site
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

from lab import RestError
from systest import SystemTest
from test_multihoming import why_not as multihomed_why_not

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "ilnp"))
import ilnplab  # noqa: E402  (the lab's ILNP endpoint, started and stopped as its own tests do)
import wire as ilnp_wire  # noqa: E402  (its codec: Locator Updates, the ILNP checksum)
IDENTITY = "fd49:4c4e::"
# Node identifiers: the hosts' lab addresses both end in ::10, so each gets a second address whose
# interface identifier is its NID (the endpoint's locators are its addresses with IID = NID).
SITE_NID, CN_NID = "0:0:0:a", "0:0:0:b"
SITE_ADDRESS, CN_ADDRESS = "fd00:5:1::a", "fd00:5:c::b"
CN_LOCATOR = "fd00:5:c::"
INTERNAL_LOCATOR = "fd00:5:1::/64"
# sbr's uplinks (lab/topologies/multihomed.json): port, provider, the locator inside the /48 that
# provider delegates to sbr, and the provider's router MAC (the next hop).
UPLINKS = {2: ("pa", "2001:db8:a01:1::/64", "00:aa:00:00:05:0a"),
           3: ("pb", "2001:db8:b01:1::/64", "00:aa:00:00:05:0b")}
SBR_MAC = "00:aa:00:00:05:01"
SITE = "ilnp-site"
# sbr reports every IPv6 packet (ILNP's class) so that its owner learns the hosts' sessions
# (docs/features/ilnp.md#sbr-locator-updates); other routers one in 1,024, as by default.
COLLECTOR = "org.sixflow.app.telemetry.report.TelemetryReportCollector"
SBR_SAMPLING = "ipv6=10,ipv6=0@device:sbr"
PING_REPLY = re.compile(r"icmp_seq=(\d+) ")


def why_not():
    """Why this lab cannot run the test, or None: the multihoming test's conditions, and the tools."""
    reason = multihomed_why_not()
    if reason:
        return reason
    missing = [tool for tool in ("nft", "iperf3") if not shutil.which(tool)]
    return "needs %s on PATH" % " and ".join(missing) if missing else None


def locator_hex(prefix):
    """The endpoint's status names a locator by its 16 hex digits."""
    return ipaddress.IPv6Network(prefix).network_address.packed[:8].hex()


class IlnpSiteTest(SystemTest):
    """One ILNP site, two providers, the endpoints on both sides."""

    @classmethod
    def setUpClass(cls):
        reason = why_not()
        if reason:
            raise unittest.SkipTest("SKIPPED: the ILNP site test " + reason)
        super().setUpClass()
        cls.site = cls.lab.hosts["h_site"]
        cls.cn = cls.lab.hosts["h_cn"]
        cls.workdir = os.environ.get("LAB_RUN_DIR") or "/tmp"
        cls.endpoints = {}
        cls.addresses = []
        cls.host_configs = []
        cls.onos = cls.lab.onos
        cls.sampling = None
        try:
            # ONOS 2.7 answers {component: {property: value}}.
            cls.sampling = cls.onos.get("configuration/" + COLLECTOR)[COLLECTOR].get("reportSampling") or "10"
            cls.onos.post("configuration/" + COLLECTOR, {"reportSampling": SBR_SAMPLING})
            for host, address in ((cls.site, SITE_ADDRESS), (cls.cn, CN_ADDRESS)):
                cls.lab.in_host(host, "ip", "-6", "addr", "add", address + "/64", "dev", host.ifname, "nodad")
                cls.addresses.append((host, address))
                # The lab's hosts are ONOS's by netcfg (routing delivers to the hosts ONOS knows):
                # the second address goes into the host's basic config, and back out at the end.
                path = "network/configuration/hosts/%s/basic" % urllib.parse.quote(
                    "%s/None" % host.mac.upper(), safe="")
                config = cls.onos.get(path)
                cls.host_configs.append((path, dict(config)))
                # (The multihomed topology gives it already: lab/topologies/multihomed.json "ilnp".)
                if address not in config["ips"]:
                    cls.onos.post(path, dict(config, ips=config["ips"] + [address]))
            cls.rest.post("ilnp/sites", {
                "name": SITE, "device": "device:sbr", "internalLocator": INTERNAL_LOCATOR,
                "uplinks": [{"port": port, "locator": locator, "routerMac": SBR_MAC, "nextHopMac": mac,
                             "weight": 100 if port == 2 else 0}
                            for port, (_, locator, mac) in sorted(UPLINKS.items())]})
            cls.start_endpoint(cls.site, SITE_NID, "--peer", "%s=%s" % (CN_NID, CN_LOCATOR))
            cls.start_endpoint(cls.cn, CN_NID)
        except Exception:
            cls.tearDownClass()
            raise

    @classmethod
    def tearDownClass(cls):
        for host in list(cls.endpoints):
            ilnplab.stop_endpoint_process(*cls.endpoints.pop(host))
        try:
            cls.rest.delete("ilnp/sites/" + SITE)
        except RestError:  # not created, or already gone
            pass
        for path, config in cls.host_configs:
            cls.onos.post(path, config)
        if cls.sampling is not None:
            cls.onos.post("configuration/" + COLLECTOR, {"reportSampling": cls.sampling})
        for host, address in cls.addresses:
            cls.lab.in_host(host, "ip", "-6", "addr", "del", address + "/64", "dev", host.ifname, check=False)

    @classmethod
    def status_path(cls, host):
        return os.path.join(cls.workdir, "ilnp-%s.json" % host.name)

    @classmethod
    def start_endpoint(cls, host, nid, *extra):
        cls.endpoints[host.name] = ilnplab.spawn_endpoint(
            host.netns, host.ifname, nid, cls.status_path(host),
            os.path.join(cls.workdir, "ilnp-%s.log" % host.name), *extra, timeout=15)

    def status(self, host):
        with open(self.status_path(host)) as f:
            return json.load(f)

    def peer(self, host, nid):
        """The session host's endpoint has with the node nid, as its status file gives it, or None."""
        for peer in self.status(host)["peers"]:
            if int(peer["nid"], 16) == int(nid.replace(":", ""), 16):
                return peer
        return None

    def peer_locators(self, host, nid):
        peer = self.peer(host, nid)
        return [l["locator"] for l in peer["locators"]] if peer else []

    def ping(self, count, interval="0.2"):
        done = self.lab.in_host(self.site, "ping", "-6", "-n", "-c", str(count), "-i", interval, "-W", "1",
                                IDENTITY + "b", check=False, timeout=count * float(interval) + 30)
        return [int(seq) for seq in PING_REPLY.findall(done.stdout)]

    def counters(self):
        return {u["port"]: u for u in self.rest.get("ilnp/sites/%s/counters" % SITE)["uplinks"]}

    def setUp(self):
        self.eventually(lambda: self.rest.get("ilnp/sites/" + SITE).get("state") == "INSTALLED", timeout=60,
                        what="the ILNP site INSTALLED")

    def test_1_identities_talk_through_the_uplink_the_weights_give(self):
        before = self.counters()
        # The hosts' second addresses reach the switches' host routes shortly after their netcfg.
        self.eventually(lambda: self.ping(2), timeout=30, what="h_site's identity answered by h_cn's")
        replies = self.ping(10)
        self.assertEqual(10, len(replies), "%d of 10 pings between the identities answered" % len(replies))
        # h_cn's endpoint knows h_site by the locator sbr wrote: pa's, not the site's internal one.
        self.assertIn(locator_hex(UPLINKS[2][1]), self.peer_locators(self.cn, SITE_NID))
        self.assertNotIn(locator_hex(INTERNAL_LOCATOR), self.peer_locators(self.cn, SITE_NID))
        after = self.counters()
        self.assertGreaterEqual(after[2]["outPackets"] - before[2]["outPackets"], 10, after)
        self.assertGreaterEqual(after[2]["inPackets"] - before[2]["inPackets"], 10, after)
        self.assertEqual(before[3]["outPackets"], after[3]["outPackets"], "nothing leaves by pb at 100/0")
        counters = self.status(self.cn)["counters"]
        self.assertEqual(0, counters.get("nonceMismatch", 0), counters)

    def test_2_new_weights_move_a_tcp_transfer_to_the_other_provider_without_loss(self):
        server = subprocess.Popen(["ip", "netns", "exec", self.cn.netns, "iperf3", "-s", "-1", "-B", IDENTITY + "b"],
                                  stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        try:
            time.sleep(1)
            client = subprocess.Popen(["ip", "netns", "exec", self.site.netns, "iperf3", "-c", IDENTITY + "b", "-t", "8",
                                       "-b", "2M", "-J", "--connect-timeout", "5000"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            time.sleep(3)
            before = self.counters()
            self.rest.put("ilnp/sites/%s/weights" % SITE, {"weights": {"2": 0, "3": 100}})
            out, err = client.communicate(timeout=60)
        finally:
            server.kill()
            server.wait()
        self.assertEqual(0, client.returncode, err or out)
        result = json.loads(out)
        sent = result["end"]["sum_sent"]
        received = result["end"]["sum_received"]
        print("\n  TCP over ILNP across a weight change 100/0 -> 0/100: %.2f Mbit/s, %d retransmits, %d of %d bytes"
              " received" % (received["bits_per_second"] / 1e6, sent.get("retransmits", 0), received["bytes"],
                             sent["bytes"]))
        # Without loss: the connection lived through the move and went on carrying data (TCP loses
        # nothing while it lives). iperf3's two totals may differ by what was still in flight when
        # the client stopped (the server stops reading at the test's end), so they are not compared
        # for equality; every second of the transfer must have carried data instead.
        stalled = [round(i["sum"]["start"]) for i in result["intervals"] if i["sum"]["bytes"] == 0]
        self.assertFalse(stalled, "the transfer stalled in second(s) %s across the weight change" % stalled)
        self.assertGreaterEqual(received["bytes"], 0.9 * sent["bytes"], "TCP received much less than was sent")
        after = self.counters()
        self.assertGreater(after[3]["outPackets"], before[3]["outPackets"], "the flow did not move to pb: %s" % after)
        # sbr told the correspondent (a Locator Update for the session, pb's locator first): its
        # answers come in by pb's locator too.
        self.assertGreater(after[3]["inPackets"], before[3]["inPackets"], after)
        counters = self.status(self.cn)["counters"]
        self.assertEqual(0, counters.get("nonceMismatch", 0), counters)

    def test_3_an_uplink_failure_moves_the_sites_outbound_flows_to_the_live_one(self):
        """pa's uplink fails while h_site sends UDP to h_cn's identity every 20 ms: sbr's owner
        hears ONOS lose the link and installs the weights the live uplink serves (0/100 from
        100/0), make before break; the time without arrivals is reported (h_site's side; h_cn's
        side, moved by sbr's Locator Update, is test_5's)."""
        self.rest.put("ilnp/sites/%s/weights" % SITE, {"weights": {"2": 100, "3": 0}})
        self.eventually(lambda: self.rest.get("ilnp/sites/" + SITE).get("state") == "INSTALLED", timeout=30,
                        what="100/0 INSTALLED")
        interval, seconds = 0.02, 2 * self.lab.link_loss_detection_s + 10
        receiver = subprocess.Popen(
            ["ip", "netns", "exec", self.cn.netns, sys.executable, "-c", UDP_RECEIVER, IDENTITY + "b", str(seconds + 5)],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(1)
        sender = subprocess.Popen(
            ["ip", "netns", "exec", self.site.netns, sys.executable, "-c", UDP_SENDER, IDENTITY + "b", str(interval),
             str(int(seconds / interval))], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        time.sleep(2)
        self.lab.set_link("sbr", 2, False)
        try:
            sender.communicate(timeout=seconds + 30)
            out, err = receiver.communicate(timeout=seconds + 30)
        finally:
            self.lab.set_link("sbr", 2, True)
        self.lab.await_links()   # the next test starts from the network as this one found it
        seqs = sorted(set(int(line) for line in out.split()))
        self.assertTrue(seqs, "nothing arrived: %s" % err)
        longest = max((b - a for a, b in zip(seqs, seqs[1:])), default=1)
        print("\n  uplink pa failed 2 s into a UDP flow over ILNP: longest time without an arrival %.2f s (%d of %d"
              " arrived; ONOS notices a failed link within %.1f s)"
              % (longest * interval, len(seqs), int(seconds / interval), self.lab.link_loss_detection_s))
        self.assertGreater(seqs[-1], seqs[0] + longest, "nothing arrived after the failure")
        self.assertLess(longest * interval, self.lab.link_loss_detection_s + 10, "the flow took too long to move")
        site = self.rest.get("ilnp/sites/" + SITE)
        self.assertEqual({"2": 100, "3": 0}, {str(u["port"]): u["weight"] for u in site["uplinks"]},
                         "the operator's weights stay as set")

    def locator_updates(self):
        return self.rest.get("ilnp/sites/%s/locator-updates" % SITE)

    def session_with_cn(self):
        sessions = self.rest.get("ilnp/sites/%s/sessions" % SITE)["sessions"]
        return next((x for x in sessions if x["host"] == SITE_ADDRESS and x["correspondent"] == CN_ADDRESS), None)

    def test_5_the_border_router_tells_the_correspondent_the_live_locator_when_an_uplink_fails(self):
        """RFC 6748's site-controlled deployment: h_site knows only the internal locator, so sbr
        speaks for it. sbr's owner learned the session h_site has with h_cn (addresses, Nonce)
        from sbr's telemetry reports of h_site's packets; h_cn sends UDP to h_site's identity
        every 20 ms, by pa's locator (100/0); pa's uplink fails: the owner installs the weights the
        live uplink serves and sends h_cn a Locator Update from h_site's identity, under h_site's
        Nonce, advertising pb's locator only. h_cn's endpoint takes it and sends to pb's locator
        from then on: the flow comes in by pb's locator (its inbound counter grows). The lab's
        routing would also carry pa's locator around the failed link (pa, cn, pb, sbr), which a
        real provider would not; those packets count on pa's counter, so pb's counts only what
        the update moved."""
        self.rest.put("ilnp/sites/%s/weights" % SITE, {"weights": {"2": 100, "3": 0}})
        self.eventually(lambda: self.rest.get("ilnp/sites/" + SITE).get("state") == "INSTALLED", timeout=30,
                        what="100/0 INSTALLED")
        interval, seconds = 0.02, 2 * self.lab.link_loss_detection_s + 10
        # h_site's pings keep its session with h_cn in sbr's reports.
        pinger = subprocess.Popen(["ip", "netns", "exec", self.site.netns, "ping", "-6", "-n", "-i", "0.2",
                                   "-c", str(int((seconds + 20) / 0.2)), IDENTITY + "b"],
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            session = self.eventually(self.session_with_cn, timeout=20,
                                      what="sbr's owner learning h_site's session with h_cn from sbr's reports")
            self.assertIn(session["nonceOctets"], (4, 12), session)
            told_before = session["updatesSent"]
            lu_before = self.status(self.cn)["counters"].get("luReceived", 0)
            receiver = subprocess.Popen(
                ["ip", "netns", "exec", self.site.netns, sys.executable, "-c", UDP_RECEIVER, IDENTITY + "a",
                 str(seconds + 5)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            time.sleep(1)
            sender = subprocess.Popen(
                ["ip", "netns", "exec", self.cn.netns, sys.executable, "-c", UDP_SENDER, IDENTITY + "a",
                 str(interval), str(int(seconds / interval))], stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                text=True)
            time.sleep(2)
            before = self.counters()
            self.lab.set_link("sbr", 2, False)
            failed = time.monotonic()
            try:
                told = self.eventually(lambda: (s := self.session_with_cn()) and s["updatesSent"] > told_before
                                       and s, timeout=self.lab.link_loss_detection_s + 20,
                                       what="sbr's owner sending h_cn a Locator Update for h_site")
                after_told = time.monotonic() - failed
                self.eventually(lambda: self.status(self.cn)["counters"].get("luReceived", 0) > lu_before,
                                timeout=10, what="h_cn's endpoint taking sbr's Locator Update")
                sender.communicate(timeout=seconds + 30)
                out, err = receiver.communicate(timeout=seconds + 30)
                locators = self.peer_locators(self.cn, SITE_NID)
                after = self.counters()
            finally:
                self.lab.set_link("sbr", 2, True)
        finally:
            pinger.kill()
            pinger.wait()
        self.lab.await_links()   # the next test starts from the network as this one found it
        self.assertEqual([{"locator": UPLINKS[3][1].split("::")[0],
                           "preference": 10, "lifetime": 600}], told["lastAdvertised"], told)
        self.assertEqual([locator_hex(UPLINKS[3][1])], locators, "h_cn's locators for h_site after the update")
        seqs = sorted(set(int(line) for line in out.split()))
        self.assertTrue(seqs, "nothing arrived: %s" % err)
        longest = max((b - a for a, b in zip(seqs, seqs[1:])), default=1)
        moved = after[3]["inPackets"] - before[3]["inPackets"]
        print("\n  uplink pa failed under a UDP flow from h_cn over ILNP: Locator Update sent %.2f s after the"
              " failure; longest time without an arrival %.2f s (%d of %d arrived); %d packets came in by pb's"
              " locator" % (after_told, longest * interval, len(seqs), int(seconds / interval), moved))
        self.assertGreater(moved, 100, "the flow did not come in by pb's locator: %s -> %s" % (before, after))
        self.assertGreater(seqs[-1], seqs[0] + longest, "nothing arrived after the failure")
        counters = self.status(self.cn)["counters"]
        self.assertEqual(0, counters.get("nonceMismatch", 0), counters)

    def test_4_locator_updates_a_correspondents_goes_in_and_a_forged_one_from_outside_is_dropped(self):
        """Bad input from outside the site: a Locator Update claiming a site host's (internal)
        locator that comes in by an uplink is dropped (FROM_OUTSIDE_THE_SITE), and h_site never
        sees it; a correspondent's real one, sent by h_cn's endpoint when it gains a locator, is
        delivered into the site (FORWARDED_INTO_SITE) and h_site's endpoint takes it."""
        received = self.locator_updates()["received"]
        lu_before = self.status(self.site)["counters"]["luReceived"]
        # Forged: h_site's identifier and internal locator, sent from h_cn's network to pa's locator.
        nid_a = bytes.fromhex("000000000000000a")
        source = ilnp_wire.join_address(bytes.fromhex(locator_hex(INTERNAL_LOCATOR)), nid_a)
        destination = ilnp_wire.join_address(bytes.fromhex(locator_hex(UPLINKS[2][1])), nid_a)
        entries = [ilnp_wire.LocatorEntry(bytes.fromhex(locator_hex(UPLINKS[3][1])), 1, 600)]
        message = ilnp_wire.locator_update(ilnp_wire.LU_ADVERTISEMENT, entries)
        message = ilnp_wire.locator_update(ilnp_wire.LU_ADVERTISEMENT, entries, ilnp_wire.ilnp_upper_checksum(
            nid_a, nid_a, ilnp_wire.NH_ICMPV6, message))
        packet = ilnp_wire.ipv6_header(len(message), ilnp_wire.NH_ICMPV6, 64, source, destination) + message
        self.lab.in_host(self.cn, sys.executable, "-c", RAW_SENDER, packet.hex(), str(ipaddress_of(destination)))
        forged = self.eventually(lambda: next((u for u in self.locator_updates()["last"]
                                               if u["source"] == str(ipaddress_of(source))), None),
                                 timeout=10, what="the forged Locator Update reaching the controller")
        self.assertEqual("FROM_OUTSIDE_THE_SITE", forged["outcome"], forged)
        time.sleep(1)
        self.assertEqual(lu_before, self.status(self.site)["counters"]["luReceived"], "h_site saw the forged update")

        # Real: h_cn gains a locator (an address with its NID); its endpoint tells its peers.
        self.lab.in_host(self.cn, "ip", "-6", "addr", "add", "fd00:5:c:1::b/64", "dev", self.cn.ifname, "nodad")
        try:
            # (h_cn's acknowledgements of sbr's own updates for h_site go into the site too.)
            self.eventually(lambda: next((u for u in self.locator_updates()["last"]
                                          if u["outcome"] == "FORWARDED_INTO_SITE"
                                          and u["operation"] == "advertisement"
                                          and "fd00:5:c:1" in [l["locator"] for l in u["locators"]]), None),
                            timeout=15, what="h_cn's Locator Update delivered into the site")
            self.eventually(lambda: self.status(self.site)["counters"]["luReceived"] > lu_before, timeout=10,
                            what="h_site's endpoint taking h_cn's update")
            self.assertIn("fd000005000c0001", self.peer_locators(self.site, CN_NID))
            self.assertGreater(self.locator_updates()["received"], received)
            # sbr's owner took it too, under h_cn's Nonce (learned from h_cn's packets coming in):
            # the session's correspondent locators are the ones h_cn advertised.
            theirs = self.eventually(
                lambda: (x := self.session_with_cn()) and "fd00:5:c:1" in [l["locator"] for l in
                                                                          x["correspondentLocators"]] and x,
                timeout=10, what="h_cn's update in the session's correspondent locators")
            self.assertEqual(CN_ADDRESS, theirs["correspondent"], "equal preferences: the first listed stays")
        finally:
            self.lab.in_host(self.cn, "ip", "-6", "addr", "del", "fd00:5:c:1::b/64", "dev", self.cn.ifname,
                             check=False)

    def test_6_a_provider_routers_packet_too_big_lowers_the_applications_path_mtu(self):
        """A router in pa's network (played by h_cn's Linux stack, which sends it raw) answers an
        ILNPv6 packet of an application on h_site (a UDP socket on h_site's identity, connected to
        h_cn's, that may not be fragmented), as it left sbr by pa, with a Packet Too Big (MTU
        1400): to pa's locator and h_site's identifier, no Nonce (routers are not ILNP nodes), its
        checksum plain IPv6's. sbr takes it into the site: h_site's Linux receives it at its
        internal address with the quote's source rewritten, and counts it a Packet Too Big, not a
        checksum error; h_site's endpoint finds its own packet in the quote (its locator, the
        nonce it uses with h_cn) and hands the application's stack the error about the datagram
        it sent, so that the socket's path MTU to h_cn's identity becomes 1392 (1400 less the
        Nonce header). Before, sbr had no route to pa's locator and dropped the errors (NO_ROUTE)."""
        self.eventually(lambda: self.ping(1), timeout=30, what="h_site's identity answered by h_cn's")
        session = self.peer(self.site, CN_NID)
        self.assertIsNotNone(session, "h_site's endpoint has no session with h_cn")
        nonce = bytes.fromhex(session["localNonce"])
        nid_a = bytes.fromhex("000000000000000a")
        at_pa = ilnp_wire.join_address(bytes.fromhex(locator_hex(UPLINKS[2][1])), nid_a)
        internal = ilnp_wire.join_address(bytes.fromhex(locator_hex(INTERNAL_LOCATOR)), nid_a)
        correspondent = ipaddress.IPv6Address(CN_ADDRESS).packed
        router = correspondent  # h_cn plays the router: the error comes from its address
        app = subprocess.Popen(["ip", "netns", "exec", self.site.netns, sys.executable, "-c", ilnplab.PMTU_PROBE,
                                IDENTITY + "a", IDENTITY + "b"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        capture = subprocess.Popen(["ip", "netns", "exec", self.site.netns, sys.executable, "-c", PTB_CAPTURE,
                                    self.site.ifname, "20"], stdout=subprocess.PIPE, text=True)
        try:
            port = int(app.stdout.readline())
            # The application's datagram had it fitted the path, as h_site's endpoint sends it
            # (ILNP's checksum, over the identifiers) and as it left sbr by pa.
            invoking = ilnplab.ilnp_udp_packet(at_pa, correspondent, port, 9, bytes(1400), nonce, hop_limit=63)
            quote = invoking[:1280 - 48]
            packet = ilnp_wire.icmpv6_error(ilnp_wire.ICMPV6_PACKET_TOO_BIG, 0, 1400, quote, router, at_pa)
            self.assertEqual("listening", capture.stdout.readline().strip(), "the capture on h_site did not start")
            before = self.icmp6_counters(self.site)
            taken = self.status(self.site)["counters"]["errorsToTun"]
            for _ in range(3):
                self.lab.in_host(self.cn, sys.executable, "-c", RAW_SENDER, packet.hex(), str(ipaddress_of(at_pa)))
            self.eventually(lambda: self.icmp6_counters(self.site)["Icmp6InPktTooBigs"]
                            >= before["Icmp6InPktTooBigs"] + 3, timeout=10,
                            what="h_site's Linux counting the 3 Packet Too Big (Icmp6InPktTooBigs %d before, "
                                 "Icmp6InCsumErrors %d)" % (before["Icmp6InPktTooBigs"], before["Icmp6InCsumErrors"]))
            after = self.icmp6_counters(self.site)
            self.assertEqual(before["Icmp6InCsumErrors"], after["Icmp6InCsumErrors"], "a checksum Linux refused")
            self.eventually(lambda: self.status(self.site)["counters"]["errorsToTun"] >= taken + 3, timeout=5,
                            what="h_site's endpoint handing the 3 errors to the application's stack")
            route = self.lab.in_host(self.site, "ip", "-6", "route", "get", IDENTITY + "b").stdout
            self.assertIn("mtu 1392", route, "h_site's route to h_cn's identity: " + route)
            self.assertEqual("1392", ilnplab.probe_path_mtu(app), "the application socket's path MTU")
        finally:
            capture.terminate()
            seen = capture.communicate(timeout=10)[0].split()  # what it printed after "listening"
            app.kill()
            app.wait()
        self.assertTrue(seen, "h_site captured no Packet Too Big")
        got = bytes.fromhex(seen[0])
        self.assertEqual(internal, got[24:40], "the error's destination")
        self.assertEqual(internal, got[40 + 8 + 8:40 + 8 + 24], "the quote's source")
        self.assertEqual(invoking[24:len(quote)], got[40 + 8 + 24:40 + 8 + len(quote)], "the rest of the quote")

    def icmp6_counters(self, host):
        lines = self.lab.in_host(host, "cat", "/proc/net/snmp6").stdout.split("\n")
        return {name: int(value) for name, value in (line.split() for line in lines if line.strip())}


def ipaddress_of(address16):
    return ipaddress.IPv6Address(bytes(address16))


RAW_SENDER = """
import socket, sys
s = socket.socket(socket.AF_INET6, socket.SOCK_RAW, socket.IPPROTO_RAW)
s.sendto(bytes.fromhex(sys.argv[1]), (sys.argv[2], 0))
"""

# Captures, on an interface, the first ICMPv6 Packet Too Big (type 2) for a number of seconds and
# prints its IPv6 packet in hex (after "listening", once bound).
PTB_CAPTURE = """
import socket, sys, time
s = socket.socket(socket.AF_PACKET, socket.SOCK_DGRAM, socket.htons(0x86DD))
s.bind((sys.argv[1], 0x86DD))
s.settimeout(0.5)
print("listening", flush=True)
until = time.monotonic() + float(sys.argv[2])
while time.monotonic() < until:
    try:
        data = s.recv(2048)
    except socket.timeout:
        continue
    if len(data) > 40 and data[6] == 58 and data[40] == 2:
        print(data.hex(), flush=True)
        break
"""

UDP_SENDER = """
import socket, sys, time
dst, interval, count = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
start = time.monotonic()
for i in range(count):
    s.sendto(str(i).encode(), (dst, 9911))
    time.sleep(max(0.0, start + (i + 1) * interval - time.monotonic()))
"""

UDP_RECEIVER = """
import socket, sys, time
s = socket.socket(socket.AF_INET6, socket.SOCK_DGRAM)
s.bind((sys.argv[1], 9911))
s.settimeout(0.5)
until = time.monotonic() + float(sys.argv[2])
while time.monotonic() < until:
    try:
        data, _ = s.recvfrom(64)
        print(data.decode(), flush=True)
    except socket.timeout:
        pass
"""
