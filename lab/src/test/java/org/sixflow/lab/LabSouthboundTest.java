// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.protobuf.ByteString;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onlab.packet.Ip6Address;
import org.onlab.packet.MacAddress;
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
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.flow.criteria.PiCriterion;
import org.onosproject.net.group.Group;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.packet.DefaultOutboundPacket;
import org.onosproject.net.packet.PacketContext;
import org.onosproject.net.packet.PacketProcessor;
import org.onosproject.net.pi.runtime.PiAction;
import org.onosproject.net.pi.runtime.PiActionParam;
import org.sixflow.app.api.Msr6TreeRequest;
import org.sixflow.app.msr6.impl.Msr6TreeManagerFixture;
import org.sixflow.lab.config.LabState;
import org.sixflow.lab.testing.Await;
import org.sixflow.lab.testing.FakeP4RuntimeSwitch;
import org.sixflow.lab.translate.P4InfoIndex;
import p4.v1.P4RuntimeOuterClass.PacketIn;
import p4.v1.P4RuntimeOuterClass.PacketMetadata;
import p4.v1.P4RuntimeOuterClass.Update;
import p4.v1.P4RuntimeOuterClass.WriteRequest;

import java.nio.ByteBuffer;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Collectors;
import java.util.stream.StreamSupport;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.sixflow.pipeconf.P4InfoConstants.DMAC;
import static org.sixflow.pipeconf.P4InfoConstants.HDR_IPV6_DST;
import static org.sixflow.pipeconf.P4InfoConstants.PORT;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_ROUTING_V6;
import static org.sixflow.pipeconf.P4InfoConstants.SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP;
import static org.sixflow.pipeconf.P4InfoConstants.SMAC;

/**
 * The southbound's services against a fake P4Runtime switch (see FakeP4RuntimeSwitch): pipeline
 * push and availability, batched writes and flow rule states, stages and their callbacks, groups,
 * packet I/O, and state written back after a reconnection. The same flows against bmv2 are in
 * Bmv2SouthboundTest.
 */
public class LabSouthboundTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final ApplicationId APP = TestApplicationId.create("org.sixflow.test");

    private FakeP4RuntimeSwitch fake;
    private LabSouthbound southbound;

    @Before
    public void setUp() throws Exception {
        fake = new FakeP4RuntimeSwitch();
        LabState state = LabState.of(List.of(LabState.Switch.of(
                "beijing", 1, "127.0.0.1", fake.port(), 255,
                Map.of(PortNumber.portNumber(1), "sfx-none1", PortNumber.portNumber(3), "sfx-none3"))));
        southbound = new LabSouthbound(state);
        ObjectNode netcfg = (ObjectNode) new ObjectMapper().readTree(
                "{\"devices\": {\"device:beijing\": {\"basic\": {\"name\": \"beijing\", "
                        + "\"pipeconf\": \"org.sixflow.full.bmv2\"}}}}");
        southbound.netcfg().load(netcfg);
        southbound.start();
        Await.until("beijing available", () -> southbound.devices().isAvailable(BEIJING));
    }

    @After
    public void tearDown() {
        southbound.stop();
        fake.close();
    }

    private FlowEntry.FlowEntryState state(FlowRule rule) {
        FlowEntry entry = southbound.flows().getFlowEntry(rule);
        return entry == null ? null : entry.state();
    }

    private static FlowRule route(String prefix, int port) {
        return DefaultFlowRule.builder().forDevice(BEIJING).forTable(SIXFLOW_INGRESS_ROUTING_ROUTING_V6)
                .withSelector(DefaultTrafficSelector.builder().matchPi(PiCriterion.builder()
                        .matchLpm(HDR_IPV6_DST, Ip6Address.valueOf(prefix).toOctets(), 64).build()).build())
                .withTreatment(DefaultTrafficTreatment.builder().piTableAction(PiAction.builder()
                        .withId(SIXFLOW_INGRESS_ROUTING_SET_NEXT_HOP)
                        .withParameter(new PiActionParam(PORT, port))
                        .withParameter(new PiActionParam(SMAC, MacAddress.valueOf("00:aa:00:00:00:01").toBytes()))
                        .withParameter(new PiActionParam(DMAC, MacAddress.valueOf("00:aa:00:00:00:02").toBytes()))
                        .build()).build())
                .withPriority(64).fromApp(APP).makePermanent().build();
    }

    private static FlowRule lldpPunt() {
        return DefaultFlowRule.builder().forDevice(BEIJING).forTable(0)
                .withSelector(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_LLDP).build())
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(PortNumber.CONTROLLER).build())
                .withPriority(40000).fromApp(APP).makePermanent().build();
    }

    private int aclTableId() throws Exception {
        return P4InfoIndex.of(southbound.devices().agent(BEIJING).orElseThrow().pipeconf())
                .table("SixflowIngress.acl.acl").getPreamble().getId();
    }

    @Test
    public void pushesTheBmv2PipelineAndMastersTheDevice() {
        assertEquals(1, fake.pipelinePushes);
        assertTrue(fake.deviceConfig().size() > 1000);
        assertTrue(southbound.devices().agent(BEIJING).orElseThrow().connection().isMaster());
    }

    @Test
    public void treeEntriesAndGroupsAreWrittenInOneRequestAndBecomeAdded() throws Exception {
        Msr6TreeManagerFixture trees = new Msr6TreeManagerFixture();
        trees.createVideoTree(Msr6TreeRequest.Algorithm.SHORTEST_PATHS, "device:nanjing/4", "device:guangzhou/3");
        List<FlowRule> rules = trees.rules.stream().filter(r -> r.deviceId().equals(BEIJING))
                .collect(Collectors.toList());
        List<GroupDescription> groups = trees.groups.stream().filter(g -> g.deviceId().equals(BEIJING))
                .collect(Collectors.toList());
        assertFalse(groups.isEmpty());
        groups.forEach(southbound.groups()::addGroup);
        southbound.flows().applyFlowRules(rules.toArray(new FlowRule[0]));
        southbound.flows().flush();

        // (Entries the pipeconf's Pipeliner may add for packet requests are told apart by cookie.)
        Set<Long> cookies = rules.stream().map(r -> r.id().value()).collect(Collectors.toSet());
        for (FlowRule rule : rules) {
            assertEquals(rule.toString(), FlowEntry.FlowEntryState.ADDED, state(rule));
        }
        assertEquals(rules.size(), held(cookies));
        // One WriteRequest holds all of the tree's entries.
        List<WriteRequest> requests = fake.writes.stream().filter(w -> w.getUpdatesList().stream().anyMatch(
                u -> cookies.contains(u.getEntity().getTableEntry().getControllerMetadata())))
                .collect(Collectors.toList());
        assertEquals(1, requests.size());
        assertEquals(rules.size(), requests.get(0).getUpdatesCount());
        for (GroupDescription group : groups) {
            // On the switch, and with the driver; ONOS's store learns it on its poll only.
            assertTrue(fake.preEntries.containsKey("mcast/" + group.givenGroupId()));
            assertTrue(southbound.groups().held(BEIJING).stream().anyMatch(g -> g.appCookie().equals(group.appCookie())
                    && g.buckets().equals(group.buckets())));
            assertEquals(Group.GroupState.PENDING_ADD,
                         southbound.groups().getGroup(BEIJING, group.appCookie()).state());
        }
        southbound.groups().poll();
        for (GroupDescription group : groups) {
            assertEquals(Group.GroupState.ADDED, southbound.groups().getGroup(BEIJING, group.appCookie()).state());
        }

        southbound.groups().removeGroup(BEIJING, groups.get(0).appCookie(), APP);
        southbound.flows().removeFlowRules(rules.toArray(new FlowRule[0]));
        southbound.flows().flush();
        assertEquals(0, held(cookies));
        assertFalse(fake.preEntries.containsKey("mcast/" + groups.get(0).givenGroupId()));
        assertEquals(Group.GroupState.PENDING_DELETE,
                     southbound.groups().getGroup(BEIJING, groups.get(0).appCookie()).state());
        southbound.groups().poll();
        assertNull(southbound.groups().getGroup(BEIJING, groups.get(0).appCookie()));
        rules.forEach(rule -> assertNull(southbound.flows().getFlowEntry(rule)));
    }

    private long held(Set<Long> cookies) {
        return fake.tableEntries.values().stream().filter(e -> cookies.contains(e.getControllerMetadata())).count();
    }

    private int routingTableId() throws Exception {
        return P4InfoIndex.of(southbound.devices().agent(BEIJING).orElseThrow().pipeconf())
                .table(SIXFLOW_INGRESS_ROUTING_ROUTING_V6.id()).getPreamble().getId();
    }

    private long routes() throws Exception {
        int table = routingTableId();
        return fake.tableEntries.values().stream().filter(e -> e.getTableId() == table).count();
    }

    private static GroupDescription allGroup(int id, int... ports) {
        List<org.onosproject.net.group.GroupBucket> buckets = new java.util.ArrayList<>();
        for (int port : ports) {
            buckets.add(org.onosproject.net.group.DefaultGroupBucket.createAllGroupBucket(
                    DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(port)).build()));
        }
        return new org.onosproject.net.group.DefaultGroupDescription(
                BEIJING, GroupDescription.Type.ALL, new org.onosproject.net.group.GroupBuckets(buckets),
                new org.onosproject.net.group.DefaultGroupKey(new byte[]{(byte) id}), id, APP);
    }

    @Test
    public void aGroupChangeIsAModifyAndARefusedGroupIsNotHeld() throws Exception {
        List<org.onosproject.net.group.GroupEvent> events = new CopyOnWriteArrayList<>();
        southbound.groups().addListener(events::add);
        GroupDescription group = allGroup(77, 1, 3);
        southbound.groups().addGroup(group);
        southbound.groups().poll();
        assertEquals(Group.GroupState.ADDED, southbound.groups().getGroup(BEIJING, group.appCookie()).state());
        assertEquals(2, fake.preEntries.get("mcast/77").getPacketReplicationEngineEntry().getMulticastGroupEntry()
                .getReplicasCount());

        southbound.groups().setBucketsForGroup(BEIJING, group.appCookie(), allGroup(77, 1, 3, 4).buckets(),
                                               group.appCookie(), APP);
        southbound.groups().poll();
        assertEquals(3, fake.preEntries.get("mcast/77").getPacketReplicationEngineEntry().getMulticastGroupEntry()
                .getReplicasCount());
        assertEquals(Update.Type.MODIFY, fake.writes.get(fake.writes.size() - 1).getUpdates(0).getType());

        fake.refusePre = true;
        GroupDescription refused = allGroup(78, 1);
        southbound.groups().addGroup(refused);
        southbound.flows().flush();
        // As ONOS's P4Runtime driver: a refusal says nothing; the poll finds the group missing.
        assertEquals(Group.GroupState.PENDING_ADD, southbound.groups().getGroup(BEIJING, refused.appCookie()).state());
        assertTrue(southbound.groups().held(BEIJING).stream().noneMatch(g -> g.appCookie().equals(refused.appCookie())));
        southbound.groups().poll();
        assertEquals(Group.GroupState.PENDING_ADD_RETRY,
                     southbound.groups().getGroup(BEIJING, refused.appCookie()).state());
        Await.until("group events", () -> events.stream().anyMatch(
                e -> e.type() == org.onosproject.net.group.GroupEvent.Type.GROUP_UPDATED));
        assertTrue(events.stream().noneMatch(
                e -> e.type() == org.onosproject.net.group.GroupEvent.Type.GROUP_ADD_FAILED));
    }

    @Test
    public void aRefusedUpdateFailsOnlyItsRuleAndTheContextHearsIt() throws Exception {
        fake.refusedTables.add(aclTableId());
        FlowRule punt = lldpPunt();
        FlowRule route = route("fd00:1:3::", 2);
        List<FlowRuleOperations> errors = new CopyOnWriteArrayList<>();
        List<FlowRuleOperations> successes = new CopyOnWriteArrayList<>();
        southbound.flows().apply(FlowRuleOperations.builder().add(punt).add(route).build(
                new FlowRuleOperationsContext() {
                    @Override
                    public void onSuccess(FlowRuleOperations ops) {
                        successes.add(ops);
                    }

                    @Override
                    public void onError(FlowRuleOperations ops) {
                        errors.add(ops);
                    }
                }));
        southbound.flows().flush();
        assertEquals(FlowEntry.FlowEntryState.FAILED, state(punt));
        assertEquals(FlowEntry.FlowEntryState.ADDED, state(route));
        assertTrue(southbound.flows().failure(punt).orElseThrow().contains("INVALID_ARGUMENT"));
        assertEquals(1, errors.size());
        assertEquals(punt.id(), errors.get(0).stages().get(0).iterator().next().rule().id());
        assertTrue(successes.isEmpty());
    }

    @Test
    public void stagesApplyInOrderAndAChangedActionIsAModify() throws Exception {
        FlowRule old = route("fd00:1:4::", 2);
        southbound.flows().applyFlowRules(old);
        southbound.flows().flush();
        FlowRule added = route("fd00:1:5::", 1);
        FlowRule moved = route("fd00:1:4::", 1);     // same match: same flow id, new next hop
        assertEquals(old.id(), moved.id());
        List<String> outcome = new CopyOnWriteArrayList<>();
        southbound.flows().apply(FlowRuleOperations.builder().add(added).add(moved).newStage().remove(added).build(
                new FlowRuleOperationsContext() {
                    @Override
                    public void onSuccess(FlowRuleOperations ops) {
                        outcome.add("success");
                    }

                    @Override
                    public void onError(FlowRuleOperations ops) {
                        outcome.add("error");
                    }
                }));
        southbound.flows().flush();
        assertEquals(List.of("success"), outcome);
        int table = routingTableId();
        List<WriteRequest> routing = fake.writes.stream().filter(w -> w.getUpdatesList().stream().allMatch(
                u -> u.getEntity().getTableEntry().getTableId() == table)).collect(Collectors.toList());
        int n = routing.size();
        List<Update.Type> firstStage = routing.get(n - 2).getUpdatesList().stream().map(Update::getType)
                .sorted().collect(Collectors.toList());
        assertEquals(List.of(Update.Type.INSERT, Update.Type.MODIFY), firstStage);
        assertEquals(Update.Type.DELETE, routing.get(n - 1).getUpdates(0).getType());
        assertEquals(1, routes());
        assertEquals(FlowEntry.FlowEntryState.ADDED, state(moved));
        assertNull(state(added));
    }

    @Test
    public void packetOutsCarryTheEgressPortAndPacketInsReachProcessors() throws Exception {
        Ethernet frame = new Ethernet().setSourceMACAddress(MacAddress.valueOf("00:00:00:00:01:10"))
                .setDestinationMACAddress(MacAddress.BROADCAST).setEtherType((short) 0x88b5);
        frame.setPayload(new org.onlab.packet.Data(new byte[50]));
        southbound.packets().emit(new DefaultOutboundPacket(BEIJING, DefaultTrafficTreatment.builder()
                .setOutput(PortNumber.portNumber(3)).build(), ByteBuffer.wrap(frame.serialize())));
        Await.until("packet-out", () -> fake.packetOuts.size() == 1);
        assertTrue(fake.packetOuts.get(0).getMetadataList().stream()
                           .anyMatch(m -> m.getValue().equals(ByteString.copyFrom(new byte[]{3}))));
        assertEquals(ByteString.copyFrom(frame.serialize()), fake.packetOuts.get(0).getPayload());

        List<PacketContext> seen = new CopyOnWriteArrayList<>();
        PacketProcessor processor = seen::add;
        southbound.packets().addProcessor(processor, PacketProcessor.director(1));
        int ingressPortId = P4InfoIndex.of(southbound.devices().agent(BEIJING).orElseThrow().pipeconf())
                .metadata(P4InfoIndex.of(southbound.devices().agent(BEIJING).orElseThrow().pipeconf())
                                  .controllerHeader(P4InfoIndex.PACKET_IN), "ingress_port").getId();
        fake.packetIn(PacketIn.newBuilder().setPayload(ByteString.copyFrom(frame.serialize()))
                              .addMetadata(PacketMetadata.newBuilder().setMetadataId(ingressPortId)
                                                   .setValue(ByteString.copyFrom(new byte[]{1}))).build());
        Await.until("packet-in processed", () -> seen.size() == 1);
        assertEquals(new ConnectPoint(BEIJING, PortNumber.portNumber(1)), seen.get(0).inPacket().receivedFrom());
        assertEquals(MacAddress.valueOf("00:00:00:00:01:10"), seen.get(0).inPacket().parsed().getSourceMAC());
        southbound.packets().removeProcessor(processor);
    }

    @Test
    public void aReconnectedSwitchGetsItsPipelineAndEntriesBack() throws Exception {
        FlowRule route = route("fd00:1:6::", 2);
        southbound.flows().applyFlowRules(route);
        southbound.flows().flush();
        assertEquals(1, routes());

        fake.dropStreams();
        Await.until("second pipeline push", () -> fake.pipelinePushes == 2);
        Await.until("entries written back", () -> {
            try {
                return routes() == 1;
            } catch (Exception e) {
                throw new IllegalStateException(e);
            }
        });
        Await.until("beijing available again", () -> southbound.devices().isAvailable(BEIJING));
        assertEquals(FlowEntry.FlowEntryState.ADDED, state(route));
        assertTrue(StreamSupport.stream(southbound.devices().getAvailableDevices().spliterator(), false)
                           .anyMatch(d -> d.id().equals(BEIJING)));
    }
}
