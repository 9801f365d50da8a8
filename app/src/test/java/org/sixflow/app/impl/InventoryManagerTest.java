// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.junit.Before;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.onosproject.net.pi.model.DefaultPiPipeconf;
import org.onosproject.net.pi.model.PiPipeconfId;
import org.sixflow.app.api.DeviceRole;
import org.sixflow.app.api.PipeconfInfo;
import org.sixflow.app.api.SixflowDevice;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.pipeconf.SixflowPipeconfs;
import org.sixflow.app.testing.TestPipeconfService;
import org.sixflow.pipeconf.testing.BundledPipeconfs;

import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Inventory from ONOS's services: pipeconf bindings, netcfg roles, ordering.
 */
public class InventoryManagerTest {

    private InventoryManagerFixture fixture;

    @Before
    public void setUp() {
        fixture = new InventoryManagerFixture();
        SixflowConfigRegistrar.FACTORIES.forEach(fixture.netcfg::registerConfigFactory);
    }

    @Test
    public void listsSixflowPipeconfsFirstWithTheirDevices() {
        fixture.pipeconfs.register(DefaultPiPipeconf.builder().withId(new PiPipeconfId("org.example.basic"))
                                           .withPipelineModel(BundledPipeconfs.bmv2().pipelineModel()).build());
        fixture.pipeconfs.register(BundledPipeconfs.bmv2());
        fixture.devices.addSwitch("device:beijing", true);
        fixture.devices.addSwitch("device:wuhan", true);
        fixture.pipeconfs.bindToDevice(SixflowPipeconfs.FULL_BMV2, DeviceId.deviceId("device:wuhan"));

        List<PipeconfInfo> pipeconfs = fixture.manager.pipeconfs();
        assertEquals("org.sixflow.full.bmv2", pipeconfs.get(0).id());
        assertEquals(PipeconfInfo.Target.BMV2, pipeconfs.get(0).target());
        assertEquals(Set.of(DeviceId.deviceId("device:wuhan")), pipeconfs.get(0).devices());
        assertEquals("org.example.basic", pipeconfs.get(1).id());
        assertEquals(PipeconfInfo.Target.OTHER, pipeconfs.get(1).target());
        assertTrue(pipeconfs.get(1).devices().isEmpty());
    }

    @Test
    public void readsEachDevicesPipeconfOnceAndCountsWithoutReadingAny() {
        // In ONOS a device's pipeconf is a consistent-map read; one per pipeconf and device made a
        // listing of 13 pipeconfs on 3 devices take 20 ms there, and health with it.
        AtomicInteger reads = new AtomicInteger();
        fixture.manager.pipeconfService = new TestPipeconfService() {
            @Override
            public Optional<PiPipeconfId> ofDevice(DeviceId deviceId) {
                reads.incrementAndGet();
                return super.ofDevice(deviceId);
            }
        };
        fixture.manager.pipeconfService.register(BundledPipeconfs.bmv2());
        fixture.manager.pipeconfService.register(DefaultPiPipeconf.builder()
                .withId(new PiPipeconfId("org.example.basic"))
                .withPipelineModel(BundledPipeconfs.bmv2().pipelineModel()).build());
        for (String name : List.of("device:beijing", "device:wuhan", "device:nanjing")) {
            fixture.devices.addSwitch(name, true);
        }
        fixture.manager.pipeconfService.bindToDevice(SixflowPipeconfs.FULL_BMV2, DeviceId.deviceId("device:wuhan"));

        assertEquals(Set.of(DeviceId.deviceId("device:wuhan")), fixture.manager.pipeconfs().get(0).devices());
        assertEquals(3, reads.get());
        assertEquals(2, fixture.manager.pipeconfCount());
        assertEquals(3, fixture.manager.deviceCount());
        assertEquals(3, reads.get());
    }

    @Test
    public void unknownPipeconfIsEmpty() {
        assertFalse(fixture.manager.pipeconf(new PiPipeconfId("org.example.none")).isPresent());
    }

    @Test
    public void devicesCarryRoleAndLocatorOnlyWhenNetcfgIsValid() {
        fixture.devices.addSwitch("device:wuhan", true);
        fixture.devices.addSwitch("device:beijing", false);
        fixture.netcfg.applyConfig(DeviceId.deviceId("device:wuhan"), SixflowDeviceConfig.class, fixture.netcfg.json(
                "{\"role\": \"TRANSIT\", \"locator\": \"fd00:1:2::/64\", \"myStationMac\": \"00:aa:00:00:00:02\"}"));
        fixture.netcfg.applyConfig(DeviceId.deviceId("device:beijing"), SixflowDeviceConfig.class,
                                   fixture.netcfg.json("{\"role\": \"BOSS\", \"locator\": \"fd00:1:1::/64\", "
                                                               + "\"myStationMac\": \"00:aa:00:00:00:01\"}"));

        List<SixflowDevice> devices = fixture.manager.devices();
        assertEquals("device:beijing", devices.get(0).id().toString());
        assertFalse(devices.get(0).available());
        assertFalse("invalid netcfg gives no role", devices.get(0).role().isPresent());
        assertEquals(DeviceRole.TRANSIT, devices.get(1).role().orElseThrow());
        assertEquals("fd00:1:2::/64", devices.get(1).locator().orElseThrow().toString());
    }
}
