// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import com.google.common.base.MoreObjects;

import java.util.Objects;

import static com.google.common.base.Preconditions.checkNotNull;

/**
 * An experiment a feature offers to start from ({@link ExperimentTarget#presets}): a study as it
 * ran, with its place in the list of every feature's presets. Features start in no fixed order,
 * so the place, not the order they came in, keeps the list the same: presets are listed by
 * {@link #order}, then by id.
 */
public final class ExperimentPreset {

    private final int order;
    private final Experiment experiment;

    private ExperimentPreset(int order, Experiment experiment) {
        this.order = order;
        this.experiment = checkNotNull(experiment, "experiment");
    }

    /**
     * Creates a preset.
     *
     * @param order      its place among all presets, lowest first (the studies' are 10 to 40, in
     *                   the order they came to Sixflow; docs/features/experiments.md lists them)
     * @param experiment the experiment
     * @return the preset
     */
    public static ExperimentPreset of(int order, Experiment experiment) {
        return new ExperimentPreset(order, experiment);
    }

    /**
     * Returns the preset's place among all presets.
     *
     * @return lowest first
     */
    public int order() {
        return order;
    }

    /**
     * Returns the experiment.
     *
     * @return the experiment, as the list serves it
     */
    public Experiment experiment() {
        return experiment;
    }

    @Override
    public boolean equals(Object o) {
        if (this == o) {
            return true;
        }
        if (!(o instanceof ExperimentPreset)) {
            return false;
        }
        ExperimentPreset that = (ExperimentPreset) o;
        return order == that.order && experiment.equals(that.experiment);
    }

    @Override
    public int hashCode() {
        return Objects.hash(order, experiment);
    }

    @Override
    public String toString() {
        return MoreObjects.toStringHelper(this).add("order", order).add("id", experiment.id()).toString();
    }
}
