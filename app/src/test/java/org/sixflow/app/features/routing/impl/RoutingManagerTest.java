// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.Ip6Prefix;
import org.onlab.packet.MacAddress;
import org.onosproject.net.DefaultPort;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.Criterion;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.flow.instructions.PiInstruction;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.pi.model.PiActionParamId;
import org.onosproject.net.pi.model.PiPipelineModel;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiActionProfileGroupId;
import org.onosproject.net.pi.runtime.PiExactFieldMatch;
import org.onosproject.net.pi.runtime.PiLpmFieldMatch;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.features.routing.api.RoutingEvent;
import org.sixflow.pipeconf.PipeconfTarget;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.sixflow.pipeconf.testing.BundledPipeconfs;
import org.sixflow.pipeconf.testing.PipelineModelChecker;

import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CopyOnWriteArraySet;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.GROUP_ID;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_EG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_ETH_DST;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IG_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.MTU;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MTU_PORT_MTU;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_EGRESS_MTU_SET_MTU;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ECMP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_PUNT_TO_ROUTER;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_ECMP_GROUP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_STATION_HOST_PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_STATION_MY_STATION;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_STATION_SET_MY_STATION;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;

/**
 * Routes of the lab (docker/netcfg.json, docker/mininet/topology.py): routers 00:aa:00:00:00:0N
 * beijing (1), wuhan (2), nanjing (3), shanghai (4), guangzhou (5); links beijing/1-wuhan/1,
 * beijing/2-nanjing/1, wuhan/2-nanjing/2, wuhan/3-guangzhou/1, nanjing/3-shanghai/1,
 * shanghai/2-guangzhou/2; one host per edge. Entries are read back from the flow-rule store and
 * checked against the bmv2 P4Info.
 */
public class RoutingManagerTest {

    private static final PiPipelineModel MODEL = BundledPipeconfs.bmv2().pipelineModel();
    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final DeviceId WUHAN = DeviceId.deviceId("device:wuhan");
    private static final DeviceId NANJING = DeviceId.deviceId("device:nanjing");
    private static final DeviceId SHANGHAI = DeviceId.deviceId("device:shanghai");
    private static final DeviceId GUANGZHOU = DeviceId.deviceId("device:guangzhou");
    private static final HostId H_BJ = HostId.hostId("00:00:00:00:01:10/None");

    /**
     * Every entry of the lab, "device prefix kind port next-hop-MAC", or for a route over an ECMP
     * group "device prefix kind ecmp port/MAC,port/MAC" (the group's members, as the device holds
     * them). Ties (wuhan and shanghai, nanjing and guangzhou to each other: two hops either way)
     * are ECMP groups, since the lab's devices run the full profile, which has ECMP.
     */
    private static final Set<String> LAB = Set.of(
            "device:beijing fd00:1:1::10/128 HOST 3 00:00:00:00:01:10",
            "device:beijing fd00:1:2::/64 LOCATOR 1 00:aa:00:00:00:02",
            "device:beijing fd00:1:3::/64 SUBNET 2 00:aa:00:00:00:03",
            "device:beijing fd00:1:4::/64 SUBNET 2 00:aa:00:00:00:03",
            "device:beijing fd00:1:5::/64 SUBNET 1 00:aa:00:00:00:02",
            "device:wuhan fd00:1:1::/64 SUBNET 1 00:aa:00:00:00:01",
            "device:wuhan fd00:1:3::/64 SUBNET 2 00:aa:00:00:00:03",
            "device:wuhan fd00:1:4::/64 SUBNET ecmp 2/00:aa:00:00:00:03,3/00:aa:00:00:00:05",
            "device:wuhan fd00:1:5::/64 SUBNET 3 00:aa:00:00:00:05",
            "device:nanjing fd00:1:1::/64 SUBNET 1 00:aa:00:00:00:01",
            "device:nanjing fd00:1:2::/64 LOCATOR 2 00:aa:00:00:00:02",
            "device:nanjing fd00:1:3::10/128 HOST 4 00:00:00:00:03:10",
            "device:nanjing fd00:1:4::/64 SUBNET 3 00:aa:00:00:00:04",
            "device:nanjing fd00:1:5::/64 SUBNET ecmp 2/00:aa:00:00:00:02,3/00:aa:00:00:00:04",
            "device:shanghai fd00:1:1::/64 SUBNET 1 00:aa:00:00:00:03",
            "device:shanghai fd00:1:2::/64 LOCATOR ecmp 1/00:aa:00:00:00:03,2/00:aa:00:00:00:05",
            "device:shanghai fd00:1:3::/64 SUBNET 1 00:aa:00:00:00:03",
            "device:shanghai fd00:1:4::10/128 HOST 3 00:00:00:00:04:10",
            "device:shanghai fd00:1:5::/64 SUBNET 2 00:aa:00:00:00:05",
            "device:guangzhou fd00:1:1::/64 SUBNET 1 00:aa:00:00:00:02",
            "device:guangzhou fd00:1:2::/64 LOCATOR 1 00:aa:00:00:00:02",
            "device:guangzhou fd00:1:3::/64 SUBNET ecmp 1/00:aa:00:00:00:02,2/00:aa:00:00:00:04",
            "device:guangzhou fd00:1:4::/64 SUBNET 2 00:aa:00:00:00:04",
            "device:guangzhou fd00:1:5::10/128 HOST 3 00:00:00:00:05:10");

    private RoutingManagerFixture fixture;

    @Before
    public void setUp() {
        fixture = new RoutingManagerFixture();
    }

    /** The routing entries in the flow-rule store, "device prefix kind port dmac" (kind from the service). */
    private Set<String> installed() {
        Set<String> lines = new TreeSet<>();
        for (FlowEntry entry : fixture.flows.entries()) {
            if (!isRoute(entry)) {
                continue;
            }
            Entry e = new Entry(entry);
            // The kind is the service's; "?" for an entry no route wants (left on an unreachable device).
            String kind = fixture.manager.routes(e.device).stream().filter(r -> r.prefix().equals(e.prefix))
                    .map(r -> r.kind().name()).findFirst().orElse("?");
            String nextHop = e.group < 0 ? e.port + " " + e.dmac.toString().toLowerCase() : "ecmp " + members(e);
            lines.add(e.device + " " + e.prefix + " " + kind + " " + nextHop);
        }
        return lines;
    }

    /** An ECMP entry's group as its device holds it: "port/MAC" per member, checked against the P4Info. */
    private String members(Entry e) {
        GroupDescription group = fixture.groups.onDevice(e.device).stream()
                .filter(g -> g.givenGroupId() == e.group).findFirst().orElseThrow();
        assertEquals(GroupDescription.Type.SELECT, group.type());
        // Its ecmp entry: the group id to the action profile group.
        assertTrue(fixture.flows.entries().stream().anyMatch(
                f -> f.deviceId().equals(e.device) && SIXFLOW_INGRESS_ROUTING_ECMP.equals(f.table())
                        && ((PiInstruction) f.treatment().allInstructions().get(0)).action()
                        .equals(PiActionProfileGroupId.of(e.group))));
        return group.buckets().buckets().stream().map(b -> {
            PiAction action = (PiAction) ((PiInstruction) b.treatment().allInstructions().get(0)).action();
            assertEquals(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP, action.id());
            assertEquals(routerMac(e.device), MacAddress.valueOf(Entry.param(action, SMAC)).toString().toLowerCase());
            return Entry.number(Entry.param(action, PORT)) + "/"
                    + MacAddress.valueOf(Entry.param(action, DMAC)).toString().toLowerCase();
        }).collect(Collectors.joining(","));
    }

    /** An entry decoded from its PI match and action, and checked against the P4Info. */
    private static final class Entry {
        final DeviceId device;
        final Ip6Prefix prefix;
        final long port;
        final MacAddress smac;
        final MacAddress dmac;
        /** The ECMP group of a set_ecmp_group entry; -1 for set_next_hop. */
        final int group;

        Entry(FlowRule rule) {
            assertEquals(List.of(), new PipelineModelChecker(MODEL).problems(rule));
            device = rule.deviceId();
            PiCriterion match = (PiCriterion) rule.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
            PiLpmFieldMatch lpm = (PiLpmFieldMatch) match.fieldMatch(HDR_IPV6_DST).orElseThrow();
            prefix = Ip6Prefix.valueOf(Ip6Address.valueOf(lpm.value().asArray()), lpm.prefixLength());
            PiAction action = (PiAction) ((PiInstruction) rule.treatment().allInstructions().get(0)).action();
            if (SIXFLOW_INGRESS_ROUTING_SET_ECMP_GROUP.equals(action.id())) {
                group = (int) number(param(action, GROUP_ID));
                port = -1;
                smac = null;
                dmac = null;
                return;
            }
            assertEquals(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP, action.id());
            group = -1;
            port = number(param(action, PORT));
            smac = MacAddress.valueOf(param(action, SMAC));
            dmac = MacAddress.valueOf(param(action, DMAC));
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
    }

    private static String routerMac(DeviceId device) {
        return "00:aa:00:00:00:0" + (List.of(BEIJING, WUHAN, NANJING, SHANGHAI, GUANGZHOU).indexOf(device) + 1);
    }

    private Set<String> installedOn(DeviceId device) {
        return installed().stream().filter(l -> l.startsWith(device + " ")).collect(Collectors.toSet());
    }

    private static Set<String> lab(DeviceId device) {
        return LAB.stream().filter(l -> l.startsWith(device + " ")).collect(Collectors.toSet());
    }

    /** The writes of routing_v6 entries since the log was last cleared, "op device prefix" ("stage" alone). */
    private List<String> writes() {
        return fixture.flows.log.stream()
                .filter(w -> w.rule == null || isRoute(w.rule))
                .map(w -> w.rule == null ? w.op : w.op + " " + w.rule.deviceId() + " " + new Entry(w.rule).prefix)
                .collect(Collectors.toList());
    }

    /** The routing_v6 entries in the flow-rule store that route (set_next_hop, set_ecmp_group). */
    private List<FlowEntry> routingEntries() {
        return fixture.flows.entries().stream().filter(RoutingManagerTest::isRoute).collect(Collectors.toList());
    }

    private static boolean isRoute(FlowRule rule) {
        return rule.table().equals(SIXFLOW_INGRESS_ROUTING_ROUTING_V6)
                && (action(rule).id().equals(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP)
                        || action(rule).id().equals(SIXFLOW_INGRESS_ROUTING_SET_ECMP_GROUP));
    }

    private static PiAction action(FlowRule rule) {
        return (PiAction) ((PiInstruction) rule.treatment().allInstructions().get(0)).action();
    }

    /** The routing_v6 entries that punt a router's own address, "device address", checked against the P4Info. */
    private Set<String> routerAddresses() {
        Set<String> lines = new TreeSet<>();
        for (FlowEntry entry : fixture.flows.entries()) {
            if (!entry.table().equals(SIXFLOW_INGRESS_ROUTING_ROUTING_V6) || isRoute(entry)) {
                continue;
            }
            assertEquals(List.of(), new PipelineModelChecker(MODEL).problems(entry));
            assertEquals(SIXFLOW_INGRESS_ROUTING_PUNT_TO_ROUTER, action(entry).id());
            assertTrue(action(entry).parameters().isEmpty());
            PiCriterion match = (PiCriterion) entry.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
            PiLpmFieldMatch lpm = (PiLpmFieldMatch) match.fieldMatch(HDR_IPV6_DST).orElseThrow();
            lines.add(entry.deviceId() + " " + Ip6Address.valueOf(lpm.value().asArray()) + "/" + lpm.prefixLength());
        }
        return lines;
    }

    /** The my_station entries in the flow-rule store, "device mac", checked against the P4Info. */
    private Set<String> stations() {
        Set<String> lines = new TreeSet<>();
        for (FlowEntry entry : fixture.flows.entries()) {
            if (!entry.table().equals(SIXFLOW_INGRESS_STATION_MY_STATION)) {
                continue;
            }
            assertEquals(List.of(), new PipelineModelChecker(MODEL).problems(entry));
            PiCriterion match = (PiCriterion) entry.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
            PiExactFieldMatch mac = (PiExactFieldMatch) match.fieldMatch(HDR_ETH_DST).orElseThrow();
            PiAction action = (PiAction) ((PiInstruction) entry.treatment().allInstructions().get(0)).action();
            assertEquals(SIXFLOW_INGRESS_STATION_SET_MY_STATION, action.id());
            lines.add(entry.deviceId() + " " + MacAddress.valueOf(mac.value().asArray()));
        }
        return lines;
    }

    /** The host_port entries in the flow-rule store, "device/port", checked against the P4Info. */
    private Set<String> hostPorts() {
        Set<String> lines = new TreeSet<>();
        for (FlowEntry entry : fixture.flows.entries()) {
            if (!entry.table().equals(SIXFLOW_INGRESS_STATION_HOST_PORT)) {
                continue;
            }
            assertEquals(List.of(), new PipelineModelChecker(MODEL).problems(entry));
            PiCriterion match = (PiCriterion) entry.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
            PiExactFieldMatch port = (PiExactFieldMatch) match.fieldMatch(HDR_IG_PORT).orElseThrow();
            lines.add(entry.deviceId() + "/" + Entry.number(port.value().asArray()));
        }
        return lines;
    }

    @Test
    public void theSrDomainEndsAtHostFacingPorts() {
        // Interfaces and hosts of the lab, none on a link between routers.
        assertEquals(Set.of("device:beijing/3", "device:nanjing/4", "device:shanghai/3", "device:guangzhou/3"),
                     hostPorts());
        // A host seen on a link port (say, from a mirrored frame) does not make it host-facing.
        fixture.hosts.move(H_BJ, "device:wuhan/1");
        assertFalse(hostPorts().contains("device:wuhan/1"));
    }

    @Test
    public void aProfileWithoutMsr6GetsNoHostPortEntries() {
        // gtpu has no host_port table (the SR domain's end is MSR6's): its entries would fail.
        fixture.pipeconfs.bindToDevice(SixflowPipeconfs.id("gtpu", PipeconfTarget.BMV2), GUANGZHOU);
        // Any topology event recomputes; a host seen again where it is will do.
        fixture.hosts.move(H_BJ, "device:beijing/3");
        assertEquals(Set.of("device:beijing/3", "device:nanjing/4", "device:shanghai/3"), hostPorts());
    }

    /** The port_mtu entries in the flow-rule store, "device/port mtu", checked against the P4Info. */
    private Set<String> mtus() {
        Set<String> lines = new TreeSet<>();
        for (FlowEntry entry : fixture.flows.entries()) {
            if (!entry.table().equals(SIXFLOW_EGRESS_MTU_PORT_MTU)) {
                continue;
            }
            assertEquals(List.of(), new PipelineModelChecker(MODEL).problems(entry));
            PiCriterion match = (PiCriterion) entry.selector().getCriterion(Criterion.Type.PROTOCOL_INDEPENDENT);
            PiExactFieldMatch port = (PiExactFieldMatch) match.fieldMatch(HDR_EG_PORT).orElseThrow();
            PiAction action = (PiAction) ((PiInstruction) entry.treatment().allInstructions().get(0)).action();
            assertEquals(SIXFLOW_EGRESS_MTU_SET_MTU, action.id());
            lines.add(entry.deviceId() + "/" + Entry.number(port.value().asArray()) + " "
                              + Entry.number(Entry.param(action, MTU)));
        }
        return lines;
    }

    @Test
    public void aProvidersAggregateIsRoutedEverywhereAndWhatItDelegatesOnlyOnTheWayToTheCustomer() {
        // guangzhou is a provider: it originates 2001:db8::/32 and delegates 2001:db8:1::/48 to
        // beijing, its customer two hops away through wuhan.
        ObjectNode guangzhou = (ObjectNode) fixture.lab.netcfg.getConfig(GUANGZHOU, SixflowDeviceConfig.class)
                .node().deepCopy();
        guangzhou.putArray(SixflowDeviceConfig.AGGREGATES).add("2001:db8::/32");
        guangzhou.putObject(SixflowDeviceConfig.DELEGATIONS).put("2001:db8:1::/48", "device:beijing");
        fixture.lab.netcfg.applyConfig(GUANGZHOU, SixflowDeviceConfig.class, guangzhou);
        Set<String> expected = new TreeSet<>(LAB);
        expected.addAll(Set.of(
                "device:beijing 2001:db8::/32 AGGREGATE 1 00:aa:00:00:00:02",
                "device:wuhan 2001:db8::/32 AGGREGATE 3 00:aa:00:00:00:05",
                "device:nanjing 2001:db8::/32 AGGREGATE ecmp 2/00:aa:00:00:00:02,3/00:aa:00:00:00:04",
                "device:shanghai 2001:db8::/32 AGGREGATE 2 00:aa:00:00:00:05",
                // Only guangzhou and wuhan: beijing is the customer, nanjing and shanghai reach
                // it through the aggregate (no new route in the rest of the network).
                "device:guangzhou 2001:db8:1::/48 DELEGATED 1 00:aa:00:00:00:02",
                "device:wuhan 2001:db8:1::/48 DELEGATED 1 00:aa:00:00:00:01"));
        assertEquals(expected, installed());
        assertTrue(fixture.manager.conflicts().toString(), fixture.manager.conflicts().isEmpty());
        // Taken out of netcfg: the routes go.
        guangzhou.remove(SixflowDeviceConfig.AGGREGATES);
        guangzhou.remove(SixflowDeviceConfig.DELEGATIONS);
        fixture.lab.netcfg.applyConfig(GUANGZHOU, SixflowDeviceConfig.class, guangzhou);
        assertEquals(LAB, installed());
    }

    @Test
    public void aPrefixDelegatedToTwoCustomersIsAConflict() {
        ObjectNode guangzhou = (ObjectNode) fixture.lab.netcfg.getConfig(GUANGZHOU, SixflowDeviceConfig.class)
                .node().deepCopy();
        guangzhou.putObject(SixflowDeviceConfig.DELEGATIONS).put("2001:db8:1::/48", "device:beijing");
        fixture.lab.netcfg.applyConfig(GUANGZHOU, SixflowDeviceConfig.class, guangzhou);
        ObjectNode nanjing = (ObjectNode) fixture.lab.netcfg.getConfig(NANJING, SixflowDeviceConfig.class)
                .node().deepCopy();
        nanjing.putObject(SixflowDeviceConfig.DELEGATIONS).put("2001:db8:1::/48", "device:shanghai");
        fixture.lab.netcfg.applyConfig(NANJING, SixflowDeviceConfig.class, nanjing);
        assertTrue(fixture.manager.conflicts().toString(), fixture.manager.conflicts().stream().anyMatch(
                c -> c.startsWith("2001:db8:1::/48 is claimed by")));
    }

    @Test
    public void portsGetTheMtuNetcfgGivesThem() {
        // The lab's netcfg gives none: no port is checked.
        assertEquals(Set.of(), mtus());
        Device device = fixture.lab.devices.getDevice(WUHAN);
        fixture.lab.devices.setPorts(WUHAN, List.of(new DefaultPort(device, PortNumber.portNumber(1), true),
                                                    new DefaultPort(device, PortNumber.portNumber(2), true),
                                                    new DefaultPort(device, PortNumber.portNumber(3), true),
                                                    new DefaultPort(device, PortNumber.CONTROLLER, true)));
        ObjectNode wuhan = (ObjectNode) fixture.lab.netcfg.getConfig(WUHAN, SixflowDeviceConfig.class).node()
                .deepCopy();
        wuhan.put(SixflowDeviceConfig.MTU, 1500);
        wuhan.putObject(SixflowDeviceConfig.PORT_MTU).put("2", 9000);
        fixture.lab.netcfg.applyConfig(WUHAN, SixflowDeviceConfig.class, wuhan);
        // Every physical port: 1500, but port 2's own 9000.
        assertEquals(Set.of("device:wuhan/1 1500", "device:wuhan/2 9000", "device:wuhan/3 1500"), mtus());
        // Taking the MTU out of netcfg takes the entries away.
        wuhan.remove(SixflowDeviceConfig.MTU);
        wuhan.remove(SixflowDeviceConfig.PORT_MTU);
        fixture.lab.netcfg.applyConfig(WUHAN, SixflowDeviceConfig.class, wuhan);
        assertEquals(Set.of(), mtus());
    }

    @Test
    public void everyRouterPuntsItsOwnAddressesForPings() {
        // Interface addresses (netcfg ports), link-local addresses (EUI-64 of myStationMac) and the
        // locators' interface id 1 (beijing's is also its interface address).
        assertEquals(new TreeSet<>(Set.of(
                "device:beijing fd00:1:1::1/128", "device:beijing fe80::2aa:ff:fe00:1/128",
                "device:wuhan fd00:1:2::1/128", "device:wuhan fe80::2aa:ff:fe00:2/128",
                "device:nanjing fd00:1:3::1/128", "device:nanjing fe80::2aa:ff:fe00:3/128",
                "device:shanghai fd00:1:4::1/128", "device:shanghai fe80::2aa:ff:fe00:4/128",
                "device:guangzhou fd00:1:5::1/128", "device:guangzhou fe80::2aa:ff:fe00:5/128")),
                     routerAddresses());
    }

    @Test
    public void theAddressesFeaturesEndOnARouterAreItsOwnToo() {
        // GTP-U's N3 addresses: a ping to one is the router's, not a packet without a route.
        Set<Ip6Address> n3 = new CopyOnWriteArraySet<>();
        fixture.localAddresses.addProvider(device -> device.equals(BEIJING) ? Set.copyOf(n3) : Set.of());
        n3.add(Ip6Address.valueOf("fd00:1:1::2152:1"));
        fixture.localAddresses.changed(BEIJING);
        assertTrue(routerAddresses().contains("device:beijing fd00:1:1::2152:1/128"));
        assertEquals(11, routerAddresses().size());
        n3.clear();
        fixture.localAddresses.changed(BEIJING);
        assertFalse(routerAddresses().contains("device:beijing fd00:1:1::2152:1/128"));
        assertEquals(10, routerAddresses().size());
    }

    @Test
    public void everyRouterAnswersToItsStationMac() {
        assertEquals(Set.of("device:beijing 00:AA:00:00:00:01", "device:wuhan 00:AA:00:00:00:02",
                            "device:nanjing 00:AA:00:00:00:03", "device:shanghai 00:AA:00:00:00:04",
                            "device:guangzhou 00:AA:00:00:00:05"), stations());
        // A new myStationMac replaces the old entry; the others stay.
        ObjectNode wuhan = (ObjectNode) fixture.lab.netcfg.getConfig(WUHAN, SixflowDeviceConfig.class).node()
                .deepCopy();
        wuhan.put(SixflowDeviceConfig.MY_STATION_MAC, "00:aa:00:00:00:22");
        fixture.lab.netcfg.applyConfig(WUHAN, SixflowDeviceConfig.class, wuhan);
        assertTrue(stations().contains("device:wuhan 00:AA:00:00:00:22"));
        assertFalse(stations().contains("device:wuhan 00:AA:00:00:00:02"));
        assertEquals(5, stations().size());
    }

    @Test
    public void everyDeviceRoutesHostsSubnetsAndLocatorsAlongShortestPaths() {
        assertEquals(new TreeSet<>(LAB), installed());
        for (FlowEntry entry : routingEntries()) {
            Entry e = new Entry(entry);
            if (e.group < 0) {
                // (A group's members are checked in installed().)
                assertEquals("source MAC of " + e.device, MacAddress.valueOf(routerMac(e.device)), e.smac);
            }
        }
        // One entry per (device, prefix), each confirmed.
        assertEquals(LAB.size(), routingEntries().size());
        assertEquals(LAB.size(), fixture.manager.routes().size());
        assertTrue(fixture.manager.routes().stream().allMatch(r -> r.state() == Ipv6Route.State.INSTALLED));
    }

    @Test
    public void aDeviceWhoseEntriesCannotBeReadListsItsRoutesUnconfirmed() {
        // As on an instance that does not master beijing while its master is replaced: ONOS's
        // store asks the master and fails (a cluster run answered GET routes with 500 then).
        assertTrue(fixture.manager.routes(BEIJING).stream().allMatch(r -> r.state() == Ipv6Route.State.INSTALLED));
        fixture.flows.unreadable = BEIJING::equals;
        List<Ipv6Route> beijing = fixture.manager.routes(BEIJING);
        assertFalse(beijing.isEmpty());
        assertTrue(beijing.stream().allMatch(r -> r.state() == Ipv6Route.State.REQUESTED));
        assertTrue(fixture.manager.routes(WUHAN).stream().allMatch(r -> r.state() == Ipv6Route.State.INSTALLED));
        assertEquals(LAB.size(), fixture.manager.routes().size());
        fixture.flows.unreadable = device -> false;
        assertTrue(fixture.manager.routes(BEIJING).stream().allMatch(r -> r.state() == Ipv6Route.State.INSTALLED));
    }

    @Test
    public void anEdgeWhoseSubnetIsItsLocatorHoldsItsHostsNotARouteToItself() {
        // beijing: locator fd00:1:1::/64 and the subnet of beijing/3 are the same prefix.
        List<Ipv6Route> beijing = fixture.manager.routes(BEIJING);
        assertFalse(beijing.stream().anyMatch(r -> r.prefix().equals(Ip6Prefix.valueOf("fd00:1:1::/64"))));
        Ipv6Route host = beijing.stream().filter(r -> r.prefix().equals(Ip6Prefix.valueOf("fd00:1:1::10/128")))
                .findFirst().orElseThrow();
        assertEquals(Ipv6Route.Kind.HOST, host.kind());
        // Elsewhere locator and subnet of beijing are one route, of kind SUBNET.
        assertEquals(1, fixture.manager.routes(WUHAN).stream()
                .filter(r -> r.prefix().equals(Ip6Prefix.valueOf("fd00:1:1::/64"))
                        && r.kind() == Ipv6Route.Kind.SUBNET).count());
    }

    @Test
    public void routesAreListedByDeviceThenPrefix() {
        List<String> listed = fixture.manager.routes().stream().map(r -> r.deviceId() + " " + r.prefix())
                .collect(Collectors.toList());
        assertEquals("device:beijing fd00:1:1::10/128", listed.get(0));
        assertEquals("device:wuhan fd00:1:5::/64", listed.get(listed.size() - 1));
        assertEquals(List.of("fd00:1:1::/64", "fd00:1:3::/64", "fd00:1:4::/64", "fd00:1:5::/64"),
                     fixture.manager.routes(WUHAN).stream().map(r -> r.prefix().toString())
                             .collect(Collectors.toList()));
    }

    @Test(expected = IllegalArgumentException.class)
    public void anUnknownDeviceIsRefused() {
        fixture.manager.routes(DeviceId.deviceId("device:lhasa"));
    }

    @Test
    public void aLinkDownMovesRoutesToTheNewNextHopAndLeavesNoOldEntry() {
        fixture.events.clear();
        fixture.flows.log.clear();
        fixture.lab.fail("device:nanjing/3", "device:shanghai/1");
        // nanjing now reaches shanghai through wuhan and guangzhou; beijing through wuhan.
        assertTrue(installedOn(NANJING).contains("device:nanjing fd00:1:4::/64 SUBNET 2 00:aa:00:00:00:02"));
        assertTrue(installedOn(BEIJING).contains("device:beijing fd00:1:4::/64 SUBNET 1 00:aa:00:00:00:02"));
        assertTrue(installedOn(WUHAN).contains("device:wuhan fd00:1:4::/64 SUBNET 3 00:aa:00:00:00:05"));
        assertEquals(Set.of("device:shanghai fd00:1:1::/64 SUBNET 2 00:aa:00:00:00:05",
                            "device:shanghai fd00:1:2::/64 LOCATOR 2 00:aa:00:00:00:05",
                            "device:shanghai fd00:1:3::/64 SUBNET 2 00:aa:00:00:00:05",
                            "device:shanghai fd00:1:4::10/128 HOST 3 00:00:00:00:04:10",
                            "device:shanghai fd00:1:5::/64 SUBNET 2 00:aa:00:00:00:05"), installedOn(SHANGHAI));
        // Still one entry per (device, prefix): the old next hops are gone.
        assertEquals(LAB.size(), routingEntries().size());
        assertFalse(installed().contains("device:nanjing fd00:1:4::/64 SUBNET 3 00:aa:00:00:00:04"));
        assertTrue(fixture.events.stream().anyMatch(e -> e.type() == RoutingEvent.Type.ROUTE_UPDATED
                && e.subject().deviceId().equals(NANJING)
                && e.subject().prefix().equals(Ip6Prefix.valueOf("fd00:1:4::/64"))
                && e.subject().port().toLong() == 2));
        // Changed in place: the same entries modified, nothing removed.
        assertTrue(writes().contains("modify device:nanjing fd00:1:4::/64"));
        assertFalse(writes().stream().anyMatch(w -> w.startsWith("remove") || w.startsWith("add")));
    }

    @Test
    public void aDeviceDownTakesItsPrefixesOffTheOthers() {
        fixture.events.clear();
        fixture.lab.devices.addSwitch(SHANGHAI.toString(), false);
        fixture.lab.devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED,
                                                 fixture.lab.devices.getDevice(SHANGHAI)));
        for (DeviceId other : List.of(BEIJING, WUHAN, NANJING, GUANGZHOU)) {
            assertFalse(installedOn(other).stream().anyMatch(l -> l.contains(" fd00:1:4:")));
            assertEquals(0, fixture.manager.routes(other).stream()
                    .filter(r -> r.prefix().toString().startsWith("fd00:1:4:")).count());
        }
        assertEquals(4, fixture.events.stream().filter(e -> e.type() == RoutingEvent.Type.ROUTE_REMOVED
                && e.subject().prefix().equals(Ip6Prefix.valueOf("fd00:1:4::/64"))).count());
        // The unreachable device's own entries are left for when it returns; no routes are listed for it.
        assertEquals(lab(SHANGHAI).size(), installedOn(SHANGHAI).size());
        assertEquals(List.of(), fixture.manager.routes(SHANGHAI));
    }

    @Test
    public void aDeviceThatComesBackGetsItsEntriesWrittenAgain() {
        fixture.lab.devices.addSwitch(WUHAN.toString(), false);
        fixture.lab.devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED,
                                                 fixture.lab.devices.getDevice(WUHAN)));
        fixture.flows.log.clear();
        fixture.lab.devices.addSwitch(WUHAN.toString(), true);
        fixture.lab.devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED,
                                                 fixture.lab.devices.getDevice(WUHAN)));
        // The store still lists wuhan's entries, but the device may have lost them: all four go again.
        assertEquals(4, writes().stream().filter(w -> w.startsWith("add device:wuhan ")).count());
        // The ECMP groups through wuhan went with it; ONOS keeps their keys (PENDING_DELETE) until its
        // poll, meanwhile their routes have one next hop; after the poll the groups come back.
        assertTrue(installed().contains("device:shanghai fd00:1:2::/64 LOCATOR 1 00:aa:00:00:00:03"));
        fixture.groups.poll();
        assertEquals(new TreeSet<>(LAB), installed());
    }

    @Test
    public void newRoutesGoInBeforeOldOnesComeOut() {
        // wuhan's locator moves: the others gain the new /64 and lose the old one, in that order.
        ObjectNode wuhan = (ObjectNode) fixture.lab.netcfg.getConfig(WUHAN, SixflowDeviceConfig.class).node()
                .deepCopy();
        wuhan.put(SixflowDeviceConfig.LOCATOR, "fd00:1:22::/64");
        fixture.flows.log.clear();
        fixture.lab.netcfg.applyConfig(WUHAN, SixflowDeviceConfig.class, wuhan);
        List<String> writes = writes();
        assertEquals(List.of("stage", "add", "add", "add", "add", "stage", "remove", "remove", "remove", "remove"),
                     writes.stream().map(w -> w.split(" ")[0]).collect(Collectors.toList()));
        assertTrue(writes.toString(), writes.subList(1, 5).stream().allMatch(w -> w.endsWith(" fd00:1:22::/64")));
        assertTrue(writes.toString(), writes.subList(6, 10).stream().allMatch(w -> w.endsWith(" fd00:1:2::/64")));
        assertTrue(installed().contains("device:beijing fd00:1:22::/64 LOCATOR 1 00:aa:00:00:00:02"));
    }

    @Test
    public void aMovedHostIsRoutedToItsNewEdgeEverywhere() {
        fixture.events.clear();
        fixture.hosts.move(H_BJ, "device:shanghai/3");
        Set<String> host = installed().stream().filter(l -> l.contains(" fd00:1:1::10/128 "))
                .collect(Collectors.toSet());
        // Outside the subnets of its new edge, the host's /128 goes on every device, towards shanghai.
        assertEquals(Set.of("device:shanghai fd00:1:1::10/128 HOST 3 00:00:00:00:01:10",
                            "device:beijing fd00:1:1::10/128 HOST 2 00:aa:00:00:00:03",
                            "device:wuhan fd00:1:1::10/128 HOST ecmp 2/00:aa:00:00:00:03,3/00:aa:00:00:00:05",
                            "device:nanjing fd00:1:1::10/128 HOST 3 00:aa:00:00:00:04",
                            "device:guangzhou fd00:1:1::10/128 HOST 2 00:aa:00:00:00:04"), host);
        assertEquals(1, fixture.events.stream().filter(e -> e.type() == RoutingEvent.Type.ROUTE_UPDATED).count());
        assertEquals(4, fixture.events.stream().filter(e -> e.type() == RoutingEvent.Type.ROUTE_ADDED).count());
        // Back home: only beijing holds the /128 again.
        fixture.hosts.move(H_BJ, "device:beijing/3");
        assertEquals(new TreeSet<>(LAB), installed());
    }

    @Test
    public void aNewInterfaceSubnetIsRoutedAndItsRemovalWithdrawsIt() {
        var intf = fixture.interfaces.add("wuhan-9", "device:wuhan/9", "fd00:9::1/64");
        assertTrue(installed().contains("device:beijing fd00:9::/64 SUBNET 1 00:aa:00:00:00:02"));
        assertTrue(installed().contains("device:shanghai fd00:9::/64 SUBNET ecmp 1/00:aa:00:00:00:03,2/00:aa:00:00:00:05"));
        assertFalse(installedOn(WUHAN).stream().anyMatch(l -> l.contains("fd00:9::")));
        fixture.interfaces.remove(intf);
        assertEquals(new TreeSet<>(LAB), installed());
    }

    @Test
    public void aPrefixClaimedByTwoDevicesGoesToTheNearest() {
        // guangzhou claims shanghai's subnet too: each device picks the nearer owner.
        fixture.interfaces.add("guangzhou-9", "device:guangzhou/9", "fd00:1:4::2/64");
        assertTrue(installed().contains("device:nanjing fd00:1:4::/64 SUBNET 3 00:aa:00:00:00:04"));
        assertTrue(installed().contains("device:wuhan fd00:1:4::/64 SUBNET 3 00:aa:00:00:00:05"));
        // beijing is two hops from both: the tie goes to the lower device id (guangzhou).
        assertTrue(installed().contains("device:beijing fd00:1:4::/64 SUBNET 1 00:aa:00:00:00:02"));
        // Neither owner routes it away.
        assertFalse(installedOn(SHANGHAI).stream().anyMatch(l -> l.contains(" fd00:1:4::/64 ")));
        assertFalse(installedOn(GUANGZHOU).stream().anyMatch(l -> l.contains(" fd00:1:4::/64 ")));
    }

    @Test
    public void aHostOutsideEveryOwnedPrefixIsRoutedEverywhere() {
        fixture.hosts.add("00:00:00:00:09:10", "device:guangzhou/3", "fd00:99::10", "fe80::9");
        Set<String> host = installed().stream().filter(l -> l.contains("fd00:99::10/128"))
                .collect(Collectors.toSet());
        assertEquals(5, host.size());
        assertTrue(host.contains("device:guangzhou fd00:99::10/128 HOST 3 00:00:00:00:09:10"));
        assertTrue(host.contains("device:beijing fd00:99::10/128 HOST 1 00:aa:00:00:00:02"));
        // Link-local addresses are never routed.
        assertFalse(installed().stream().anyMatch(l -> l.contains("fe80")));
    }

    @Test
    public void devicesWithoutASixflowPipeconfOrNetcfgAreNotRouters() {
        fixture.pipeconfs.bindToDevice(new org.onosproject.net.pi.model.PiPipeconfId("org.other"), GUANGZHOU);
        fixture.lab.netcfg.removeConfig(WUHAN, SixflowDeviceConfig.class);
        // Without wuhan and guangzhou, beijing - nanjing - shanghai is a line.
        assertEquals(Set.of("device:beijing fd00:1:1::10/128 HOST 3 00:00:00:00:01:10",
                            "device:beijing fd00:1:3::/64 SUBNET 2 00:aa:00:00:00:03",
                            "device:beijing fd00:1:4::/64 SUBNET 2 00:aa:00:00:00:03"), installedOn(BEIJING));
        assertEquals(List.of(), fixture.manager.routes(WUHAN));
        assertEquals(List.of(), fixture.manager.routes(GUANGZHOU));
        // This app's entries on devices that are no longer routers are swept.
        assertEquals(Set.of(), installedOn(WUHAN));
        assertEquals(Set.of(), installedOn(GUANGZHOU));
    }

    @Test
    public void onlyTheMasterWritesADevicesEntries() {
        fixture.mastership.setMaster(WUHAN, false);
        fixture.flows.log.clear();
        fixture.lab.fail("device:nanjing/3", "device:shanghai/1");
        // wuhan's route to shanghai changed (via guangzhou now), but another instance masters wuhan.
        assertTrue(writes().stream().noneMatch(w -> w.contains("device:wuhan")));
        Ip6Prefix shanghai = Ip6Prefix.valueOf("fd00:1:4::/64");
        Ipv6Route wanted = fixture.manager.routes(WUHAN).stream().filter(r -> r.prefix().equals(shanghai))
                .findFirst().orElseThrow();
        assertEquals(3, wanted.port().toLong());
        // Not written here, so listed as requested until the device holds it.
        assertEquals(Ipv6Route.State.REQUESTED, wanted.state());
        // Mastership comes here: the new master writes what is missing.
        fixture.mastership.setMaster(WUHAN, true);
        // Then the ecmp entry of the group it no longer uses goes.
        assertEquals(List.of("stage", "modify device:wuhan fd00:1:4::/64", "stage"),
                     writes().subList(writes().size() - 3, writes().size()));
        assertEquals(Ipv6Route.State.INSTALLED, state(WUHAN, shanghai));
    }

    @Test
    public void aRouteShowsTheStateOfItsEntry() {
        FlowEntry entry = routingEntries().stream().filter(e -> e.deviceId().equals(WUHAN)).findFirst()
                .orElseThrow();
        Ip6Prefix prefix = new Entry(entry).prefix;
        fixture.flows.setState(entry.id(), FlowEntry.FlowEntryState.FAILED);
        assertEquals(Ipv6Route.State.FAILED, state(WUHAN, prefix));
        fixture.flows.setState(entry.id(), FlowEntry.FlowEntryState.PENDING_ADD);
        assertEquals(Ipv6Route.State.REQUESTED, state(WUHAN, prefix));
    }

    private Ipv6Route.State state(DeviceId device, Ip6Prefix prefix) {
        return fixture.manager.routes(device).stream().filter(r -> r.prefix().equals(prefix)).findFirst()
                .orElseThrow().state();
    }

    @Test
    public void deactivateLeavesEveryEntryAndReactivationAdoptsThem() {
        List<FlowEntry> before = fixture.flows.entries();
        assertFalse(routingEntries().isEmpty());
        fixture.manager.deactivate();
        // An app upgrade must not black-hole routed traffic: nothing is taken out.
        assertEquals(before, fixture.flows.entries());
        assertEquals(List.of(), fixture.manager.routes());
        fixture.flows.log.clear();
        fixture.manager.activate();
        // The entries ONOS's flow rule store kept are the ones wanted: nothing removed, nothing written twice.
        assertEquals(List.of(), writes());
        assertEquals(before, fixture.flows.entries());
        assertTrue(fixture.manager.routes().stream().allMatch(r -> r.state() == Ipv6Route.State.INSTALLED));
    }

    @Test
    public void aDeviceWithoutAMasterIsWrittenByTheInstanceOfItsWorkPartitionOnly() {
        fixture.mastership.masterless.add(WUHAN);
        fixture.otherPartitions.add(WUHAN);
        fixture.flows.log.clear();
        fixture.lab.fail("device:nanjing/3", "device:shanghai/1");
        // Another instance's partition holds wuhan: this one leaves it alone.
        assertTrue(writes().toString(), writes().stream().noneMatch(w -> w.contains("device:wuhan")));
        assertFalse(writes().isEmpty());
        // Its partition moves here: this instance writes it.
        fixture.otherPartitions.clear();
        fixture.lab.fail("device:wuhan/3", "device:guangzhou/1");
        assertTrue(writes().toString(), writes().stream().anyMatch(w -> w.contains("device:wuhan")));
    }

    @Test
    public void aNewRouteADeviceRefusesLeavesTheOldRoutesInPlace() {
        ObjectNode wuhan = (ObjectNode) fixture.lab.netcfg.getConfig(WUHAN, SixflowDeviceConfig.class).node()
                .deepCopy();
        Set<String> old = installed().stream().filter(l -> l.contains(" fd00:1:2::/64 "))
                .collect(Collectors.toSet());
        assertFalse(old.isEmpty());
        fixture.flows.refusing.add(BEIJING);
        wuhan.put(SixflowDeviceConfig.LOCATOR, "fd00:1:22::/64");
        fixture.flows.log.clear();
        fixture.lab.netcfg.applyConfig(WUHAN, SixflowDeviceConfig.class, wuhan);
        // beijing refused its new route: no old route comes out anywhere (ONOS would run a
        // removal stage after the refused one).
        assertTrue(writes().toString(), writes().stream().noneMatch(w -> w.startsWith("remove ")));
        Set<String> now = routingEntries().stream().map(e -> e.deviceId() + " " + new Entry(e).prefix)
                .collect(Collectors.toSet());
        for (String line : old) {
            String[] parts = line.split(" ");
            assertTrue(line, now.contains(parts[0] + " " + parts[1]));
        }
    }

    /** Moves wuhan's locator, which gives every other router a new route (and a stale one). */
    private void moveWuhanLocator(String locator) {
        ObjectNode wuhan = (ObjectNode) fixture.lab.netcfg.getConfig(WUHAN, SixflowDeviceConfig.class).node()
                .deepCopy();
        wuhan.put(SixflowDeviceConfig.LOCATOR, locator);
        fixture.lab.netcfg.applyConfig(WUHAN, SixflowDeviceConfig.class, wuhan);
    }

    private List<String> history(String kind) {
        return fixture.history.recorded().stream().filter(e -> e.kind().equals(kind))
                .map(e -> e.subject()).collect(Collectors.toList());
    }

    @Test
    public void aRefusedRouteIsRetriedWithBackoffUntilTheDeviceTakesIt() {
        fixture.flows.refusing.add(BEIJING);
        moveWuhanLocator("fd00:1:22::/64");
        Ip6Prefix moved = Ip6Prefix.valueOf("fd00:1:22::/64");
        assertEquals(Ipv6Route.State.FAILED, state(BEIJING, moved));
        assertEquals(List.of("device:beijing"), history("ROUTES_REFUSED"));
        assertEquals(List.of(1_000L), fixture.timer.pending());
        // Still refusing at the first retry: the next waits twice as long.
        fixture.flows.log.clear();
        fixture.timer.advance(Duration.ofSeconds(1));
        assertEquals(List.of("stage", "refused device:beijing fd00:1:22::/64"), writes());
        assertEquals(List.of(2_000L), fixture.timer.pending());
        // It takes the route at the next retry, with no network event in between; the old
        // locator routes (kept everywhere while beijing refused) go after.
        fixture.flows.refusing.clear();
        fixture.flows.log.clear();
        fixture.timer.advance(Duration.ofSeconds(2));
        List<String> writes = writes();
        assertEquals(writes.toString(), List.of("stage", "add device:beijing fd00:1:22::/64", "stage"),
                     writes.subList(0, 3));
        assertEquals(Set.of("remove device:beijing fd00:1:2::/64", "remove device:nanjing fd00:1:2::/64",
                            "remove device:shanghai fd00:1:2::/64", "remove device:guangzhou fd00:1:2::/64"),
                     Set.copyOf(writes.subList(3, writes.size())));
        assertTrue(installedOn(BEIJING).contains("device:beijing fd00:1:22::/64 LOCATOR 1 00:aa:00:00:00:02"));
        assertEquals(Ipv6Route.State.INSTALLED, state(BEIJING, moved));
        assertEquals(List.of("device:beijing"), history("ROUTES_ACCEPTED"));
        assertEquals(List.of(), fixture.timer.pending());
        // A success starts the backoff again from one second.
        fixture.flows.refusing.add(BEIJING);
        moveWuhanLocator("fd00:1:2::/64");
        assertEquals(List.of(1_000L), fixture.timer.pending());
    }

    @Test
    public void aRetryScheduledForAnOlderStateWritesOnlyTheCurrentOne() {
        fixture.flows.refusing.add(BEIJING);
        moveWuhanLocator("fd00:1:22::/64");
        // The wanted state moves on while beijing still refuses: the older retry is cancelled.
        moveWuhanLocator("fd00:1:33::/64");
        assertEquals(List.of(2_000L), fixture.timer.pending());
        fixture.flows.refusing.clear();
        fixture.flows.log.clear();
        fixture.timer.advance(Duration.ofSeconds(60));
        List<String> writes = writes();
        assertTrue(writes.toString(), writes.contains("add device:beijing fd00:1:33::/64"));
        // The older state's route is not written again; where others took it, it comes out.
        assertTrue(writes.toString(), writes.stream().filter(w -> w.endsWith(" fd00:1:22::/64"))
                .allMatch(w -> w.startsWith("remove ")));
        Set<String> beijing = installedOn(BEIJING);
        assertTrue(beijing.toString(), beijing.contains("device:beijing fd00:1:33::/64 LOCATOR 1 00:aa:00:00:00:02"));
        assertTrue(beijing.toString(), beijing.stream().noneMatch(l -> l.contains(" fd00:1:22::/64 ")
                || l.contains(" fd00:1:2::/64 ")));
        assertEquals(List.of(), fixture.timer.pending());
    }

    @Test
    public void aDeviceThatGoesAwayIsNotRetried() {
        fixture.flows.refusing.add(BEIJING);
        moveWuhanLocator("fd00:1:22::/64");
        assertEquals(List.of(1_000L), fixture.timer.pending());
        fixture.lab.devices.addSwitch(BEIJING.toString(), false);
        fixture.lab.devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED,
                                                 fixture.lab.devices.getDevice(BEIJING)));
        assertEquals(List.of(), fixture.timer.pending());
    }
}
