// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import org.apache.commons.math3.distribution.TDistribution;
import org.apache.commons.math3.stat.StatUtils;
import org.sixflow.app.api.ConfidenceInterval;

import java.util.Optional;

/**
 * Confidence intervals of a mean across repetitions: mean ± t(1 − (1 − level)/2, n − 1) · s / √n,
 * with s the sample standard deviation of the repetitions' means.
 */
public final class ConfidenceIntervals {

    /** The level the results report. */
    public static final double LEVEL = 0.95;

    private ConfidenceIntervals() {
    }

    /**
     * Computes the interval.
     *
     * @param means one mean per repetition
     * @param level e.g. 0.95
     * @return the interval; empty below two repetitions
     */
    public static Optional<ConfidenceInterval> of(double[] means, double level) {
        if (means.length < 2) {
            return Optional.empty();
        }
        double mean = StatUtils.mean(means);
        double s = Math.sqrt(StatUtils.variance(means));
        double t = new TDistribution(null, means.length - 1).inverseCumulativeProbability(1 - (1 - level) / 2);
        return Optional.of(ConfidenceInterval.of(level, means.length, mean, t * s / Math.sqrt(means.length)));
    }
}
