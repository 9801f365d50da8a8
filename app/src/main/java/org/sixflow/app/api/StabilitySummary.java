// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;
import com.google.common.primitives.Longs;

import java.util.List;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The MSR6 study's stability figure: the distribution of |(T2 − T1) − (t2 − t1)| / (t2 − t1) over
 * consecutive packets of a class, with t the times they entered the device and T the times they
 * left it. Counted in decade bins (scale-free, so µs and ns timestamps both fill them).
 */
public final class StabilitySummary {

    /** Lower edges of the bins; the last bin is open. [0, 1e-6), [1e-6, 1e-5) … [1, ∞). */
    public static final List<Double> BIN_EDGES = ImmutableList.of(0.0, 1e-6, 1e-5, 1e-4, 1e-3, 1e-2, 1e-1, 1.0);

    private final long count;
    private final double mean;
    private final double p50;
    private final double p90;
    private final double p99;
    private final double max;
    private final List<Long> bins;

    private StabilitySummary(long count, double mean, double p50, double p90, double p99, double max,
                             List<Long> bins) {
        checkArgument(bins.size() == BIN_EDGES.size(), "%s bins, expected %s", bins.size(), BIN_EDGES.size());
        this.count = count;
        this.mean = mean;
        this.p50 = p50;
        this.p90 = p90;
        this.p99 = p99;
        this.max = max;
        this.bins = ImmutableList.copyOf(bins);
    }

    /**
     * Creates a summary.
     *
     * @param count ratios (consecutive pairs)
     * @param mean  mean ratio
     * @param p50   median
     * @param p90   90th percentile
     * @param p99   99th percentile
     * @param max   largest
     * @param bins  ratios per bin of {@link #BIN_EDGES}
     * @return the summary
     */
    public static StabilitySummary of(long count, double mean, double p50, double p90, double p99, double max,
                                      List<Long> bins) {
        return new StabilitySummary(count, mean, p50, p90, p99, max, bins);
    }

    /**
     * Returns the bin a ratio falls in.
     *
     * @param ratio the ratio, at least 0
     * @return index into {@link #BIN_EDGES}
     */
    public static int binOf(double ratio) {
        int bin = 0;
        for (int i = 1; i < BIN_EDGES.size(); i++) {
            if (ratio >= BIN_EDGES.get(i)) {
                bin = i;
            }
        }
        return bin;
    }

    public long count() {
        return count;
    }

    public double mean() {
        return mean;
    }

    public double p50() {
        return p50;
    }

    public double p90() {
        return p90;
    }

    public double p99() {
        return p99;
    }

    public double max() {
        return max;
    }

    /** Ratios per bin of {@link #BIN_EDGES}. */
    public List<Long> bins() {
        return bins;
    }

    /** The bins as arrays, for storage. */
    public long[] binArray() {
        return Longs.toArray(bins);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof StabilitySummary)) {
            return false;
        }
        StabilitySummary s = (StabilitySummary) o;
        return count == s.count && mean == s.mean && p50 == s.p50 && p90 == s.p90 && p99 == s.p99 && max == s.max
                && bins.equals(s.bins);
    }

    @Override
    public int hashCode() {
        return Objects.hash(count, mean, p50, p90, p99, max, bins);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("count", count).add("mean", mean).add("p99", p99)
                .add("bins", bins).toString();
    }
}
