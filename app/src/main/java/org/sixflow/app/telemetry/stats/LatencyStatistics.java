// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.stats;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.descriptive.DescriptiveStatistics;
import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.apache.commons.math3.stat.inference.KolmogorovSmirnovTest;
import org.sixflow.app.api.LatencySummary;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The figures the studies report for a latency sample: mean, sample standard deviation, min,
 * max, range, percentiles (linear interpolation, as NumPy's default), and the Kolmogorov–Smirnov
 * distance to the normal distribution with the sample's mean and stdev, judged by Lilliefors'
 * distribution (the normal is fitted to the sample, so the plain Kolmogorov p-value is biased high).
 */
public final class LatencyStatistics {

    /**
     * One test for every caller: its constructor seeds a random generator (a Well19937c of 624
     * ints) that only the bootstrap tests use, and the statistic keeps no state.
     */
    static final KolmogorovSmirnovTest KOLMOGOROV_SMIRNOV = new KolmogorovSmirnovTest();

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

    private LatencyStatistics(double[] samples) {
        DescriptiveStatistics d = new DescriptiveStatistics(samples);
        count = samples.length;
        mean = d.getMean();
        stdev = d.getStandardDeviation();
        min = d.getMin();
        max = d.getMax();
        Percentile percentile = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        percentile.setData(samples);
        p50 = percentile.evaluate(50);
        p90 = percentile.evaluate(90);
        p99 = percentile.evaluate(99);
        if (count >= 2 && stdev > 0) {
            NormalDistribution normal = new NormalDistribution(null, mean, stdev);
            ksStatistic = KOLMOGOROV_SMIRNOV.kolmogorovSmirnovStatistic(normal, samples);
            ksPValue = Lilliefors.pValue(ksStatistic, count);
        } else {
            ksStatistic = Double.NaN;
            ksPValue = Double.NaN;
        }
    }

    /**
     * Computes the statistics of a sample.
     *
     * @param samples latencies (any unit)
     * @return the statistics
     * @throws IllegalArgumentException for an empty sample
     */
    public static LatencyStatistics of(double[] samples) {
        checkArgument(samples.length > 0, "no samples");
        return new LatencyStatistics(samples.clone());
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

    /** Lilliefors p-value of the KS distance (NaN below 5 samples): small values reject normality. */
    public double ksPValue() {
        return ksPValue;
    }

    /**
     * Returns these figures as the API's value.
     *
     * @return the summary
     */
    public LatencySummary summary() {
        return LatencySummary.builder().moments(count, mean, stdev).extremes(min, max).percentiles(p50, p90, p99)
                .normality(ksStatistic, ksPValue).build();
    }
}
