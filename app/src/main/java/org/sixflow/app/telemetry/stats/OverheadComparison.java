// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.stats;

import org.apache.commons.math3.distribution.NormalDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.sixflow.app.api.OverheadSummary;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * A feature's latency against plain IPv6 forwarding, as the studies compare them: the overhead
 * K = (L − L_IPv6) / L_IPv6 of each feature packet against the baseline mean, and the Z-test
 * probability P(K ≤ t) that the overhead stays under a threshold t, with K taken as normal.
 */
public final class OverheadComparison {

    private final double baselineMean;
    private final double featureMean;
    private final double kMean;
    private final double kStdev;

    private OverheadComparison(double[] feature, double[] baseline) {
        baselineMean = StatUtils.mean(baseline);
        featureMean = StatUtils.mean(feature);
        double[] k = Arrays.stream(feature).map(l -> (l - baselineMean) / baselineMean).toArray();
        kMean = StatUtils.mean(k);
        kStdev = Math.sqrt(StatUtils.variance(k));
    }

    private OverheadComparison(double featureMean, double featureStdev, double baselineMean) {
        this.baselineMean = baselineMean;
        this.featureMean = featureMean;
        this.kMean = (featureMean - baselineMean) / baselineMean;
        this.kStdev = featureStdev / baselineMean;
    }

    /**
     * Compares two samples known by their moments: K's mean and deviation follow from the
     * feature's mean and sample deviation and the baseline's mean, exactly as {@link #of} finds
     * them from the samples.
     *
     * @param featureMean  the feature's mean latency
     * @param featureStdev the feature's sample standard deviation (n − 1)
     * @param baselineMean the baseline's mean latency, positive
     * @return the comparison
     */
    public static OverheadComparison ofMoments(double featureMean, double featureStdev, double baselineMean) {
        checkArgument(baselineMean > 0, "baseline mean must be positive");
        return new OverheadComparison(featureMean, featureStdev, baselineMean);
    }

    /**
     * Compares two samples.
     *
     * @param feature  latencies with the feature
     * @param baseline latencies of plain IPv6 forwarding, same unit
     * @return the comparison
     */
    public static OverheadComparison of(double[] feature, double[] baseline) {
        checkArgument(feature.length >= 2 && baseline.length >= 1, "need at least 2 feature and 1 baseline samples");
        checkArgument(StatUtils.mean(baseline) > 0, "baseline mean must be positive");
        return new OverheadComparison(feature, baseline);
    }

    /** Feature mean over baseline mean (1.018 is 1.8% slower). */
    public double meanRatio() {
        return featureMean / baselineMean;
    }

    public double kMean() {
        return kMean;
    }

    public double kStdev() {
        return kStdev;
    }

    /**
     * Returns P(K ≤ threshold) under the normal model of K.
     *
     * @param threshold overhead, e.g. 0.02 for 2%
     * @return the probability
     */
    public double probabilityAtMost(double threshold) {
        if (kStdev == 0) {
            return kMean <= threshold ? 1 : 0;
        }
        return new NormalDistribution(null, kMean, kStdev).cumulativeProbability(threshold);
    }

    /**
     * Returns the comparison as the API's value, with P(K ≤ t) for each threshold.
     *
     * @param thresholds overheads t, e.g. 0.02 for 2%
     * @return the summary
     */
    public OverheadSummary summary(List<Double> thresholds) {
        Map<Double, Double> probabilities = new LinkedHashMap<>();
        for (double threshold : thresholds) {
            probabilities.put(threshold, probabilityAtMost(threshold));
        }
        return OverheadSummary.of(meanRatio(), kMean, kStdev, probabilities);
    }

    /**
     * The studies' stability ratio for consecutive packets: |(T2 − T1) − (t2 − t1)| / (t2 − t1),
     * with t the send times and T the receive times.
     *
     * @param sent     send times, increasing
     * @param received receive times of the same packets
     * @return one ratio per consecutive pair
     */
    public static double[] stability(double[] sent, double[] received) {
        checkArgument(sent.length == received.length, "%s send times but %s receive times", sent.length,
                      received.length);
        double[] ratios = new double[Math.max(0, sent.length - 1)];
        for (int i = 1; i < sent.length; i++) {
            double gap = sent[i] - sent[i - 1];
            checkArgument(gap > 0, "send times must increase (packet %s)", i);
            ratios[i - 1] = Math.abs((received[i] - received[i - 1]) - gap) / gap;
        }
        return ratios;
    }
}
