// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.driver;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.osgi.ServiceNotFoundException;
import org.onlab.util.ItemNotFoundException;
import org.onosproject.net.DeviceId;
import org.onosproject.net.behaviour.PortAdmin;
import org.onosproject.net.device.DeviceHandshaker;
import org.onosproject.net.driver.DefaultDriver;
import org.onosproject.net.driver.DefaultDriverProvider;
import org.onosproject.net.driver.Driver;
import org.onosproject.net.driver.DriverEvent;
import org.onosproject.net.driver.DriverHandler;
import org.onosproject.net.group.GroupProgrammable;
import org.onosproject.net.group.GroupService;
import org.sixflow.sim.net.EventRecorder;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestCoreService;
import org.sixflow.sim.net.device.DeviceSpec;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Tests the driver service: a handler per device whose only behaviour is GroupProgrammable, and
 * drivers from registered providers.
 */
public class SimDriverServiceTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");

    private SimNetwork network;
    private SimDriverService drivers;

    @Before
    public void setUp() {
        network = new SimNetwork(new TestCoreService());
        drivers = network.driverService();
        network.addDevice(DeviceSpec.builder(BEIJING).driver("stratum-bmv2").ports(2).build());
        network.awaitEvents();
    }

    @After
    public void tearDown() {
        network.close();
    }

    @Test
    public void eachDeviceHasItsSimulatedDriver() {
        Driver driver = drivers.getDriver(BEIJING);
        assertEquals("stratum-bmv2", driver.name());
        assertTrue(driver.hasBehaviour(GroupProgrammable.class));
        assertEquals(Map.of(BEIJING, "stratum-bmv2"), drivers.getDeviceDrivers());
        assertEquals(driver, drivers.getDriver("stratum-bmv2"));
        assertTrue(drivers.getDrivers(GroupProgrammable.class).contains(driver));
        assertEquals(GroupProgrammable.class, drivers.getBehaviourClass(GroupProgrammable.class.getName()));
        assertEquals(driver, drivers.getDriver(driver.manufacturer(), driver.hwVersion(), driver.swVersion()));
    }

    @Test
    public void handlersReadGroupsAndFindServices() {
        DriverHandler handler = drivers.createHandler(BEIJING);
        assertEquals(BEIJING, handler.data().deviceId());
        assertTrue(handler.hasBehaviour(GroupProgrammable.class));
        assertTrue(handler.behaviour(GroupProgrammable.class).getGroups().isEmpty());
        assertSame(network.groupService(), handler.get(GroupService.class));
        try {
            handler.get(Runnable.class);
            fail("a service the simulation lacks must be refused");
        } catch (ServiceNotFoundException e) {
            assertTrue(e.getMessage().contains(Runnable.class.getName()));
        }
        try {
            handler.behaviour(GroupProgrammable.class).performGroupOperation(BEIJING, null);
            fail("writing groups through the driver is not simulated");
        } catch (UnsupportedOperationException e) {
            assertTrue(e.getMessage().contains("not simulated"));
        }
    }

    @Test
    public void otherBehavioursAreRefusedClearly() {
        DriverHandler handler = drivers.createHandler(BEIJING);
        assertFalse(handler.hasBehaviour(PortAdmin.class));
        try {
            handler.behaviour(PortAdmin.class);
            fail("only GroupProgrammable is simulated");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains(PortAdmin.class.getName()));
            assertTrue(e.getMessage().contains("device:beijing"));
        }
    }

    @Test
    public void unknownDevicesAndDriversAreNotFound() {
        try {
            drivers.createHandler(DeviceId.deviceId("device:none"));
            fail("no handler for an unknown device");
        } catch (ItemNotFoundException e) {
            assertTrue(e.getMessage().contains("device:none"));
        }
        try {
            drivers.getDriver("no-such-driver");
            fail("no such driver");
        } catch (ItemNotFoundException e) {
            assertTrue(e.getMessage().contains("no-such-driver"));
        }
    }

    @Test
    public void providersExtendTheSimulatedDrivers() {
        EventRecorder<DriverEvent> recorder = new EventRecorder<>();
        drivers.addListener(recorder::event);
        Driver parent = drivers.addSimulatedDriver("bmv2");
        DefaultDriverProvider provider = new DefaultDriverProvider();
        provider.addDriver(new DefaultDriver("sixflow-bmv2", List.of(parent), parent.manufacturer(),
                                             parent.hwVersion(), parent.swVersion(),
                                             Map.of(DeviceHandshaker.class, DeviceHandshaker.class), Map.of()));
        drivers.registerProvider(provider);
        Driver child = drivers.getDriver("sixflow-bmv2");
        assertTrue(child.hasBehaviour(GroupProgrammable.class));
        assertTrue(drivers.getProviders().contains(provider));
        drivers.unregisterProvider(provider);
        network.awaitEvents();
        assertEquals(List.of(DriverEvent.Type.DRIVER_ENHANCED, DriverEvent.Type.DRIVER_ENHANCED,
                             DriverEvent.Type.DRIVER_REDUCED), recorder.types());
        assertFalse(drivers.getDrivers().contains(child));
    }
}
