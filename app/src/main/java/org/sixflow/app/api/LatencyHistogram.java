// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import java.util.Arrays;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * Latencies counted in equal-width buckets between the smallest and the largest; the last
 * bucket includes its upper edge.
 */
public final class LatencyHistogram {

    private final double[] edgesNanos;
    private final long[] counts;

    private LatencyHistogram(double[] edgesNanos, long[] counts) {
        checkArgument(counts.length >= 1 && edgesNanos.length == counts.length + 1,
                      "%s buckets need %s edges, got %s", counts.length, counts.length + 1, edgesNanos.length);
        this.edgesNanos = edgesNanos;
        this.counts = counts;
    }

    /**
     * Creates a histogram.
     *
     * @param edgesNanos bucket edges, ascending, one more than counts
     * @param counts     packets per bucket
     * @return the histogram
     */
    public static LatencyHistogram of(double[] edgesNanos, long[] counts) {
        return new LatencyHistogram(edgesNanos.clone(), counts.clone());
    }

    /** Total packets. */
    public long count() {
        return Arrays.stream(counts).sum();
    }

    public double[] edgesNanos() {
        return edgesNanos.clone();
    }

    public long[] counts() {
        return counts.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LatencyHistogram && Arrays.equals(edgesNanos, ((LatencyHistogram) o).edgesNanos)
                && Arrays.equals(counts, ((LatencyHistogram) o).counts);
    }

    @Override
    public int hashCode() {
        return 31 * Arrays.hashCode(edgesNanos) + Arrays.hashCode(counts);
    }

    @Override
    public String toString() {
        return "LatencyHistogram{edges=" + Arrays.toString(edgesNanos) + ", counts=" + Arrays.toString(counts) + "}";
    }
}
