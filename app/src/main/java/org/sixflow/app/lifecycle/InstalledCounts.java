// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.lifecycle;

import org.onosproject.net.DeviceId;
import org.onosproject.net.flow.TableId;

import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executor;
import java.util.function.Function;
import java.util.function.LongSupplier;

/**
 * How many entries each table of a device held when its entries were last read, read again in
 * the background once a period has passed: a budget that only needs to know that a table is far
 * from full asks here instead of reading (and copying) every entry of the device for each
 * check. A reading older than {@link #UNUSABLE_PERIODS} periods (its refresh failing) is not
 * given out.
 */
final class InstalledCounts {

    /** Readings this many periods old are not used. */
    static final int UNUSABLE_PERIODS = 5;

    private final Function<DeviceId, Map<TableId, Integer>> read;
    private final long periodMillis;
    private final LongSupplier millis;
    private final Executor background;
    private final Map<DeviceId, Reading> readings = new ConcurrentHashMap<>();
    private final Set<DeviceId> refreshing = ConcurrentHashMap.newKeySet();

    /**
     * Counts read by a function.
     *
     * @param read         counts a device's entries by table (reads the flow rule service)
     * @param periodMillis how old a reading may be before it is read again
     * @param millis       the clock
     * @param background   where readings are refreshed
     */
    InstalledCounts(Function<DeviceId, Map<TableId, Integer>> read, long periodMillis, LongSupplier millis,
                    Executor background) {
        this.read = read;
        this.periodMillis = periodMillis;
        this.millis = millis;
        this.background = background;
    }

    /**
     * A device's counts as last read; a reading older than the period is read again meanwhile.
     *
     * @param deviceId the device
     * @return table to entries held; empty when the device has no usable reading
     */
    Optional<Map<TableId, Integer>> recent(DeviceId deviceId) {
        Reading reading = readings.get(deviceId);
        if (reading == null) {
            return Optional.empty();
        }
        long age = millis.getAsLong() - reading.millis;
        if (age >= periodMillis && refreshing.add(deviceId)) {
            background.execute(() -> {
                try {
                    long started = now();
                    record(deviceId, read.apply(deviceId), started);
                } finally {
                    refreshing.remove(deviceId);
                }
            });
        }
        return age < UNUSABLE_PERIODS * periodMillis ? Optional.of(reading.counts) : Optional.empty();
    }

    /** The time on this object's clock, for when a read starts. */
    long now() {
        return millis.getAsLong();
    }

    /**
     * Keeps a reading, unless a later one is kept.
     *
     * @param deviceId the device
     * @param counts   table to entries held
     * @param readAt   when the read started
     */
    void record(DeviceId deviceId, Map<TableId, Integer> counts, long readAt) {
        Reading reading = new Reading(Map.copyOf(counts), readAt);
        readings.merge(deviceId, reading, (old, now) -> now.millis >= old.millis ? now : old);
    }

    private static final class Reading {
        final Map<TableId, Integer> counts;
        final long millis;

        Reading(Map<TableId, Integer> counts, long millis) {
            this.counts = counts;
            this.millis = millis;
        }
    }
}
