// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.api;

import java.util.List;

/**
 * Sixflow's history in PostgreSQL.
 */
public interface HistoryService {

    /** Most events one call returns. */
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
    default List<HistoryEvent> recentEvents(int limit) {
        return recentEvents(0, limit);
    }

    /**
     * Returns a page of the events, newest first.
     *
     * @param offset how many of the newest to skip (0..1,000,000)
     * @param limit  how many at most (1..{@link #MAX_EVENTS})
     * @return events, newest first, as stored up to a second ago (identical pages asked within a
     *         second share one read); empty when no database is up
     * @throws IllegalArgumentException if offset or limit is out of range
     */
    List<HistoryEvent> recentEvents(int offset, int limit);
}
