// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.google.common.collect.ImmutableList;
import com.google.common.collect.ImmutableSet;
import org.junit.After;
import org.junit.Test;
import org.onlab.packet.IpAddress;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.behaviour.PortAdmin;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.onosproject.net.group.DefaultGroupBucket;
import org.onosproject.net.group.DefaultGroupDescription;
import org.onosproject.net.group.DefaultGroupKey;
import org.onosproject.net.group.GroupBuckets;
import org.onosproject.net.group.GroupDescription;
import org.onosproject.net.group.GroupEvent;
import org.onosproject.net.group.GroupProgrammable;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.sim.net.device.DeviceSpec;
import org.sixflow.sim.net.device.PortSpec;
import org.sixflow.sim.net.pipeconf.TestPipeconf;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.sim.net.TestNetworks.A;
import static org.sixflow.sim.net.TestNetworks.cp;

/**
 * Tests the simulated network as a whole: waiting for quiet across threads, concurrent writes, and
 * a small lab set up as the demo sets one up.
 */
public class SimNetworkTest {

    private static final DefaultApplicationId APP = new DefaultApplicationId(7, "org.sixflow.test");
    private SimNetwork network;

    @After
    public void tearDown() {
        if (network != null) {
            network.close();
        }
    }

    private static FlowRule rule(DeviceId device, int match) {
        return DefaultFlowRule.builder().forDevice(device).forTable(0).fromApp(APP).withPriority(10)
                .withSelector(DefaultTrafficSelector.builder().matchMplsLabel(
                        org.onlab.packet.MplsLabel.mplsLabel(match)).build())
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(1)).build())
                .makePermanent().build();
    }

    private static GroupDescription group(DeviceId device) {
        return new DefaultGroupDescription(device, GroupDescription.Type.ALL, new GroupBuckets(ImmutableList.of(
                DefaultGroupBucket.createAllGroupBucket(DefaultTrafficTreatment.builder()
                                                                .setOutput(PortNumber.portNumber(2)).build()))),
                                           new DefaultGroupKey(new byte[]{9}), 9, APP);
    }

    @Test
    public void awaitEventsCoversWhatEventsAndCallbacksCause() {
        network = TestNetworks.twoSwitches();
        EventRecorder<GroupEvent> groups = new EventRecorder<>();
        network.groupService().addListener(groups::event);
        // A device event makes a flow operation whose callback adds a group, whose event is then heard.
        network.deviceService().addListener(event -> {
            if (event.type() == DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED
                    && network.deviceService().isAvailable(event.subject().id())) {
                network.flowRuleService().apply(FlowRuleOperations.builder().add(rule(A, 1)).build(
                        new FlowRuleOperationsContext() {
                            @Override
                            public void onSuccess(FlowRuleOperations ops) {
                                network.groupService().addGroup(group(A));
                            }
                        }));
            }
        });
        network.setDeviceAvailable(A, false);
        network.setDeviceAvailable(A, true);
        network.awaitEvents();
        assertEquals(List.of(GroupEvent.Type.GROUP_ADDED), groups.types());
    }

    @Test(expected = IllegalStateException.class)
    public void theEventThreadCannotAwaitEvents() throws Throwable {
        network = TestNetworks.twoSwitches();
        List<Throwable> thrown = new ArrayList<>();
        network.deviceService().addListener(event -> {
            try {
                network.awaitEvents();
            } catch (IllegalStateException e) {
                thrown.add(e);
            }
        });
        network.setDeviceAvailable(A, false);
        network.awaitEvents();
        throw thrown.get(0);
    }

    @Test
    public void concurrentWritesEndConsistent() throws Exception {
        network = TestNetworks.twoSwitches();
        ExecutorService writers = Executors.newFixedThreadPool(4);
        try {
            List<Future<?>> done = new ArrayList<>();
            for (int w = 0; w < 4; w++) {
                int base = w * 100;
                done.add(writers.submit(() -> {
                    for (int i = 1; i <= 100; i++) {
                        network.flowRuleService().applyFlowRules(rule(A, base + i));
                    }
                }));
            }
            for (int i = 0; i < 20; i++) {
                network.setDeviceAvailable(A, i % 2 == 0);
            }
            for (Future<?> f : done) {
                f.get();
            }
        } finally {
            writers.shutdown();
        }
        network.setDeviceAvailable(A, true);
        network.awaitEvents();
        List<FlowEntry> entries = ImmutableList.copyOf(network.flowRuleService().getFlowEntries(A));
        assertEquals(400, entries.size());
        assertTrue(entries.stream().allMatch(e -> e.state() == FlowEntry.FlowEntryState.ADDED));
    }

    @Test
    public void devicesFindTheirDriversAsOnosModelObjects() {
        network = TestNetworks.twoSwitches();
        Device device = network.deviceService().getDevice(A);
        assertTrue(device.is(GroupProgrammable.class));
        assertFalse(device.is(PortAdmin.class));
    }

    @Test
    public void aLabSetUpAsTheDemoSetsOneUp() throws Exception {
        network = new SimNetwork(new TestCoreService());
        // As in the demo, the pipeconf the netcfg binds is registered before the switches connect.
        network.pipeconfService().register(new TestPipeconf(new PiPipeconfId("org.sixflow.full.bmv2"), Map.of()));
        for (String city : List.of("beijing", "wuhan")) {
            network.addDevice(DeviceSpec.builder("device:" + city).name(city).driver("stratum-bmv2")
                                      .port(PortSpec.of(1, "eth1", 10_000)).port(PortSpec.of(2, "eth2", 10_000))
                                      .port(PortSpec.of(3, "eth3", 1_000)).build());
        }
        network.addLink("device:beijing/1", "device:wuhan/1");
        ObjectNode netcfg;
        try (InputStream in = getClass().getResourceAsStream("config/netcfg.json")) {
            netcfg = (ObjectNode) new ObjectMapper().readTree(in);
        }
        network.networkConfigService().applyJson(netcfg);
        network.awaitEvents();

        Set<ConnectPoint> edges = ImmutableSet.copyOf(network.edgePortService().getEdgePoints());
        assertEquals(Set.of(cp("device:beijing/2"), cp("device:beijing/3"), cp("device:wuhan/2"),
                            cp("device:wuhan/3")), edges);
        assertEquals(2, ImmutableList.copyOf(network.linkService().getActiveLinks()).size());
        assertEquals(2, network.interfaceService().getInterfaces().size());
        assertEquals(cp("device:beijing/3"), network.hostService().getHost(HostId.hostId("00:00:00:00:01:10/None"))
                .location());
        assertEquals(1, network.hostService().getHostsByIp(IpAddress.valueOf("fd00:1:1::10")).size());
        assertTrue(network.mastershipService().isLocalMaster(DeviceId.deviceId("device:wuhan")));
        assertTrue(network.driverService().createHandler(DeviceId.deviceId("device:wuhan"))
                           .behaviour(GroupProgrammable.class).getGroups().isEmpty());
    }
}
