// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.junit.Test;

import java.util.ArrayList;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertNotEquals;
import static org.junit.Assert.assertTrue;

public class RoutingStateTest {

    @Test
    public void twoReadsOfAStillNetworkAreEqualAndAMovingOneIsNot() {
        FakeNetwork network = new FakeNetwork(new ArrayList<>());
        network.movingReads = 1;
        RoutingState moving = RoutingState.of(network);
        RoutingState first = RoutingState.of(network);
        RoutingState second = RoutingState.of(network);
        assertNotEquals(moving, first);
        assertEquals(first, second);
        assertEquals(first.hashCode(), second.hashCode());
    }

    @Test
    public void routesOnosHasNotSeenOnTheirSwitchLeaveTheStateUnconfirmedButNotUnequal() {
        FakeNetwork network = new FakeNetwork(new ArrayList<>());
        network.movingReads = 0;
        network.scriptedUnconfirmed.add(2);
        RoutingState pending = RoutingState.of(network);
        RoutingState confirmed = RoutingState.of(network);
        assertFalse(pending.confirmed());
        assertTrue(confirmed.confirmed());
        assertEquals(pending, confirmed);
        assertTrue(pending.toString().endsWith(", 2 unconfirmed"));
    }

    @Test
    public void theStateSaysItsRoutesAndEachSwitchsEntries() {
        FakeNetwork network = new FakeNetwork(new ArrayList<>());
        network.movingReads = 0;
        String text = RoutingState.of(network).toString();
        assertTrue(text.startsWith("40 routes, entries {"));
        assertTrue(text.contains("=12") && text.contains("=7"));
    }
}
