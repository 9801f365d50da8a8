// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.rest;

import org.onlab.util.ItemNotFoundException;
import org.sixflow.app.api.IdInUseException;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyService;
import org.sixflow.app.features.multihoming.api.StudyRun;
import org.sixflow.app.features.multihoming.api.StudyRunDetail;
import org.sixflow.app.features.multihoming.api.StudyRunState;
import org.sixflow.app.features.multihoming.impl.MultihomingStudyManager;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The study service as the REST layer sees it: studies in memory, the manager's presets, runs a
 * test puts in place, and a start refused as the manager refuses it when {@link #missing} is set.
 */
final class StudyServiceStub implements MultihomingStudyService {

    static final Instant T0 = Instant.parse("2026-11-30T01:00:00Z");

    private final Map<String, MultihomingStudy> studies = new TreeMap<>();
    final Map<Long, StudyRunDetail> runs = new ConcurrentHashMap<>();
    /** What the instance lacks to run a study ("no hostCommands entry for host h_cn"), or null. */
    volatile String missing;
    private long nextRun = 7;

    @Override
    public synchronized List<MultihomingStudy> studies() {
        return List.copyOf(studies.values());
    }

    @Override
    public synchronized Optional<MultihomingStudy> study(String id) {
        return Optional.ofNullable(studies.get(id));
    }

    @Override
    public synchronized MultihomingStudy add(MultihomingStudy study) {
        if (studies.containsKey(study.id())) {
            throw new IdInUseException("A study with id " + study.id() + " exists");
        }
        MultihomingStudy stored = study.toBuilder().createdAt(T0).build();
        studies.put(stored.id(), stored);
        return stored;
    }

    @Override
    public synchronized boolean remove(String id) {
        if (runs.values().stream().anyMatch(r -> r.run().studyId().equals(id) && !r.run().state().finished())) {
            throw new IllegalStateException("A run of study " + id + " is queued or running; cancel it first");
        }
        return studies.remove(id) != null;
    }

    @Override
    public List<MultihomingStudy> presets() {
        return new MultihomingStudyManager().presets();
    }

    @Override
    public synchronized StudyRun start(String studyId) {
        MultihomingStudy study = study(studyId)
                .orElseThrow(() -> new ItemNotFoundException("No multihoming study " + studyId));
        if (missing != null) {
            throw new IllegalStateException("Study " + studyId + " cannot run on this instance: " + missing);
        }
        if (runs.values().stream().anyMatch(r -> r.run().studyId().equals(studyId) && !r.run().state().finished())) {
            throw new IllegalStateException("A run of study " + studyId + " is queued or running");
        }
        StudyRun run = new StudyRun(nextRun++, studyId, StudyRunState.QUEUED, null, "n1", T0, null, null,
                                    study.plan().size(), 0);
        runs.put(run.id(), new StudyRunDetail(run, List.of(), List.of(), List.of(), List.of()));
        return run;
    }

    @Override
    public List<StudyRun> runs(String studyId) {
        if (study(studyId).isEmpty()) {
            throw new ItemNotFoundException("No multihoming study " + studyId);
        }
        List<StudyRun> list = new ArrayList<>();
        runs.values().stream().map(StudyRunDetail::run).filter(r -> r.studyId().equals(studyId))
                .sorted((a, b) -> Long.compare(b.id(), a.id())).forEach(list::add);
        return list;
    }

    @Override
    public Optional<StudyRunDetail> run(long runId) {
        return Optional.ofNullable(runs.get(runId));
    }

    @Override
    public StudyRun cancel(long runId) {
        StudyRunDetail detail = run(runId).orElseThrow(() -> new ItemNotFoundException("No study run " + runId));
        StudyRun r = detail.run();
        if (r.state().finished()) {
            throw new IllegalStateException("Study run " + runId + " has ended (" + r.state() + ")");
        }
        return r;
    }
}
