// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry;

import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.testing.SynchronousEventDispatcher;

import java.util.Optional;

/**
 * An active telemetry manager that delivers events at once, with no history database until
 * {@link #useDatabase} gives it one.
 */
public final class TelemetryManagerFixture {

    public final TelemetryManager manager = new TelemetryManager();
    private volatile HistoryDatabase database;

    public TelemetryManagerFixture() {
        manager.historyDatabase = () -> Optional.ofNullable(database);
        SynchronousEventDispatcher.installInto(manager);
        manager.activate();
    }

    public void useDatabase(HistoryDatabase db) {
        database = db;
    }
}
