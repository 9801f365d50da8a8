// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.util.Arrays;

/**
 * The studies' figures of a latency sample in nanoseconds: count, mean, sample standard
 * deviation, min, max, percentiles, and the Kolmogorov–Smirnov test against the normal
 * distribution with the sample's mean and standard deviation (NaN below two distinct values).
 */
public final class LatencySummary {

    private final long count;
    private final double mean;
    private final double stdev;
    private final double min;
    private final double max;
    private final double p50;
    private final double p90;
    private final double p99;
    private final double ksStatistic;
    private final double ksPValue;

    private LatencySummary(long count, double mean, double stdev, double min, double max, double p50, double p90,
                           double p99, double ksStatistic, double ksPValue) {
        this.count = count;
        this.mean = mean;
        this.stdev = stdev;
        this.min = min;
        this.max = max;
        this.p50 = p50;
        this.p90 = p90;
        this.p99 = p99;
        this.ksStatistic = ksStatistic;
        this.ksPValue = ksPValue;
    }

    /**
     * Creates a summary.
     *
     * @param count       samples
     * @param mean        mean
     * @param stdev       sample standard deviation (n − 1)
     * @param min         smallest
     * @param max         largest
     * @param p50         median (linear interpolation)
     * @param p90         90th percentile
     * @param p99         99th percentile
     * @param ksStatistic KS distance to the fitted normal
     * @param ksPValue    KS p-value
     * @return the summary
     */
    public static LatencySummary of(long count, double mean, double stdev, double min, double max, double p50,
                                    double p90, double p99, double ksStatistic, double ksPValue) {
        return new LatencySummary(count, mean, stdev, min, max, p50, p90, p99, ksStatistic, ksPValue);
    }

    public long count() {
        return count;
    }

    public double mean() {
        return mean;
    }

    public double stdev() {
        return stdev;
    }

    /** stdev², as the MSR6 study reports it. */
    public double variance() {
        return stdev * stdev;
    }

    public double min() {
        return min;
    }

    public double max() {
        return max;
    }

    public double range() {
        return max - min;
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

    public double ksStatistic() {
        return ksStatistic;
    }

    public double ksPValue() {
        return ksPValue;
    }

    private double[] values() {
        return new double[]{count, mean, stdev, min, max, p50, p90, p99, ksStatistic, ksPValue};
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof LatencySummary && Arrays.equals(values(), ((LatencySummary) o).values());
    }

    @Override
    public int hashCode() {
        return Arrays.hashCode(values());
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("count", count).add("mean", mean).add("stdev", stdev)
                .add("min", min).add("max", max).toString();
    }
}
