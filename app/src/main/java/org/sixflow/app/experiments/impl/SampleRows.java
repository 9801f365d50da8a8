// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.postgresql.PGConnection;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.LatencyClass;

import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.OptionalInt;

/**
 * A run's samples in sixflow.experiment_samples (V8): written with COPY (a 1 ms run of four
 * classes makes thousands of rows per second, which row inserts would make the results wait for),
 * read back in arrival order.
 */
final class SampleRows {

    private static final String COLUMNS = "run_id, cell_index, repetition, class_index, sequence, warmup, device_id, "
            + "lat_class, replica, ingress_port, egress_port, ingress_ts_ns, delta_ns, arrival";
    /** Rows per COPY, so the text of one stays small. */
    static final int CHUNK = 50_000;

    private SampleRows() {
    }

    /**
     * Writes samples (in the caller's transaction).
     *
     * @param c       the connection
     * @param samples the samples
     * @throws SQLException when COPY fails
     */
    static void copy(Connection c, Collection<ExperimentSample> samples) throws SQLException {
        StringBuilder text = new StringBuilder();
        int rows = 0;
        for (ExperimentSample s : samples) {
            text.append(s.runId()).append(',').append(s.cellIndex()).append(',').append(s.repetition()).append(',')
                    .append(s.classIndex()).append(',').append(s.sequence()).append(',').append(s.warmup())
                    .append(",\"").append(s.device().replace("\"", "\"\"")).append("\",")
                    .append(s.latencyClass().code()).append(',').append(s.replica()).append(',')
                    .append(s.ingressPort()).append(',').append(s.egressPort()).append(',')
                    .append(s.ingressTimestampNanos()).append(',').append(s.deltaNanos()).append(',')
                    .append(s.arrival()).append('\n');
            if (++rows == CHUNK) {
                flush(c, text);
                rows = 0;
            }
        }
        if (rows > 0) {
            flush(c, text);
        }
    }

    private static void flush(Connection c, StringBuilder text) throws SQLException {
        try {
            c.unwrap(PGConnection.class).getCopyAPI().copyIn(
                    "COPY sixflow.experiment_samples (" + COLUMNS + ") FROM STDIN (FORMAT csv)",
                    new StringReader(text.toString()));
        } catch (IOException e) {
            throw new SQLException("COPY of experiment samples failed: " + e.getMessage(), e);
        }
        text.setLength(0);
    }

    /**
     * Reads a run's samples.
     *
     * @param c          the connection
     * @param runId      the run
     * @param classIndex only this class, if given
     * @param limit      at most this many
     * @return in arrival order
     * @throws SQLException when the read fails
     */
    static List<ExperimentSample> read(Connection c, long runId, OptionalInt classIndex, int limit)
            throws SQLException {
        String sql = "SELECT " + COLUMNS + " FROM sixflow.experiment_samples WHERE run_id = ?"
                + (classIndex.isPresent() ? " AND class_index = ?" : "") + " ORDER BY arrival LIMIT ?";
        try (PreparedStatement s = c.prepareStatement(sql)) {
            int i = 0;
            s.setLong(++i, runId);
            if (classIndex.isPresent()) {
                s.setInt(++i, classIndex.getAsInt());
            }
            s.setInt(++i, limit);
            List<ExperimentSample> samples = new ArrayList<>();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    samples.add(ExperimentSample.builder(r.getLong("run_id"))
                                        .probe(r.getInt("cell_index"), r.getInt("repetition"), r.getInt("class_index"),
                                               r.getLong("sequence"), r.getBoolean("warmup"))
                                        .measured(r.getString("device_id"), LatencyClass.ofCode(r.getInt("lat_class")),
                                                  r.getInt("replica"), r.getInt("ingress_port"),
                                                  r.getInt("egress_port"))
                                        .timing(r.getLong("ingress_ts_ns"), r.getLong("delta_ns"), r.getLong("arrival"))
                                        .build());
                }
            }
            return samples;
        }
    }
}
