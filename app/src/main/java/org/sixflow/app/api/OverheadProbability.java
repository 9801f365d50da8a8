// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;

/**
 * One row of the APN6 study's "K ≤ x" tables: the overhead threshold x, the latency it stands
 * for (baseline mean · (1 + x)), and the Z-test probability P(K ≤ x).
 */
public final class OverheadProbability {

    private final double threshold;
    private final double valueNanos;
    private final double probability;

    private OverheadProbability(double threshold, double valueNanos, double probability) {
        this.threshold = threshold;
        this.valueNanos = valueNanos;
        this.probability = probability;
    }

    /**
     * Creates a row.
     *
     * @param threshold   x, e.g. 0.018 for 1.8%
     * @param valueNanos  baseline mean · (1 + x)
     * @param probability P(K ≤ x)
     * @return the row
     */
    public static OverheadProbability of(double threshold, double valueNanos, double probability) {
        return new OverheadProbability(threshold, valueNanos, probability);
    }

    public double threshold() {
        return threshold;
    }

    public double valueNanos() {
        return valueNanos;
    }

    public double probability() {
        return probability;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof OverheadProbability)) {
            return false;
        }
        OverheadProbability p = (OverheadProbability) o;
        return threshold == p.threshold && valueNanos == p.valueNanos && probability == p.probability;
    }

    @Override
    public int hashCode() {
        return Objects.hash(threshold, valueNanos, probability);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("threshold", threshold).add("valueNanos", valueNanos)
                .add("probability", probability).toString();
    }
}
