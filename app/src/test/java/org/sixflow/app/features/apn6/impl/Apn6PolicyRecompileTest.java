// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.apn6.impl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Test;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.Device;
import org.onosproject.net.DeviceId;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.device.DeviceEvent;
import org.onosproject.net.flow.FlowRule;
import org.sixflow.app.api.InstallStatus;
import org.sixflow.app.config.SixflowConfigRegistrar;
import org.sixflow.app.config.SixflowDeviceConfig;
import org.sixflow.app.testing.PolicyFlowRules;
import org.sixflow.app.testing.PredicatePartitions;
import org.sixflow.app.testing.TestNetworkConfigService;

import java.io.File;
import java.io.IOException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.features.apn6.impl.Apn6PolicyManagerTest.video;

/**
 * The owner keeps its policies compiled against the network as it is: edge ports, Sixflow devices
 * and their netcfg change, and what changed is installed (new entries first) or removed. The
 * netcfg class may register after the manager started.
 */
public class Apn6PolicyRecompileTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final DeviceId WUHAN = DeviceId.deviceId("device:wuhan");
    private static final DeviceId HEFEI = DeviceId.deviceId("device:hefei");
    private final Apn6PolicyManagerFixture fixture = new Apn6PolicyManagerFixture();

    @After
    public void tearDown() {
        fixture.storage.shutdown();
    }

    private void createVideo() {
        fixture.manager.create(video(100, "fd00:1:1::/64"));
        fixture.awaitEvents();
        assertEquals(13, fixture.rules().size());
        fixture.flows.log.clear();
    }

    private List<String> stripPorts(DeviceId device) {
        return fixture.flows.on(device).stream().filter(r -> r.table().toString().endsWith("apn6_strip"))
                .map(FlowRule::toString).collect(Collectors.toList());
    }

    @Test
    public void hostPortsThatMoveMoveTheStripEntriesNewOneFirst() {
        createVideo();
        // The edge-port service reports beijing/3 gone and beijing/4 new; one recompilation.
        fixture.lab.edgePorts.remove(ConnectPoint.deviceConnectPoint("device:beijing/3"));
        fixture.edgePortAdded("device:beijing/4");
        fixture.awaitEvents();
        List<List<String>> stages = fixture.flows.stages();
        assertEquals(2, stages.size());
        assertEquals(1, stages.get(0).size());
        assertTrue(stages.get(0).get(0), stages.get(0).get(0).startsWith("add device:beijing"));
        assertTrue(stages.get(0).get(0), stages.get(0).get(0).contains("apn6_strip"));
        assertEquals(1, stages.get(1).size());
        assertTrue(stages.get(1).get(0), stages.get(1).get(0).startsWith("remove device:beijing"));
        assertEquals(1, stripPorts(BEIJING).size());
        assertEquals(13, fixture.rules().size());
        assertEquals(InstallStatus.INSTALLED, fixture.status("video"));

        fixture.edgePortRemoved("device:beijing/4");
        fixture.awaitEvents();
        assertEquals(List.of(), stripPorts(BEIJING));
        assertEquals(12, fixture.rules().size());
    }

    @Test
    public void aSixflowDeviceThatJoinsGetsItsSlaEntryAndLosesItWhenItGoes() {
        createVideo();
        // Its netcfg is pushed ahead of it; then it connects.
        fixture.lab.netcfg.applyConfig(HEFEI, SixflowDeviceConfig.class, fixture.lab.netcfg.json(
                "{\"role\": \"TRANSIT\", \"locator\": \"fd00:1:6::/64\", \"myStationMac\": \"00:aa:00:00:00:06\"}"));
        fixture.awaitEvents();
        assertEquals(List.of(), fixture.flows.on(HEFEI));
        Device hefei = fixture.lab.devices.addSwitch(HEFEI.toString(), true);
        fixture.lab.devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_ADDED, hefei));
        fixture.awaitEvents();
        assertEquals(Map.of("apn6_sla", 1), PolicyFlowRules.perTable(fixture.flows.on(HEFEI)));
        assertEquals(InstallStatus.INSTALLED, fixture.status("video"));

        fixture.lab.devices.remove(HEFEI);
        fixture.lab.devices.emit(new DeviceEvent(DeviceEvent.Type.DEVICE_REMOVED, hefei));
        fixture.awaitEvents();
        assertEquals(List.of(), fixture.flows.on(HEFEI));
        assertEquals(13, fixture.rules().size());
    }

    @Test
    public void aDeviceWhoseRoleChangesGetsTheEntriesOfItsNewRole() {
        createVideo();
        fixture.lab.edgePorts.add(ConnectPoint.deviceConnectPoint("device:wuhan/4"));
        JsonNode wuhan = fixture.lab.netcfg.getConfig(WUHAN, SixflowDeviceConfig.class).node().deepCopy();
        ((ObjectNode) wuhan).put("role", "EDGE");
        fixture.lab.netcfg.applyConfig(WUHAN, SixflowDeviceConfig.class, wuhan);
        fixture.awaitEvents();
        assertEquals(Map.of("apn6_classifier", 1, "apn6_sla", 1, "apn6_strip", 1),
                     PolicyFlowRules.perTable(fixture.flows.on(WUHAN)));

        fixture.lab.netcfg.removeConfig(WUHAN, SixflowDeviceConfig.class);
        fixture.awaitEvents();
        assertEquals(List.of(), fixture.flows.on(WUHAN));
        assertEquals(12, fixture.rules().size());
        assertEquals(InstallStatus.INSTALLED, fixture.status("video"));
    }

    @Test
    public void policiesCompileOnceTheConfigClassRegistersAfterTheManagerStarted() throws IOException {
        // The app restarts: the store keeps its policy, and ONOS holds the devices' "sixflow"
        // netcfg as JSON until SixflowConfigRegistrar registers the class, after this manager.
        PendingNetworkConfig netcfg = new PendingNetworkConfig();
        Apn6PolicyManagerFixture earlier = new Apn6PolicyManagerFixture();
        earlier.manager.create(video(100, "fd00:1:1::/64"));
        earlier.awaitEvents();
        earlier.deactivate();

        Apn6PolicyManagerFixture late = new Apn6PolicyManagerFixture(
                earlier.storage.instance(), new PolicyFlowRules(), PredicatePartitions.alone(), false);
        late.manager.configService = netcfg;
        late.activate();
        late.awaitEvents();
        assertEquals("no Sixflow device yet", List.of(), late.rules());
        assertEquals(InstallStatus.REQUESTED, late.status("video"));

        SixflowConfigRegistrar.FACTORIES.forEach(netcfg::registerConfigFactory);
        late.awaitEvents();
        assertEquals(13, late.rules().size());
        assertEquals(InstallStatus.INSTALLED, late.status("video"));
        earlier.storage.shutdown();
    }

    /**
     * Netcfg as ONOS keeps it for a config class not registered yet: the JSON waits, and when the
     * class registers the configs appear with one CONFIG_REGISTERED event.
     */
    @SuppressWarnings({"rawtypes", "unchecked"})
    private static final class PendingNetworkConfig extends TestNetworkConfigService {
        private final Map<DeviceId, JsonNode> pending = new HashMap<>();

        PendingNetworkConfig() throws IOException {
            JsonNode devices = new ObjectMapper().readTree(new File("../docker/netcfg.json")).path("devices");
            Iterator<Map.Entry<String, JsonNode>> it = devices.fields();
            while (it.hasNext()) {
                Map.Entry<String, JsonNode> device = it.next();
                pending.put(DeviceId.deviceId(device.getKey()), device.getValue().path(SixflowDeviceConfig.KEY));
            }
        }

        @Override
        public void registerConfigFactory(ConfigFactory factory) {
            super.registerConfigFactory(factory);
            if (!factory.configClass().equals(SixflowDeviceConfig.class)) {
                return;
            }
            pending.forEach((device, json) -> {
                Config config = factory.createConfig();
                config.init(device, factory.configKey(), json, mapper, null);
                configs.computeIfAbsent(device, d -> new ConcurrentHashMap<>()).put(factory.configClass(), config);
            });
            deliver(new NetworkConfigEvent(NetworkConfigEvent.Type.CONFIG_REGISTERED, factory.configKey(),
                                           factory.configClass()));
        }
    }
}
