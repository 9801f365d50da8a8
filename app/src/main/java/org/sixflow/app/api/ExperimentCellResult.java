// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;
import com.google.common.collect.ImmutableList;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * The results of one cell (frame size × interval) of a run, one per class in the experiment's
 * class order.
 */
public final class ExperimentCellResult {

    private final ExperimentCell cell;
    private final List<ExperimentClassResult> classes;

    private ExperimentCellResult(ExperimentCell cell, List<ExperimentClassResult> classes) {
        this.cell = checkNotNull(cell);
        this.classes = ImmutableList.copyOf(classes);
    }

    /**
     * Creates a cell's results.
     *
     * @param cell    the cell
     * @param classes per class
     * @return the results
     */
    public static ExperimentCellResult of(ExperimentCell cell, List<ExperimentClassResult> classes) {
        return new ExperimentCellResult(cell, classes);
    }

    public ExperimentCell cell() {
        return cell;
    }

    public List<ExperimentClassResult> classes() {
        return classes;
    }

    /**
     * Finds a class's result.
     *
     * @param name the class
     * @return its result
     */
    public Optional<ExperimentClassResult> classResult(String name) {
        return classes.stream().filter(c -> c.className().equals(name)).findFirst();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ExperimentCellResult && cell.equals(((ExperimentCellResult) o).cell)
                && classes.equals(((ExperimentCellResult) o).classes);
    }

    @Override
    public int hashCode() {
        return Objects.hash(cell, classes);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("cell", cell).add("classes", classes).toString();
    }
}
