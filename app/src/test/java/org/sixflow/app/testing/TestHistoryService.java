// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.testing;

import com.google.common.collect.Lists;
import org.sixflow.app.api.DatabaseHealth;
import org.sixflow.app.api.HistoryEvent;
import org.sixflow.app.api.HistoryService;

import java.util.ArrayList;
import java.util.List;

import static com.google.common.base.Preconditions.checkArgument;

/**
 * History kept in a list, with a settable health; safe to read while another thread records.
 */
public class TestHistoryService implements HistoryService {

    private final List<HistoryEvent> events = new ArrayList<>();
    private DatabaseHealth health = DatabaseHealth.disabled();

    public void setHealth(DatabaseHealth health) {
        this.health = health;
    }

    public List<HistoryEvent> recorded() {
        return events;
    }

    @Override
    public DatabaseHealth health() {
        return health;
    }

    @Override
    public synchronized void record(HistoryEvent event) {
        events.add(event);
    }

    @Override
    public synchronized List<HistoryEvent> recentEvents(int offset, int limit) {
        checkArgument(limit >= 1 && limit <= 1000, "limit must be 1..1000, got %s", limit);
        checkArgument(offset >= 0, "offset must not be negative, got %s", offset);
        List<HistoryEvent> newestFirst = Lists.reverse(events);
        int from = Math.min(offset, newestFirst.size());
        return new ArrayList<>(newestFirst.subList(from, Math.min(from + limit, newestFirst.size())));
    }
}
