// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.junit.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.sixflow.app.impl.NewestWrites.after;
import static org.sixflow.app.impl.NewestWrites.written;

/**
 * A copy fed by a map's events and its own writes applies each key's writes in the map's order.
 */
public class NewestWritesTest {

    private final AtomicLong clock = new AtomicLong();
    private final NewestWrites<String> writes = new NewestWrites<>(clock::get);

    @Test
    public void newerWritesAreTakenOlderAndRepeatedOnesNot() {
        assertTrue(writes.accept("a", written(1), false));
        assertTrue(writes.accept("a", written(2), false));
        assertFalse(writes.accept("a", written(1), false));
        assertFalse(writes.accept("a", written(2), false));
        assertTrue("keys are apart", writes.accept("b", written(1), false));
    }

    @Test
    public void aCompareAndSetComesAfterTheVersionItReplacedAndBeforeItsOwnEvent() {
        assertTrue(writes.accept("a", after(3), false));
        assertFalse("the event of the version replaced", writes.accept("a", written(3), false));
        assertTrue("the event of the write itself", writes.accept("a", written(4), false));
    }

    @Test
    public void aRemovalKeepsOlderWritesOutForAMinute() {
        assertTrue(writes.accept("a", written(1), false));
        assertTrue(writes.accept("a", after(1), true));
        assertFalse(writes.accept("a", written(1), false));
        assertEquals(1, writes.size());
        clock.set(NewestWrites.TOMBSTONE_MILLIS);
        assertTrue(writes.accept("b", written(5), false));
        assertEquals("a forgotten", 1, writes.size());
    }

    @Test
    public void aKeyWrittenAgainAfterItsRemovalKeepsItsOrder() {
        assertTrue(writes.accept("a", after(1), true));
        assertTrue(writes.accept("a", written(2), false));
        clock.set(NewestWrites.TOMBSTONE_MILLIS);
        assertTrue(writes.accept("b", written(5), false));
        assertFalse("a's own order stays", writes.accept("a", written(2), false));
    }
}
