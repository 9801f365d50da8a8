// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.sixflow.app.api.ConfidenceInterval;
import org.sixflow.app.api.ExperimentCell;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClassResult;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentRepetitionResult;
import org.sixflow.app.api.ExperimentStageResult;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySummary;
import org.sixflow.app.api.StabilitySummary;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Results as rows of sixflow.experiment_class_results, experiment_stage_results and
 * experiment_repetition_results (V8): one row per run, cell and class, with its stages and
 * repetitions keyed by the class's position.
 */
final class ResultRows {

    private static final String CLASS_COLUMNS = "run_id, cell_index, position, frame_size, interval_ns, load_mbps, "
            + "class_name, role, lat_class, device_id, sent, warmup_sent, received, lost, loss_basis, duplicates, "
            + "reordered, packets, mean_ns, stdev_ns, min_ns, max_ns, p50_ns, p90_ns, p99_ns, ks_statistic, "
            + "ks_p_value, jitter_ns, offered_mbps, goodput_mbps, stability_pairs, stability_mean, stability_p50, "
            + "stability_p90, stability_p99, stability_max, stability_bins, ci_level, ci_n, ci_mean, ci_half_width, "
            + "queueing";
    private static final int CLASS_COLUMN_COUNT = CLASS_COLUMNS.split(",").length;
    private static final String STAGE_COLUMNS = "run_id, cell_index, position, device_id, lat_class, replica, "
            + "egress_port, packets, mean_ns, stdev_ns, min_ns, max_ns";
    private static final String REPETITION_COLUMNS = "run_id, cell_index, position, repetition, sent, received, "
            + "mean_ns";

    private ResultRows() {
    }

    private static String insert(String table, String columns, int count) {
        return "INSERT INTO sixflow." + table + " (" + columns + ") VALUES ("
                + String.join(", ", Collections.nCopies(count, "?")) + ")";
    }

    /**
     * Inserts a run's results (in the caller's transaction).
     *
     * @param c     the connection
     * @param runId the run
     * @param cells its results
     * @throws SQLException when an insert fails
     */
    static void insert(Connection c, long runId, List<ExperimentCellResult> cells) throws SQLException {
        try (PreparedStatement classes = c.prepareStatement(insert("experiment_class_results", CLASS_COLUMNS,
                                                                   CLASS_COLUMN_COUNT));
             PreparedStatement stages = c.prepareStatement(insert("experiment_stage_results", STAGE_COLUMNS, 12));
             PreparedStatement repetitions = c.prepareStatement(insert("experiment_repetition_results",
                                                                       REPETITION_COLUMNS, 7))) {
            for (ExperimentCellResult cell : cells) {
                for (int p = 0; p < cell.classes().size(); p++) {
                    ExperimentClassResult r = cell.classes().get(p);
                    addClass(c, classes, runId, cell.cell(), p, r);
                    for (ExperimentStageResult s : r.stages()) {
                        Object[] v = {runId, cell.cell().index(), p, s.device(), s.latencyClass().code(),
                                      s.replica(), s.egressPort(), s.count(), s.mean(), s.stdev(), s.min(), s.max()};
                        set(stages, v);
                        stages.addBatch();
                    }
                    for (ExperimentRepetitionResult rep : r.repetitions()) {
                        set(repetitions, new Object[]{runId, cell.cell().index(), p, rep.repetition(), rep.sent(),
                                                      rep.received(), rep.mean().orElse(null)});
                        repetitions.addBatch();
                    }
                }
            }
            classes.executeBatch();
            stages.executeBatch();
            repetitions.executeBatch();
        }
    }

    private static void addClass(Connection c, PreparedStatement s, long runId, ExperimentCell cell, int position,
                                 ExperimentClassResult r) throws SQLException {
        LatencySummary l = r.latency().orElse(null);
        StabilitySummary st = r.stability().orElse(null);
        ConfidenceInterval ci = r.confidence().orElse(null);
        Object[] v = {
            runId, cell.index(), position, cell.frameSize(), cell.intervalNanos(), cell.loadMbps().orElse(null),
            r.className(), r.role().name(), r.latencyClass().code(), r.device(), r.sent(), r.warmupSent(),
            r.received(), r.lost(), r.lossBasis().name(), r.duplicates(), r.reordered(),
            l == null ? null : l.count(), l == null ? null : l.mean(), l == null ? null : l.stdev(),
            l == null ? null : l.min(), l == null ? null : l.max(), l == null ? null : l.p50(),
            l == null ? null : l.p90(), l == null ? null : l.p99(), l == null ? null : nan(l.ksStatistic()),
            l == null ? null : nan(l.ksPValue()), r.jitterNanos().orElse(null), r.offeredMbps().orElse(null),
            r.goodputMbps().orElse(null), st == null ? null : st.count(), st == null ? null : st.mean(),
            st == null ? null : st.p50(), st == null ? null : st.p90(), st == null ? null : st.p99(),
            st == null ? null : st.max(),
            st == null ? null : c.createArrayOf("int8", st.bins().toArray()),
            ci == null ? null : ci.level(), ci == null ? null : ci.n(), ci == null ? null : ci.mean(),
            ci == null ? null : ci.halfWidth(), r.queueing().orElse(null),
        };
        set(s, v);
        s.addBatch();
    }

    /** NaN is stored as NULL: PostgreSQL would keep it, but NULL says "not computed" to anyone querying. */
    private static Double nan(double value) {
        return Double.isNaN(value) ? null : value;
    }

    private static void set(PreparedStatement s, Object[] values) throws SQLException {
        for (int i = 0; i < values.length; i++) {
            Object v = values[i];
            if (v == null) {
                s.setNull(i + 1, Types.NULL);
            } else {
                s.setObject(i + 1, v);
            }
        }
    }

    /**
     * Reads a run's results.
     *
     * @param c     the connection
     * @param runId the run
     * @return per cell, classes in position order; empty when none are stored
     * @throws SQLException when a read fails
     */
    static List<ExperimentCellResult> read(Connection c, long runId) throws SQLException {
        Map<String, List<ExperimentStageResult>> stages = new LinkedHashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT " + STAGE_COLUMNS + " FROM sixflow.experiment_stage_results"
                + " WHERE run_id = ? ORDER BY cell_index, position, device_id, lat_class, replica, egress_port")) {
            s.setLong(1, runId);
            try (ResultSet rows = s.executeQuery()) {
                while (rows.next()) {
                    stages.computeIfAbsent(rows.getInt("cell_index") + "/" + rows.getInt("position"),
                                           k -> new ArrayList<>()).add(ExperimentStageResult.of(
                            rows.getString("device_id"), LatencyClass.ofCode(rows.getInt("lat_class")),
                            rows.getInt("replica"), rows.getInt("egress_port"), rows.getLong("packets"),
                            rows.getDouble("mean_ns"),
                            rows.getDouble("stdev_ns"), rows.getDouble("min_ns"), rows.getDouble("max_ns")));
                }
            }
        }
        Map<String, List<ExperimentRepetitionResult>> repetitions = new LinkedHashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT " + REPETITION_COLUMNS
                + " FROM sixflow.experiment_repetition_results WHERE run_id = ? ORDER BY cell_index, position, "
                + "repetition")) {
            s.setLong(1, runId);
            try (ResultSet rows = s.executeQuery()) {
                while (rows.next()) {
                    repetitions.computeIfAbsent(rows.getInt("cell_index") + "/" + rows.getInt("position"),
                                                k -> new ArrayList<>()).add(ExperimentRepetitionResult.of(
                            rows.getInt("repetition"), rows.getLong("sent"), rows.getLong("received"),
                            (Double) rows.getObject("mean_ns")));
                }
            }
        }
        Map<ExperimentCell, List<ExperimentClassResult>> cells = new LinkedHashMap<>();
        try (PreparedStatement s = c.prepareStatement("SELECT " + CLASS_COLUMNS
                + " FROM sixflow.experiment_class_results WHERE run_id = ? ORDER BY cell_index, position")) {
            s.setLong(1, runId);
            try (ResultSet rows = s.executeQuery()) {
                while (rows.next()) {
                    String key = rows.getInt("cell_index") + "/" + rows.getInt("position");
                    ExperimentCell cell = ExperimentCell.of(rows.getInt("cell_index"), rows.getInt("frame_size"),
                                                            rows.getLong("interval_ns"),
                                                            (Double) rows.getObject("load_mbps"));
                    cells.computeIfAbsent(cell, k -> new ArrayList<>()).add(
                            readClass(rows, stages.getOrDefault(key, List.of()),
                                      repetitions.getOrDefault(key, List.of())));
                }
            }
        }
        return cells.entrySet().stream().map(e -> ExperimentCellResult.of(e.getKey(), e.getValue()))
                .collect(Collectors.toList());
    }

    private static ExperimentClassResult readClass(ResultSet r, List<ExperimentStageResult> stages,
                                                   List<ExperimentRepetitionResult> repetitions) throws SQLException {
        ExperimentClassResult.Builder b = ExperimentClassResult.builder(
                r.getString("class_name"), ExperimentClassRole.valueOf(r.getString("role")),
                LatencyClass.ofCode(r.getInt("lat_class")), r.getString("device_id"))
                .counts(r.getLong("sent"), r.getLong("received"), r.getLong("lost"),
                        ExperimentClassResult.LossBasis.valueOf(r.getString("loss_basis")))
                .warmupSent(r.getLong("warmup_sent")).duplicates(r.getLong("duplicates"))
                .reordered(r.getLong("reordered"))
                .jitterNanos((Double) r.getObject("jitter_ns"))
                .offeredMbps((Double) r.getObject("offered_mbps"))
                .goodputMbps((Double) r.getObject("goodput_mbps"))
                .stages(stages).repetitions(repetitions)
                .queueing(r.getString("queueing"));
        long packets = r.getLong("packets");
        if (!r.wasNull()) {
            b.latency(LatencySummary.builder()
                    .moments(Math.toIntExact(packets), r.getDouble("mean_ns"), r.getDouble("stdev_ns"))
                    .extremes(r.getDouble("min_ns"), r.getDouble("max_ns"))
                    .percentiles(r.getDouble("p50_ns"), r.getDouble("p90_ns"), r.getDouble("p99_ns"))
                    .normality(orNaN((Double) r.getObject("ks_statistic")), orNaN((Double) r.getObject("ks_p_value")))
                    .build());
        }
        long pairs = r.getLong("stability_pairs");
        if (!r.wasNull()) {
            b.stability(StabilitySummary.of(pairs, r.getDouble("stability_mean"), r.getDouble("stability_p50"),
                                            r.getDouble("stability_p90"), r.getDouble("stability_p99"),
                                            r.getDouble("stability_max"),
                                            Arrays.asList((Long[]) r.getArray("stability_bins").getArray())));
        }
        int n = r.getInt("ci_n");
        if (!r.wasNull()) {
            b.confidence(ConfidenceInterval.of(r.getDouble("ci_level"), n, r.getDouble("ci_mean"),
                                               r.getDouble("ci_half_width")));
        }
        return b.build();
    }

    private static double orNaN(Double value) {
        return value == null ? Double.NaN : value;
    }
}
