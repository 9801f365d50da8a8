// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.runtime;

import org.junit.After;
import org.junit.Before;
import org.junit.Test;
import org.onlab.osgi.ServiceNotFoundException;
import org.osgi.service.component.ComponentConstants;
import org.sixflow.sim.runtime.fixtures.AudienceComponent;
import org.sixflow.sim.runtime.fixtures.Greeter;
import org.sixflow.sim.runtime.fixtures.HubComponent;
import org.sixflow.sim.runtime.fixtures.Journal;
import org.sixflow.sim.runtime.fixtures.Feature;
import org.sixflow.sim.runtime.fixtures.Ticker;

import java.util.Dictionary;
import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertArrayEquals;
import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/** Tests the component runtime with the fixture components. */
public class ComponentRuntimeTest {

    private static final String FIXTURES = "org.sixflow.sim.runtime.fixtures.";
    private static final String GREETER = FIXTURES + "GreeterComponent";
    private static final String AUDIENCE = FIXTURES + "AudienceComponent";
    private static final String HUB = FIXTURES + "HubComponent";
    private static final String REACTIVATED = FIXTURES + "ReactivatedComponent";

    private final Ticker ticker = () -> 42;
    private ComponentRuntime runtime;

    @Before
    public void setUp() {
        Journal.clear();
        runtime = new ComponentRuntime();
    }

    @After
    public void tearDown() {
        runtime.stop();
    }

    @Test
    public void activatesProvidersBeforeTheirUsers() {
        runtime.add(Descriptors.of("audience.xml", "greeter.xml"));
        runtime.register(Ticker.class, ticker);
        runtime.start();

        assertEquals(List.of(GREETER, AUDIENCE), runtime.activeComponents());
        assertEquals(List.of("GreeterComponent.activate ticker=true", "AudienceComponent.activate greeter=true"),
                     Journal.entries());
        AudienceComponent audience = (AudienceComponent) runtime.instance(AUDIENCE).orElseThrow();
        assertEquals("hello at 42", audience.greeter().greet());
        assertSame(audience.greeter(), runtime.service(Greeter.class).orElseThrow());
    }

    @Test
    public void missingMandatoryReferencesFailStartNamingThem() {
        runtime.add(Descriptors.of("needs-missing.xml", "audience.xml", "hub.xml"));
        try {
            runtime.start();
            fail("start should fail");
        } catch (ComponentStartException e) {
            assertEquals(2, e.problems().size());
            assertTrue(e.getMessage(), e.getMessage().contains("Component " + FIXTURES + "NeedsMissingComponent is "
                    + "not satisfied: reference missing needs " + FIXTURES + "Missing, which no component provides"));
            assertTrue(e.getMessage(), e.getMessage().contains("reference greeter needs " + FIXTURES + "Greeter"));
        }
        // What could start was stopped again.
        assertEquals(List.of(), runtime.activeComponents());
        assertEquals(List.of("HubComponent.activate features=[]", "HubComponent.deactivate"), Journal.entries());
    }

    @Test
    public void activationFailureFailsStartWithItsCause() {
        runtime.add(Descriptors.of("failing.xml", "audience.xml"));
        try {
            runtime.start();
            fail("start should fail");
        } catch (ComponentStartException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("Component " + FIXTURES
                    + "FailingComponent failed to activate: activate threw: java.lang.IllegalStateException: boom"));
            assertTrue(e.getMessage(), e.getMessage().contains("provided by " + FIXTURES
                    + "FailingComponent (which failed to activate)"));
            assertTrue(e.getCause() instanceof ComponentActivationException);
            assertEquals("boom", e.getCause().getCause().getMessage());
        }
        assertEquals(ComponentState.FAILED, runtime.state(FIXTURES + "FailingComponent"));
    }

    @Test
    public void dynamicReferencesFollowServicesThatComeAndGo() {
        runtime.add(Descriptors.of("hub.xml", "feature-one.xml"));
        runtime.start();
        HubComponent hub = (HubComponent) runtime.instance(HUB).orElseThrow();
        assertEquals(List.of("one"), hub.features());
        assertNull(hub.ticker());

        Feature three = () -> "three";
        runtime.register(Feature.class, three);
        runtime.register(Ticker.class, ticker);
        assertEquals(List.of("one", "three"), hub.features());
        assertSame(ticker, hub.ticker());

        runtime.unregister(three);
        runtime.unregister(ticker);
        assertEquals(List.of("one"), hub.features());
        assertNull(hub.ticker());
        assertSame(hub, runtime.instance(HUB).orElseThrow());
        assertEquals(List.of("HubComponent.activate features=[]", "FeatureOneComponent.activate",
                             "HubComponent.bind one", "HubComponent.bind three",
                             "HubComponent.unbind three id=true"), Journal.entries());
    }

    @Test
    public void staticReferenceLossDeactivatesUntilAServiceReturns() {
        runtime.add(Descriptors.of("greeter.xml"));
        runtime.register(Ticker.class, ticker);
        runtime.start();
        runtime.unregister(ticker);
        assertEquals(ComponentState.UNSATISFIED, runtime.state(GREETER));
        assertTrue(runtime.service(Greeter.class).isEmpty());
        Ticker other = () -> 7;
        runtime.register(Ticker.class, other);
        assertEquals(ComponentState.ACTIVE, runtime.state(GREETER));
        assertEquals("hello at 7", runtime.service(Greeter.class).orElseThrow().greet());
    }

    @Test
    public void stopDeactivatesInReverseOrderUnbindingFirst() {
        runtime.add(Descriptors.of("hub.xml", "feature-one.xml", "feature-two.xml"));
        runtime.start();
        Journal.clear();
        runtime.stop();
        assertEquals(List.of("HubComponent.unbind two id=true", "FeatureTwoComponent.deactivate",
                             "HubComponent.unbind one id=true", "FeatureOneComponent.deactivate",
                             "HubComponent.deactivate"), Journal.entries());
        assertEquals(ComponentState.UNSATISFIED, runtime.state(HUB));
    }

    @Test
    public void activateAndDeactivateTakeTheSignaturesScrAccepts() {
        runtime.add(Descriptors.of("map-activated.xml", "bundle-context.xml"));
        runtime.start();
        runtime.stop();
        assertEquals(List.of("MapActivatedComponent.activate name=" + FIXTURES + "MapActivatedComponent",
                             "BundleContextComponent.start unsupported",
                             "MapActivatedComponent.deactivate reason="
                                     + ComponentConstants.DEACTIVATION_REASON_BUNDLE_STOPPED), Journal.entries());
    }

    @Test
    public void propertiesAreTypedFromTheDescriptor() {
        runtime.add(Descriptors.of("audience.xml", "greeter.xml"));
        runtime.register(Ticker.class, ticker);
        runtime.start();
        AudienceComponent audience = (AudienceComponent) runtime.instance(AUDIENCE).orElseThrow();
        Dictionary<String, Object> p = audience.lastContext().getProperties();
        assertEquals("Audience", p.get("title"));
        assertEquals(3, p.get("count"));
        assertEquals(0.5, p.get("ratio"));
        assertEquals(true, p.get("flag"));
        assertEquals(9_000_000_000L, p.get("big"));
        assertEquals('A', p.get("letter"));
        assertArrayEquals(new String[]{"red", "green"}, (String[]) p.get("tags"));
        assertArrayEquals(new long[]{1, 2}, (long[]) p.get("ports"));
        assertEquals(AUDIENCE, p.get(ComponentConstants.COMPONENT_NAME));
        assertTrue(p.get(ComponentConstants.COMPONENT_ID) instanceof Long);
        assertSame(audience.greeter(), audience.lastContext().locateService("greeter"));
    }

    @Test
    public void configurationChangeCallsModified() {
        runtime.add(Descriptors.of("audience.xml", "greeter.xml"));
        runtime.register(Ticker.class, ticker);
        runtime.start();
        Object before = runtime.instance(AUDIENCE).orElseThrow();
        runtime.configure(AUDIENCE, Map.of("count", "7"));
        runtime.configure(AUDIENCE, Map.of("count", "7"));
        assertSame(before, runtime.instance(AUDIENCE).orElseThrow());
        assertEquals("7", runtime.properties(AUDIENCE).get("count"));
        assertEquals("Audience", runtime.properties(AUDIENCE).get("title"));
        // The same configuration twice is one change.
        assertEquals(List.of("GreeterComponent.activate ticker=true", "AudienceComponent.activate greeter=true",
                             "AudienceComponent.modified count=7"), Journal.entries());
    }

    @Test
    public void configurationChangeWithoutModifiedReactivatesAndItsUsers() {
        runtime.add(Descriptors.of("reactivated.xml", "audience.xml"));
        runtime.start();
        Journal.clear();
        runtime.configure(REACTIVATED, Map.of("mode", "second"));
        assertEquals(List.of("AudienceComponent.deactivate reason=" + ComponentConstants.DEACTIVATION_REASON_REFERENCE,
                             "ReactivatedComponent.deactivate #1 reason="
                                     + ComponentConstants.DEACTIVATION_REASON_CONFIGURATION_MODIFIED,
                             "ReactivatedComponent.activate #2 mode=second",
                             "AudienceComponent.activate greeter=true"), Journal.entries());
        assertEquals("mode second", runtime.service(Greeter.class).orElseThrow().greet());
    }

    @Test
    public void disabledComponentsWaitToBeEnabled() {
        runtime.add(Descriptors.of("greeter.xml"));
        runtime.register(Ticker.class, ticker);
        runtime.start();
        Object first = runtime.instance(GREETER).orElseThrow();
        runtime.disable(GREETER);
        assertEquals(ComponentState.DISABLED, runtime.state(GREETER));
        runtime.enable(GREETER);
        assertEquals(ComponentState.ACTIVE, runtime.state(GREETER));
        assertNotSame(first, runtime.instance(GREETER).orElseThrow());
    }

    @Test
    public void serviceDirectoryFindsRegisteredServicesOnly() {
        runtime.register(Ticker.class, ticker);
        assertSame(ticker, runtime.serviceDirectory().get(Ticker.class));
        try {
            runtime.serviceDirectory().get(Greeter.class);
            fail("Greeter is not registered");
        } catch (ServiceNotFoundException e) {
            assertEquals("Service " + Greeter.class.getName() + " not found", e.getMessage());
        }
        Ticker second = () -> 1;
        runtime.register(Ticker.class, second);
        assertEquals(List.of(ticker, second), runtime.services(Ticker.class));
    }

    @Test
    public void refusesDuplicateComponentsAndWrongRegistrations() {
        runtime.add(Descriptors.of("greeter.xml"));
        try {
            runtime.add(Descriptors.of("greeter.xml"));
            fail("duplicate");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("is already added"));
        }
        try {
            runtime.registerAll(ticker, Greeter.class);
            fail("a ticker is no greeter");
        } catch (IllegalArgumentException e) {
            assertTrue(e.getMessage(), e.getMessage().contains("does not implement " + Greeter.class.getName()));
        }
    }
}
