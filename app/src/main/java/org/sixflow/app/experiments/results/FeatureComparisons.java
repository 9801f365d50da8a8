// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import com.google.common.collect.ImmutableList;
import org.apache.commons.math3.distribution.NormalDistribution;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.FeatureComparison;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.OverheadProbability;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A feature against the baseline as the APN6 study compares them. The overhead of one packet,
 * K = (L − L̄_baseline) / L̄_baseline, has mean (L̄ − L̄_b) / L̄_b and stdev s / L̄_b; the mean of n
 * packets has the same mean and stdev s / (L̄_b √n). P(K ≤ x) is the normal model's probability
 * (the study's Z-test). Without thresholds given, the tables take K's mean and three steps of one
 * standard deviation above it, rounded to the step's first two digits.
 */
public final class FeatureComparisons {

    /** Rows of a table whose thresholds are chosen from the results. */
    static final int AUTOMATIC_ROWS = 4;

    private FeatureComparisons() {
    }

    /**
     * Compares a feature with the baseline.
     *
     * @param cellIndex      the cell
     * @param feature        the feature's results
     * @param baseline       the baseline's results
     * @param thresholds     one-packet thresholds; empty to choose
     * @param meanThresholds thresholds for the mean of n; empty to choose
     * @param meanOf         n
     * @return the comparison; empty when either class has no latencies, the baseline's mean is 0, or
     *         the switch queued while either was measured
     */
    public static Optional<FeatureComparison> of(int cellIndex, ExperimentClassResult feature,
                                                 ExperimentClassResult baseline, List<Double> thresholds,
                                                 List<Double> meanThresholds, int meanOf) {
        if (feature.latency().isEmpty() || baseline.latency().isEmpty() || baseline.latency().get().mean() <= 0
                || feature.queueing().isPresent() || baseline.queueing().isPresent()) {
            // A class measured while the switch queued has the queue's latency, not the feature's.
            return Optional.empty();
        }
        LatencySummary f = feature.latency().get();
        LatencySummary b = baseline.latency().get();
        double kMean = (f.mean() - b.mean()) / b.mean();
        double kStdev = f.stdev() / b.mean();
        double meanStdev = kStdev / Math.sqrt(meanOf);
        return Optional.of(FeatureComparison.builder(cellIndex, feature.className(), baseline.className())
                .diff(f.mean() - b.mean(), f.stdev() - b.stdev(), f.max() - b.max(), f.min() - b.min())
                .overhead(f.mean() / b.mean(), kMean, kStdev)
                .onePacket(rows(thresholds.isEmpty() ? automatic(kMean, kStdev) : thresholds, b.mean(), kMean, kStdev))
                .meanOfPackets(meanOf, rows(meanThresholds.isEmpty() ? automatic(kMean, meanStdev) : meanThresholds,
                                            b.mean(), kMean, meanStdev))
                .build());
    }

    /**
     * Returns P(K ≤ x) for K normal with a mean and stdev (a step at the mean for stdev 0).
     *
     * @param x     threshold
     * @param mean  K's mean
     * @param stdev K's stdev
     * @return the probability
     */
    public static double probabilityAtMost(double x, double mean, double stdev) {
        if (!(stdev > 0)) {
            return mean <= x ? 1 : 0;
        }
        return new NormalDistribution(null, mean, stdev).cumulativeProbability(x);
    }

    private static List<OverheadProbability> rows(List<Double> thresholds, double baselineMean, double kMean,
                                                  double kStdev) {
        ImmutableList.Builder<OverheadProbability> rows = ImmutableList.builder();
        for (double x : thresholds) {
            rows.add(OverheadProbability.of(x, baselineMean * (1 + x), probabilityAtMost(x, kMean, kStdev)));
        }
        return rows.build();
    }

    /**
     * Chooses thresholds: K's mean and three steps of one stdev above it, at the step's precision.
     *
     * @param mean  K's mean
     * @param stdev the step
     * @return the thresholds
     */
    static List<Double> automatic(double mean, double stdev) {
        List<Double> thresholds = new ArrayList<>();
        if (!(stdev > 0)) {
            thresholds.add(mean);
            return thresholds;
        }
        double step = new BigDecimal(stdev).round(new MathContext(2)).doubleValue();
        int scale = (int) -Math.floor(Math.log10(step)) + 1;
        for (int i = 0; i < AUTOMATIC_ROWS; i++) {
            double x = new BigDecimal(mean + i * step).setScale(Math.max(scale, 0), java.math.RoundingMode.HALF_UP)
                    .doubleValue();
            if (thresholds.isEmpty() || x > thresholds.get(thresholds.size() - 1)) {
                thresholds.add(x);
            }
        }
        return thresholds;
    }
}
