// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.impl;

import org.onosproject.net.DeviceId;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.LongSupplier;

/**
 * One token bucket ({@link ErrorRateLimiter}) per device, for what the controller sends or
 * records on a router's behalf when the router punts a packet (ICMPv6 errors and replies, GTP-U
 * echo responses and Error Indications): a flood at one device does not use up another's.
 * Thread-safe.
 */
public final class DeviceRateLimits {

    private final long perSecond;
    private final long burst;
    private final Map<DeviceId, ErrorRateLimiter> buckets = new ConcurrentHashMap<>();
    private volatile LongSupplier nanoTime = System::nanoTime;

    /**
     * Creates the limits, every device's bucket full.
     *
     * @param perSecond messages a device may send a second, on average
     * @param burst     messages it may send at once
     */
    public DeviceRateLimits(long perSecond, long burst) {
        this.perSecond = perSecond;
        this.burst = burst;
    }

    /**
     * For tests: the clock buckets created from now on run on.
     *
     * @param nanoTime a monotonic clock in nanoseconds
     */
    public void setNanoTime(LongSupplier nanoTime) {
        this.nanoTime = nanoTime;
    }

    /**
     * Takes a token of the device's bucket if there is one.
     *
     * @param device the device
     * @return whether one more message may go
     */
    public boolean tryAcquire(DeviceId device) {
        return buckets.computeIfAbsent(device, d -> new ErrorRateLimiter(perSecond, burst, nanoTime)).tryAcquire();
    }
}
