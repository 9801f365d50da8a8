// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.lab.runtime;

import org.junit.Test;
import org.onosproject.core.CoreService;
import org.osgi.service.component.ComponentContext;

import java.util.ArrayList;
import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertSame;

/**
 * Wiring and activating components as OSGi would.
 */
public class LabComponentsTest {

    private static final List<String> CALLS = new ArrayList<>();

    /** A component in ONOS's shape: protected references, protected activate/deactivate. */
    static class Component {
        protected CoreService coreService;
        protected Runnable notAService;

        protected void activate(ComponentContext context) {
            CALLS.add("activate " + getClass().getSimpleName() + " " + (coreService != null));
        }

        protected void deactivate() {
            CALLS.add("deactivate " + getClass().getSimpleName());
        }
    }

    /** A second one, to check the order. */
    static final class Other extends Component {
    }

    @Test
    public void referencesAreFilledActivationRunsAndDeactivationIsReversed() {
        CALLS.clear();
        LabComponents components = new LabComponents();
        CoreService core = components.register(CoreService.class, new LabCore());
        Component first = components.activate(new Component(), Component.class);
        components.activate(new Other());
        assertSame(core, first.coreService);
        assertEquals(null, first.notAService);
        assertSame(first, components.get(Component.class));
        components.deactivateAll();
        assertEquals(List.of("activate Component true", "activate Other true", "deactivate Other",
                             "deactivate Component"), CALLS);
    }

    /** A component with properties, as the Sixflow collectors are. */
    static final class Configurable {
        final List<String> seen = new ArrayList<>();

        protected void activate(ComponentContext context) {
        }

        protected void modified(ComponentContext context) {
            seen.add(String.valueOf(context.getProperties().get("reportSampling")));
        }
    }

    @Test
    public void propertiesSetThroughTheConfigServiceReachModified() {
        LabComponents components = new LabComponents();
        LabComponentConfig config = new LabComponentConfig(components);
        Configurable c = components.activate(new Configurable());
        String name = Configurable.class.getName();
        assertEquals(null, config.getProperty(name, "reportSampling"));
        config.setProperty(name, "reportSampling", "ipv6=0");
        assertEquals("ipv6=0", config.getProperty(name, "reportSampling").value());
        config.unsetProperty(name, "reportSampling");
        config.setProperty("org.example.NotActive", "x", "1");
        assertEquals(List.of("ipv6=0", "null"), c.seen);
    }
}
