// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.junit.Test;
import org.sixflow.app.testing.ManualTimer;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import static org.junit.Assert.assertEquals;

/**
 * Backoff doubling to its cap, reset, and retries that a newer one or a cancel replaced.
 */
public class RetriesTest {

    private final ManualTimer timer = new ManualTimer();
    private final Retries<String> retries = new Retries<>(timer, 1_000, 4_000);
    private final AtomicInteger runs = new AtomicInteger();

    @Test
    public void delaysDoubleUpToTheCapAndStartAgainAfterAReset() {
        assertEquals(1_000, retries.failed("a", runs::incrementAndGet));
        assertEquals(2_000, retries.failed("a", runs::incrementAndGet));
        assertEquals(4_000, retries.failed("a", runs::incrementAndGet));
        assertEquals(4_000, retries.failed("a", runs::incrementAndGet));
        assertEquals(4, retries.failures("a"));
        assertEquals(4, retries.reset("a"));
        assertEquals(1_000, retries.failed("a", runs::incrementAndGet));
        // Another key has its own backoff.
        assertEquals(1_000, retries.failed("b", runs::incrementAndGet));
    }

    @Test
    public void aKeyHasOneRetryPending() {
        retries.failed("a", runs::incrementAndGet);
        retries.failed("a", runs::incrementAndGet);
        assertEquals(List.of(2_000L), timer.pending());
        timer.advance(Duration.ofSeconds(10));
        assertEquals(1, runs.get());
    }

    @Test
    public void aCancelledOrResetRetryDoesNotRun() {
        retries.failed("a", runs::incrementAndGet);
        retries.cancel("a");
        retries.failed("b", runs::incrementAndGet);
        retries.reset("b");
        timer.advance(Duration.ofSeconds(10));
        assertEquals(0, runs.get());
        // The cancel kept a's backoff; the reset forgot b's.
        assertEquals(2_000, retries.failed("a", runs::incrementAndGet));
        assertEquals(1_000, retries.failed("b", runs::incrementAndGet));
        retries.clear();
        timer.advance(Duration.ofSeconds(10));
        assertEquals(0, runs.get());
    }
}
