// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import java.util.List;

/**
 * Sixflow's history in PostgreSQL.
 */
public interface HistoryService {

    /** Most events {@link #recentEvents(int)} returns. */
    int MAX_EVENTS = 1000;

    /**
     * Returns the state of the history database.
     *
     * @return its health
     */
    DatabaseHealth health();

    /**
     * Records an event; returns at once, the write happens in the background.
     *
     * @param event the event
     */
    void record(HistoryEvent event);

    /**
     * Returns the newest events.
     *
     * @param limit how many at most (1..1000)
     * @return events, newest first; empty when no database is up
     * @throws IllegalArgumentException if limit is out of range
     */
    List<HistoryEvent> recentEvents(int limit);
}
