// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The figures the studies report for one class's latency sample, in ns: count, mean, sample
 * standard deviation, min, max, range, percentiles, and a one-sample Kolmogorov–Smirnov test
 * against the normal distribution with the sample's mean and stdev. A value only: the telemetry
 * service computes it.
 */
public final class LatencySummary {

    private final int count;
    private final double mean;
    private final double stdev;
    private final double min;
    private final double max;
    private final double p50;
    private final double p90;
    private final double p99;
    private final double ksStatistic;
    private final double ksPValue;

    private LatencySummary(Builder b) {
        checkArgument(b.count > 0, "a summary needs at least one sample");
        count = b.count;
        mean = b.mean;
        stdev = b.stdev;
        min = b.min;
        max = b.max;
        p50 = b.p50;
        p90 = b.p90;
        p99 = b.p99;
        ksStatistic = b.ksStatistic;
        ksPValue = b.ksPValue;
    }

    /**
     * Starts a summary; every figure not set is NaN.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder();
    }

    public int count() {
        return count;
    }

    public double mean() {
        return mean;
    }

    /** Sample standard deviation (n − 1). */
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

    /** KS distance to the fitted normal; NaN with fewer than two distinct samples. */
    public double ksStatistic() {
        return ksStatistic;
    }

    /** KS p-value: small values reject normality; NaN with fewer than two distinct samples. */
    public double ksPValue() {
        return ksPValue;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof LatencySummary)) {
            return false;
        }
        LatencySummary that = (LatencySummary) o;
        return count == that.count && Double.compare(mean, that.mean) == 0 && Double.compare(stdev, that.stdev) == 0
                && Double.compare(min, that.min) == 0 && Double.compare(max, that.max) == 0
                && Double.compare(p50, that.p50) == 0 && Double.compare(p90, that.p90) == 0
                && Double.compare(p99, that.p99) == 0 && Double.compare(ksStatistic, that.ksStatistic) == 0
                && Double.compare(ksPValue, that.ksPValue) == 0;
    }

    @Override
    public int hashCode() {
        return Objects.hash(count, mean, stdev, min, max, p50, p90, p99, ksStatistic, ksPValue);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("count", count).add("mean", mean).add("stdev", stdev)
                .add("min", min).add("max", max).add("p50", p50).add("p90", p90).add("p99", p99)
                .add("ksStatistic", ksStatistic).add("ksPValue", ksPValue).toString();
    }

    /** Gathers the figures. */
    public static final class Builder {
        private int count;
        private double mean = Double.NaN;
        private double stdev = Double.NaN;
        private double min = Double.NaN;
        private double max = Double.NaN;
        private double p50 = Double.NaN;
        private double p90 = Double.NaN;
        private double p99 = Double.NaN;
        private double ksStatistic = Double.NaN;
        private double ksPValue = Double.NaN;

        private Builder() {
        }

        /**
         * Sets the sample size and its moments.
         *
         * @param n        samples
         * @param meanNs   mean
         * @param stdevNs  sample standard deviation
         * @return this builder
         */
        public Builder moments(int n, double meanNs, double stdevNs) {
            count = n;
            mean = meanNs;
            stdev = stdevNs;
            return this;
        }

        /**
         * Sets the extremes.
         *
         * @param minNs smallest sample
         * @param maxNs largest sample
         * @return this builder
         */
        public Builder extremes(double minNs, double maxNs) {
            min = minNs;
            max = maxNs;
            return this;
        }

        /**
         * Sets the percentiles.
         *
         * @param p50Ns median
         * @param p90Ns 90th percentile
         * @param p99Ns 99th percentile
         * @return this builder
         */
        public Builder percentiles(double p50Ns, double p90Ns, double p99Ns) {
            p50 = p50Ns;
            p90 = p90Ns;
            p99 = p99Ns;
            return this;
        }

        /**
         * Sets the normality test's result.
         *
         * @param statistic KS distance
         * @param pValue    KS p-value
         * @return this builder
         */
        public Builder normality(double statistic, double pValue) {
            ksStatistic = statistic;
            ksPValue = pValue;
            return this;
        }

        public LatencySummary build() {
            return new LatencySummary(this);
        }
    }
}
