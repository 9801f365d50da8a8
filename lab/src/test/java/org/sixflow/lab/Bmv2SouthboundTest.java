// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.AfterClass;
import org.junit.Assume;
import org.junit.BeforeClass;
import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
import org.onlab.packet.ONOSLLDP;
import org.onosproject.TestApplicationId;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.onosproject.net.pi.runtime.PiMulticastGroupEntry;
import org.onosproject.net.pi.runtime.PiPreEntry;
import org.onosproject.net.pi.runtime.PiTableEntry;
import org.sixflow.app.api.Msr6TreeRequest;
import org.sixflow.app.msr6.impl.Msr6TreeManagerFixture;
import org.sixflow.lab.bench.Bmv2Process;
import org.sixflow.lab.config.LabState;
import org.sixflow.lab.device.SwitchAgent;
import org.sixflow.lab.testing.Await;
import org.sixflow.lab.translate.PreEntryCodec;
import p4.v1.P4RuntimeOuterClass.Entity;
import p4.v1.P4RuntimeOuterClass.MulticastGroupEntry;
import p4.v1.P4RuntimeOuterClass.PacketReplicationEngineEntry;
import p4.v1.P4RuntimeOuterClass.TableEntry;

import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;

/**
 * The southbound against a real simple_switch_grpc (one switch whose ports 1 and 2 are the two
 * ends of one veth pair): the bmv2 pipeline pushed, an MSR6 tree's entries and groups and a
 * routing entry written and read back equal, a write bmv2 refuses marked FAILED, a packet-out
 * that comes back in as a packet-in through an acl punt entry, and LLDP discovery of the
 * port-1-to-port-2 link. Skipped, loudly, where simple_switch_grpc is not installed.
 */
public class Bmv2SouthboundTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final ApplicationId APP = TestApplicationId.create("org.sixflow.test");

    private static Bmv2Process bmv2;
    private static LabSouthbound southbound;

    @BeforeClass
    public static void startSwitch() throws Exception {
        if (Bmv2Process.binary().isEmpty()) {
            System.out.println("\n**************************************************************\n"
                                       + "*** SKIPPED Bmv2SouthboundTest: simple_switch_grpc is not on PATH\n"
                                       + "*** nor in " + Bmv2Process.TOOLCHAIN_BIN + " (the P4 toolchain).\n"
                                       + "**************************************************************\n");
            Assume.assumeTrue("simple_switch_grpc is not installed", false);
        }
        bmv2 = Bmv2Process.start("beijing", 1);
        southbound = new LabSouthbound(LabState.of(List.of(bmv2.asSwitch())));
        ObjectNode netcfg = (ObjectNode) new ObjectMapper().readTree(
                "{\"devices\": {\"device:beijing\": {\"basic\": {\"name\": \"beijing\", "
                        + "\"pipeconf\": \"org.sixflow.full.bmv2\"}}}}");
        southbound.netcfg().load(netcfg);
        southbound.start();
        Await.until("beijing connected, pipeline pushed (switch log " + bmv2.log() + ")",
                    () -> southbound.devices().isAvailable(BEIJING));
    }

    @AfterClass
    public static void stopSwitch() {
        if (southbound != null) {
            southbound.stop();
        }
        if (bmv2 != null) {
            bmv2.close();
        }
    }

    private static SwitchAgent agent() {
        return southbound.devices().agent(BEIJING).orElseThrow();
    }

    private static FlowEntry.FlowEntryState state(FlowRule rule) {
        FlowEntry entry = southbound.flows().getFlowEntry(rule);
        return entry == null ? null : entry.state();
    }

    private static FlowRule route(String prefix, int port) {
        return DefaultFlowRule.builder().forDevice(BEIJING).forTable(SIXFLOW_INGRESS_ROUTING_ROUTING_V6)
                .withSelector(DefaultTrafficSelector.builder().matchPi(PiCriterion.builder()
                        .matchLpm(HDR_IPV6_DST, Ip6Address.valueOf(prefix).toOctets(), 64).build()).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(setNextHop(port)).build())
                .withPriority(64).fromApp(APP).makePermanent().build();
    }

    private static PiAction setNextHop(int port) {
        return PiAction.builder().withId(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP)
                .withParameter(new PiActionParam(PORT, port))
                .withParameter(new PiActionParam(SMAC, MacAddress.valueOf("00:aa:00:00:00:01").toBytes()))
                .withParameter(new PiActionParam(DMAC, MacAddress.valueOf("00:aa:00:00:00:02").toBytes()))
                .build();
    }

    @Test
    public void treeEntriesGroupsAndARouteAreWrittenAndReadBackEqual() throws Exception {
        Msr6TreeManagerFixture trees = new Msr6TreeManagerFixture();
        trees.createVideoTree(Msr6TreeRequest.Algorithm.SHORTEST_PATHS, "device:nanjing/4", "device:guangzhou/3");
        List<FlowRule> rules = trees.rules.stream().filter(r -> r.deviceId().equals(BEIJING))
                .collect(Collectors.toCollection(ArrayList::new));
        rules.add(route("fd00:1:3::", 2));
        List<GroupDescription> groups = trees.groups.stream().filter(g -> g.deviceId().equals(BEIJING))
                .collect(Collectors.toList());
        assertFalse(groups.isEmpty());

        groups.forEach(southbound.groups()::addGroup);
        southbound.flows().applyFlowRules(rules.toArray(new FlowRule[0]));
        southbound.flows().flush();
        for (FlowRule rule : rules) {
            assertEquals(rule + ": " + southbound.flows().failure(rule).orElse(""), FlowEntry.FlowEntryState.ADDED,
                         state(rule));
        }
        southbound.groups().poll();
        for (GroupDescription group : groups) {
            assertEquals(Group.GroupState.ADDED, southbound.groups().getGroup(BEIJING, group.appCookie()).state());
        }

        // What bmv2 holds, decoded, is what was translated: same tables, keys, priorities, actions, cookies.
        Set<PiTableEntry> expected = new HashSet<>();
        for (FlowRule rule : rules) {
            expected.add(agent().translator().tableEntry(rule));
        }
        // (Entries the pipeconf's Pipeliner may add for packet requests are told apart by cookie.)
        Set<Long> cookies = rules.stream().map(r -> r.id().value()).collect(Collectors.toSet());
        assertEquals(expected, readBack(cookies));

        Set<PiPreEntry> expectedGroups = new HashSet<>();
        for (GroupDescription group : groups) {
            expectedGroups.add(agent().translator().preEntry(group, group.givenGroupId()));
        }
        Set<PiPreEntry> readGroups = new HashSet<>();
        for (GroupDescription group : groups) {
            for (Entity entity : agent().read(List.of(Entity.newBuilder().setPacketReplicationEngineEntry(
                    PacketReplicationEngineEntry.newBuilder().setMulticastGroupEntry(
                            MulticastGroupEntry.newBuilder().setMulticastGroupId(group.givenGroupId()))).build()))) {
                readGroups.add(PreEntryCodec.decode(entity.getPacketReplicationEngineEntry()));
            }
        }
        assertEquals(expectedGroups, readGroups);
        assertTrue(readGroups.stream().allMatch(g -> g instanceof PiMulticastGroupEntry));

        southbound.flows().removeFlowRules(rules.toArray(new FlowRule[0]));
        groups.forEach(g -> southbound.groups().removeGroup(BEIJING, g.appCookie(), APP));
        southbound.flows().flush();
        assertEquals(Set.of(), readBack(cookies));
    }

    private static Set<PiTableEntry> readBack(Set<Long> cookies) throws Exception {
        Set<PiTableEntry> read = new HashSet<>();
        for (Entity entity : agent().read(List.of(Entity.newBuilder().setTableEntry(TableEntry.newBuilder())
                                                          .build()))) {
            if (cookies.contains(entity.getTableEntry().getControllerMetadata())) {
                read.add(agent().translator().tableEntries().decode(entity.getTableEntry()));
            }
        }
        return read;
    }

    @Test
    public void aWriteBmv2RefusesMarksItsRuleFailed() throws Exception {
        // routing_v6's default action is const in the P4 program: bmv2 refuses to change it.
        FlowRule defaultRoute = DefaultFlowRule.builder().forDevice(BEIJING).forTable(SIXFLOW_INGRESS_ROUTING_ROUTING_V6)
                .withSelector(DefaultTrafficSelector.emptySelector())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(setNextHop(1)).build())
                .withPriority(0).fromApp(APP).makePermanent().build();
        FlowRule route = route("fd00:1:7::", 1);
        southbound.flows().applyFlowRules(defaultRoute, route);
        southbound.flows().flush();
        assertEquals(FlowEntry.FlowEntryState.FAILED, state(defaultRoute));
        assertTrue(southbound.flows().failure(defaultRoute).isPresent());
        assertEquals(FlowEntry.FlowEntryState.ADDED, state(route));
        southbound.flows().removeFlowRules(defaultRoute, route);
        southbound.flows().flush();
    }

    @Test
    public void aPacketOutComesBackAsAPacketInThroughAnAclPuntAndLldpFindsTheLink() throws Exception {
        FlowRule punt = DefaultFlowRule.builder().forDevice(BEIJING).forTable(0)
                .withSelector(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_LLDP).build())
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(PortNumber.CONTROLLER).build())
                .withPriority(40010).fromApp(APP).makePermanent().build();
        southbound.flows().applyFlowRules(punt);
        southbound.flows().flush();
        assertEquals(FlowEntry.FlowEntryState.ADDED, state(punt));

        List<PacketContext> seen = new CopyOnWriteArrayList<>();
        PacketProcessor processor = context -> {
            if (context.inPacket().parsed() != null
                    && context.inPacket().parsed().getEtherType() == Ethernet.TYPE_LLDP) {
                seen.add(context);
            }
        };
        southbound.packets().addProcessor(processor, PacketProcessor.observer(1));
        ONOSLLDP lldp = ONOSLLDP.onosLLDP("device:test", new org.onlab.packet.ChassisId(7), 42);
        Ethernet frame = new Ethernet();
        frame.setEtherType(Ethernet.TYPE_LLDP);
        frame.setDestinationMACAddress(MacAddress.ONOS_LLDP);
        frame.setSourceMACAddress(MacAddress.valueOf("00:00:00:00:00:42"));
        frame.setPayload(lldp);
        byte[] bytes = frame.serialize();
        southbound.packets().emit(new DefaultOutboundPacket(BEIJING, DefaultTrafficTreatment.builder()
                .setOutput(PortNumber.portNumber(1)).build(), ByteBuffer.wrap(bytes)));
        Await.until("the packet-out back as a packet-in", () -> seen.stream().anyMatch(
                c -> c.inPacket().parsed().getSourceMAC().equals(MacAddress.valueOf("00:00:00:00:00:42"))));
        PacketContext back = seen.stream().filter(
                c -> c.inPacket().parsed().getSourceMAC().equals(MacAddress.valueOf("00:00:00:00:00:42")))
                .findFirst().orElseThrow();
        assertEquals(new ConnectPoint(BEIJING, PortNumber.portNumber(2)), back.inPacket().receivedFrom());
        assertEquals(ByteBuffer.wrap(bytes), back.inPacket().unparsed());

        // The lab's own probes now come back too: the veth is a link from port 1 to port 2 and back.
        Await.until("LLDP discovery of beijing/1 -> beijing/2", () -> southbound.links().getLink(
                ConnectPoint.deviceConnectPoint("device:beijing/1"),
                ConnectPoint.deviceConnectPoint("device:beijing/2")) != null);
        southbound.packets().removeProcessor(processor);
        southbound.flows().removeFlowRules(punt);
        southbound.flows().flush();
    }
}
