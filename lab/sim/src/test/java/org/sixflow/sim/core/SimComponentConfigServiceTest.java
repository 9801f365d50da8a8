// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onosproject.cfg.ComponentConfigService;
import org.onosproject.cfg.ConfigProperty;
import org.sixflow.sim.core.fixtures.ConfigurableComponent;
import org.sixflow.sim.runtime.ComponentRuntime;
import org.sixflow.sim.runtime.DescriptorParser;
import org.sixflow.sim.runtime.fixtures.Journal;

import java.io.InputStream;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Tests the configuration service over the runtime, with a component that registers its properties. */
public class SimComponentConfigServiceTest {

    private static final String COMPONENT = ConfigurableComponent.class.getName();
    private static final Duration WAIT = Duration.ofSeconds(10);

    private ComponentRuntime runtime;
    private SimComponentConfigService cfg;

    @Before
    public void setUp() throws Exception {
        Journal.clear();
        runtime = new ComponentRuntime();
        cfg = new SimComponentConfigService(runtime);
        runtime.register(ComponentConfigService.class, cfg);
        try (InputStream in = getClass().getResourceAsStream("/descriptors/configurable.xml")) {
            runtime.add(DescriptorParser.parse(in, "configurable.xml"));
        }
    }

    @After
    public void tearDown() {
        runtime.stop();
        cfg.close();
    }

    private void settle() throws InterruptedException {
        assertTrue("configuration changes applied", cfg.awaitIdle(WAIT));
    }

    @Test
    public void registrationPushesEveryValueAsTextAsOnosDoes() throws Exception {
        runtime.start();
        settle();
        assertEquals(List.of("activate interval=10 Integer", "modified interval=10 String"), Journal.entries());
        assertTrue(cfg.getComponentNames().contains(COMPONENT));
        Map<String, ConfigProperty> properties = cfg.getProperties(COMPONENT).stream()
                .collect(Collectors.toMap(ConfigProperty::name, p -> p));
        assertEquals(Set.of("interval", "enabled", "label"), properties.keySet());
        assertEquals(ConfigProperty.Type.INTEGER, properties.get("interval").type());
        assertEquals("10", properties.get("interval").defaultValue());
        assertEquals("Seconds between polls.", properties.get("interval").description());
        assertEquals(ConfigProperty.Type.BOOLEAN, properties.get("enabled").type());
        assertFalse(properties.get("interval").isSet());
    }

    @Test
    public void setAndUnsetCallModified() throws Exception {
        runtime.start();
        settle();
        Journal.clear();
        cfg.setProperty(COMPONENT, "interval", "30");
        assertEquals("30", cfg.getProperty(COMPONENT, "interval").value());
        assertTrue(cfg.getProperty(COMPONENT, "interval").isSet());
        settle();
        cfg.unsetProperty(COMPONENT, "interval");
        assertEquals("10", cfg.getProperty(COMPONENT, "interval").value());
        settle();
        assertEquals(List.of("modified interval=30 String", "modified interval=10 String"), Journal.entries());
        assertEquals("10", runtime.properties(COMPONENT).get("interval"));
    }

    @Test
    public void rejectsUnknownComponentsPropertiesAndBadValues() throws Exception {
        runtime.start();
        settle();
        expectRejection(() -> cfg.setProperty("org.example.Nothing", "interval", "1"),
                        "Component org.example.Nothing is not registered");
        expectRejection(() -> cfg.setProperty(COMPONENT, "nope", "1"),
                        "Property nope does not exist for " + COMPONENT);
        expectRejection(() -> cfg.setProperty(COMPONENT, "interval", "soon"),
                        "Invalid INTEGER value \"soon\" for property interval of " + COMPONENT);
        expectRejection(() -> cfg.setProperty(COMPONENT, "enabled", "yes"),
                        "Invalid BOOLEAN value \"yes\"");
        expectRejection(() -> cfg.unsetProperty(COMPONENT, "nope"), "Property nope does not exist");
        assertNull(cfg.getProperties("org.example.Nothing"));
        assertNull(cfg.getProperty(COMPONENT, "nope"));
    }

    @Test
    public void presetValuesApplyWhenTheComponentRegisters() throws Exception {
        cfg.preSetProperty(COMPONENT, "interval", "99");
        cfg.preSetProperty(COMPONENT, "interval", "5", false);
        runtime.start();
        settle();
        assertEquals("99", cfg.getProperty(COMPONENT, "interval").value());
        assertEquals("modified interval=99 String", Journal.entries().get(Journal.entries().size() - 1));
    }

    @Test
    public void presetForAComponentWithoutPropertiesGoesToItsConfiguration() throws Exception {
        cfg.preSetProperty("org.example.Later", "mode", "fast");
        settle();
        assertEquals(Map.of("mode", "fast"), runtime.configuration("org.example.Later").orElseThrow());
    }

    @Test
    public void registeringWithoutDefinitionsFailsAsInOnos() {
        expectRejection(() -> cfg.registerProperties(SimComponentConfigServiceTest.class),
                        "Property definitions not found at resource");
    }

    private static void expectRejection(Runnable action, String message) {
        try {
            action.run();
            fail("expected IllegalArgumentException: " + message);
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains(message));
        }
    }
}
