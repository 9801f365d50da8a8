// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.stats;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.history.minutes.LatencyMinute;
import org.sixflow.app.history.minutes.LogHistogram;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.MathContext;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * The figures of {@link LatencyStatistics} from added-up minutes instead of the samples: count,
 * mean, sample deviation, min, max and range exactly; p50, p90 and p99 from the log histogram,
 * within {@link LogHistogram#RELATIVE_ERROR} of the exact ones; the Kolmogorov–Smirnov distance
 * with each sample at its histogram bucket's midpoint (within the normal probability of one
 * bucket of the exact distance, see {@link LogHistogram#ksError}) and its Lilliefors p-value from that.
 */
public final class MinuteStatistics {

    private final long count;
    private final double mean;
    private final double stdev;
    private final LatencyMinute total;

    private MinuteStatistics(LatencyMinute total) {
        this.total = total;
        this.count = total.packets();
        BigInteger n = BigInteger.valueOf(count);
        this.mean = new BigDecimal(total.sum()).divide(new BigDecimal(n), MathContext.DECIMAL128).doubleValue();
        if (count < 2) {
            this.stdev = 0;
        } else {
            // (n·Σx² − (Σx)²) / (n(n − 1)), exact until the division.
            BigInteger numerator = n.multiply(total.sumSquares()).subtract(total.sum().multiply(total.sum()));
            BigInteger denominator = n.multiply(n.subtract(BigInteger.ONE));
            this.stdev = Math.sqrt(new BigDecimal(numerator).divide(new BigDecimal(denominator),
                                                                     MathContext.DECIMAL128).doubleValue());
        }
    }

    /**
     * Statistics of added-up samples.
     *
     * @param total the window's minutes merged into one
     * @return the statistics
     * @throws IllegalArgumentException when nothing was counted
     */
    public static MinuteStatistics of(LatencyMinute total) {
        checkArgument(total.packets() > 0, "no samples");
        return new MinuteStatistics(total);
    }

    public long count() {
        return count;
    }

    public double mean() {
        return mean;
    }

    /** Sample standard deviation (n − 1); 0 for one sample, as {@link LatencyStatistics}. */
    public double stdev() {
        return stdev;
    }

    /**
     * Returns these figures as the API's value.
     *
     * @return the summary
     * @throws IllegalArgumentException when the window holds more samples than the API counts
     */
    public LatencySummary summary() {
        checkArgument(count <= Integer.MAX_VALUE, "the window holds %s samples, more than %s: narrow from/to",
                      count, Integer.MAX_VALUE);
        double min = total.min();
        double max = total.max();
        LogHistogram h = total.histogram();
        double ks = Double.NaN;
        double p = Double.NaN;
        if (count >= 2 && stdev > 0) {
            NormalDistribution normal = new NormalDistribution(null, mean, stdev);
            ks = h.ksDistance(normal::cumulativeProbability);
            p = Lilliefors.pValue(ks, count);
        }
        return LatencySummary.builder().moments((int) count, mean, stdev).extremes(min, max)
                .percentiles(h.quantile(0.5, min, max), h.quantile(0.9, min, max), h.quantile(0.99, min, max))
                .normality(ks, p).build();
    }
}
