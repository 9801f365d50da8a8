// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Two runs side by side (e.g. before and after a P4 change): per cell and class present in both,
 * the mean latencies, their difference and ratio, and Welch's t-test p-value of the difference.
 */
public final class RunComparison {

    private final long runA;
    private final long runB;
    private final List<Row> rows;
    private final List<ExperimentTable> tables;

    private RunComparison(long runA, long runB, List<Row> rows, List<ExperimentTable> tables) {
        this.runA = runA;
        this.runB = runB;
        this.rows = ImmutableList.copyOf(rows);
        this.tables = ImmutableList.copyOf(tables);
    }

    /**
     * Creates a comparison.
     *
     * @param runA the first run ("before")
     * @param runB the second run ("after")
     * @param rows per cell and class
     * @return the comparison
     */
    public static RunComparison of(long runA, long runB, List<Row> rows) {
        return new RunComparison(runA, runB, rows, List.of());
    }

    /**
     * Returns this comparison with tables laid out as a study compares two runs (the PPPoE
     * study's single against split data plane, by number of packets).
     *
     * @param newTables the tables
     * @return a copy
     */
    public RunComparison withTables(List<ExperimentTable> newTables) {
        return new RunComparison(runA, runB, rows, newTables);
    }

    public long runA() {
        return runA;
    }

    public long runB() {
        return runB;
    }

    public List<Row> rows() {
        return rows;
    }

    /** The study's tables comparing the two runs; empty when their classes get none. */
    public List<ExperimentTable> tables() {
        return tables;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof RunComparison && runA == ((RunComparison) o).runA && runB == ((RunComparison) o).runB
                && rows.equals(((RunComparison) o).rows) && tables.equals(((RunComparison) o).tables);
    }

    @Override
    public int hashCode() {
        return Objects.hash(runA, runB, rows, tables);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("runA", runA).add("runB", runB).add("rows", rows).add("tables", tables)
                .toString();
    }

    /** One class in one cell of both runs; latencies in nanoseconds. */
    public static final class Row {
        private final int cellIndex;
        private final String className;
        private final long countA;
        private final long countB;
        private final double meanA;
        private final double meanB;
        private final double pValue;

        private Row(int cellIndex, String className, long countA, long countB, double meanA, double meanB,
                    double pValue) {
            this.cellIndex = cellIndex;
            this.className = checkNotNull(className);
            this.countA = countA;
            this.countB = countB;
            this.meanA = meanA;
            this.meanB = meanB;
            this.pValue = pValue;
        }

        /**
         * Creates a row.
         *
         * @param cellIndex the cell
         * @param className the class
         * @param countA    samples in run A
         * @param countB    samples in run B
         * @param meanA     mean latency in run A
         * @param meanB     mean latency in run B
         * @param pValue    Welch's two-sided p-value (NaN when it cannot be computed)
         * @return the row
         */
        public static Row of(int cellIndex, String className, long countA, long countB, double meanA, double meanB,
                             double pValue) {
            return new Row(cellIndex, className, countA, countB, meanA, meanB, pValue);
        }

        public int cellIndex() {
            return cellIndex;
        }

        public String className() {
            return className;
        }

        public long countA() {
            return countA;
        }

        public long countB() {
            return countB;
        }

        public double meanA() {
            return meanA;
        }

        public double meanB() {
            return meanB;
        }

        /** meanB − meanA. */
        public double difference() {
            return meanB - meanA;
        }

        /** meanB / meanA. */
        public double ratio() {
            return meanB / meanA;
        }

        public double pValue() {
            return pValue;
        }

        @Override
        public boolean equals(Object o) {
            if (!(o instanceof Row)) {
                return false;
            }
            Row r = (Row) o;
            return cellIndex == r.cellIndex && className.equals(r.className) && countA == r.countA
                    && countB == r.countB && meanA == r.meanA && meanB == r.meanB
                    && Double.compare(pValue, r.pValue) == 0;
        }

        @Override
        public int hashCode() {
            return Objects.hash(cellIndex, className, countA, countB, meanA, meanB, pValue);
        }

        @Override
        public String toString() {
            return MoreObjects.toStringHelper(this).add("cellIndex", cellIndex).add("className", className)
                    .add("meanA", meanA).add("meanB", meanB).add("pValue", pValue).toString();
        }
    }
}
