// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import java.util.function.LongSupplier;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * A token bucket for the messages the controller sends on a router's behalf: ICMPv6 errors (RFC
 * 4443 section 2.4 f), GTP-U echo responses. Up to {@code burst} at once, refilled at
 * {@code perSecond}. Thread-safe.
 */
public final class ErrorRateLimiter {

    private static final long NANOS_PER_SECOND = 1_000_000_000L;

    private final long perSecond;
    private final long burst;
    private final LongSupplier nanoTime;
    private double tokens;
    private long last;

    /**
     * Creates a full bucket.
     *
     * @param perSecond messages allowed per second, on average
     * @param burst     messages allowed at once
     * @param nanoTime  a monotonic clock in nanoseconds
     */
    public ErrorRateLimiter(long perSecond, long burst, LongSupplier nanoTime) {
        checkArgument(perSecond > 0 && burst > 0, "rate and burst are positive");
        this.perSecond = perSecond;
        this.burst = burst;
        this.nanoTime = nanoTime;
        this.tokens = burst;
        this.last = nanoTime.getAsLong();
    }

    /**
     * Takes a token if there is one.
     *
     * @return whether a message may be sent
     */
    public synchronized boolean tryAcquire() {
        long now = nanoTime.getAsLong();
        tokens = Math.min(burst, tokens + (double) (now - last) * perSecond / NANOS_PER_SECOND);
        last = now;
        if (tokens < 1) {
            return false;
        }
        tokens -= 1;
        return true;
    }
}
