// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.onosproject.net.DeviceId;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentCellResult;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentRun;
import org.sixflow.app.api.ExperimentRunState;
import org.sixflow.app.api.ExperimentSample;
import org.sixflow.app.api.ExperimentStore;
import org.sixflow.app.api.ExperimentsUnavailableException;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.api.PacingSummary;
import org.sixflow.app.history.HistoryConnections;
import org.sixflow.app.history.HistoryDatabaseService;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.stream.Collectors;

/**
 * The experiment store in the history database (migration V8), shared by every instance that
 * uses the same database. State changes are single UPDATEs conditioned on the current state.
 */
@Component(immediate = true, service = ExperimentStore.class)
public class PostgresExperimentStore implements ExperimentStore {

    /** What callers are told while there is no database. */
    public static final String UNAVAILABLE = "experiments need the history database: none is connected "
            + "(netcfg apps/org.sixflow.app/sixflow/database; GET health says why)";

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HistoryDatabaseService historyDatabase;

    private HistoryConnections connections() {
        return new HistoryConnections(historyDatabase, UNAVAILABLE, "experiment store: the history database failed",
                                      (message, cause) -> cause == null ? new ExperimentsUnavailableException(message)
                                              : new ExperimentsUnavailableException(message, cause));
    }

    private <T> T withConnection(HistoryConnections.Work<T> work) {
        return connections().withConnection(work);
    }

    private <T> T inTransaction(HistoryConnections.Work<T> work) {
        return connections().inTransaction(work);
    }

    @Override
    public boolean createExperiment(Experiment experiment) {
        return inTransaction(c -> ExperimentRows.insert(c, experiment));
    }

    @Override
    public Optional<Experiment> experiment(String id) {
        return selectExperiments(" WHERE id = ?", id).stream().findFirst();
    }

    @Override
    public List<Experiment> experiments() {
        return selectExperiments("", null);
    }

    private List<Experiment> selectExperiments(String where, String id) {
        return withConnection(c -> {
            Map<String, List<ExperimentClass>> classes;
            try (PreparedStatement s = c.prepareStatement(ExperimentRows.CLASSES
                    + (id == null ? "" : " WHERE experiment_id = ?") + " ORDER BY experiment_id, position")) {
                if (id != null) {
                    s.setString(1, id);
                }
                try (ResultSet rows = s.executeQuery()) {
                    classes = ExperimentRows.readClasses(rows);
                }
            }
            try (PreparedStatement s = c.prepareStatement("SELECT " + ExperimentRows.COLUMNS
                    + " FROM sixflow.experiments" + where + " ORDER BY id")) {
                if (id != null) {
                    s.setString(1, id);
                }
                try (ResultSet rows = s.executeQuery()) {
                    return ExperimentRows.read(rows, classes);
                }
            }
        });
    }

    @Override
    public boolean removeExperiment(String id) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM sixflow.experiments WHERE id = ?")) {
                s.setString(1, id);
                return s.executeUpdate() > 0;
            }
        });
    }

    @Override
    public ExperimentRun createRun(String experimentId, long total, Instant now) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO sixflow.experiment_runs (experiment_id, state, "
                    + "created_at, total) VALUES (?, ?, ?, ?) RETURNING " + RunRows.COLUMNS)) {
                s.setString(1, experimentId);
                s.setString(2, ExperimentRunState.QUEUED.name());
                s.setTimestamp(3, Timestamp.from(now));
                s.setLong(4, total);
                try (ResultSet rows = s.executeQuery()) {
                    return RunRows.read(rows).get(0);
                }
            }
        });
    }

    @Override
    public Optional<ExperimentRun> run(long runId) {
        return selectRuns(" WHERE id = ?", s -> s.setLong(1, runId)).stream().findFirst();
    }

    @Override
    public List<ExperimentRun> runs(String experimentId) {
        return selectRuns(" WHERE experiment_id = ? ORDER BY id DESC", s -> s.setString(1, experimentId));
    }

    @Override
    public List<ExperimentRun> runsIn(Collection<ExperimentRunState> states) {
        List<String> names = states.stream().map(Enum::name).collect(Collectors.toList());
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT " + RunRows.COLUMNS
                    + " FROM sixflow.experiment_runs WHERE state = ANY (?) ORDER BY id")) {
                s.setArray(1, c.createArrayOf("text", names.toArray()));
                try (ResultSet rows = s.executeQuery()) {
                    return RunRows.read(rows);
                }
            }
        });
    }

    /** Sets a statement's parameters. */
    @FunctionalInterface
    private interface Parameters {
        void set(PreparedStatement s) throws SQLException;
    }

    private List<ExperimentRun> selectRuns(String where, Parameters parameters) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT " + RunRows.COLUMNS
                    + " FROM sixflow.experiment_runs" + where)) {
                parameters.set(s);
                try (ResultSet rows = s.executeQuery()) {
                    return RunRows.read(rows);
                }
            }
        });
    }

    @Override
    public Optional<ExperimentRun> transition(long runId, ExperimentRunState from, ExperimentRunState to, String node,
                                              String reason, Instant now) {
        if (!from.canMoveTo(to)) {
            throw new IllegalArgumentException("a run cannot move from " + from + " to " + to);
        }
        String times = to == ExperimentRunState.RUNNING ? "started_at = ?, node = ?" : "finished_at = ?, node = "
                + "coalesce(node, ?)";
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE sixflow.experiment_runs SET state = ?, reason = ?, "
                    + times + " WHERE id = ? AND state = ? RETURNING " + RunRows.COLUMNS)) {
                s.setString(1, to.name());
                s.setString(2, reason);
                s.setTimestamp(3, Timestamp.from(now));
                s.setString(4, node);
                s.setLong(5, runId);
                s.setString(6, from.name());
                try (ResultSet rows = s.executeQuery()) {
                    return RunRows.read(rows).stream().findFirst();
                }
            }
        });
    }

    @Override
    public void progress(long runId, long sent) {
        update("UPDATE sixflow.experiment_runs SET sent = ? WHERE id = ?", s -> {
            s.setLong(1, sent);
            s.setLong(2, runId);
        });
    }

    @Override
    public boolean requestCancel(long runId) {
        return update("UPDATE sixflow.experiment_runs SET cancel_requested = true WHERE id = ? AND state IN "
                              + "('QUEUED', 'RUNNING')", s -> s.setLong(1, runId)) > 0;
    }

    @Override
    public void recordSamplingBefore(long runId, String sampling) {
        update("UPDATE sixflow.experiment_runs SET sampling_before = ? WHERE id = ?", s -> {
            s.setString(1, sampling);
            s.setLong(2, runId);
        });
    }

    @Override
    public Optional<String> samplingBefore(long runId) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement(
                    "SELECT sampling_before FROM sixflow.experiment_runs WHERE id = ?")) {
                s.setLong(1, runId);
                try (ResultSet rows = s.executeQuery()) {
                    return rows.next() ? Optional.ofNullable(rows.getString(1)) : Optional.empty();
                }
            }
        });
    }

    private int update(String sql, Parameters parameters) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                parameters.set(s);
                return s.executeUpdate();
            }
        });
    }

    @Override
    public void saveResults(long runId, List<ExperimentCellResult> cells, PacingSummary pacing, Long resultsMillis) {
        inTransaction(c -> {
            ResultRows.insert(c, runId, cells);
            try (PreparedStatement s = c.prepareStatement("UPDATE sixflow.experiment_runs SET pacing_interval_ns = ?, "
                    + "pacing_packets = ?, pacing_mean_error_ns = ?, pacing_p99_error_ns = ?, pacing_max_error_ns = ?, "
                    + "pacing_mean_lateness_ns = ?, pacing_rate_pps = ?, results_ms = ? WHERE id = ?")) {
                Object[] values = pacing == null ? new Object[7] : new Object[]{
                    pacing.requestedIntervalNanos(), pacing.packets(), pacing.meanErrorNanos(), pacing.p99ErrorNanos(),
                    pacing.maxErrorNanos(), pacing.meanLatenessNanos(), pacing.achievedPacketsPerSecond()};
                for (int i = 0; i < values.length; i++) {
                    s.setObject(i + 1, values[i], i < 2 ? Types.BIGINT : Types.DOUBLE);
                }
                s.setObject(8, resultsMillis, Types.BIGINT);
                s.setLong(9, runId);
                s.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public List<ExperimentCellResult> cellResults(long runId) {
        return withConnection(c -> ResultRows.read(c, runId));
    }

    @Override
    public void saveSamples(Collection<ExperimentSample> samples) {
        if (!samples.isEmpty()) {
            inTransaction(c -> {
                SampleRows.copy(c, samples);
                return null;
            });
        }
    }

    @Override
    public List<ExperimentSample> samples(long runId, OptionalInt classIndex, int limit) {
        return withConnection(c -> SampleRows.read(c, runId, classIndex, limit));
    }

    @Override
    public List<LatencySample> telemetrySamples(DeviceId device, LatencyClass latencyClass, OptionalInt ingressPort,
                                                Instant from, Instant to, int limit) {
        String sql = "SELECT sampled_at, device_id, lat_class, replica, ingress_port, egress_port, sequence, delta_ns, "
                + "ingress_ts_ns FROM sixflow.latency_samples WHERE device_id = ? AND lat_class = ? AND sampled_at >= ? "
                + "AND sampled_at < ?" + (ingressPort.isPresent() ? " AND ingress_port = ?" : "")
                + " ORDER BY sampled_at LIMIT ?";
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement(sql)) {
                int i = 0;
                s.setString(++i, device.toString());
                s.setInt(++i, latencyClass.code());
                s.setTimestamp(++i, Timestamp.from(from));
                s.setTimestamp(++i, Timestamp.from(to));
                if (ingressPort.isPresent()) {
                    s.setInt(++i, ingressPort.getAsInt());
                }
                s.setInt(++i, limit);
                List<LatencySample> samples = new ArrayList<>();
                try (ResultSet r = s.executeQuery()) {
                    while (r.next()) {
                        LatencySample sample = LatencySample.of(r.getTimestamp(1).toInstant(), r.getString(2),
                                                                r.getInt(3), r.getInt(4), r.getInt(5), r.getInt(6),
                                                                r.getLong(7), r.getLong(8));
                        long ingress = r.getLong(9);
                        samples.add(r.wasNull() ? sample : sample.withIngressTimestamp(ingress));
                    }
                }
                return samples;
            }
        });
    }
}
