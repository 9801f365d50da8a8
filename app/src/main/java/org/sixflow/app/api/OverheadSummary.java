// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableMap;

import java.util.Map;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A feature's latency against a baseline, as the studies compare them: the ratio of the means,
 * the mean and standard deviation of the overhead K = (L − L_baseline) / L_baseline of each
 * feature packet, and the Z-test probabilities P(K ≤ t) for the thresholds asked for. A value
 * only: the telemetry service computes it.
 */
public final class OverheadSummary {

    private final double meanRatio;
    private final double kMean;
    private final double kStdev;
    private final ImmutableMap<Double, Double> probabilities;

    private OverheadSummary(double meanRatio, double kMean, double kStdev, Map<Double, Double> probabilities) {
        this.meanRatio = meanRatio;
        this.kMean = kMean;
        this.kStdev = kStdev;
        this.probabilities = ImmutableMap.copyOf(checkNotNull(probabilities));
    }

    /**
     * Creates a summary.
     *
     * @param meanRatio     feature mean over baseline mean (1.018 is 1.8% slower)
     * @param kMean         mean overhead K
     * @param kStdev        standard deviation of K
     * @param probabilities P(K ≤ t) by threshold t, in the order the thresholds were asked for
     * @return the summary
     */
    public static OverheadSummary of(double meanRatio, double kMean, double kStdev, Map<Double, Double> probabilities) {
        return new OverheadSummary(meanRatio, kMean, kStdev, probabilities);
    }

    /** Feature mean over baseline mean (1.018 is 1.8% slower). */
    public double meanRatio() {
        return meanRatio;
    }

    public double kMean() {
        return kMean;
    }

    public double kStdev() {
        return kStdev;
    }

    /** P(K ≤ t) by threshold t, in the order the thresholds were asked for. */
    public Map<Double, Double> probabilities() {
        return probabilities;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof OverheadSummary)) {
            return false;
        }
        OverheadSummary that = (OverheadSummary) o;
        return Double.compare(meanRatio, that.meanRatio) == 0 && Double.compare(kMean, that.kMean) == 0
                && Double.compare(kStdev, that.kStdev) == 0 && probabilities.equals(that.probabilities);
    }

    @Override
    public int hashCode() {
        return Objects.hash(meanRatio, kMean, kStdev, probabilities);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("meanRatio", meanRatio).add("kMean", kMean).add("kStdev", kStdev)
                .add("probabilities", probabilities).toString();
    }
}
