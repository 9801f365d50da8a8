// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.flow;

import com.google.common.collect.ImmutableList;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.packet.Ethernet;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.DefaultApplicationId;
import org.onosproject.net.DeviceId;
import org.onosproject.net.PortNumber;
import org.onosproject.net.flow.DefaultFlowRule;
import org.onosproject.net.flow.DefaultTrafficSelector;
import org.onosproject.net.flow.DefaultTrafficTreatment;
import org.onosproject.net.flow.FlowEntry;
import org.onosproject.net.flow.FlowRule;
import org.onosproject.net.flow.FlowRuleEvent;
import org.onosproject.net.flow.FlowRuleOperation;
import org.onosproject.net.flow.FlowRuleOperations;
import org.onosproject.net.flow.FlowRuleOperationsContext;
import org.sixflow.sim.net.EventRecorder;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestNetworks;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.sixflow.sim.net.TestNetworks.A;
import static org.sixflow.sim.net.TestNetworks.B;

/**
 * Tests the flow rule service: writes confirmed at once on connected devices, pending on
 * disconnected ones, refused for unknown ones, with ONOS's events and callbacks.
 */
public class SimFlowRuleServiceTest {

    private static final ApplicationId APP = new DefaultApplicationId(7, "org.sixflow.test");
    private static final ApplicationId OTHER = new DefaultApplicationId(8, "org.sixflow.other");

    private SimNetwork network;
    private SimFlowRuleService flows;
    private final EventRecorder<FlowRuleEvent> recorder = new EventRecorder<>();

    /** Records what an operation's context heard, and on which thread. */
    private static final class Callbacks implements FlowRuleOperationsContext {
        private final CompletableFuture<FlowRuleOperations> success = new CompletableFuture<>();
        private final List<FlowRuleOperations> errors = new CopyOnWriteArrayList<>();
        private volatile Thread thread;

        @Override
        public void onSuccess(FlowRuleOperations ops) {
            thread = Thread.currentThread();
            success.complete(ops);
        }

        @Override
        public void onError(FlowRuleOperations ops) {
            thread = Thread.currentThread();
            errors.add(ops);
        }
    }

    @Before
    public void setUp() {
        network = TestNetworks.twoSwitches();
        flows = network.flowRuleService();
        flows.addListener(recorder::event);
    }

    @After
    public void tearDown() {
        network.close();
    }

    private static FlowRule rule(DeviceId device, int port, ApplicationId app) {
        return DefaultFlowRule.builder().forDevice(device).forTable(0).fromApp(app).withPriority(10)
                .withSelector(DefaultTrafficSelector.builder().matchEthType(Ethernet.TYPE_IPV6)
                                      .matchInPort(PortNumber.portNumber(port)).build())
                .withTreatment(DefaultTrafficTreatment.builder().setOutput(PortNumber.portNumber(2)).build())
                .makePermanent().build();
    }

    @Test
    public void operationsAreConfirmedAtOnceAndCalledBack() throws Exception {
        FlowRule one = rule(A, 1, APP);
        FlowRule two = rule(B, 1, APP);
        Callbacks callbacks = new Callbacks();
        flows.apply(FlowRuleOperations.builder().add(one).newStage().add(two).build(callbacks));
        assertEquals(FlowEntry.FlowEntryState.ADDED, flows.getFlowEntry(one).state());
        assertTrue(callbacks.success.get(5, TimeUnit.SECONDS).stages().size() == 2);
        assertNotEquals(Thread.currentThread(), callbacks.thread);
        network.awaitEvents();
        assertEquals(List.of(FlowRuleEvent.Type.RULE_ADD_REQUESTED, FlowRuleEvent.Type.RULE_ADDED,
                             FlowRuleEvent.Type.RULE_ADD_REQUESTED, FlowRuleEvent.Type.RULE_ADDED), recorder.types());
        FlowEntry entry = ImmutableList.copyOf(flows.getFlowEntries(A)).get(0);
        assertEquals(one, entry);
        assertEquals(0, entry.packets());
        assertEquals(0, entry.bytes());
        assertTrue(entry.life() >= 0);
        assertEquals(2, flows.getFlowRuleCount());
        assertEquals(1, flows.getFlowRuleCount(A));
        assertEquals(1, flows.getActiveFlowRuleCount(B));
        assertEquals(2, ImmutableList.copyOf(flows.getFlowEntriesById(APP)).size());
        assertTrue(ImmutableList.copyOf(flows.getFlowEntriesById(OTHER)).isEmpty());
    }

    @Test
    public void stagesRemoveAndModifyInOrder() throws Exception {
        FlowRule one = rule(A, 1, APP);
        FlowRule two = rule(A, 2, APP);
        flows.applyFlowRules(one, two);
        Callbacks callbacks = new Callbacks();
        flows.apply(FlowRuleOperations.builder().remove(one).newStage().modify(two).build(callbacks));
        callbacks.success.get(5, TimeUnit.SECONDS);
        network.awaitEvents();
        assertNull(flows.getFlowEntry(one));
        assertEquals(ImmutableList.of(two), ImmutableList.copyOf(flows.getFlowEntries(A)));
        assertEquals(List.of(FlowRuleEvent.Type.RULE_ADD_REQUESTED, FlowRuleEvent.Type.RULE_ADDED,
                             FlowRuleEvent.Type.RULE_ADD_REQUESTED, FlowRuleEvent.Type.RULE_ADDED,
                             FlowRuleEvent.Type.RULE_REMOVE_REQUESTED, FlowRuleEvent.Type.RULE_REMOVED,
                             FlowRuleEvent.Type.RULE_ADDED), recorder.types());
        flows.removeFlowRules(two);
        network.awaitEvents();
        assertEquals(0, flows.getFlowRuleCount());
    }

    @Test
    public void rulesForUnknownDevicesFailWithoutBeingStored() throws Exception {
        FlowRule known = rule(A, 1, APP);
        FlowRule unknown = rule(DeviceId.deviceId("device:none"), 1, APP);
        Callbacks callbacks = new Callbacks();
        flows.apply(FlowRuleOperations.builder().add(known).add(unknown).build(callbacks));
        network.awaitEvents();
        assertEquals(1, callbacks.errors.size());
        FlowRuleOperation failed = callbacks.errors.get(0).stages().get(0).iterator().next();
        assertEquals(unknown, failed.rule());
        assertTrue(!callbacks.success.isDone());
        assertNull(flows.getFlowEntry(unknown));
        assertEquals(FlowEntry.FlowEntryState.ADDED, flows.getFlowEntry(known).state());
    }

    @Test
    public void rulesForADisconnectedDeviceWaitUntilItIsBack() {
        network.setDeviceAvailable(A, false);
        FlowRule one = rule(A, 1, APP);
        Callbacks callbacks = new Callbacks();
        flows.apply(FlowRuleOperations.builder().add(one).build(callbacks));
        network.awaitEvents();
        assertEquals(FlowEntry.FlowEntryState.PENDING_ADD, flows.getFlowEntry(one).state());
        assertEquals(1, callbacks.errors.size());
        assertEquals(1, flows.getFlowRuleCount(A, FlowEntry.FlowEntryState.PENDING_ADD));
        assertEquals(List.of(FlowRuleEvent.Type.RULE_ADD_REQUESTED), recorder.types());
        network.setDeviceAvailable(A, true);
        network.awaitEvents();
        assertEquals(FlowEntry.FlowEntryState.ADDED, flows.getFlowEntry(one).state());
        assertEquals(FlowRuleEvent.Type.RULE_ADDED, recorder.types().get(1));
        assertEquals(1, ImmutableList.copyOf(flows.getFlowEntriesByState(A, FlowEntry.FlowEntryState.ADDED))
                .size());
    }

    @Test
    public void removalsFromADisconnectedDeviceWaitUntilItIsBack() {
        FlowRule one = rule(A, 1, APP);
        flows.applyFlowRules(one);
        network.setDeviceAvailable(A, false);
        flows.removeFlowRules(one);
        assertEquals(FlowEntry.FlowEntryState.PENDING_REMOVE, flows.getFlowEntry(one).state());
        network.setDeviceAvailable(A, true);
        network.awaitEvents();
        assertNull(flows.getFlowEntry(one));
        assertEquals(FlowRuleEvent.Type.RULE_REMOVED, recorder.types().get(recorder.types().size() - 1));
    }

    @Test
    public void purgesAndRemovalsByApp() {
        flows.applyFlowRules(rule(A, 1, APP), rule(A, 2, OTHER), rule(B, 1, APP));
        flows.purgeFlowRules(A, APP);
        assertEquals(2, flows.getFlowRuleCount());
        flows.purgeFlowRules(A);
        assertEquals(0, flows.getFlowRuleCount(A));
        flows.removeFlowRulesById(APP);
        assertEquals(0, flows.getFlowRuleCount());
        assertTrue(ImmutableList.copyOf(flows.getFlowTableStatistics(A)).isEmpty());
    }
}
