// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.sim.core;

import org.junit.Test;
import org.onosproject.core.ApplicationId;
import org.onosproject.core.CoreService;
import org.onosproject.core.IdGenerator;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertNotSame;
import static org.junit.Assert.assertNull;
import static org.junit.Assert.assertSame;
import static org.junit.Assert.assertTrue;

/** Tests the core service. */
public class SimCoreServiceTest {

    private final SimCoreService core = new SimCoreService();

    @Test
    public void applicationIdsAreStablePerNameAndIncreasing() {
        ApplicationId coreApp = core.getAppId(CoreService.CORE_APP_NAME);
        assertEquals(1, coreApp.id());
        ApplicationId sixflow = core.registerApplication("org.sixflow.app");
        assertEquals(2, sixflow.id());
        assertSame(sixflow, core.registerApplication("org.sixflow.app"));
        ApplicationId other = core.registerApplication("org.example", () -> { });
        assertEquals(3, other.id());
        assertTrue(core.preDeactivateHook("org.example").isPresent());
        assertSame(sixflow, core.getAppId((short) 2));
        assertSame(sixflow, core.getAppId("org.sixflow.app"));
        assertNull(core.getAppId("org.unknown"));
        assertEquals(3, core.getAppIds().size());
    }

    @Test
    public void versionAndIdGenerators() {
        assertEquals("2.7.0", core.version().toString());
        IdGenerator flows = core.getIdGenerator("flows");
        assertEquals(0, flows.getNewId());
        assertEquals(1, core.getIdGenerator("flows").getNewId());
        assertNotSame(flows, core.getIdGenerator("groups"));
        assertEquals(0, core.getIdGenerator("groups").getNewId());
    }
}
