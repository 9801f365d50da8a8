// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.aggregate;

import java.util.Arrays;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The cumulative register values of one latency slot as the data plane holds them, in ticks:
 * sum, min + 1 (0 while no packet was counted), max and the histogram buckets.
 */
public final class SlotRegisters {

    private final int slot;
    private final long sum;
    private final long minPlusOne;
    private final long max;
    private final long[] buckets;

    private SlotRegisters(int slot, long sum, long minPlusOne, long max, long[] buckets) {
        checkArgument(slot >= 0, "negative slot %s", slot);
        this.slot = slot;
        this.sum = sum;
        this.minPlusOne = minPlusOne;
        this.max = max;
        this.buckets = checkNotNull(buckets).clone();
    }

    /**
     * Creates a reading.
     *
     * @param slot       the slot
     * @param sum        latency_sum (unsigned, up to its width)
     * @param minPlusOne latency_min
     * @param max        latency_max
     * @param buckets    latency_histogram cells of the slot
     * @return the reading
     */
    public static SlotRegisters of(int slot, long sum, long minPlusOne, long max, long... buckets) {
        return new SlotRegisters(slot, sum, minPlusOne, max, buckets);
    }

    public int slot() {
        return slot;
    }

    public long sum() {
        return sum;
    }

    public long minPlusOne() {
        return minPlusOne;
    }

    public long max() {
        return max;
    }

    /** Histogram buckets (a copy). */
    public long[] buckets() {
        return buckets.clone();
    }

    long bucket(int i) {
        return buckets[i];
    }

    int bucketCount() {
        return buckets.length;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof SlotRegisters)) {
            return false;
        }
        SlotRegisters that = (SlotRegisters) o;
        return slot == that.slot && sum == that.sum && minPlusOne == that.minPlusOne && max == that.max
                && Arrays.equals(buckets, that.buckets);
    }

    @Override
    public int hashCode() {
        return 31 * (31 * (31 * (31 * slot + Long.hashCode(sum)) + Long.hashCode(minPlusOne)) + Long.hashCode(max))
                + Arrays.hashCode(buckets);
    }

    @Override
    public String toString() {
        return "SlotRegisters{slot=" + slot + ", sum=" + sum + ", minPlusOne=" + minPlusOne + ", max=" + max
                + ", buckets=" + Arrays.toString(buckets) + '}';
    }
}
