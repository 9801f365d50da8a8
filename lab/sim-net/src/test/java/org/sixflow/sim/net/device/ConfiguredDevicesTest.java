// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.device;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.AnnotationKeys;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.config.basics.DeviceAnnotationConfig;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.sim.net.EventRecorder;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestCoreService;
import org.sixflow.sim.net.pipeconf.TestPipeconf;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;

/**
 * Tests that devices take their "basic" and "annotations" network configs as ONOS applies them:
 * annotations and pipeconf.
 */
public class ConfiguredDevicesTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final String BASIC = "{\"name\": \"beijing\", \"driver\": \"stratum-bmv2\","
            + " \"pipeconf\": \"org.sixflow.full.bmv2\", \"managementAddress\": \"grpc://mininet:50001?device_id=1\","
            + " \"locType\": \"geo\", \"latitude\": 39.9042, \"longitude\": 116.4074}";

    private SimNetwork network;
    private final EventRecorder<DeviceEvent> recorder = new EventRecorder<>();

    @Before
    public void setUp() {
        network = new SimNetwork(new TestCoreService());
        network.deviceService().addListener(recorder::event);
    }

    @After
    public void tearDown() {
        network.close();
    }

    private void configure(String json) throws IOException {
        network.networkConfigService().applyConfig(BEIJING, BasicDeviceConfig.class,
                                                   (ObjectNode) new ObjectMapper().readTree(json));
    }

    @Test
    public void aDeviceAddedAfterItsConfigIsAddedAsConfigured() throws IOException {
        network.pipeconfService().register(new TestPipeconf(new PiPipeconfId("org.sixflow.full.bmv2"), Map.of()));
        configure(BASIC);
        Device device = network.addDevice(DeviceSpec.builder(BEIJING).ports(3).build());
        network.awaitEvents();
        assertEquals("beijing", device.annotations().value(AnnotationKeys.NAME));
        assertEquals("stratum-bmv2", device.annotations().value(AnnotationKeys.DRIVER));
        assertEquals("39.9042", device.annotations().value(AnnotationKeys.LATITUDE));
        assertEquals("grpc://mininet:50001?device_id=1",
                     device.annotations().value(AnnotationKeys.MANAGEMENT_ADDRESS));
        assertEquals(Optional.of(new PiPipeconfId("org.sixflow.full.bmv2")),
                     network.pipeconfService().ofDevice(BEIJING));
        assertEquals("stratum-bmv2:org.sixflow.full.bmv2", network.driverService().getDriver(BEIJING).name());
        assertEquals(DeviceEvent.Type.DEVICE_ADDED, recorder.types().get(0));
        assertEquals("beijing", recorder.events().get(0).subject().annotations().value(AnnotationKeys.NAME));
    }

    @Test
    public void configChangesUpdateTheDevice() throws IOException {
        network.addDevice(DeviceSpec.builder(BEIJING).name("bj").location(1, 2).ports(1).build());
        network.awaitEvents();
        recorder.clear();
        configure(BASIC);
        network.awaitEvents();
        assertEquals(List.of(DeviceEvent.Type.DEVICE_UPDATED), recorder.types());
        Device device = network.deviceService().getDevice(BEIJING);
        assertEquals("beijing", device.annotations().value(AnnotationKeys.NAME));
        assertEquals("116.4074", device.annotations().value(AnnotationKeys.LONGITUDE));
        assertEquals(Optional.of(new PiPipeconfId("org.sixflow.full.bmv2")),
                     network.pipeconfService().ofDevice(BEIJING));
        configure(BASIC);
        network.awaitEvents();
        assertEquals(1, recorder.events().size());
        network.networkConfigService().removeConfig(BEIJING, BasicDeviceConfig.class);
        network.awaitEvents();
        device = network.deviceService().getDevice(BEIJING);
        assertEquals("bj", device.annotations().value(AnnotationKeys.NAME));
        assertEquals("2.0", device.annotations().value(AnnotationKeys.LONGITUDE));
        assertNull(device.annotations().value(AnnotationKeys.MANAGEMENT_ADDRESS));
    }

    @Test
    public void aConfigWithoutLocationTakesTheCoordinatesAwayAsInOnos() throws IOException {
        network.addDevice(DeviceSpec.builder(BEIJING).location(1, 2).build());
        configure("{\"driver\": \"stratum-bmv2\"}");
        network.awaitEvents();
        Device device = network.deviceService().getDevice(BEIJING);
        assertNull(device.annotations().value(AnnotationKeys.LATITUDE));
        assertEquals("device:beijing", device.annotations().value(AnnotationKeys.NAME));
    }

    @Test
    public void annotationEntriesAreSetOverTheBasicConfigAndTakenAwayWithIt() throws IOException {
        network.addDevice(DeviceSpec.builder(BEIJING).name("bj").annotation("rack", "r1").ports(1).build());
        configure(BASIC);
        ObjectNode entries = (ObjectNode) new ObjectMapper().readTree(
                "{\"entries\": {\"bngAccessPort\": \"1\", \"name\": \"peking\", \"rack\": null}}");
        network.networkConfigService().applyConfig(BEIJING, DeviceAnnotationConfig.class, entries);
        network.awaitEvents();
        Device device = network.deviceService().getDevice(BEIJING);
        assertEquals("1", device.annotations().value("bngAccessPort"));
        assertEquals("peking", device.annotations().value(AnnotationKeys.NAME));
        assertNull(device.annotations().value("rack"));
        assertEquals("stratum-bmv2", device.annotations().value(AnnotationKeys.DRIVER));
        network.networkConfigService().removeConfig(BEIJING, DeviceAnnotationConfig.class);
        network.awaitEvents();
        device = network.deviceService().getDevice(BEIJING);
        assertNull(device.annotations().value("bngAccessPort"));
        assertEquals("beijing", device.annotations().value(AnnotationKeys.NAME));
        assertEquals("r1", device.annotations().value("rack"));
    }
}
