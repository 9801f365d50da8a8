// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.stream.Collectors;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * What a finished run found: per cell and class the measured figures (stored), and derived from
 * them the feature-vs-baseline comparisons and the studies' tables.
 */
public final class ExperimentResults {

    /** Ids of the tables of draft-murakami's layout (one per load point): this prefix and the cell's index. */
    public static final String LOAD_POINT_TABLE = "load-point-";
    /** The id prefix of the PPPoE study's tables by number of packets (packets-&lt;class&gt;). */
    public static final String PACKET_COUNT_TABLE = "packets-";

    private final long runId;
    private final String experimentId;
    private final List<ExperimentCellResult> cells;
    private final List<FeatureComparison> comparisons;
    private final List<ExperimentTable> tables;
    private final PacingSummary pacing;

    private ExperimentResults(long runId, String experimentId, List<ExperimentCellResult> cells,
                              List<FeatureComparison> comparisons, List<ExperimentTable> tables,
                              PacingSummary pacing) {
        this.runId = runId;
        this.experimentId = checkNotNull(experimentId);
        this.cells = ImmutableList.copyOf(cells);
        this.comparisons = ImmutableList.copyOf(comparisons);
        this.tables = ImmutableList.copyOf(tables);
        this.pacing = pacing;
    }

    /**
     * Creates results.
     *
     * @param runId        the run
     * @param experimentId its experiment
     * @param cells        per cell, in the experiment's cell order
     * @param comparisons  features against the baseline, per cell
     * @param tables       the studies' tables
     * @param pacing       how well the sender kept the interval, or null (external traffic)
     * @return the results
     */
    public static ExperimentResults of(long runId, String experimentId, List<ExperimentCellResult> cells,
                                       List<FeatureComparison> comparisons, List<ExperimentTable> tables,
                                       PacingSummary pacing) {
        return new ExperimentResults(runId, experimentId, cells, comparisons, tables, pacing);
    }

    public long runId() {
        return runId;
    }

    public String experimentId() {
        return experimentId;
    }

    public List<ExperimentCellResult> cells() {
        return cells;
    }

    public List<FeatureComparison> comparisons() {
        return comparisons;
    }

    public List<ExperimentTable> tables() {
        return tables;
    }

    /**
     * Finds a table.
     *
     * @param id its id
     * @return the table
     */
    public Optional<ExperimentTable> table(String id) {
        return tables.stream().filter(t -> t.id().equals(id)).findFirst();
    }

    /**
     * Returns the tables of draft-murakami's layout: per load point, each mode's average, minimum
     * and maximum latency and loss (drawn for experiments with GTP-U classes).
     *
     * @return the tables, in cell order; empty when the experiment has none
     */
    public List<ExperimentTable> loadPointTables() {
        return tables.stream().filter(t -> t.id().startsWith(LOAD_POINT_TABLE)).collect(Collectors.toList());
    }

    /**
     * Returns the PPPoE study's tables by number of packets: per count, each switch's and the
     * path's mean in-switch time and the path's total (drawn for classes naming a PPPoE session).
     *
     * @return the tables, in class order; empty when the experiment has none
     */
    public List<ExperimentTable> packetCountTables() {
        return tables.stream().filter(t -> t.id().startsWith(PACKET_COUNT_TABLE)).collect(Collectors.toList());
    }

    public Optional<PacingSummary> pacing() {
        return Optional.ofNullable(pacing);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof ExperimentResults)) {
            return false;
        }
        ExperimentResults r = (ExperimentResults) o;
        return runId == r.runId && experimentId.equals(r.experimentId) && cells.equals(r.cells)
                && comparisons.equals(r.comparisons) && tables.equals(r.tables) && Objects.equals(pacing, r.pacing);
    }

    @Override
    public int hashCode() {
        return Objects.hash(runId, experimentId, cells);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("runId", runId).add("experimentId", experimentId)
                .add("cells", cells.size()).add("tables", tables.size()).toString();
    }
}
