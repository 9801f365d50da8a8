// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;

/**
 * A Student-t confidence interval of a mean across repetitions: mean ± t(level, n − 1) · s / √n.
 */
public final class ConfidenceInterval {

    private final double level;
    private final int n;
    private final double mean;
    private final double halfWidth;

    private ConfidenceInterval(double level, int n, double mean, double halfWidth) {
        this.level = level;
        this.n = n;
        this.mean = mean;
        this.halfWidth = halfWidth;
    }

    /**
     * Creates an interval.
     *
     * @param level     e.g. 0.95
     * @param n         repetitions
     * @param mean      mean of the repetitions' means
     * @param halfWidth t · s / √n
     * @return the interval
     */
    public static ConfidenceInterval of(double level, int n, double mean, double halfWidth) {
        return new ConfidenceInterval(level, n, mean, halfWidth);
    }

    public double level() {
        return level;
    }

    public int n() {
        return n;
    }

    public double mean() {
        return mean;
    }

    public double halfWidth() {
        return halfWidth;
    }

    public double low() {
        return mean - halfWidth;
    }

    public double high() {
        return mean + halfWidth;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ConfidenceInterval)) {
            return false;
        }
        ConfidenceInterval c = (ConfidenceInterval) o;
        return level == c.level && n == c.n && mean == c.mean && halfWidth == c.halfWidth;
    }

    @Override
    public int hashCode() {
        return Objects.hash(level, n, mean, halfWidth);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("level", level).add("n", n).add("mean", mean)
                .add("halfWidth", halfWidth).toString();
    }
}
