// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.api;

import java.util.List;
import java.util.Optional;

/**
 * Multihoming studies and their runs, kept in the history database. A run executes on the
 * instance that accepted it, one run at a time per instance; it installs what each protocol needs
 * (NPTv6 mappings, an ILNP site) under names of its own and removes them after.
 */
public interface MultihomingStudyService {

    /** Studies, by id. */
    List<MultihomingStudy> studies();

    /**
     * A study.
     *
     * @param id its id
     * @return it, if stored
     */
    Optional<MultihomingStudy> study(String id);

    /**
     * Stores a study.
     *
     * @param study the study
     * @return it as stored (with its creation time)
     * @throws org.sixflow.app.api.InvalidFieldsException naming each field this network refuses
     * @throws org.sixflow.app.api.IdInUseException      if the id is taken
     */
    MultihomingStudy add(MultihomingStudy study);

    /**
     * Removes a study and its runs.
     *
     * @param id its id
     * @return whether it existed
     * @throws IllegalStateException while a run of it is queued or running
     */
    boolean remove(String id);

    /** Studies ready to add, for the lab's multihomed topology (the thesis's grid). */
    List<MultihomingStudy> presets();

    /**
     * Queues a run of a study.
     *
     * @param studyId the study
     * @return the queued run
     * @throws org.onlab.util.ItemNotFoundException if there is no such study
     * @throws IllegalStateException                while a run of it is queued or running
     */
    StudyRun start(String studyId);

    /**
     * A study's runs, newest first.
     *
     * @param studyId the study
     * @return its runs
     * @throws org.onlab.util.ItemNotFoundException if there is no such study
     */
    List<StudyRun> runs(String studyId);

    /**
     * A run with its results.
     *
     * @param runId the run
     * @return it, if stored
     */
    Optional<StudyRunDetail> run(long runId);

    /**
     * Asks a run to stop after its current trial.
     *
     * @param runId the run
     * @return the run
     * @throws org.onlab.util.ItemNotFoundException if there is no such run
     * @throws IllegalStateException                if it has ended
     */
    StudyRun cancel(long runId);
}
