// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.device;

import com.google.common.collect.ImmutableList;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.MastershipRole;
import org.onosproject.net.Port;
import org.onosproject.net.PortNumber;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.device.PortStatistics;
import org.sixflow.sim.net.EventRecorder;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestCoreService;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;
import static org.sixflow.sim.net.TestNetworks.cp;

/**
 * Tests the simulated devices and ONOS's device service over them.
 */
public class SimDeviceServiceTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");

    private SimNetwork network;
    private SimDeviceService devices;
    private final EventRecorder<DeviceEvent> recorder = new EventRecorder<>();

    @Before
    public void setUp() {
        network = new SimNetwork(new TestCoreService());
        devices = network.deviceService();
        devices.addListener(recorder::event);
        network.addDevice(DeviceSpec.builder(BEIJING).name("beijing").location(39.9042, 116.4074)
                                  .driver("stratum-bmv2").port(PortSpec.of(1, "eth1", 1000))
                                  .port(PortSpec.of(2, "eth2", 1000)).build());
        network.awaitEvents();
    }

    @After
    public void tearDown() {
        network.close();
    }

    @Test
    public void addedDeviceIsAnAvailableSimulatedSwitch() {
        Device device = devices.getDevice(BEIJING);
        assertEquals(Device.Type.SWITCH, device.type());
        assertTrue(device.manufacturer().contains("simulation"));
        assertTrue(device.swVersion().contains("simulated"));
        assertTrue(device.hwVersion().contains("simulated"));
        assertEquals("beijing", device.annotations().value(AnnotationKeys.NAME));
        assertEquals("39.9042", device.annotations().value(AnnotationKeys.LATITUDE));
        assertEquals("116.4074", device.annotations().value(AnnotationKeys.LONGITUDE));
        assertEquals("geo", device.annotations().value(AnnotationKeys.LOC_TYPE));
        assertEquals("stratum-bmv2", device.annotations().value(AnnotationKeys.DRIVER));
        assertTrue(devices.isAvailable(BEIJING));
        assertEquals(1, devices.getDeviceCount());
        assertEquals(1, devices.getAvailableDeviceCount());
        assertEquals(ImmutableList.of(device), ImmutableList.copyOf(devices.getAvailableDevices()));
        assertEquals(ImmutableList.of(device), ImmutableList.copyOf(devices.getDevices(Device.Type.SWITCH)));
        assertEquals(MastershipRole.MASTER, devices.getRole(BEIJING));
        assertEquals("connected", devices.localStatus(BEIJING));
    }

    @Test
    public void portsHaveNumbersNamesAndSpeeds() {
        List<Port> ports = devices.getPorts(BEIJING);
        assertEquals(2, ports.size());
        Port eth2 = devices.getPort(BEIJING, PortNumber.portNumber(2));
        assertEquals("eth2", eth2.annotations().value(AnnotationKeys.PORT_NAME));
        assertEquals(1000, eth2.portSpeed());
        assertTrue(eth2.isEnabled());
        assertEquals(eth2, devices.getPort(cp("device:beijing/2")));
        assertNull(devices.getPort(BEIJING, PortNumber.portNumber(3)));
        assertTrue(devices.getPorts(DeviceId.deviceId("device:none")).isEmpty());
    }

    @Test
    public void addingPostsDeviceAddedThenEachPort() {
        assertEquals(List.of(DeviceEvent.Type.DEVICE_ADDED, DeviceEvent.Type.PORT_ADDED,
                             DeviceEvent.Type.PORT_ADDED), recorder.types());
        assertEquals(PortNumber.portNumber(1), recorder.events().get(1).port().number());
    }

    @Test
    public void disconnectingDisablesPortsWithoutPortEvents() {
        recorder.clear();
        assertTrue(network.setDeviceAvailable(BEIJING, false));
        assertFalse(network.setDeviceAvailable(BEIJING, false));
        network.awaitEvents();
        assertEquals(List.of(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED), recorder.types());
        assertFalse(devices.isAvailable(BEIJING));
        assertTrue(devices.getPorts(BEIJING).stream().noneMatch(Port::isEnabled));
        assertEquals("disconnected", devices.localStatus(BEIJING));
        assertTrue(devices.getPortStatistics(BEIJING).isEmpty());
        assertEquals(0, devices.getAvailableDeviceCount());
    }

    @Test
    public void reconnectingUpdatesThePortsThatAreUp() {
        network.setPortEnabled(cp("device:beijing/2"), false);
        network.setDeviceAvailable(BEIJING, false);
        network.awaitEvents();
        recorder.clear();
        network.setDeviceAvailable(BEIJING, true);
        network.awaitEvents();
        assertEquals(List.of(DeviceEvent.Type.DEVICE_AVAILABILITY_CHANGED, DeviceEvent.Type.PORT_UPDATED),
                     recorder.types());
        assertEquals(PortNumber.portNumber(1), recorder.events().get(1).port().number());
        assertTrue(recorder.events().get(1).port().isEnabled());
        assertFalse(devices.getPort(BEIJING, PortNumber.portNumber(2)).isEnabled());
    }

    @Test
    public void portDownAndUpPostPortUpdated() {
        recorder.clear();
        assertTrue(network.setPortEnabled(cp("device:beijing/1"), false));
        assertFalse(network.setPortEnabled(cp("device:beijing/1"), false));
        network.awaitEvents();
        assertEquals(List.of(DeviceEvent.Type.PORT_UPDATED), recorder.types());
        assertFalse(recorder.events().get(0).port().isEnabled());
        network.setPortEnabled(cp("device:beijing/1"), true);
        network.awaitEvents();
        assertTrue(recorder.events().get(1).port().isEnabled());
    }

    @Test
    public void statisticsAreZeroForEachPort() {
        List<PortStatistics> stats = devices.getPortStatistics(BEIJING);
        assertEquals(2, stats.size());
        assertEquals(0, stats.get(0).bytesReceived());
        assertEquals(0, stats.get(0).packetsSent());
        assertEquals(0, devices.getDeltaStatisticsForPort(BEIJING, PortNumber.portNumber(2)).bytesSent());
    }

    @Test
    public void removingPostsDeviceRemoved() {
        recorder.clear();
        network.removeDevice(BEIJING);
        network.awaitEvents();
        assertEquals(List.of(DeviceEvent.Type.DEVICE_REMOVED), recorder.types());
        assertNull(devices.getDevice(BEIJING));
        assertEquals(MastershipRole.NONE, devices.getRole(BEIJING));
    }

    @Test
    public void badInputIsRefusedClearly() {
        try {
            network.addDevice(DeviceSpec.builder(BEIJING).build());
            fail("a second device with an id must be refused");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("device:beijing"));
        }
        try {
            network.setPortEnabled(cp("device:beijing/9"), false);
            fail("an unknown port must be refused");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("9"));
        }
        try {
            DeviceSpec.builder("device:x").port(PortSpec.of(1)).port(PortSpec.of(1));
            fail("a port number twice must be refused");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("device:x"));
        }
    }
}
