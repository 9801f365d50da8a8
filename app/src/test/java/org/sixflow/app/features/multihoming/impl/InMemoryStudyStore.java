// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import org.sixflow.app.features.multihoming.api.FailoverResult;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyStore;
import org.sixflow.app.features.multihoming.api.SiteRoutes;
import org.sixflow.app.features.multihoming.api.StudyRun;
import org.sixflow.app.features.multihoming.api.StudyRunState;
import org.sixflow.app.features.multihoming.api.TrialCell;

import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.IntPredicate;
import java.util.stream.Collectors;

/**
 * The study store in memory, as PostgresStudyStore behaves (compare-and-set states, one queued or
 * running run per study), with a hook a test can cancel a run by after a number of cells.
 */
final class InMemoryStudyStore implements MultihomingStudyStore {

    private final Map<String, MultihomingStudy> studies = new TreeMap<>();
    private final Map<Long, StudyRun> runs = new TreeMap<>();
    private final Set<Long> cancelRequested = new HashSet<>();
    private final Map<Long, List<TrialCell>> cells = new HashMap<>();
    private final Map<Long, List<FailoverResult>> failovers = new HashMap<>();
    private final Map<Long, List<SiteRoutes>> siteRoutes = new HashMap<>();
    private long nextRun = 1;
    /** Asked with a run's cells so far: true requests its cancel. */
    volatile IntPredicate cancelAfterCells = n -> false;

    @Override
    public synchronized boolean createStudy(MultihomingStudy study) {
        return studies.putIfAbsent(study.id(), study) == null;
    }

    @Override
    public synchronized Optional<MultihomingStudy> study(String id) {
        return Optional.ofNullable(studies.get(id));
    }

    @Override
    public synchronized List<MultihomingStudy> studies() {
        return List.copyOf(studies.values());
    }

    @Override
    public synchronized boolean removeStudy(String id) {
        runs.values().removeIf(r -> r.studyId().equals(id));
        return studies.remove(id) != null;
    }

    @Override
    public synchronized Optional<StudyRun> createRun(String studyId, String node, int cellsTotal, Instant at) {
        if (runs.values().stream().anyMatch(r -> r.studyId().equals(studyId) && !r.state().finished())) {
            return Optional.empty();
        }
        StudyRun run = new StudyRun(nextRun++, studyId, StudyRunState.QUEUED, null, node, at, null, null, cellsTotal,
                                    0);
        runs.put(run.id(), run);
        return Optional.of(run);
    }

    @Override
    public synchronized Optional<StudyRun> studyRun(long runId) {
        return Optional.ofNullable(runs.get(runId));
    }

    @Override
    public synchronized List<StudyRun> runs(String studyId) {
        return runs.values().stream().filter(r -> r.studyId().equals(studyId))
                .sorted(Comparator.comparingLong(StudyRun::id).reversed()).collect(Collectors.toList());
    }

    @Override
    public synchronized List<StudyRun> runs(String node, StudyRunState state) {
        return runs.values().stream().filter(r -> r.node().equals(node) && r.state() == state)
                .collect(Collectors.toList());
    }

    @Override
    public synchronized boolean transition(long runId, StudyRunState from, StudyRunState to, String reason,
                                           Instant at) {
        StudyRun r = runs.get(runId);
        if (r == null || r.state() != from) {
            return false;
        }
        boolean started = to == StudyRunState.RUNNING;
        runs.put(runId, new StudyRun(runId, r.studyId(), to, reason, r.node(), r.createdAt(),
                                     started ? at : r.startedAt().orElse(null),
                                     started ? r.finishedAt().orElse(null) : at, r.cellsTotal(), r.cellsDone()));
        notifyAll();
        return true;
    }

    @Override
    public synchronized boolean requestCancel(long runId) {
        StudyRun r = runs.get(runId);
        if (r == null || r.state().finished()) {
            return false;
        }
        cancelRequested.add(runId);
        return true;
    }

    @Override
    public synchronized boolean cancelRequested(long runId) {
        return cancelRequested.contains(runId);
    }

    @Override
    public synchronized void addCell(long runId, TrialCell cell) {
        List<TrialCell> list = cells.computeIfAbsent(runId, k -> new ArrayList<>());
        list.add(cell);
        StudyRun r = runs.get(runId);
        if (r != null) {
            runs.put(runId, new StudyRun(runId, r.studyId(), r.state(), r.reason().orElse(null), r.node(),
                                         r.createdAt(), r.startedAt().orElse(null), r.finishedAt().orElse(null),
                                         r.cellsTotal(), r.cellsDone() + 1));
        }
        if (cancelAfterCells.test(list.size())) {
            cancelRequested.add(runId);
        }
    }

    @Override
    public synchronized void addFailover(long runId, FailoverResult failover) {
        failovers.computeIfAbsent(runId, k -> new ArrayList<>()).add(failover);
    }

    @Override
    public synchronized void addSiteRoutes(long runId, SiteRoutes routes) {
        siteRoutes.computeIfAbsent(runId, k -> new ArrayList<>()).add(routes);
    }

    @Override
    public synchronized List<TrialCell> cells(long runId) {
        return List.copyOf(cells.getOrDefault(runId, List.of()));
    }

    @Override
    public synchronized List<FailoverResult> failovers(long runId) {
        return List.copyOf(failovers.getOrDefault(runId, List.of()));
    }

    @Override
    public synchronized List<SiteRoutes> siteRoutes(long runId) {
        return List.copyOf(siteRoutes.getOrDefault(runId, List.of()));
    }

    /**
     * Waits until a run has ended.
     *
     * @param runId the run
     * @return it, ended
     * @throws InterruptedException if interrupted
     */
    synchronized StudyRun awaitEnd(long runId) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (!runs.get(runId).state().finished()) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                throw new AssertionError("run " + runId + " did not end: " + runs.get(runId));
            }
            wait(left);
        }
        return runs.get(runId);
    }

    /**
     * Waits until a run is in a state.
     *
     * @param runId the run
     * @param state the state
     * @throws InterruptedException if interrupted
     */
    synchronized void awaitState(long runId, StudyRunState state) throws InterruptedException {
        long deadline = System.currentTimeMillis() + 60_000;
        while (runs.get(runId).state() != state) {
            long left = deadline - System.currentTimeMillis();
            if (left <= 0) {
                throw new AssertionError("run " + runId + " is not " + state + ": " + runs.get(runId));
            }
            wait(left);
        }
    }
}
