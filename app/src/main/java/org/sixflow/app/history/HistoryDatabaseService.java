// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import java.util.Optional;

/**
 * The open history database, for Sixflow's own components that read or write telemetry tables.
 * Not part of the API: REST and CLI go through the services in org.sixflow.app.api.
 */
public interface HistoryDatabaseService {

    /**
     * Returns the database while it is connected and migrated.
     *
     * @return the database, empty when netcfg names none or it is down
     */
    Optional<HistoryDatabase> database();
}
