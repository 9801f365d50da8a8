// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.mastership;

import org.junit.After;
import org.junit.Test;
import org.onosproject.cluster.NodeId;
import org.onosproject.mastership.MastershipEvent;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.sixflow.sim.net.EventRecorder;
import org.sixflow.sim.net.SimIdentities;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestCoreService;
import org.sixflow.sim.net.device.DeviceSpec;

import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * Tests the one-node mastership: the local node masters every known device.
 */
public class SimMastershipServiceTest {

    private static final DeviceId A = DeviceId.deviceId("device:a");
    private final SimNetwork network = new SimNetwork(new TestCoreService());

    @After
    public void tearDown() {
        network.close();
    }

    @Test
    public void theLocalNodeMastersEveryDeviceAdded() throws Exception {
        SimMastershipService mastership = network.mastershipService();
        EventRecorder<MastershipEvent> recorder = new EventRecorder<>();
        mastership.addListener(recorder::event);
        network.addDevice(DeviceSpec.builder(A).ports(1).build());
        network.awaitEvents();
        assertEquals(List.of(MastershipEvent.Type.MASTER_CHANGED), recorder.types());
        assertEquals(Optional.of(SimIdentities.LOCAL_NODE), recorder.events().get(0).mastershipInfo().master());
        assertEquals(NodeId.nodeId("sim-1"), mastership.getMasterFor(A));
        assertTrue(mastership.isLocalMaster(A));
        assertEquals(MastershipRole.MASTER, mastership.getLocalRole(A));
        assertEquals(MastershipRole.MASTER, mastership.requestRoleFor(A).get());
        assertEquals(SimIdentities.LOCAL_NODE, mastership.getNodesFor(A).master());
        assertEquals(Set.of(A), mastership.getDevicesOf(SimIdentities.LOCAL_NODE));
        assertTrue(mastership.getDevicesOf(NodeId.nodeId("other")).isEmpty());
        mastership.relinquishMastership(A).get();
        assertTrue(mastership.isLocalMaster(A));
    }

    @Test
    public void unknownDevicesHaveNoMaster() {
        DeviceId none = DeviceId.deviceId("device:none");
        SimMastershipService mastership = network.mastershipService();
        assertFalse(mastership.isLocalMaster(none));
        assertEquals(MastershipRole.NONE, mastership.getLocalRole(none));
        assertNull(mastership.getMasterFor(none));
        assertFalse(mastership.getMastershipFor(none).master().isPresent());
    }
}
