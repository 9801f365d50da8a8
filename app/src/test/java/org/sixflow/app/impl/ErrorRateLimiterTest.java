// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.junit.Test;

import java.util.concurrent.atomic.AtomicLong;

import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;

/** The token bucket: a burst at once, then the rate, never more than a burst saved up. */
public class ErrorRateLimiterTest {

    private final AtomicLong now = new AtomicLong(5_000_000_000L);
    private final ErrorRateLimiter limiter = new ErrorRateLimiter(100, 3, now::get);

    @Test
    public void aBurstThenTheRate() {
        assertTrue(limiter.tryAcquire());
        assertTrue(limiter.tryAcquire());
        assertTrue(limiter.tryAcquire());
        assertFalse("the burst is spent", limiter.tryAcquire());
        now.addAndGet(9_000_000);
        assertFalse("9 ms make 0.9 of a token at 100/s", limiter.tryAcquire());
        now.addAndGet(1_000_000);
        assertTrue("10 ms make one", limiter.tryAcquire());
        assertFalse(limiter.tryAcquire());
    }

    @Test
    public void aLongQuietSavesNoMoreThanABurst() {
        now.addAndGet(60_000_000_000L);
        for (int i = 0; i < 3; i++) {
            assertTrue(limiter.tryAcquire());
        }
        assertFalse(limiter.tryAcquire());
    }
}
