// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import org.junit.Test;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Tests reading Declarative Services descriptors. */
public class DescriptorParserTest {

    private static final String FIXTURES = "org.sixflow.sim.runtime.fixtures.";

    @Test
    public void readsComponentsReferencesAndProperties() {
        ComponentDescriptor audience = Descriptors.of("audience.xml").get(0);
        assertEquals(FIXTURES + "AudienceComponent", audience.name());
        assertEquals(FIXTURES + "AudienceComponent", audience.implementationClass());
        assertEquals("activate", audience.activate());
        assertTrue(audience.activateDeclared());
        assertEquals("modified", audience.modified().orElseThrow());
        assertTrue(audience.immediate());
        assertEquals(3, audience.properties().get("count"));
        assertArrayEquals(new String[]{"red", "green"}, (String[]) audience.properties().get("tags"));
        ReferenceDescriptor greeter = audience.references().get(0);
        assertEquals("greeter", greeter.name());
        assertEquals(FIXTURES + "Greeter", greeter.interfaceName());
        assertEquals(ReferenceDescriptor.Cardinality.MANDATORY, greeter.cardinality());
        assertEquals(ReferenceDescriptor.Policy.STATIC, greeter.policy());
        assertEquals("greeter", greeter.field().orElseThrow());

        ComponentDescriptor hub = Descriptors.of("hub.xml").get(0);
        ReferenceDescriptor feature = hub.references().get(0);
        assertEquals(ReferenceDescriptor.Cardinality.MULTIPLE, feature.cardinality());
        assertTrue(feature.isDynamic());
        assertEquals("bindFeature", feature.bind().orElseThrow());
        assertEquals("unbindFeature", feature.unbind().orElseThrow());
        assertFalse(feature.field().isPresent());
    }

    @Test
    public void appliesScrDefaults() {
        ComponentDescriptor greeter = Descriptors.of("greeter.xml").get(0);
        assertEquals("activate", greeter.activate());
        assertFalse(greeter.activateDeclared());
        assertEquals("deactivate", greeter.deactivate());
        assertFalse(greeter.modified().isPresent());
        assertEquals(List.of(FIXTURES + "Greeter"), greeter.services());
        assertEquals(greeter.name(), greeter.configurationPid());
    }

    @Test
    public void readsSeveralComponentsFromOneFile() {
        List<ComponentDescriptor> both = Descriptors.of("two-components.xml");
        assertEquals(2, both.size());
        assertEquals("first", both.get(0).name());
        // Without services a component is immediate by default.
        assertTrue(both.get(0).immediate());
        assertFalse(both.get(1).enabled());
        assertEquals(ComponentDescriptor.ConfigurationPolicy.REQUIRE, both.get(1).configurationPolicy());
    }

    @Test
    public void badValuesNameTheDescriptor() {
        try {
            Descriptors.of("bad-type.xml");
            fail("Integer \"many\" should be refused");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("/descriptors/bad-type.xml"));
            assertTrue(e.getMessage(), e.getMessage().contains("\"many\" is not a valid Integer"));
        }
    }

    @Test
    public void refusesWhatIsNotSimulated() throws IOException {
        String factory = "<scr:component xmlns:scr=\"http://www.osgi.org/xmlns/scr/v1.3.0\" name=\"f\" "
                + "factory=\"x\"><implementation class=\"C\"/></scr:component>";
        try {
            DescriptorParser.parse(new ByteArrayInputStream(factory.getBytes(StandardCharsets.UTF_8)), "factory.xml");
            fail("factory components are not supported");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("factory components are not supported"));
        }
        String notXml = "<scr:component";
        try {
            DescriptorParser.parse(new ByteArrayInputStream(notXml.getBytes(StandardCharsets.UTF_8)), "broken.xml");
            fail("not XML");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().startsWith("broken.xml is not well-formed XML"));
        }
    }
}
