// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Experiments: a feature against its baseline in one run, on the live network, reported as the
 * studies' tables. Experiments, runs, results and every run's samples live in the history
 * database; without one, every method but {@link #validate} and {@link #presets} throws
 * IllegalStateException saying so.
 */
public interface ExperimentService {

    /** Most samples {@link #samples} returns. */
    int MAX_SAMPLES = 100_000;

    /**
     * Lists the experiments.
     *
     * @return experiments by id
     */
    List<Experiment> experiments();

    /**
     * Finds an experiment.
     *
     * @param id its id
     * @return the experiment
     */
    Optional<Experiment> experiment(String id);

    /**
     * Checks an experiment against itself and the network (ports, links, hosts, trees, policies).
     *
     * @param experiment the experiment
     * @return field path to what is wrong; empty when it can run
     */
    Map<String, String> validate(Experiment experiment);

    /**
     * Stores a new experiment.
     *
     * @param experiment the experiment
     * @return it, as stored
     * @throws ExperimentValidationException naming each wrong field (an id in use included)
     */
    Experiment create(Experiment experiment);

    /**
     * Removes an experiment with its runs, results and samples.
     *
     * @param id the experiment
     * @return false when there was none
     * @throws IllegalStateException while one of its runs is queued or running
     */
    boolean remove(String id);

    /**
     * Lists an experiment's runs.
     *
     * @param experimentId the experiment
     * @return runs, newest first
     */
    List<ExperimentRun> runs(String experimentId);

    /**
     * Finds a run.
     *
     * @param runId the run
     * @return the run with its progress
     */
    Optional<ExperimentRun> run(long runId);

    /**
     * Queues a run; it starts once no other run measures at the same device.
     *
     * @param experimentId the experiment
     * @return the queued run
     * @throws java.util.NoSuchElementException for an unknown experiment
     * @throws ExperimentValidationException when the network no longer fits the experiment
     */
    ExperimentRun start(String experimentId);

    /**
     * Cancels a queued or running run: the instance running it stops before its next packet,
     * restores the telemetry sampling and keeps no results.
     *
     * @param runId the run
     * @return the run as it is now
     * @throws java.util.NoSuchElementException for an unknown run
     * @throws IllegalStateException for a run that has finished
     */
    ExperimentRun cancel(long runId);

    /**
     * Returns a finished run's results with its comparisons and tables.
     *
     * @param runId the run
     * @return the results; empty while the run has none
     */
    Optional<ExperimentResults> results(long runId);

    /**
     * Returns a run's samples: one per telemetry report of its packets.
     *
     * @param runId     the run
     * @param className only this class, if given
     * @param limit     1..{@link #MAX_SAMPLES}
     * @return samples in arrival order
     */
    List<ExperimentSample> samples(long runId, Optional<String> className, int limit);

    /**
     * Compares two finished runs class by class.
     *
     * @param runA the first ("before")
     * @param runB the second ("after")
     * @return the comparison
     * @throws java.util.NoSuchElementException when a run has no results
     */
    RunComparison compare(long runA, long runB);

    /**
     * Returns ready-made experiments after the studies ("APN6 as in IETF 109", "MSR6 TE/RLB as in
     * IETF 119", "Load grid", "GTP-U checksum as in draft-murakami"): their factors and classes,
     * with the network-specific fields (ingress, addresses, trees, policies, tunnels) to be filled
     * in. Each comes from the feature whose objects it names ({@link ExperimentTarget#presets}),
     * while that feature runs.
     *
     * @return the presets, in their order
     */
    List<Experiment> presets();
}
