// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.routing.impl;

import org.junit.Test;

import java.util.List;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * The Router Advertisement settings against RFC 4861 section 6.2.1's bounds: the defaults are
 * the RFC's, a MinRtrAdvInterval of 0 means 0.33 MaxRtrAdvInterval, and each bound is enforced
 * with a message naming the property.
 */
public class RaSettingsTest {

    @Test
    public void theDefaultsAreTheRfcs() {
        RaSettings defaults = RaSettings.defaults();
        assertTrue(defaults.enabled);
        assertEquals(600, defaults.maxIntervalSeconds);
        assertEquals(198, defaults.minIntervalSeconds);
        assertEquals(1800, defaults.routerLifetimeSeconds);
        assertEquals(2592000, defaults.validLifetimeSeconds);
        assertEquals(604800, defaults.preferredLifetimeSeconds);
        // The smallest MaxRtrAdvInterval: its 0.33 would be 1 s, below the RFC's 3 s floor.
        assertEquals(3, new RaSettings(true, 4, 0, 0, 10, 10).minIntervalSeconds);
    }

    @Test
    public void eachBoundIsEnforcedAndNamed() {
        List<Object[]> bad = List.of(
                new Object[]{3, 0, 1800, 10L, 10L, "raMaxIntervalSeconds"},
                new Object[]{1801, 0, 1800, 10L, 10L, "raMaxIntervalSeconds"},
                new Object[]{600, 2, 1800, 10L, 10L, "raMinIntervalSeconds"},
                new Object[]{600, 451, 1800, 10L, 10L, "raMinIntervalSeconds"},
                new Object[]{600, 0, 599, 10L, 10L, "raRouterLifetimeSeconds"},
                new Object[]{600, 0, 9001, 10L, 10L, "raRouterLifetimeSeconds"},
                new Object[]{600, 0, 1800, 10L, 11L, "raPreferredLifetimeSeconds"});
        for (Object[] b : bad) {
            try {
                new RaSettings(true, (int) b[0], (int) b[1], (int) b[2], (long) b[3], (long) b[4]);
                fail("accepted " + List.of(b));
            } catch (IllegalArgumentException e) {
                assertTrue(e.getMessage(), e.getMessage().startsWith((String) b[5]));
            }
        }
        // Not a default router at all: lifetime 0 is allowed whatever the interval.
        assertEquals(0, new RaSettings(true, 600, 0, 0, 10, 10).routerLifetimeSeconds);
    }
}
