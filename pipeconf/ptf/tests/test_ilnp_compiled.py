# SPDX-License-Identifier: Apache-2.0
# Copyright 2026 The Sixflow Authors
"""ILNP packet tests fed by the controller: the entries are those the app's IlnpEntryCompiler
makes of test_ilnp.py's site (ilnp_entries.json, written and held fresh by the app's
IlnpPacketTestEntriesTest), installed as they are: the provider locators inbound, the site on
both uplinks, the hash ranges at 50/50; then the next revision's ranges at 80/20 beside them (its
priority band above the first) and the old ones removed, as the controller changes weights. Each
flow must leave by the uplink test_ilnp.py's own `shares` and CRC-16 predict, byte for byte, and
the counters (indexed by the controller's uplink ids) must agree; a provider router's Packet Too
Big comes in by the compiled inbound entries as test_ilnp.py's own do."""

import ptf.testutils as testutils
from p4.v1 import p4runtime_pb2

import exported
from profiles import requires
from test_ilnp import (COUNTER_IN, COUNTER_OUT, INSIDE_MAC, INSIDE_PORT, PROVIDER_LOCATOR, PROVIDER_MAC,
                       ROUTING, SET_NEXT_HOP, SITE_LOCATOR, UPLINK_SMAC, IlnpTest, address, as_it_left,
                       correspondent, error_into_the_site, flow, flow_hash, frame, rewritten, router_error,
                       uplink_of)
from base_test import ROUTER_MAC, SixflowTest
from scapy.layers.inet import TCP
from scapy.layers.inet6 import ICMPv6PacketTooBig

FIXTURE = exported.load("ilnp_entries.json")
SITE = FIXTURE["site"]
FLOWS = 200


def weights(text_keys):
    return {int(port): weight for port, weight in text_keys.items()}


@requires("ILNP")
class CompiledSiteTest(IlnpTest):
    """test_ilnp.py's routes (the site by port 1, the correspondents by uplink 2) and the compiled
    site's entries in place of test_ilnp.py's hand-written ones."""

    def setUp(self):
        SixflowTest.setUp(self)
        try:
            self.insert(ROUTING, {"ipv6_dst": (address(SITE_LOCATOR, 0), 64)}, SET_NEXT_HOP,
                        {"port": INSIDE_PORT, "smac": ROUTER_MAC, "dmac": INSIDE_MAC})
            self.insert(ROUTING, {"ipv6_dst": ("3fff::", 16)}, SET_NEXT_HOP,
                        {"port": 2, "smac": UPLINK_SMAC[2], "dmac": PROVIDER_MAC[2]})
            exported.install_entries(self, FIXTURE["entries"])
        except BaseException:
            self.tearDown()   # unittest does not when setUp fails: the next test could not connect
            raise

    def uplink_counts(self, counter):
        return {int(port): self.counter(counter, uplink) for port, uplink in SITE["uplink_ids"].items()}


@requires("ILNP")
class CompiledWeightsSplitTheFlows(CompiledSiteTest):
    """Each of 200 flows leaves by the uplink whose range of test_ilnp.py's shares holds its hash,
    rewritten byte for byte; the outbound counters of the controller's uplink ids count them."""

    def runTest(self):
        before = self.uplink_counts(COUNTER_OUT)
        chosen = [self.leaves_by(flow(n)) for n in range(FLOWS)]
        predicted = [uplink_of(weights(SITE["weights"]), flow(n)) for n in range(FLOWS)]
        self.assertEqual([n for n in range(FLOWS) if chosen[n] != predicted[n]], [])
        after = self.uplink_counts(COUNTER_OUT)
        self.assertEqual({p: after[p] - before[p] for p in after}, {p: chosen.count(p) for p in after})
        self.assertTrue(0 < chosen.count(2) < FLOWS)
        testutils.verify_no_other_packets(self)


@requires("ILNP")
class CompiledWeightChangeMakesBeforeItBreaks(CompiledSiteTest):
    """The next revision's ranges are written beside the old ones: from then on the flows follow
    the new weights (its band is above the old), before the old ranges go; after they go nothing
    changes. Exactly the flows whose hash crossed the moved boundary moved."""

    def runTest(self):
        flows = [flow(n) for n in range(FLOWS)]
        before = [self.leaves_by(f) for f in flows]
        exported.install_entries(self, FIXTURE["new_ranges"])
        beside = [self.leaves_by(f) for f in flows]
        new = weights(SITE["new_weights"])
        self.assertEqual([n for n in range(FLOWS) if beside[n] != uplink_of(new, flows[n])], [])
        removed = []
        for entry in FIXTURE["old_ranges"]:
            match = {k: exported.value(v) for k, v in entry["match"].items()}
            removed.append(self.p4info.table_entry(entry["table"], match, priority=entry["priority"]))
        self.client.write(*removed, update_type=p4runtime_pb2.Update.DELETE)
        after = [self.leaves_by(f) for f in flows]
        self.assertEqual(after, beside)
        moved = {n for n in range(FLOWS) if before[n] != after[n]}
        boundary_old = 50 * 65536 // 100
        boundary_new = 80 * 65536 // 100
        self.assertEqual(moved, {n for n in range(FLOWS) if boundary_old <= flow_hash(flows[n]) < boundary_new})
        self.assertTrue(moved and len(moved) < FLOWS)
        testutils.verify_no_other_packets(self)


@requires("ILNP")
class CompiledInboundByEitherProviderLocator(CompiledSiteTest):
    """A TCP segment to the site host at either provider locator comes in with the internal
    locator, routed to the site, counted under that uplink's id."""

    def runTest(self):
        before = self.uplink_counts(COUNTER_IN)
        for port in (2, 3):
            sent = frame(PROVIDER_MAC[port], correspondent(), address(PROVIDER_LOCATOR[port], 0x42),
                         TCP(sport=80, dport=40000, flags="A", seq=1))
            testutils.send_packet(self, port, bytes(sent))
            testutils.verify_packet(self, rewritten(sent, ROUTER_MAC, INSIDE_MAC, dst_locator=SITE_LOCATOR),
                                    INSIDE_PORT)
        testutils.verify_no_other_packets(self)
        after = self.uplink_counts(COUNTER_IN)
        self.assertEqual({p: after[p] - before[p] for p in after}, {2: 1, 3: 1})


@requires("ILNP")
class CompiledProvidersPacketTooBigReachesTheHost(CompiledSiteTest):
    """A provider router's Packet Too Big about the host's packet, to either provider locator,
    comes in by the compiled inbound entry: destination and quote's source locators the site's
    internal one, the ICMPv6 checksum right by plain IPv6's rule, counted under that uplink's id."""

    def runTest(self):
        before = self.uplink_counts(COUNTER_IN)
        for port in (2, 3):
            quote = as_it_left(port, 0x42, TCP(sport=40000, dport=443, flags="PA") / (b"y" * 1300))[:1232]
            error = router_error(port, address(PROVIDER_LOCATOR[port], 0x42), ICMPv6PacketTooBig(mtu=1280), quote)
            testutils.send_packet(self, port, bytes(error))
            testutils.verify_packet(self, error_into_the_site(error, SITE_LOCATOR), INSIDE_PORT)
        testutils.verify_no_other_packets(self)
        after = self.uplink_counts(COUNTER_IN)
        self.assertEqual({p: after[p] - before[p] for p in after}, {2: 1, 3: 1})
