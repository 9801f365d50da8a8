// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import org.onosproject.net.DeviceId;

import java.time.Instant;
import java.util.Collection;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Where experiments, runs, results and run samples are kept so that every instance of a cluster
 * sees them and they outlive the instance that ran them (Sixflow keeps them in the history
 * database). Run state changes are compare-and-set, so two instances never both move a run.
 * Every method throws IllegalStateException while the store is unavailable.
 */
public interface ExperimentStore {

    /**
     * Stores a new experiment.
     *
     * @param experiment the experiment
     * @return false when one with its id exists (nothing is changed)
     */
    boolean createExperiment(Experiment experiment);

    Optional<Experiment> experiment(String id);

    /** Experiments by id. */
    List<Experiment> experiments();

    /**
     * Removes an experiment with its runs, results and samples.
     *
     * @param id the experiment
     * @return false when there was none
     */
    boolean removeExperiment(String id);

    /**
     * Queues a run.
     *
     * @param experimentId the experiment
     * @param total        packets it will send
     * @param now          the time
     * @return the run, QUEUED, with its new id
     */
    ExperimentRun createRun(String experimentId, long total, Instant now);

    Optional<ExperimentRun> run(long runId);

    /** An experiment's runs, newest first. */
    List<ExperimentRun> runs(String experimentId);

    /**
     * Lists the runs in some states, oldest first.
     *
     * @param states the states
     * @return the runs
     */
    List<ExperimentRun> runsIn(Collection<ExperimentRunState> states);

    /**
     * Moves a run from one state to another, if it is in the first: QUEUED → RUNNING records
     * the node and the start time, a final state the finish time and the reason.
     *
     * @param runId  the run
     * @param from   the state it must be in
     * @param to     the new state ({@code from.canMoveTo(to)})
     * @param node   the instance that moves it
     * @param reason why (failed, cancelled), or null
     * @param now    the time
     * @return the run after the move; empty when it was not in {@code from}
     */
    Optional<ExperimentRun> transition(long runId, ExperimentRunState from, ExperimentRunState to, String node,
                                       String reason, Instant now);

    /**
     * Records how many packets a run has sent.
     *
     * @param runId the run
     * @param sent  packets so far
     */
    void progress(long runId, long sent);

    /**
     * Marks a queued or running run to be cancelled.
     *
     * @param runId the run
     * @return false when it is not queued or running
     */
    boolean requestCancel(long runId);

    /**
     * Records the telemetry sampling a run replaced, so that whoever finds the run orphaned can
     * put it back.
     *
     * @param runId    the run
     * @param sampling the reportSampling value in force before it
     */
    void recordSamplingBefore(long runId, String sampling);

    /**
     * Returns what {@link #recordSamplingBefore} recorded.
     *
     * @param runId the run
     * @return the value, if one was recorded
     */
    Optional<String> samplingBefore(long runId);

    /**
     * Stores a run's results.
     *
     * @param runId         the run
     * @param cells         per cell and class
     * @param pacing        how well the sender kept the interval, or null
     * @param resultsMillis ms from the last packet to now, or null
     */
    void saveResults(long runId, List<ExperimentCellResult> cells, PacingSummary pacing, Long resultsMillis);

    /**
     * Returns a run's stored results.
     *
     * @param runId the run
     * @return per cell and class, empty when none are stored
     */
    List<ExperimentCellResult> cellResults(long runId);

    /**
     * Stores a run's samples.
     *
     * @param samples samples of one run
     */
    void saveSamples(Collection<ExperimentSample> samples);

    /**
     * Returns a run's samples.
     *
     * @param runId      the run
     * @param classIndex only this class, if given
     * @param limit      at most this many
     * @return in arrival order
     */
    List<ExperimentSample> samples(long runId, OptionalInt classIndex, int limit);

    /**
     * Returns the telemetry samples of a class at a device in a time window, for runs of
     * external traffic.
     *
     * @param device       the device
     * @param latencyClass the class
     * @param ingressPort  only packets that entered at this port, if given
     * @param from         start, included
     * @param to           end, excluded
     * @param limit        at most this many
     * @return in the order the controller received them
     */
    List<LatencySample> telemetrySamples(DeviceId device, LatencyClass latencyClass, OptionalInt ingressPort,
                                         Instant from, Instant to, int limit);
}
