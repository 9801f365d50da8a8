// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.net.config;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.core.ApplicationId;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.onosproject.net.HostId;
import org.onosproject.net.LinkKey;
import org.onosproject.net.config.Config;
import org.onosproject.net.config.ConfigFactory;
import org.onosproject.net.config.InvalidConfigException;
import org.onosproject.net.config.NetworkConfigEvent;
import org.onosproject.net.config.basics.BasicDeviceConfig;
import org.onosproject.net.config.basics.BasicHostConfig;
import org.onosproject.net.config.basics.BasicLinkConfig;
import org.onosproject.net.config.basics.InterfaceConfig;
import org.sixflow.sim.net.EventRecorder;
import org.sixflow.sim.net.SimNetwork;
import org.sixflow.sim.net.TestCoreService;

import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotNull;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Tests the network configuration service: factories, configs and their events, configs held
 * until their factory registers, invalid configs refused, and whole netcfg documents.
 */
public class SimNetworkConfigServiceTest {

    private static final DeviceId BEIJING = DeviceId.deviceId("device:beijing");
    private static final DeviceId WUHAN = DeviceId.deviceId("device:wuhan");

    private final ObjectMapper mapper = new ObjectMapper();
    private final TestCoreService core = new TestCoreService();
    private SimNetwork network;
    private SimNetworkConfigService configs;
    private final EventRecorder<NetworkConfigEvent> recorder = new EventRecorder<>();

    @Before
    public void setUp() {
        network = new SimNetwork(core);
        configs = network.networkConfigService();
        network.awaitEvents();
        configs.addListener(recorder::event);
    }

    @After
    public void tearDown() {
        network.close();
    }

    private ObjectNode json(String text) throws IOException {
        return (ObjectNode) mapper.readTree(text);
    }

    private ObjectNode document() throws IOException {
        try (InputStream in = getClass().getResourceAsStream("netcfg.json")) {
            return (ObjectNode) mapper.readTree(in);
        }
    }

    private List<NetworkConfigEvent> events(Class<?> configClass) {
        return recorder.events().stream().filter(e -> configClass.equals(e.configClass()))
                .collect(Collectors.toList());
    }

    @Test
    public void onosBasicFactoriesAreRegistered() {
        assertNotNull(configs.getConfigFactory(BasicDeviceConfig.class));
        assertNotNull(configs.getConfigFactory(InterfaceConfig.class));
        assertNotNull(configs.getConfigFactory(BasicHostConfig.class));
        assertNotNull(configs.getConfigFactory(BasicLinkConfig.class));
        assertEquals(InterfaceConfig.class, configs.getConfigClass("ports", "interfaces"));
        assertEquals(BasicLinkConfig.class, configs.getConfigClass("links", "basic"));
        assertTrue(configs.getSubjectClasses().contains(DeviceId.class));
        assertEquals("apps", configs.getSubjectFactory(ApplicationId.class).subjectClassKey());
        assertEquals(DeviceId.class, configs.getSubjectFactory("devices").subjectClass());
        assertEquals(3, configs.getConfigFactories(DeviceId.class).size());
    }

    @Test
    public void configsAreAddedUpdatedAndRemovedWithEvents() throws IOException {
        configs.registerConfigFactory(TestDeviceConfig.factory());
        TestDeviceConfig applied = configs.applyConfig(BEIJING, TestDeviceConfig.class, json("{\"role\": \"EDGE\"}"));
        assertEquals("EDGE", applied.role());
        configs.applyConfig(BEIJING, TestDeviceConfig.class, json("{\"role\": \"EDGE\"}"));
        configs.applyConfig(BEIJING, TestDeviceConfig.class, json("{\"role\": \"TRANSIT\"}"));
        configs.removeConfig(BEIJING, TestDeviceConfig.class);
        network.awaitEvents();
        assertEquals(List.of(NetworkConfigEvent.Type.CONFIG_REGISTERED, NetworkConfigEvent.Type.CONFIG_ADDED,
                             NetworkConfigEvent.Type.CONFIG_UPDATED, NetworkConfigEvent.Type.CONFIG_REMOVED),
                     recorder.types());
        NetworkConfigEvent updated = recorder.events().get(2);
        assertEquals(BEIJING, updated.subject());
        assertEquals("TRANSIT", ((TestDeviceConfig) updated.config().get()).role());
        assertEquals("EDGE", ((TestDeviceConfig) updated.prevConfig().get()).role());
        NetworkConfigEvent removed = recorder.events().get(3);
        assertFalse(removed.config().isPresent());
        assertEquals("TRANSIT", ((TestDeviceConfig) removed.prevConfig().get()).role());
        assertNull(configs.getConfig(BEIJING, TestDeviceConfig.class));
    }

    @Test
    public void readsAreCopiesAndApplyStoresThem() throws IOException {
        configs.registerConfigFactory(TestDeviceConfig.factory());
        configs.applyConfig(BEIJING, TestDeviceConfig.class, json("{\"role\": \"EDGE\"}"));
        TestDeviceConfig read = configs.getConfig(BEIJING, TestDeviceConfig.class);
        read.role("TRANSIT");
        assertEquals("EDGE", configs.getConfig(BEIJING, TestDeviceConfig.class).role());
        read.apply();
        assertEquals("TRANSIT", configs.getConfig(BEIJING, TestDeviceConfig.class).role());
        TestDeviceConfig added = configs.addConfig(WUHAN, TestDeviceConfig.class);
        assertNull(added.role());
        assertEquals(Set.of(BEIJING, WUHAN), configs.getSubjects(DeviceId.class, TestDeviceConfig.class));
        assertEquals(1, configs.getConfigs(WUHAN).size());
        configs.removeConfig(WUHAN);
        assertTrue(configs.getConfigs(WUHAN).isEmpty());
    }

    @Test
    public void invalidConfigsAreRefusedNamingSubjectAndKey() throws IOException {
        configs.registerConfigFactory(TestDeviceConfig.factory());
        try {
            configs.applyConfig(BEIJING, TestDeviceConfig.class, json("{\"role\": \"CORE\"}"));
            fail("an invalid config must be refused");
        } catch (InvalidConfigException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("devices/device:beijing/sixflow"));
        }
        try {
            configs.applyConfig(BEIJING, TestDeviceConfig.class, mapper.createArrayNode());
            fail("an array for an object config must be refused");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains("ObjectNode"));
        }
        try {
            configs.applyConfig(core.registerApplication("org.sixflow.app"), TestAppConfig.class, json("{}"));
            fail("a config without factory must be refused");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains(TestAppConfig.class.getName()));
        }
        assertNull(configs.getConfig(BEIJING, TestDeviceConfig.class));
    }

    @Test
    public void aConfigIsHeldUntilItsFactoryRegisters() throws IOException {
        assertNull(configs.applyConfig("devices", BEIJING, TestDeviceConfig.KEY, json("{\"role\": \"EDGE\"}")));
        assertNull(configs.applyConfig("devices", WUHAN, TestDeviceConfig.KEY, json("{\"role\": \"CORE\"}")));
        assertTrue(configs.getSubjects(DeviceId.class).contains(BEIJING));
        network.awaitEvents();
        assertTrue(recorder.events().isEmpty());
        configs.registerConfigFactory(TestDeviceConfig.factory());
        network.awaitEvents();
        assertEquals(List.of(NetworkConfigEvent.Type.CONFIG_REGISTERED, NetworkConfigEvent.Type.CONFIG_ADDED),
                     recorder.types());
        assertEquals(BEIJING, recorder.events().get(1).subject());
        assertEquals("EDGE", configs.getConfig(BEIJING, TestDeviceConfig.class).role());
        // The invalid one is dropped, as ONOS drops it.
        assertNull(configs.getConfig(WUHAN, TestDeviceConfig.class));
        assertFalse(configs.getSubjects(DeviceId.class).contains(WUHAN));
    }

    @Test
    public void unregisteringAFactoryHoldsItsConfigsAgain() throws IOException {
        TestDeviceConfigFactoryPair pair = new TestDeviceConfigFactoryPair();
        configs.registerConfigFactory(pair.first);
        configs.registerConfigFactory(pair.second);
        configs.applyConfig(BEIJING, TestDeviceConfig.class, json("{\"role\": \"EDGE\"}"));
        configs.unregisterConfigFactory(pair.first);
        assertNotNull(configs.getConfigFactory(TestDeviceConfig.class));
        configs.unregisterConfigFactory(pair.second);
        assertNull(configs.getConfigFactory(TestDeviceConfig.class));
        assertNull(configs.getConfig(BEIJING, TestDeviceConfig.class));
        assertNull(configs.getConfigClass("devices", TestDeviceConfig.KEY));
        configs.registerConfigFactory(TestDeviceConfig.factory());
        assertEquals("EDGE", configs.getConfig(BEIJING, TestDeviceConfig.class).role());
        network.awaitEvents();
        assertEquals(List.of(NetworkConfigEvent.Type.CONFIG_REGISTERED, NetworkConfigEvent.Type.CONFIG_ADDED,
                             NetworkConfigEvent.Type.CONFIG_UNREGISTERED, NetworkConfigEvent.Type.CONFIG_REGISTERED,
                             NetworkConfigEvent.Type.CONFIG_ADDED), recorder.types());
        try {
            configs.unregisterConfigFactory(TestAppConfig.factory());
            fail("a factory never registered cannot be unregistered");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage().contains(TestAppConfig.class.getName()));
        }
    }

    /** Two factories of the same config, as two components registering it would make. */
    private static final class TestDeviceConfigFactoryPair {
        private final ConfigFactory<DeviceId, TestDeviceConfig> first = TestDeviceConfig.factory();
        private final ConfigFactory<DeviceId, TestDeviceConfig> second = TestDeviceConfig.factory();
    }

    @Test
    public void aWholeDocumentIsAppliedAsOnosRestAppliesIt() throws IOException {
        configs.applyJson(document());
        network.awaitEvents();
        BasicDeviceConfig basic = configs.getConfig(BEIJING, BasicDeviceConfig.class);
        assertEquals("beijing", basic.name());
        assertEquals("stratum-bmv2", basic.driver());
        assertEquals("org.sixflow.full.bmv2", basic.pipeconf());
        assertEquals(39.9042, basic.latitude(), 1e-9);
        InterfaceConfig interfaces = configs.getConfig(ConnectPoint.deviceConnectPoint("device:beijing/3"),
                                                       InterfaceConfig.class);
        assertEquals(1, interfaces.node().size());
        HostId host = HostId.hostId("00:00:00:00:01:10/None");
        assertEquals("h_bj", configs.getConfig(host, BasicHostConfig.class).name());
        LinkKey link = LinkKey.linkKey(ConnectPoint.deviceConnectPoint("device:beijing/1"),
                                       ConnectPoint.deviceConnectPoint("device:wuhan/1"));
        assertEquals(1000, configs.getConfig(link, BasicLinkConfig.class).bandwidth());
        assertTrue(configs.getConfig(link, BasicLinkConfig.class).isDurable());
        // The app's configs are held until the app registers its factories, as it does when it activates.
        assertNull(configs.getConfigClass("apps", TestAppConfig.KEY));
        assertEquals(2, events(BasicDeviceConfig.class).size());
        assertEquals(2, events(InterfaceConfig.class).size());
        assertEquals(1, events(BasicHostConfig.class).size());
        assertTrue(events(TestDeviceConfig.class).isEmpty());
        configs.registerConfigFactory(TestDeviceConfig.factory());
        configs.registerConfigFactory(TestAppConfig.factory());
        network.awaitEvents();
        assertEquals("TRANSIT", configs.getConfig(WUHAN, TestDeviceConfig.class).role());
        ApplicationId app = core.getAppId("org.sixflow.app");
        assertEquals("jdbc:postgresql://postgres:5432/sixflow", configs.getConfig(app, TestAppConfig.class)
                .databaseUrl());
        assertEquals(2, events(TestDeviceConfig.class).stream()
                .filter(e -> e.type() == NetworkConfigEvent.Type.CONFIG_ADDED).count());
        Set<Config<DeviceId>> all = configs.getConfigs(BEIJING);
        assertEquals(2, all.size());
    }

    @Test
    public void aDocumentWithInvalidPartsIsRefusedNamingThem() throws IOException {
        configs.registerConfigFactory(TestDeviceConfig.factory());
        ObjectNode doc = document();
        ((ObjectNode) doc.path("devices").path("device:wuhan").path("sixflow")).put("role", "CORE");
        ((ObjectNode) doc.path("hosts").path("00:00:00:00:01:10/None").path("basic")).put("bogus", 1);
        doc.putObject("nonsense").putObject("x");
        try {
            configs.applyJson(doc);
            fail("the invalid parts must be refused");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("devices/device:wuhan/sixflow"));
            assertTrue(e.getMessage(), e.getMessage().contains("hosts/00:00:00:00:01:10/None/basic"));
            assertTrue(e.getMessage(), e.getMessage().contains("'nonsense'"));
        }
        // The valid parts are applied, as ONOS's REST applies them.
        assertEquals("EDGE", configs.getConfig(BEIJING, TestDeviceConfig.class).role());
        assertNull(configs.getConfig(WUHAN, TestDeviceConfig.class));
        assertNotNull(configs.getConfig(WUHAN, BasicDeviceConfig.class));
    }

    @Test
    public void removalsByKeyReachHeldConfigsToo() throws IOException {
        configs.applyConfig("devices", BEIJING, TestDeviceConfig.KEY, json("{\"role\": \"EDGE\"}"));
        configs.removeConfig("devices", BEIJING, TestDeviceConfig.KEY);
        configs.registerConfigFactory(TestDeviceConfig.factory());
        assertNull(configs.getConfig(BEIJING, TestDeviceConfig.class));
        configs.applyJson(document());
        configs.removeConfig("devices", BEIJING, "basic");
        assertNull(configs.getConfig(BEIJING, BasicDeviceConfig.class));
        configs.removeConfig();
        assertTrue(configs.getSubjects(DeviceId.class).isEmpty());
    }
}
