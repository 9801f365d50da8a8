// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.driver;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.group.GroupOperations;
import org.onosproject.net.group.GroupProgrammable;
import org.onosproject.net.group.GroupService;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.onosproject.net.pi.service.PiTranslationService;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestCoreService;
import org.sixflow.sim.net.device.DeviceSpec;
import org.sixflow.sim.net.pipeconf.TestPipeconf;

import java.util.Collection;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Tests that a device bound to a pipeconf has the pipeconf's behaviours, as ONOS's merged driver
 * gives them: through Device.is/as and through a driver handler, each with a handler that finds
 * the simulation's services; the simulated GroupProgrammable stays.
 */
public class PipeconfBehavioursTest {

    private static final PiPipeconfId PIPECONF = new PiPipeconfId("org.sixflow.test.bmv2");
    private static final DeviceId BOUND = DeviceId.deviceId("device:bound");
    private static final DeviceId PLAIN = DeviceId.deviceId("device:plain");

    private SimNetwork network;

    /** A pipeconf's own GroupProgrammable, which the device's driver's must win over, as in ONOS's merge. */
    public static final class PipeconfGroups extends org.onosproject.net.driver.AbstractHandlerBehaviour
            implements GroupProgrammable {
        @Override
        public void performGroupOperation(DeviceId deviceId, GroupOperations groupOps) {
        }

        @Override
        public Collection<org.onosproject.net.group.Group> getGroups() {
            return List.of();
        }
    }

    @Before
    public void setUp() {
        network = new SimNetwork(new TestCoreService());
        network.pipeconfService().register(new TestPipeconf(PIPECONF, Map.of(Probe.class, Probe.Impl.class,
                                                                             GroupProgrammable.class,
                                                                             PipeconfGroups.class)));
        network.pipeconfService().bindToDevice(PIPECONF, BOUND);
        network.addDevice(DeviceSpec.builder(BOUND).driver("stratum-bmv2").ports(2).build());
        network.addDevice(DeviceSpec.builder(PLAIN).driver("stratum-bmv2").ports(2).build());
        network.awaitEvents();
    }

    @After
    public void tearDown() {
        network.close();
    }

    @Test
    public void aBoundDeviceHasTheMergedDriver() {
        SimDriverService drivers = network.driverService();
        assertEquals("stratum-bmv2:org.sixflow.test.bmv2", drivers.getDriver(BOUND).name());
        assertTrue(drivers.getDriver(BOUND).hasBehaviour(Probe.class));
        assertEquals("stratum-bmv2", drivers.getDriver(PLAIN).name());
        assertFalse(drivers.getDriver(PLAIN).hasBehaviour(Probe.class));
        assertEquals(Map.of(BOUND, "stratum-bmv2:org.sixflow.test.bmv2", PLAIN, "stratum-bmv2"),
                     drivers.getDeviceDrivers());
        // Merged once, registered once.
        assertSame(drivers.getDriver(BOUND), drivers.getDriver(BOUND));
        assertEquals(1, drivers.getProviders().size());
    }

    @Test
    public void devicesProjectOntoThePipeconfsBehaviours() {
        Device bound = network.deviceService().getDevice(BOUND);
        assertTrue(bound.is(Probe.class));
        Probe probe = bound.as(Probe.class);
        assertTrue(probe instanceof Probe.Impl);
        assertEquals(BOUND, probe.data().deviceId());
        assertEquals(BOUND, probe.handler().data().deviceId());
        assertSame(network.groupService(), probe.service(GroupService.class));
        assertSame(network.translationService(), probe.service(PiTranslationService.class));
        assertFalse(network.deviceService().getDevice(PLAIN).is(Probe.class));
    }

    @Test
    public void handlersGiveThePipeconfsBehavioursAndKeepTheSimulatedGroups() {
        DriverHandler handler = network.driverService().createHandler(BOUND);
        assertTrue(handler.hasBehaviour(Probe.class));
        Probe probe = handler.behaviour(Probe.class);
        assertSame(handler, probe.handler());
        assertSame(handler.data(), probe.data());
        assertSame(network.meterService(), probe.service(org.onosproject.net.meter.MeterService.class));
        assertTrue(handler.behaviour(GroupProgrammable.class) instanceof SimGroupProgrammable);
        assertTrue(network.deviceService().getDevice(BOUND).as(GroupProgrammable.class)
                           instanceof SimGroupProgrammable);
        try {
            network.driverService().createHandler(PLAIN).behaviour(Probe.class);
            fail("a device without the pipeconf has no Probe");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(Probe.class.getName()));
        }
    }

    @Test
    public void aDeviceBoundToAnUnregisteredPipeconfHasNoDriverAsInOnos() {
        DeviceId orphan = DeviceId.deviceId("device:orphan");
        network.pipeconfService().bindToDevice(new PiPipeconfId("org.sixflow.none.bmv2"), orphan);
        network.addDevice(DeviceSpec.builder(orphan).driver("stratum-bmv2").ports(1).build());
        try {
            network.driverService().getDriver(orphan);
            fail("no merged driver without the pipeconf");
        } catch (ItemNotFoundException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("org.sixflow.none.bmv2"));
        }
        assertFalse(network.deviceService().getDevice(orphan).is(Probe.class));
    }
}
