// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry.stats;

/**
 * The p-value of a Kolmogorov–Smirnov distance between a sample and the normal distribution
 * fitted to that same sample (its mean and standard deviation): Lilliefors' test. The plain
 * Kolmogorov distribution assumes the normal was fixed before looking at the data; a fitted one
 * sits closer to the sample, so that p-value is far too high and hides non-normality.
 *
 * <p>Dallal and Wilkinson's analytic approximation (The American Statistician 40(4), 1986,
 * 294–296) for p ≤ 0.1, with the distance scaled for n above 100 as they describe; above 0.1,
 * Stephens' modified statistic (JASA 69, 1974) with the piecewise polynomial that R's
 * nortest::lillie.test uses, which is what statsmodels' "approx" method follows too.
 */
public final class Lilliefors {

    /** Dallal–Wilkinson's formula holds up to this n; larger samples scale the distance. */
    private static final int LARGEST_TABULATED_N = 100;
    /** Beyond this p the analytic approximation no longer holds: Stephens' form takes over. */
    private static final double APPROXIMATION_LIMIT = 0.1;

    private Lilliefors() {
    }

    /**
     * Returns the p-value of a distance.
     *
     * @param distance the KS distance to the normal with the sample's own mean and stdev
     * @param n        the sample size, at least 5 for the approximation to be meaningful
     * @return P(D ≥ distance) under normality, in [0, 1]; NaN for NaN or n below 5
     */
    public static double pValue(double distance, long n) {
        if (Double.isNaN(distance) || n < 5) {
            return Double.NaN;
        }
        double d = distance;
        double nd = n;
        if (n > LARGEST_TABULATED_N) {
            d = distance * Math.pow(n / (double) LARGEST_TABULATED_N, 0.49);
            nd = LARGEST_TABULATED_N;
        }
        double p = Math.exp(-7.01256 * d * d * (nd + 2.78019) + 2.99587 * d * Math.sqrt(nd + 2.78019)
                                    - 0.122119 + 0.974598 / Math.sqrt(nd) + 1.67997 / nd);
        if (p > APPROXIMATION_LIMIT) {
            double k = (Math.sqrt(n) - 0.01 + 0.85 / Math.sqrt(n)) * distance;
            if (k <= 0.302) {
                p = 1;
            } else if (k <= 0.5) {
                p = 2.76773 - 19.828315 * k + 80.709644 * k * k - 138.55152 * k * k * k + 81.218052 * k * k * k * k;
            } else if (k <= 0.9) {
                p = -4.901232 + 40.662806 * k - 97.490286 * k * k + 94.029866 * k * k * k
                        - 32.355711 * k * k * k * k;
            } else if (k <= 1.31) {
                p = 6.198765 - 19.558097 * k + 23.186922 * k * k - 12.234627 * k * k * k + 2.423045 * k * k * k * k;
            } else {
                p = 0;
            }
        }
        return Math.min(1, Math.max(0, p));
    }
}
