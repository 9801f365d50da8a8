// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import org.apache.commons.math3.stat.descriptive.rank.Percentile;
import org.sixflow.app.api.StabilitySummary;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Optional;

/**
 * The MSR6 study's stability: for consecutive packets (arrival order) that entered a device at
 * t1 &lt; t2 and left at T1 = t1 + d1, T2 = t2 + d2, the ratio |(T2 − T1) − (t2 − t1)| / (t2 − t1),
 * i.e. |d2 − d1| / (t2 − t1). Pairs whose entry times do not increase (the same µs tick on bmv2)
 * have no ratio.
 */
public final class StabilityDistribution {

    private StabilityDistribution() {
    }

    /**
     * Returns the ratios.
     *
     * @param ingressNanos entry times in arrival order
     * @param deltaNanos   latencies of the same packets
     * @return one ratio per pair with increasing entry times
     */
    public static double[] ratios(long[] ingressNanos, long[] deltaNanos) {
        double[] ratios = new double[Math.max(0, ingressNanos.length - 1)];
        int n = 0;
        for (int i = 1; i < ingressNanos.length; i++) {
            long gap = ingressNanos[i] - ingressNanos[i - 1];
            if (gap > 0) {
                ratios[n++] = Math.abs(deltaNanos[i] - deltaNanos[i - 1]) / (double) gap;
            }
        }
        return Arrays.copyOf(ratios, n);
    }

    /**
     * Sums the ratios up.
     *
     * @param ingressNanos entry times in arrival order
     * @param deltaNanos   latencies of the same packets
     * @return the distribution; empty without any ratio
     */
    public static Optional<StabilitySummary> of(long[] ingressNanos, long[] deltaNanos) {
        double[] ratios = ratios(ingressNanos, deltaNanos);
        if (ratios.length == 0) {
            return Optional.empty();
        }
        long[] bins = new long[StabilitySummary.BIN_EDGES.size()];
        double sum = 0;
        double max = 0;
        for (double r : ratios) {
            bins[StabilitySummary.binOf(r)]++;
            sum += r;
            max = Math.max(max, r);
        }
        Percentile percentile = new Percentile().withEstimationType(Percentile.EstimationType.R_7);
        percentile.setData(ratios);
        List<Long> counts = new ArrayList<>();
        for (long b : bins) {
            counts.add(b);
        }
        return Optional.of(StabilitySummary.of(ratios.length, sum / ratios.length, percentile.evaluate(50),
                                               percentile.evaluate(90), percentile.evaluate(99), max, counts));
    }
}
