// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.junit.Test;
import org.onlab.packet.Ip4Address;
import org.onlab.packet.Ip4Prefix;
import org.onlab.packet.IpAddress;
import org.onlab.packet.MacAddress;
import org.onlab.packet.VlanId;
import org.onosproject.TestApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DefaultHost;
import org.onosproject.net.DeviceId;
import org.onosproject.net.Host;
import org.onosproject.net.HostId;
import org.onosproject.net.HostLocation;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.onosproject.net.provider.ProviderId;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV4_DST;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_ROUTING_V4;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_SET_NEXT_HOP;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;

/**
 * Which IPv4 host routes a router gets, and their routing_v4 entries, held to the committed
 * P4Info of each BNG profile (p4c-out/&lt;profile&gt;/bmv2/p4info.txt).
 */
public class Ipv4RoutesTest {

    private static final DeviceId BNG = DeviceId.deviceId("device:bng");
    private static final DeviceId OTHER = DeviceId.deviceId("device:other");
    private static final MacAddress ROUTER_MAC = MacAddress.valueOf("00:aa:00:00:0b:01");
    private static final ProviderId PROVIDER = new ProviderId("test", "org.sixflow.test");
    private static final RouteRules RULES = new RouteRules(RoutingManagerFixture.APP_ID);

    private static Host host(String mac, List<String> at, String... ips) {
        Set<HostLocation> locations = at.stream()
                .map(p -> new HostLocation(ConnectPoint.deviceConnectPoint(p), 0)).collect(Collectors.toSet());
        Set<IpAddress> addresses = Arrays.stream(ips).map(IpAddress::valueOf).collect(Collectors.toSet());
        MacAddress address = MacAddress.valueOf(mac);
        return new DefaultHost(PROVIDER, HostId.hostId(address, VlanId.NONE), address, VlanId.NONE, locations,
                               addresses, false);
    }

    /** A router's routes, "address port mac". */
    private static List<String> routes(Ipv4Routes routes, DeviceId router) {
        return routes.at(router).stream().map(r -> r.prefix + " " + r.port + " " + r.nextHopMac)
                .collect(Collectors.toList());
    }

    private static PiAction action(FlowRule rule) {
        return (PiAction) ((PiInstruction) rule.treatment().allInstructions().get(0)).action();
    }

    /** A parameter's octets in hex, as many as the entry carries. */
    private static String param(PiAction action, PiActionParamId id) {
        byte[] octets = action.parameters().stream().filter(p -> p.id().equals(id)).map(PiActionParam::value)
                .findFirst().orElseThrow().asArray();
        StringBuilder hex = new StringBuilder("0x");
        for (byte b : octets) {
            hex.append(String.format("%02x", b & 0xff));
        }
        return hex.toString();
    }

    @Test
    public void onlyTheBngProfilesHaveRoutingV4() {
        for (String profile : List.of("bng", "bng-access", "bng-forward")) {
            assertTrue(profile, Ipv4Routes.routesIpv4(Optional.of(BundledPipeconfs.bmv2(profile))));
        }
        for (String profile : List.of("full", "ipv6", "core", "gtpu", "nptv6")) {
            assertFalse(profile, Ipv4Routes.routesIpv4(Optional.of(BundledPipeconfs.bmv2(profile))));
        }
        // A device whose pipeconf is not known (yet) routes no IPv4.
        assertFalse(Ipv4Routes.routesIpv4(Optional.empty()));
    }

    @Test
    public void aHostsAddressIsASlash32OutOfItsPortToItsMac() {
        Ipv4Routes routes = new Ipv4Routes(
                List.of(host("00:00:00:00:0b:13", List.of("device:bng/3"), "10.0.3.13", "fd00:b:1::13")),
                Set.of(BNG));
        assertEquals(List.of("10.0.3.13/32 3 00:00:00:00:0B:13"), routes(routes, BNG));

        FlowRule rule = RULES.ipv4(routes.at(BNG).get(0), ROUTER_MAC);
        assertEquals(SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_ROUTING_V4, rule.table());
        assertEquals(BNG, rule.deviceId());
        assertEquals(RoutingManagerFixture.APP_ID.id(), rule.appId());
        assertTrue(rule.isPermanent());
        PiCriterion match = (PiCriterion) rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
        PiLpmFieldMatch lpm = (PiLpmFieldMatch) match.fieldMatch(HDR_IPV4_DST).orElseThrow();
        assertEquals(Ip4Address.valueOf("10.0.3.13"), Ip4Address.valueOf(lpm.value().asArray()));
        assertEquals(32, lpm.prefixLength());
        assertEquals(1, match.fieldMatches().size());
        PiAction action = action(rule);
        assertEquals(SIXFLOW_INGRESS_BNG_FORWARD_IPV4_ROUTING_SET_NEXT_HOP, action.id());
        assertEquals(3, action.parameters().size());
        // Widths as the P4Info gives them: port 9 bits (two octets), MACs 48.
        assertEquals("0x0003", param(action, PORT));
        assertEquals("0x00aa00000b01", param(action, SMAC));
        assertEquals("0x000000000b13", param(action, DMAC));
        for (String profile : List.of("bng", "bng-access", "bng-forward")) {
            assertEquals(profile, List.of(),
                         new PipelineModelChecker(BundledPipeconfs.bmv2(profile)).problems(rule));
        }
    }

    @Test
    public void onlyHostsAttachedToTheGivenRoutersCount() {
        // OTHER is not IPv4-capable (or not a router): its host gets nothing anywhere.
        Ipv4Routes routes = new Ipv4Routes(
                List.of(host("00:00:00:00:0b:13", List.of("device:bng/3"), "10.0.3.13"),
                        host("00:00:00:00:0c:13", List.of("device:other/3"), "10.0.4.13")),
                Set.of(BNG));
        assertEquals(List.of("10.0.3.13/32 3 00:00:00:00:0B:13"), routes(routes, BNG));
        assertEquals(List.of(), routes(routes, OTHER));
    }

    @Test
    public void ipv6AndUnroutableAddressesGetNoRoute() {
        Ipv4Routes routes = new Ipv4Routes(
                List.of(host("00:00:00:00:0b:13", List.of("device:bng/3"), "fd00:b:1::13", "0.0.0.0", "127.0.0.1",
                             "169.254.1.1", "224.0.0.1", "255.255.255.255", "192.0.2.7")),
                Set.of(BNG));
        assertEquals(List.of("192.0.2.7/32 3 00:00:00:00:0B:13"), routes(routes, BNG));
    }

    @Test
    public void aHostOnSeveralPortsIsRoutedToTheLowestOnEachRouter() {
        Ipv4Routes routes = new Ipv4Routes(
                List.of(host("00:00:00:00:0b:13", List.of("device:bng/10", "device:bng/2", "device:other/5"),
                             "10.0.3.13")),
                Set.of(BNG, OTHER));
        // Port 2, not 10 (as numbers, not as text).
        assertEquals(List.of("10.0.3.13/32 2 00:00:00:00:0B:13"), routes(routes, BNG));
        assertEquals(List.of("10.0.3.13/32 5 00:00:00:00:0B:13"), routes(routes, OTHER));
        assertEquals(List.of(), routes.conflicts());
    }

    @Test
    public void twoHostsWithOneAddressOnARouterAreAConflictTheLowerHostIdWins() {
        Ipv4Routes routes = new Ipv4Routes(
                List.of(host("00:00:00:00:0b:14", List.of("device:bng/4"), "10.0.3.13"),
                        host("00:00:00:00:0b:13", List.of("device:bng/3"), "10.0.3.13")),
                Set.of(BNG));
        assertEquals(List.of("10.0.3.13/32 3 00:00:00:00:0B:13"), routes(routes, BNG));
        assertEquals(List.of("10.0.3.13/32 on device:bng is claimed by host 00:00:00:00:0B:13/None at "
                                     + "device:bng/3, host 00:00:00:00:0B:14/None at device:bng/4"),
                     routes.conflicts());
    }

    @Test
    public void routesAreOrderedByAddress() {
        Ipv4Routes routes = new Ipv4Routes(
                List.of(host("00:00:00:00:0b:13", List.of("device:bng/3"), "10.0.3.13", "10.0.3.2", "9.9.9.9")),
                Set.of(BNG));
        assertEquals(List.of("9.9.9.9/32 3 00:00:00:00:0B:13", "10.0.3.2/32 3 00:00:00:00:0B:13",
                             "10.0.3.13/32 3 00:00:00:00:0B:13"), routes(routes, BNG));
    }

    @Test
    public void aPortPastThePipelinesWidthIsRefused() {
        Ipv4Routes.Route route = new Ipv4Routes.Route(BNG, Ip4Prefix.valueOf("10.0.3.13/32"),
                                                              PortNumber.portNumber(512),
                                                              MacAddress.valueOf("00:00:00:00:0b:13"), "test");
        try {
            RULES.ipv4(route, ROUTER_MAC);
            fail("port 512 does not fit 9 bits");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("port 512 of device:bng"));
        }
    }

    @Test
    public void routingV4EntriesOfThisAppAreRoutingRules() {
        FlowRule ours = RULES.ipv4(new Ipv4Routes.Route(BNG, Ip4Prefix.valueOf("10.0.3.13/32"),
                                                                PortNumber.portNumber(3),
                                                                MacAddress.valueOf("00:00:00:00:0b:13"), "test"),
                                       ROUTER_MAC);
        assertTrue(RULES.isRoutingRule(ours));
        // Another app's entry in the same table is not routing's to remove.
        FlowRule theirs = DefaultFlowRule.builder().fromApp(TestApplicationId.create("org.other")).forDevice(BNG)
                .forTable(ours.table()).withSelector(ours.selector()).withTreatment(ours.treatment())
                .withPriority(ours.priority()).makePermanent().build();
        assertFalse(RULES.isRoutingRule(theirs));
    }
}
