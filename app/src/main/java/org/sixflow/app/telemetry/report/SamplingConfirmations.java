// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.report;

import org.onosproject.net.DeviceId;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Which reportSampling value each device's sampling entries stand at, as the master learned it:
 * from the outcome of its own write (the device answered), or from the flow store when nothing
 * had to be written. A write in flight makes the device unknown until its outcome; only the
 * outcome of a device's latest write counts (an older one may come back later).
 */
final class SamplingConfirmations {

    private final Map<String, String> confirmed;
    private final Map<DeviceId, Long> latestWrite = new ConcurrentHashMap<>();
    private final AtomicLong writes = new AtomicLong();

    /**
     * Creates the bookkeeping over a map the cluster shares (device id → sampling text).
     *
     * @param confirmed where confirmations go
     */
    SamplingConfirmations(Map<String, String> confirmed) {
        this.confirmed = confirmed;
    }

    /**
     * A write to the device starts: what it held no longer counts.
     *
     * @param device the device
     * @return the write's token, for {@link #written}
     */
    long writing(DeviceId device) {
        long token = writes.incrementAndGet();
        latestWrite.put(device, token);
        confirmed.remove(device.toString());
        return token;
    }

    /**
     * The device accepted a write: it holds the sampling, unless a later write started since.
     *
     * @param device   the device
     * @param token    the write's token
     * @param sampling the sampling it wrote
     */
    void written(DeviceId device, long token, String sampling) {
        if (latestWrite.remove(device, token)) {
            confirmed.put(device.toString(), sampling);
        }
    }

    /**
     * The device refused a write: what it holds is unknown.
     *
     * @param device the device
     * @param token  the write's token
     */
    void refused(DeviceId device, long token) {
        latestWrite.remove(device, token);
    }

    /**
     * Nothing had to be written and the flow store shows the entries ADDED: the device holds the
     * sampling, unless a write of ours is still in flight (its outcome will say).
     *
     * @param device   the device
     * @param sampling the sampling
     */
    void inPlace(DeviceId device, String sampling) {
        if (!latestWrite.containsKey(device)) {
            confirmed.put(device.toString(), sampling);
        }
    }

    /**
     * The device went away or this instance stopped mastering it: what it holds is unknown here.
     *
     * @param device the device
     */
    void forget(DeviceId device) {
        latestWrite.remove(device);
        confirmed.remove(device.toString());
    }

    /**
     * The sampling the device holds, if known.
     *
     * @param device the device
     * @return the sampling text
     */
    Optional<String> confirmed(DeviceId device) {
        return Optional.ofNullable(confirmed.get(device.toString()));
    }
}
