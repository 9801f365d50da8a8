// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * A feature against the baseline in one cell, as the APN6 study compares them: the DIFF row
 * (feature − baseline of mean, stdev, max and min), the mean ratio, the overhead
 * K = (L − L_baseline) / L_baseline with L the latency of one packet (its mean and stdev), and
 * the Z-test probabilities P(K ≤ x) for one packet and for the mean of n packets (whose K has
 * stdev / √n).
 */
public final class FeatureComparison {

    private final int cellIndex;
    private final String feature;
    private final String baseline;
    private final double diffMean;
    private final double diffStdev;
    private final double diffMax;
    private final double diffMin;
    private final double meanRatio;
    private final double kMean;
    private final double kStdev;
    private final List<OverheadProbability> onePacket;
    private final int meanOf;
    private final List<OverheadProbability> meanOfPackets;

    private FeatureComparison(Builder b) {
        cellIndex = b.cellIndex;
        feature = checkNotNull(b.feature);
        baseline = checkNotNull(b.baseline);
        diffMean = b.diffMean;
        diffStdev = b.diffStdev;
        diffMax = b.diffMax;
        diffMin = b.diffMin;
        meanRatio = b.meanRatio;
        kMean = b.kMean;
        kStdev = b.kStdev;
        onePacket = ImmutableList.copyOf(b.onePacket);
        meanOf = b.meanOf;
        meanOfPackets = ImmutableList.copyOf(b.meanOfPackets);
    }

    /**
     * Starts a comparison.
     *
     * @param cellIndex the cell
     * @param feature   the feature class
     * @param baseline  the baseline class
     * @return a builder
     */
    public static Builder builder(int cellIndex, String feature, String baseline) {
        return new Builder(cellIndex, feature, baseline);
    }

    public int cellIndex() {
        return cellIndex;
    }

    public String feature() {
        return feature;
    }

    public String baseline() {
        return baseline;
    }

    public double diffMean() {
        return diffMean;
    }

    public double diffStdev() {
        return diffStdev;
    }

    public double diffMax() {
        return diffMax;
    }

    public double diffMin() {
        return diffMin;
    }

    public double meanRatio() {
        return meanRatio;
    }

    public double kMean() {
        return kMean;
    }

    public double kStdev() {
        return kStdev;
    }

    /** P(K ≤ x) for the latency of one packet. */
    public List<OverheadProbability> onePacket() {
        return onePacket;
    }

    /** n of {@link #meanOfPackets()}. */
    public int meanOf() {
        return meanOf;
    }

    /** P(K ≤ x) for the average latency of n packets. */
    public List<OverheadProbability> meanOfPackets() {
        return meanOfPackets;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FeatureComparison)) {
            return false;
        }
        FeatureComparison c = (FeatureComparison) o;
        return cellIndex == c.cellIndex && feature.equals(c.feature) && baseline.equals(c.baseline)
                && diffMean == c.diffMean && diffStdev == c.diffStdev && diffMax == c.diffMax && diffMin == c.diffMin
                && meanRatio == c.meanRatio && kMean == c.kMean && kStdev == c.kStdev
                && onePacket.equals(c.onePacket) && meanOf == c.meanOf && meanOfPackets.equals(c.meanOfPackets);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cellIndex, feature, baseline, diffMean, kMean, kStdev);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("cellIndex", cellIndex).add("feature", feature)
                .add("baseline", baseline).add("diffMean", diffMean).add("kMean", kMean).add("kStdev", kStdev)
                .toString();
    }

    /** Builds a comparison. */
    public static final class Builder {
        private final int cellIndex;
        private final String feature;
        private final String baseline;
        private double diffMean;
        private double diffStdev;
        private double diffMax;
        private double diffMin;
        private double meanRatio;
        private double kMean;
        private double kStdev;
        private List<OverheadProbability> onePacket = ImmutableList.of();
        private int meanOf;
        private List<OverheadProbability> meanOfPackets = ImmutableList.of();

        private Builder(int cellIndex, String feature, String baseline) {
            this.cellIndex = cellIndex;
            this.feature = feature;
            this.baseline = baseline;
        }

        public Builder diff(double mean, double stdev, double max, double min) {
            diffMean = mean;
            diffStdev = stdev;
            diffMax = max;
            diffMin = min;
            return this;
        }

        public Builder overhead(double ratio, double mean, double stdev) {
            meanRatio = ratio;
            kMean = mean;
            kStdev = stdev;
            return this;
        }

        public Builder onePacket(List<OverheadProbability> rows) {
            onePacket = ImmutableList.copyOf(rows);
            return this;
        }

        public Builder meanOfPackets(int n, List<OverheadProbability> rows) {
            meanOf = n;
            meanOfPackets = ImmutableList.copyOf(rows);
            return this;
        }

        public FeatureComparison build() {
            return new FeatureComparison(this);
        }
    }
}
