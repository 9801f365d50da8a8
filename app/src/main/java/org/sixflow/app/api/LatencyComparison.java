// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A feature's latency against a baseline class over one window, with the studies' figures:
 * each class's statistics and normality test, the overhead K and its Z-test probabilities, and
 * the feature's inter-arrival stability.
 */
public final class LatencyComparison {

    private final LatencyClass feature;
    private final LatencySummary featureStatistics;
    private final LatencyClass baseline;
    private final LatencySummary baselineStatistics;
    private final OverheadSummary overhead;
    private final Stability stability;
    private final int sampleLimit;
    private final boolean sampled;

    private LatencyComparison(Builder b) {
        feature = checkNotNull(b.feature);
        featureStatistics = checkNotNull(b.featureStatistics);
        baseline = checkNotNull(b.baseline);
        baselineStatistics = checkNotNull(b.baselineStatistics);
        overhead = checkNotNull(b.overhead);
        stability = b.stability;
        checkArgument(b.sampleLimit > 0, "sample limit must be positive");
        sampleLimit = b.sampleLimit;
        sampled = b.sampled;
    }

    /**
     * Starts a comparison.
     *
     * @return a builder
     */
    public static Builder builder() {
        return new Builder();
    }

    public LatencyClass feature() {
        return feature;
    }

    public LatencySummary featureStatistics() {
        return featureStatistics;
    }

    public LatencyClass baseline() {
        return baseline;
    }

    public LatencySummary baselineStatistics() {
        return baselineStatistics;
    }

    public OverheadSummary overhead() {
        return overhead;
    }

    /** The overhead thresholds t whose P(K ≤ t) is asked for. */
    public List<Double> thresholds() {
        return ImmutableList.copyOf(overhead.probabilities().keySet());
    }

    /**
     * Returns the feature's inter-arrival stability.
     *
     * @return stability, empty when no consecutive pair carries ingress timestamps
     */
    public Optional<Stability> stability() {
        return Optional.ofNullable(stability);
    }

    /** Most samples per class that the statistics read. */
    public int sampleLimit() {
        return sampleLimit;
    }

    /** True if a class had more samples than the limit and a uniform random subset was analysed. */
    public boolean sampled() {
        return sampled;
    }

    /**
     * Inter-arrival stability |(T2 − T1) − (t2 − t1)| / (t2 − t1) over consecutive packets of a
     * class, t their ingress and T their egress timestamps.
     */
    public static final class Stability {
        private final long pairs;
        private final double mean;
        private final double max;

        private Stability(long pairs, double mean, double max) {
            checkArgument(pairs > 0, "stability needs at least one pair");
            this.pairs = pairs;
            this.mean = mean;
            this.max = max;
        }

        /**
         * Creates a stability summary.
         *
         * @param pairs consecutive pairs measured
         * @param mean  mean ratio
         * @param max   largest ratio
         * @return the summary
         */
        public static Stability of(long pairs, double mean, double max) {
            return new Stability(pairs, mean, max);
        }

        public long pairs() {
            return pairs;
        }

        public double mean() {
            return mean;
        }

        public double max() {
            return max;
        }
    }

    /** Gathers a comparison's parts. */
    public static final class Builder {
        private LatencyClass feature;
        private LatencySummary featureStatistics;
        private LatencyClass baseline;
        private LatencySummary baselineStatistics;
        private OverheadSummary overhead;
        private Stability stability;
        private int sampleLimit;
        private boolean sampled;

        private Builder() {
        }

        public Builder feature(LatencyClass latencyClass, LatencySummary statistics) {
            feature = latencyClass;
            featureStatistics = statistics;
            return this;
        }

        public Builder baseline(LatencyClass latencyClass, LatencySummary statistics) {
            baseline = latencyClass;
            baselineStatistics = statistics;
            return this;
        }

        public Builder overhead(OverheadSummary comparison) {
            overhead = comparison;
            return this;
        }

        public Builder stability(Stability value) {
            stability = value;
            return this;
        }

        public Builder sampling(int limit, boolean wasSampled) {
            sampleLimit = limit;
            sampled = wasSampled;
            return this;
        }

        public LatencyComparison build() {
            return new LatencyComparison(this);
        }
    }
}
