// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.osgi;

import org.junit.Test;

import java.util.List;
import java.util.Map;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/**
 * Reading Felix SCR 2.1's console output, as Karaf 4.2.9 prints it.
 */
public class ComponentStateTest {

    private static final String LIST = String.join("\n",
            "org.onosproject.cli.CliComponent in bundle 206 (org.onosproject.onos-cli:2.7.0) enabled, 1 instance.",
            "    Id: 6, State:UNSATISFIED REFERENCE",
            "org.onosproject.codec.impl.CodecManager in bundle 207 (org.onosproject.onos-core-common:2.7.0) enabled, 1 instance.",
            "    Id: 5, State:ACTIVE",
            "org.x.Off in bundle 9 (org.x:1.0.0) disabled, 0 instances.");

    private static final String INFO = String.join("\n",
            "Component Description: org.onosproject.cli.CliComponent",
            "=======================================================",
            "Class:         org.onosproject.cli.CliComponent",
            "Component Configuration Id: 6",
            "-----------------------------",
            "State:        UNSATISFIED REFERENCE",
            "References:   (total 2)",
            "  - coreService: org.onosproject.core.CoreService UNSATISFIED 1..1 static",
            "    target=(*) scope=bundle",
            "  - codecService: org.onosproject.codec.CodecService SATISFIED 1..1 static",
            "    target=(*) scope=bundle (1 binding):");

    @Test
    public void listGivesStateAndBundle() {
        Map<String, ComponentState> components = ComponentState.parseList(LIST);
        assertEquals(3, components.size());
        ComponentState cli = components.get("org.onosproject.cli.CliComponent");
        assertEquals(206, cli.bundleId());
        assertTrue(cli.waitingForServices());
        assertFalse(cli.satisfied());
        assertTrue(components.get("org.onosproject.codec.impl.CodecManager").satisfied());
        ComponentState off = components.get("org.x.Off");
        assertFalse(off.enabled());
        assertFalse(off.satisfied());
        assertFalse(off.waitingForServices());
    }

    @Test
    public void infoGivesOnlyTheUnsatisfiedReferences() {
        assertEquals(Map.of("org.onosproject.cli.CliComponent", List.of("org.onosproject.core.CoreService")),
                     ComponentState.parseUnsatisfied(INFO));
    }
}
