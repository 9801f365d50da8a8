// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.Ip4Prefix;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.TestApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV4_DST;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_ROUTING_V4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_SET_NEXT_HOP;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;

/**
 * IPv4 host routes through the routing manager's reconciliation, on the lab of RoutingManagerTest
 * with beijing (router MAC 00:aa:00:00:00:01) running the bng profile, whose pipeline has
 * routing_v4, and nanjing the full profile, which has none. Entries are read back from the
 * flow-rule store and held to the bng profile's P4Info.
 */
public class Ipv4HostRoutingTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final DeviceId NANJING = DeviceId.deviceId("device:nanjing");
    private static final String HOST_MAC = "00:00:00:00:01:20";
    private static final HostId HOST = HostId.hostId(HOST_MAC + "/None");
    private static final PipelineModelChecker BNG = new PipelineModelChecker(BundledPipeconfs.bmv2("bng"));

    private RoutingManagerFixture fixture;

    @Before
    public void setUp() {
        fixture = new RoutingManagerFixture();
        fixture.pipeconfs.register(BundledPipeconfs.bmv2("bng"));
        fixture.pipeconfs.register(BundledPipeconfs.bmv2());
        fixture.pipeconfs.bindToDevice(BundledPipeconfs.bmv2("bng").id(), BEIJING);
        fixture.pipeconfs.bindToDevice(BundledPipeconfs.bmv2().id(), NANJING);
    }

    /** This app's routing_v4 entries in the store, "device address/len port smac dmac", held to the P4Info. */
    private Set<String> v4() {
        Set<String> lines = new TreeSet<>();
        for (FlowEntry entry : fixture.flows.entries()) {
            if (!SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_ROUTING_V4.equals(entry.table())
                    || entry.appId() != RoutingManagerFixture.APP_ID.id()) {
                continue;
            }
            assertEquals(List.of(), BNG.problems(entry));
            PiCriterion match = (PiCriterion) entry.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
            PiLpmFieldMatch lpm = (PiLpmFieldMatch) match.fieldMatch(HDR_IPV4_DST).orElseThrow();
            PiAction action = (PiAction) ((PiInstruction) entry.treatment().allInstructions().get(0)).action();
            assertEquals(SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_SET_NEXT_HOP, action.id());
            lines.add(entry.deviceId() + " " + Ip4Address.valueOf(lpm.value().asArray()) + "/" + lpm.prefixLength()
                              + " " + number(param(action, PORT)) + " " + MacAddress.valueOf(param(action, SMAC))
                              + " " + MacAddress.valueOf(param(action, DMAC)));
        }
        return lines;
    }

    private static byte[] param(PiAction action, PiActionParamId id) {
        return action.parameters().stream().filter(p -> p.id().equals(id)).map(PiActionParam::value)
                .findFirst().orElseThrow().asArray();
    }

    private static long number(byte[] bytes) {
        long value = 0;
        for (byte b : bytes) {
            value = value << 8 | (b & 0xff);
        }
        return value;
    }

    @Test
    public void aHostOnARouterWithRoutingV4GetsItsSlash32() {
        fixture.hosts.add(HOST_MAC, "device:beijing/3", "fd00:1:1::20", "10.0.1.20");
        assertEquals(Set.of("device:beijing 10.0.1.20/32 3 00:AA:00:00:00:01 00:00:00:00:01:20"), v4());
    }

    @Test
    public void aRouterWithoutRoutingV4GetsNoIpv4Entries() {
        // nanjing runs full (no routing_v4); shanghai's pipeconf is not known at all.
        fixture.hosts.add(HOST_MAC, "device:nanjing/4", "10.0.1.20");
        fixture.hosts.add("00:00:00:00:04:20", "device:shanghai/3", "10.0.4.20");
        assertEquals(Set.of(), v4());
        // Nothing refused, nothing to report: the device is simply IPv6-only.
        assertEquals(List.of(), fixture.history.recorded());
    }

    @Test
    public void aNeighbourThatRoutesIpv4TooRoutesTheHostTowardsItsRouter() {
        // nanjing on a BNG profile too (as a split BNG's two switches): beijing's host is routed
        // there out of nanjing/1, the link to beijing, to beijing's router MAC.
        fixture.pipeconfs.bindToDevice(BundledPipeconfs.bmv2("bng").id(), NANJING);
        fixture.hosts.add(HOST_MAC, "device:beijing/3", "10.0.1.20");
        assertEquals(Set.of("device:beijing 10.0.1.20/32 3 00:AA:00:00:00:01 00:00:00:00:01:20",
                            "device:nanjing 10.0.1.20/32 1 00:AA:00:00:00:03 00:AA:00:00:00:01"), v4());
    }

    @Test
    public void aRemovedHostsEntryIsRemoved() {
        fixture.hosts.add(HOST_MAC, "device:beijing/3", "10.0.1.20");
        assertEquals(1, v4().size());
        fixture.hosts.remove(HOST);
        assertEquals(Set.of(), v4());
    }

    @Test
    public void aMovedHostsEntryFollowsItOrGoes() {
        fixture.hosts.add(HOST_MAC, "device:beijing/3", "10.0.1.20");
        // Another port of beijing: the same /32, changed in place.
        fixture.flows.log.clear();
        fixture.hosts.move(HOST, "device:beijing/4");
        assertEquals(Set.of("device:beijing 10.0.1.20/32 4 00:AA:00:00:00:01 00:00:00:00:01:20"), v4());
        assertTrue(fixture.flows.log.stream().anyMatch(
                w -> "modify".equals(w.op) && SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_ROUTING_V4.equals(w.rule.table())));
        // To a router without routing_v4: gone from beijing, written nowhere (nanjing routes no IPv4, and
        // beijing routes no IPv4 through an IPv6-only router).
        fixture.hosts.move(HOST, "device:nanjing/4");
        assertEquals(Set.of(), v4());
    }

    @Test
    public void aHostsChangedAddressReplacesItsEntry() {
        fixture.hosts.add(HOST_MAC, "device:beijing/3", "10.0.1.20");
        fixture.hosts.add(HOST_MAC, "device:beijing/3", "10.0.1.21");
        assertEquals(Set.of("device:beijing 10.0.1.21/32 3 00:AA:00:00:00:01 00:00:00:00:01:20"), v4());
    }

    @Test
    public void staleRoutingV4EntriesOfThisAppAreRemovedOthersStay() {
        FlowRule stale = new RouteRules(RoutingManagerFixture.APP_ID).ipv4(
                new Ipv4Routes.Route(BEIJING, Ip4Prefix.valueOf("10.9.9.9/32"), PortNumber.portNumber(3),
                                         MacAddress.valueOf("00:00:00:00:09:09"), "gone"),
                MacAddress.valueOf("00:aa:00:00:00:01"));
        FlowRule theirs = DefaultFlowRule.builder().fromApp(TestApplicationId.create("org.other"))
                .forDevice(BEIJING).forTable(stale.table()).withSelector(stale.selector())
                .withTreatment(stale.treatment()).withPriority(stale.priority()).makePermanent().build();
        fixture.flows.applyFlowRules(stale, theirs);
        // Any event recomputes.
        fixture.hosts.add(HOST_MAC, "device:beijing/3", "10.0.1.20");
        assertEquals(Set.of("device:beijing 10.0.1.20/32 3 00:AA:00:00:00:01 00:00:00:00:01:20"), v4());
        assertTrue(fixture.flows.entries().stream().anyMatch(e -> e.id().equals(theirs.id())));
    }

    @Test
    public void ipv6RoutingOfTheBngRouterIsUnchanged() {
        fixture.hosts.add(HOST_MAC, "device:beijing/3", "fd00:1:1::20", "10.0.1.20");
        // Its IPv6 /128 alongside, as on any router.
        Ipv6Route route = fixture.manager.routes(BEIJING).stream()
                .filter(r -> r.prefix().equals(Ip6Prefix.valueOf("fd00:1:1::20/128"))).findFirst().orElseThrow();
        assertEquals(Ipv6Route.State.INSTALLED, route.state());
        assertEquals(3, route.port().toLong());
        assertEquals(MacAddress.valueOf(HOST_MAC), route.nextHopMac());
        // IPv4 entries are no IPv6 routes: the service lists none.
        assertTrue(fixture.manager.routes().stream().noneMatch(r -> r.prefix().toString().contains("10.0.1.20")));
    }
}
