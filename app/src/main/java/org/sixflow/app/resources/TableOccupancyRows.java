// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.resources;

import org.sixflow.app.api.TableOccupancy;
import org.sixflow.app.history.CopyWriter;
import org.sixflow.app.history.HistoryDatabase;

import java.util.Optional;
import java.util.function.Supplier;

/**
 * Table occupancy readings as rows of sixflow.table_occupancy (db/migrations/V5).
 */
public final class TableOccupancyRows {

    static final String COPY = "COPY sixflow.table_occupancy (sampled_at, device_id, table_name, entries, size) "
            + "FROM STDIN (FORMAT text)";

    private TableOccupancyRows() {
    }

    /**
     * Creates the buffered writer of readings: they wait in order while the database is away and
     * leave the buffer only once written; only a full buffer drops, and counts what it drops.
     *
     * @param database the history database while it is up
     * @param capacity most readings kept while it is away
     * @return the writer
     */
    public static CopyWriter<TableOccupancy> writer(Supplier<Optional<HistoryDatabase>> database, int capacity) {
        return new CopyWriter<>("table occupancy rows", COPY, database, capacity, TableOccupancyRows::format);
    }

    static void format(TableOccupancy t, StringBuilder row) {
        row.append(t.time()).append('\t').append(CopyWriter.escape(t.deviceId().toString())).append('\t')
                .append(CopyWriter.escape(t.table())).append('\t').append(t.entries()).append('\t').append(t.size());
    }
}
