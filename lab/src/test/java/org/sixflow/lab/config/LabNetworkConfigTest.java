// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.config;

import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.config.basics.BasicHostConfig;
import org.onosproject.net.config.basics.InterfaceConfig;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.lab.runtime.LabCore;
import org.sixflow.lab.runtime.LabEventDispatcher;

import java.io.File;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;

/**
 * The compose lab's netcfg (docker/netcfg.json) loaded as ONOS loads it: basic configs at once,
 * Sixflow's when its factories register.
 */
public class LabNetworkConfigTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");

    @Test
    public void basicConfigsAtOnceSixflowConfigsWhenTheirFactoriesRegister() throws Exception {
        LabEventDispatcher events = new LabEventDispatcher();
        LabNetworkConfig netcfg = new LabNetworkConfig(new LabCore(), events);
        List<NetworkConfigEvent> seen = new CopyOnWriteArrayList<>();
        netcfg.addListener(seen::add);
        netcfg.load(new File("../docker/netcfg.json"));

        BasicDeviceConfig basic = netcfg.getConfig(BEIJING, BasicDeviceConfig.class);
        assertEquals("org.sixflow.full.bmv2", basic.pipeconf());
        assertEquals(5, netcfg.getSubjects(DeviceId.class, BasicDeviceConfig.class).size());
        assertTrue(!netcfg.getSubjects(ConnectPoint.class, InterfaceConfig.class).isEmpty());
        assertTrue(!netcfg.getSubjects(HostId.class, BasicHostConfig.class).isEmpty());
        assertNull(netcfg.getConfig(BEIJING, SixflowDeviceConfig.class));

        SixflowConfigRegistrar.FACTORIES.forEach(netcfg::registerConfigFactory);
        SixflowDeviceConfig sixflow = netcfg.getConfig(BEIJING, SixflowDeviceConfig.class);
        assertEquals("fd00:1:1::/64", sixflow.locator().toString());
        assertTrue(events.drain(10_000));
        assertTrue(seen.stream().anyMatch(e -> e.configClass().equals(SixflowDeviceConfig.class)
                && e.subject().equals(BEIJING)));
        events.stop();
    }
}
