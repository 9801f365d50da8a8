// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentRunState;
import org.sixflow.app.api.PacingSummary;

import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * Runs as rows of sixflow.experiment_runs (V8).
 */
final class RunRows {

    static final String COLUMNS = "id, experiment_id, state, reason, node, created_at, started_at, finished_at, sent, "
            + "total, cancel_requested, pacing_interval_ns, pacing_packets, pacing_mean_error_ns, pacing_p99_error_ns, "
            + "pacing_max_error_ns, pacing_mean_lateness_ns, pacing_rate_pps, results_ms";

    private RunRows() {
    }

    /**
     * Reads runs.
     *
     * @param rows rows of {@link #COLUMNS}
     * @return the runs in row order
     * @throws SQLException when a read fails
     */
    static List<ExperimentRun> read(ResultSet rows) throws SQLException {
        List<ExperimentRun> runs = new ArrayList<>();
        while (rows.next()) {
            ExperimentRun.Builder run = ExperimentRun.builder(rows.getLong("id"), rows.getString("experiment_id"))
                    .state(ExperimentRunState.valueOf(rows.getString("state")))
                    .reason(rows.getString("reason"))
                    .node(rows.getString("node"))
                    .createdAt(instant(rows.getTimestamp("created_at")))
                    .startedAt(instant(rows.getTimestamp("started_at")))
                    .finishedAt(instant(rows.getTimestamp("finished_at")))
                    .progress(rows.getLong("sent"), rows.getLong("total"))
                    .cancelRequested(rows.getBoolean("cancel_requested"));
            long packets = rows.getLong("pacing_packets");
            if (!rows.wasNull()) {
                run.pacing(PacingSummary.of(rows.getLong("pacing_interval_ns"), packets,
                                            rows.getDouble("pacing_mean_error_ns"), rows.getDouble("pacing_p99_error_ns"),
                                            rows.getDouble("pacing_max_error_ns"),
                                            rows.getDouble("pacing_mean_lateness_ns"),
                                            rows.getDouble("pacing_rate_pps")));
            }
            long millis = rows.getLong("results_ms");
            run.resultsMillis(rows.wasNull() ? null : millis);
            runs.add(run.build());
        }
        return runs;
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }
}
