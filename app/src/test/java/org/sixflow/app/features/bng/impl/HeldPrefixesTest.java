// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.bng.impl;

import org.junit.Test;
import org.onlab.packet.Ip6Prefix;

import java.util.Optional;

import static org.junit.Assert.assertEquals;

/** The pools' lowest free prefix: taken in order, a released one given again first, held twice held until both go. */
public class HeldPrefixesTest {

    private static final Ip6Prefix POOL = Ip6Prefix.valueOf("fd33:1::/48");

    private static Ip6Prefix p(String text) {
        return Ip6Prefix.valueOf(text);
    }

    private Ip6Prefix take(HeldPrefixes held) {
        Ip6Prefix prefix = held.lowestFree(POOL, 64).orElseThrow();
        held.hold(prefix);
        return prefix;
    }

    @Test
    public void lowestFreeFirstAndAReleasedOneAgain() {
        HeldPrefixes held = new HeldPrefixes();
        assertEquals(p("fd33:1::/64"), take(held));
        assertEquals(p("fd33:1:0:1::/64"), take(held));
        assertEquals(p("fd33:1:0:2::/64"), take(held));
        held.release(p("fd33:1:0:1::/64"));
        assertEquals(p("fd33:1:0:1::/64"), take(held));
        assertEquals(p("fd33:1:0:3::/64"), take(held));
        // A configured /64 inside the pool that a session holds is skipped.
        held.hold(p("fd33:1:0:4::/64"));
        assertEquals(p("fd33:1:0:5::/64"), take(held));
    }

    @Test
    public void aPrefixTwoSessionsHoldIsFreeOnlyWhenBothLetGo() {
        HeldPrefixes held = new HeldPrefixes();
        held.hold(p("fd33:1::/64"));
        held.hold(p("fd33:1::/64"));
        held.release(p("fd33:1::/64"));
        // Still held by the other session: the next one is the lowest free.
        assertEquals(p("fd33:1:0:1::/64"), held.lowestFree(POOL, 64).orElseThrow());
        held.release(p("fd33:1::/64"));
        assertEquals(p("fd33:1::/64"), held.lowestFree(POOL, 64).orElseThrow());
        held.release(null);
        held.release(p("fd99::/64"));
    }

    @Test
    public void aFullPoolHasNoneAndANewPoolStartsOver() {
        HeldPrefixes held = new HeldPrefixes();
        Ip6Prefix small = p("fd33:2::/63");
        held.hold(held.lowestFree(small, 64).orElseThrow());
        held.hold(held.lowestFree(small, 64).orElseThrow());
        assertEquals(Optional.empty(), held.lowestFree(small, 64));
        assertEquals(p("fd33:1::/64"), held.lowestFree(POOL, 64).orElseThrow());
        assertEquals(p("fd33:2::/56"), held.lowestFree(p("fd33:2::/48"), 56).orElseThrow());
    }
}
