// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionProfileGroupId;
import org.onosproject.net.pi.runtime.PiGroupKey;
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.pipeconf.GroupIds;
import org.sixflow.pipeconf.P4Defines;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ECMP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ECMP_SELECTOR;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_ECMP_GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP;

/**
 * ECMP on the lab (RoutingManagerTest's): which next hops a route spreads over, what becomes of
 * its group when links come and go, and that a route whose group the device does not hold keeps
 * one next hop rather than pointing at nothing. Wuhan reaches shanghai's fd00:1:4::/64 in two
 * hops via nanjing (port 2) or guangzhou (port 3).
 */
public class EcmpRoutingTest {

    private static final DeviceId WUHAN = DeviceId.deviceId("device:wuhan");
    private static final Ip6Prefix SHANGHAI_SUBNET = Ip6Prefix.valueOf("fd00:1:4::/64");
    private static final MacAddress NANJING_MAC = MacAddress.valueOf("00:aa:00:00:00:03");
    private static final MacAddress GUANGZHOU_MAC = MacAddress.valueOf("00:aa:00:00:00:05");

    private RoutingManagerFixture fixture;

    @Before
    public void setUp() {
        fixture = new RoutingManagerFixture();
    }

    private Ipv6Route route(DeviceId device, Ip6Prefix prefix) {
        return fixture.manager.routes(device).stream().filter(r -> r.prefix().equals(prefix)).findFirst()
                .orElseThrow();
    }

    /** The action of a device's routing_v6 entry for a prefix. */
    private PiAction routingAction(DeviceId device, Ip6Prefix prefix) {
        FlowEntry entry = fixture.flows.entries().stream()
                .filter(e -> e.deviceId().equals(device) && SIXFLOW_INGRESS_ROUTING_ROUTING_V6.equals(e.table()))
                .filter(e -> {
                    PiCriterion match = (PiCriterion) e.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
                    PiLpmFieldMatch lpm = (PiLpmFieldMatch) match.fieldMatch(HDR_IPV6_DST).orElseThrow();
                    return Ip6Prefix.valueOf(Ip6Address.valueOf(lpm.value().asArray()), lpm.prefixLength())
                            .equals(prefix);
                })
                .findFirst().orElseThrow();
        return (PiAction) ((PiInstruction) entry.treatment().allInstructions().get(0)).action();
    }

    private static long number(byte[] bytes) {
        long value = 0;
        for (byte b : bytes) {
            value = value << 8 | (b & 0xff);
        }
        return value;
    }

    private List<Long> ecmpEntries(DeviceId device) {
        return fixture.flows.entries().stream()
                .filter(e -> e.deviceId().equals(device) && SIXFLOW_INGRESS_ROUTING_ECMP.equals(e.table()))
                .map(e -> (long) ((PiActionProfileGroupId) ((PiInstruction) e.treatment().allInstructions().get(0))
                        .action()).id())
                .collect(Collectors.toList());
    }

    @Test
    public void equalCostFirstLinksAreTheNextHopsInPortOrder() {
        Ipv6Route route = route(WUHAN, SHANGHAI_SUBNET);
        assertEquals(List.of(Ipv6Route.NextHop.of(PortNumber.portNumber(2), NANJING_MAC),
                             Ipv6Route.NextHop.of(PortNumber.portNumber(3), GUANGZHOU_MAC)), route.nextHops());
        // Without ECMP the route is its first next hop.
        assertEquals(2, route.port().toLong());
        assertEquals(NANJING_MAC, route.nextHopMac());
        // A route with one shortest path has one next hop.
        assertEquals(1, route(WUHAN, Ip6Prefix.valueOf("fd00:1:5::/64")).nextHops().size());
        assertEquals(Ipv6Route.State.INSTALLED, route.state());
    }

    @Test
    public void theRouteGoesToASelectGroupOfItsNextHops() {
        PiAction action = routingAction(WUHAN, SHANGHAI_SUBNET);
        assertEquals(SIXFLOW_INGRESS_ROUTING_SET_ECMP_GROUP, action.id());
        int group = (int) number(action.parameters().iterator().next().value().asArray());
        assertTrue(GroupIds.isEcmpGroup(group));
        GroupDescription held = fixture.groups.onDevice(WUHAN).stream().filter(g -> g.givenGroupId() == group)
                .findFirst().orElseThrow();
        assertEquals(GroupDescription.Type.SELECT, held.type());
        PiGroupKey key = (PiGroupKey) held.appCookie();
        assertEquals(SIXFLOW_INGRESS_ROUTING_ECMP, key.tableId());
        assertEquals(SIXFLOW_INGRESS_ROUTING_ECMP_SELECTOR, key.actionProfileId());
        assertEquals(2, held.buckets().buckets().size());
        held.buckets().buckets().forEach(b -> assertEquals(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP,
                ((PiAction) ((PiInstruction) b.treatment().allInstructions().get(0)).action()).id()));
        assertTrue(ecmpEntries(WUHAN).contains((long) group));
        // The lab's other ties (wuhan's /128 of no host; nanjing, shanghai, guangzhou) use groups of their own.
        assertEquals(1, fixture.groups.onDevice(WUHAN).size());
    }

    @Test
    public void aFailedLinkShrinksTheRouteToOneNextHopAndItsGroupGoes() {
        fixture.lab.fail("device:wuhan/3", "device:guangzhou/1");
        Ipv6Route route = route(WUHAN, SHANGHAI_SUBNET);
        assertEquals(List.of(Ipv6Route.NextHop.of(PortNumber.portNumber(2), NANJING_MAC)), route.nextHops());
        assertEquals(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP, routingAction(WUHAN, SHANGHAI_SUBNET).id());
        // Its ecmp entry and then its group are gone from the device.
        assertEquals(List.of(), ecmpEntries(WUHAN));
        assertEquals(List.of(), fixture.groups.onDevice(WUHAN));
        // The link comes back: once ONOS's poll drops the old key, the group is written again and used.
        fixture.lab.restore("device:wuhan/3", "device:guangzhou/1");
        assertEquals(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP, routingAction(WUHAN, SHANGHAI_SUBNET).id());
        fixture.groups.poll();
        assertEquals(SIXFLOW_INGRESS_ROUTING_SET_ECMP_GROUP, routingAction(WUHAN, SHANGHAI_SUBNET).id());
        assertEquals(1, fixture.groups.onDevice(WUHAN).size());
    }

    @Test
    public void aRefusedGroupLeavesTheRouteOnItsFirstNextHop() {
        fixture.groups.refusing.add(WUHAN);
        fixture.lab.fail("device:wuhan/3", "device:guangzhou/1");
        fixture.groups.poll();
        fixture.lab.restore("device:wuhan/3", "device:guangzhou/1");
        // Wanted again, refused: the route forwards by its first next hop, never to a missing group.
        PiAction action = routingAction(WUHAN, SHANGHAI_SUBNET);
        assertEquals(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP, action.id());
        assertEquals(List.of(), ecmpEntries(WUHAN));
        assertEquals(2, route(WUHAN, SHANGHAI_SUBNET).nextHops().size());
        // The check backs off and tries again; once the device takes groups (ONOS drops the refused
        // one on its poll: GROUP_ADD_FAILED), the next check writes it and the route moves to it.
        assertFalse(fixture.timer.pending().isEmpty());
        fixture.groups.refusing.remove(WUHAN);
        fixture.groups.poll();
        fixture.timer.advance(java.time.Duration.ofMillis(RoutingManager.GROUP_CHECK_MAX_MILLIS));
        assertEquals(SIXFLOW_INGRESS_ROUTING_SET_ECMP_GROUP, routingAction(WUHAN, SHANGHAI_SUBNET).id());
    }

    @Test
    public void aProfileWithoutEcmpTakesTheFirstNextHop() {
        fixture.pipeconfs.bindToDevice(SixflowPipeconfs.id("gtpu", PipeconfTarget.BMV2), WUHAN);
        fixture.lab.fail("device:wuhan/3", "device:guangzhou/1");
        fixture.lab.restore("device:wuhan/3", "device:guangzhou/1");
        PiAction action = routingAction(WUHAN, SHANGHAI_SUBNET);
        assertEquals(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP, action.id());
        assertEquals(List.of(), ecmpEntries(WUHAN));
        assertEquals(2, route(WUHAN, SHANGHAI_SUBNET).port().toLong());
    }

    @Test
    public void groupIdsDependOnlyOnTheMemberSets() {
        MacAddress router = MacAddress.valueOf("00:aa:00:00:00:02");
        List<EcmpGroups.Members> sets = new ArrayList<>();
        for (int i = 1; i <= 50; i++) {
            sets.add(new EcmpGroups.Members(router, List.of(
                    Ipv6Route.NextHop.of(PortNumber.portNumber(i), MacAddress.valueOf(i)),
                    Ipv6Route.NextHop.of(PortNumber.portNumber(i + 1), MacAddress.valueOf(i + 1)))));
        }
        Map<EcmpGroups.Members, Integer> ids = EcmpGroups.allocate(sets);
        List<EcmpGroups.Members> shuffled = new ArrayList<>(sets);
        Collections.shuffle(shuffled, new java.util.Random(7));
        assertEquals(ids, EcmpGroups.allocate(shuffled));
        assertEquals(50, ids.values().stream().distinct().count());
        assertTrue(ids.values().stream().allMatch(GroupIds::isEcmpGroup));
        // A set keeps its id when another set goes (unless it had been pushed on by a collision).
        Map<EcmpGroups.Members, Integer> fewer = EcmpGroups.allocate(sets.subList(1, 50));
        long kept = fewer.entrySet().stream().filter(e -> e.getValue().equals(ids.get(e.getKey()))).count();
        assertTrue(kept >= 45);
        // More sets than groups: the rest get none (their routes keep one next hop).
        List<EcmpGroups.Members> many = new ArrayList<>();
        for (int i = 1; i <= P4Defines.ECMP_GROUPS + 5; i++) {
            many.add(new EcmpGroups.Members(router, List.of(
                    Ipv6Route.NextHop.of(PortNumber.portNumber(1), MacAddress.valueOf(i)),
                    Ipv6Route.NextHop.of(PortNumber.portNumber(2), MacAddress.valueOf(i)))));
        }
        assertEquals(P4Defines.ECMP_GROUPS, EcmpGroups.allocate(many).size());
    }
}
