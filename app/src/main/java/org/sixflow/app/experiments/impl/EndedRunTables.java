// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.sixflow.app.api.ExperimentTable;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The packet-count tables of runs that have ended, kept for the most recently asked: they are
 * laid out from every sample of a class (up to 119,476 rows from PostgreSQL), and an ended run's
 * samples no longer change, so a dashboard polling its results reads them once, not on every GET.
 * A run still going is laid out afresh each time, and so is a run with none (whether a class gets
 * them depends on its feature running now: one asked while the BNG was away gets them later). Run ids are never reused (a sequence), so a
 * deleted run's entry is only forgotten in time, never read.
 */
final class EndedRunTables {

    /** Runs kept; the oldest asked is forgotten first. */
    static final int CAPACITY = 32;

    private final Map<Long, List<ExperimentTable>> tables = new LinkedHashMap<>(16, 0.75f, true) {
        @Override
        protected boolean removeEldestEntry(Map.Entry<Long, List<ExperimentTable>> eldest) {
            return size() > CAPACITY;
        }
    };

    /**
     * A run's tables.
     *
     * @param runId  the run
     * @param ended  whether it has ended (only then are its tables kept)
     * @param layout lays them out from the store
     * @return the tables
     */
    List<ExperimentTable> get(long runId, boolean ended, Supplier<List<ExperimentTable>> layout) {
        if (!ended) {
            return layout.get();
        }
        synchronized (tables) {
            List<ExperimentTable> known = tables.get(runId);
            if (known != null) {
                return known;
            }
        }
        // Laid out outside the lock: two first readers may both read the store, never block others.
        List<ExperimentTable> made = List.copyOf(layout.get());
        if (made.isEmpty()) {
            return made;
        }
        synchronized (tables) {
            tables.putIfAbsent(runId, made);
            return tables.get(runId);
        }
    }
}
