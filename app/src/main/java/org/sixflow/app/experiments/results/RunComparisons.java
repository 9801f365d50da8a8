// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.results;

import org.apache.commons.math3.stat.descriptive.StatisticalSummaryValues;
import org.apache.commons.math3.stat.inference.TTest;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.RunComparison;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Compares two runs class by class (cells matched by index, classes by name): mean latencies and
 * Welch's unequal-variance t-test of their difference, from each run's count, mean and stdev.
 */
public final class RunComparisons {

    private RunComparisons() {
    }

    /**
     * Compares two runs' results.
     *
     * @param runA  the first run
     * @param cellsA its results
     * @param runB  the second run
     * @param cellsB its results
     * @return a row per class and cell both have latencies for
     */
    public static RunComparison of(long runA, List<ExperimentCellResult> cellsA, long runB,
                                   List<ExperimentCellResult> cellsB) {
        List<RunComparison.Row> rows = new ArrayList<>();
        for (ExperimentCellResult a : cellsA) {
            Optional<ExperimentCellResult> b = cellsB.stream()
                    .filter(c -> c.cell().index() == a.cell().index()).findFirst();
            if (b.isEmpty()) {
                continue;
            }
            for (ExperimentClassResult classA : a.classes()) {
                Optional<LatencySummary> la = classA.latency();
                Optional<LatencySummary> lb = b.get().classResult(classA.className())
                        .flatMap(ExperimentClassResult::latency);
                if (la.isPresent() && lb.isPresent()) {
                    rows.add(RunComparison.Row.of(a.cell().index(), classA.className(), la.get().count(),
                                                  lb.get().count(), la.get().mean(), lb.get().mean(),
                                                  welchPValue(la.get(), lb.get())));
                }
            }
        }
        return RunComparison.of(runA, runB, rows);
    }

    /**
     * Returns Welch's two-sided p-value for the difference of two means.
     *
     * @param a one sample's summary
     * @param b the other's
     * @return the p-value; NaN below two samples each or with no variance in either
     */
    public static double welchPValue(LatencySummary a, LatencySummary b) {
        if (a.count() < 2 || b.count() < 2 || (a.stdev() == 0 && b.stdev() == 0)) {
            return Double.NaN;
        }
        return new TTest().tTest(summary(a), summary(b));
    }

    private static StatisticalSummaryValues summary(LatencySummary s) {
        return new StatisticalSummaryValues(s.mean(), s.variance(), s.count(), s.max(), s.min(), s.mean() * s.count());
    }
}
