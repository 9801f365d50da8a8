// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * Where studies, runs and their results are kept (the history database). State changes are
 * compare-and-set on the run's state.
 */
public interface MultihomingStudyStore {

    /** Stores a study; false if its id is taken. */
    boolean createStudy(MultihomingStudy study);

    Optional<MultihomingStudy> study(String id);

    List<MultihomingStudy> studies();

    /** Removes a study and its runs; false if it was not there. */
    boolean removeStudy(String id);

    /**
     * Stores a new run, QUEUED, unless one of the study is queued or running.
     *
     * @param studyId    the study
     * @param node       the instance that will run it
     * @param cellsTotal trials planned
     * @param at         now
     * @return the run, or empty when one of the study is queued or running
     */
    Optional<StudyRun> createRun(String studyId, String node, int cellsTotal, Instant at);

    Optional<StudyRun> studyRun(long runId);

    /** A study's runs, newest first. */
    List<StudyRun> runs(String studyId);

    /** Runs of a node in a state (to fail those an earlier life of the node left). */
    List<StudyRun> runs(String node, StudyRunState state);

    /**
     * Moves a run from one state to another.
     *
     * @param runId  the run
     * @param from   the state it must be in
     * @param to     the new state
     * @param reason why (FAILED, CANCELLED), or null
     * @param at     now (started or finished time)
     * @return whether the run was in {@code from}
     */
    boolean transition(long runId, StudyRunState from, StudyRunState to, String reason, Instant at);

    /** Marks a run to be cancelled; false if it has ended. */
    boolean requestCancel(long runId);

    /** Whether a run was asked to stop. */
    boolean cancelRequested(long runId);

    /** Adds a trial's results and counts it done. */
    void addCell(long runId, TrialCell cell);

    void addFailover(long runId, FailoverResult failover);

    void addSiteRoutes(long runId, SiteRoutes routes);

    List<TrialCell> cells(long runId);

    List<FailoverResult> failovers(long runId);

    List<SiteRoutes> siteRoutes(long runId);
}
