// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import org.onlab.packet.Ip6Prefix;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.osgi.service.component.annotations.ReferenceCardinality;
import org.sixflow.app.api.HistoryUnavailableException;
import org.sixflow.app.features.multihoming.api.FailoverResult;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.MultihomingStudy;
import org.sixflow.app.features.multihoming.api.MultihomingStudyJson;
import org.sixflow.app.features.multihoming.api.MultihomingStudyStore;
import org.sixflow.app.features.multihoming.api.SiteRoutes;
import org.sixflow.app.features.multihoming.api.StudyRun;
import org.sixflow.app.features.multihoming.api.StudyRunState;
import org.sixflow.app.features.multihoming.api.TrialCell;
import org.sixflow.app.features.routing.api.Ipv6Route;
import org.sixflow.app.history.HistoryConnections;
import org.sixflow.app.history.HistoryDatabaseService;

import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The study store in the history database (migration V13), shared by every instance that uses
 * the same database. A run's state changes are single UPDATEs conditioned on its current state;
 * one queued or running run per study is held by a partial unique index.
 */
@Component(immediate = true, service = MultihomingStudyStore.class)
public class PostgresStudyStore implements MultihomingStudyStore {

    /** What callers are told while there is no database. */
    public static final String UNAVAILABLE = "multihoming studies need the history database: none is connected "
            + "(netcfg apps/org.sixflow.app/sixflow/database; GET health says why)";
    private static final String RUN_COLUMNS = "id, study_id, state, reason, node, created_at, started_at, "
            + "finished_at, cells_total, cells_done";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    @Reference(cardinality = ReferenceCardinality.MANDATORY)
    protected HistoryDatabaseService historyDatabase;

    private HistoryConnections connections() {
        return new HistoryConnections(historyDatabase, UNAVAILABLE,
                                      "multihoming study store: the history database failed",
                                      HistoryUnavailableException::new);
    }

    private <T> T withConnection(HistoryConnections.Work<T> work) {
        return connections().withConnection(work);
    }

    private <T> T inTransaction(HistoryConnections.Work<T> work) {
        return connections().inTransaction(work);
    }

    @Override
    public boolean createStudy(MultihomingStudy study) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO sixflow.multihoming_studies (id, definition, "
                    + "created_at) VALUES (?, ?::jsonb, ?) ON CONFLICT (id) DO NOTHING")) {
                s.setString(1, study.id());
                s.setString(2, MultihomingStudyJson.write(study, MAPPER).toString());
                s.setTimestamp(3, Timestamp.from(study.createdAt()));
                return s.executeUpdate() == 1;
            }
        });
    }

    @Override
    public Optional<MultihomingStudy> study(String id) {
        return selectStudies(" WHERE id = ?", id).stream().findFirst();
    }

    @Override
    public List<MultihomingStudy> studies() {
        return selectStudies("", null);
    }

    private List<MultihomingStudy> selectStudies(String where, String id) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT definition::text FROM sixflow.multihoming_studies"
                                                                  + where + " ORDER BY id")) {
                if (id != null) {
                    s.setString(1, id);
                }
                List<MultihomingStudy> studies = new ArrayList<>();
                try (ResultSet rows = s.executeQuery()) {
                    while (rows.next()) {
                        studies.add(MultihomingStudyJson.readStored(CellRows.json(rows.getString(1))));
                    }
                }
                return studies;
            }
        });
    }

    @Override
    public boolean removeStudy(String id) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("DELETE FROM sixflow.multihoming_studies WHERE id = ?")) {
                s.setString(1, id);
                return s.executeUpdate() == 1;
            }
        });
    }

    @Override
    public Optional<StudyRun> createRun(String studyId, String node, int cellsTotal, Instant at) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO sixflow.multihoming_runs (study_id, state, "
                    + "node, created_at, cells_total) VALUES (?, 'QUEUED', ?, ?, ?) ON CONFLICT DO NOTHING "
                    + "RETURNING " + RUN_COLUMNS)) {
                s.setString(1, studyId);
                s.setString(2, node);
                s.setTimestamp(3, Timestamp.from(at));
                s.setInt(4, cellsTotal);
                try (ResultSet rows = s.executeQuery()) {
                    return readRuns(rows).stream().findFirst();
                }
            }
        });
    }

    @Override
    public Optional<StudyRun> studyRun(long runId) {
        return selectRuns(" WHERE id = ?", ps -> ps.setLong(1, runId)).stream().findFirst();
    }

    @Override
    public List<StudyRun> runs(String studyId) {
        return selectRuns(" WHERE study_id = ? ORDER BY id DESC", ps -> ps.setString(1, studyId));
    }

    @Override
    public List<StudyRun> runs(String node, StudyRunState state) {
        return selectRuns(" WHERE node = ? AND state = ? ORDER BY id", ps -> {
            ps.setString(1, node);
            ps.setString(2, state.name());
        });
    }

    /** Sets a query's parameters. */
    @FunctionalInterface
    private interface Parameters {
        void set(PreparedStatement s) throws SQLException;
    }

    private List<StudyRun> selectRuns(String where, Parameters parameters) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT " + RUN_COLUMNS + " FROM sixflow.multihoming_runs"
                                                                  + where)) {
                parameters.set(s);
                try (ResultSet rows = s.executeQuery()) {
                    return readRuns(rows);
                }
            }
        });
    }

    private static List<StudyRun> readRuns(ResultSet rows) throws SQLException {
        List<StudyRun> runs = new ArrayList<>();
        while (rows.next()) {
            runs.add(new StudyRun(rows.getLong("id"), rows.getString("study_id"),
                                  StudyRunState.valueOf(rows.getString("state")), rows.getString("reason"),
                                  rows.getString("node"), instant(rows.getTimestamp("created_at")),
                                  instant(rows.getTimestamp("started_at")), instant(rows.getTimestamp("finished_at")),
                                  rows.getInt("cells_total"), rows.getInt("cells_done")));
        }
        return runs;
    }

    private static Instant instant(Timestamp t) {
        return t == null ? null : t.toInstant();
    }

    @Override
    public boolean transition(long runId, StudyRunState from, StudyRunState to, String reason, Instant at) {
        String time = to == StudyRunState.RUNNING ? "started_at" : "finished_at";
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE sixflow.multihoming_runs SET state = ?, reason = ?, "
                    + time + " = ? WHERE id = ? AND state = ?")) {
                s.setString(1, to.name());
                s.setString(2, reason);
                s.setTimestamp(3, Timestamp.from(at));
                s.setLong(4, runId);
                s.setString(5, from.name());
                return s.executeUpdate() == 1;
            }
        });
    }

    @Override
    public boolean requestCancel(long runId) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("UPDATE sixflow.multihoming_runs SET cancel_requested = "
                    + "true WHERE id = ? AND state IN ('QUEUED', 'RUNNING')")) {
                s.setLong(1, runId);
                return s.executeUpdate() == 1;
            }
        });
    }

    @Override
    public boolean cancelRequested(long runId) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT cancel_requested FROM sixflow.multihoming_runs "
                                                                  + "WHERE id = ?")) {
                s.setLong(1, runId);
                try (ResultSet rows = s.executeQuery()) {
                    return rows.next() && rows.getBoolean(1);
                }
            }
        });
    }

    @Override
    public void addCell(long runId, TrialCell cell) {
        inTransaction(c -> {
            CellRows.insert(c, runId, cell);
            try (PreparedStatement s = c.prepareStatement("UPDATE sixflow.multihoming_runs SET cells_done = "
                                                                  + "cells_done + 1 WHERE id = ?")) {
                s.setLong(1, runId);
                s.executeUpdate();
            }
            return null;
        });
    }

    @Override
    public void addFailover(long runId, FailoverResult f) {
        withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO sixflow.multihoming_failovers (run_id, "
                    + "protocol, uplink, after_seconds, repair_ms, probes_sent, probes_answered, note, position) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, (SELECT count(*) FROM sixflow.multihoming_failovers "
                    + "WHERE run_id = ?))")) {
                s.setLong(1, runId);
                s.setString(2, f.protocol().name());
                s.setString(3, f.uplink().toString());
                s.setDouble(4, f.afterSeconds());
                if (f.repairMs().isPresent()) {
                    s.setDouble(5, f.repairMs().get());
                } else {
                    s.setNull(5, Types.DOUBLE);
                }
                s.setInt(6, f.probesSent());
                s.setInt(7, f.probesAnswered());
                s.setString(8, f.note());
                s.setLong(9, runId);
                return s.executeUpdate();
            }
        });
    }

    @Override
    public void addSiteRoutes(long runId, SiteRoutes routes) {
        ArrayNode json = MAPPER.createArrayNode();
        routes.routes().forEach(r -> json.addObject().put("device", r.device().toString())
                .put("prefix", r.prefix().toString()).put("kind", r.kind().name()));
        withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("INSERT INTO sixflow.multihoming_site_routes (run_id, "
                    + "position, protocol, address, site_device, routes) VALUES (?, (SELECT count(*) FROM "
                    + "sixflow.multihoming_site_routes WHERE run_id = ?), ?, ?, ?, ?::jsonb)")) {
                s.setLong(1, runId);
                s.setLong(2, runId);
                s.setString(3, routes.protocol().name());
                s.setString(4, routes.address());
                s.setString(5, routes.siteDevice().toString());
                s.setString(6, json.toString());
                return s.executeUpdate();
            }
        });
    }

    @Override
    public List<TrialCell> cells(long runId) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT " + CellRows.COLUMNS + " FROM "
                    + "sixflow.multihoming_cells WHERE run_id = ? ORDER BY cell_index")) {
                s.setLong(1, runId);
                try (ResultSet rows = s.executeQuery()) {
                    return CellRows.read(rows);
                }
            }
        });
    }

    @Override
    public List<FailoverResult> failovers(long runId) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT protocol, uplink, after_seconds, repair_ms, "
                    + "probes_sent, probes_answered, note FROM sixflow.multihoming_failovers WHERE run_id = ? "
                    + "ORDER BY position")) {
                s.setLong(1, runId);
                List<FailoverResult> failovers = new ArrayList<>();
                try (ResultSet rows = s.executeQuery()) {
                    while (rows.next()) {
                        double repair = rows.getDouble("repair_ms");
                        Double repairMs = rows.wasNull() ? null : repair;
                        failovers.add(new FailoverResult(MultihomingProtocol.valueOf(rows.getString("protocol")),
                                                         ConnectPoint.deviceConnectPoint(rows.getString("uplink")),
                                                         rows.getDouble("after_seconds"), repairMs,
                                                         rows.getInt("probes_sent"), rows.getInt("probes_answered"),
                                                         rows.getString("note")));
                    }
                }
                return failovers;
            }
        });
    }

    @Override
    public List<SiteRoutes> siteRoutes(long runId) {
        return withConnection(c -> {
            try (PreparedStatement s = c.prepareStatement("SELECT protocol, address, site_device, routes::text FROM "
                    + "sixflow.multihoming_site_routes WHERE run_id = ? ORDER BY position")) {
                s.setLong(1, runId);
                List<SiteRoutes> all = new ArrayList<>();
                try (ResultSet rows = s.executeQuery()) {
                    while (rows.next()) {
                        List<SiteRoutes.Route> routes = new ArrayList<>();
                        CellRows.json(rows.getString(4)).forEach(r -> routes.add(new SiteRoutes.Route(
                                DeviceId.deviceId(r.path("device").asText()), Ip6Prefix.valueOf(r.path("prefix")
                                                                                                   .asText()),
                                Ipv6Route.Kind.valueOf(r.path("kind").asText()))));
                        all.add(new SiteRoutes(MultihomingProtocol.valueOf(rows.getString(1)), rows.getString(2),
                                               DeviceId.deviceId(rows.getString(3)), routes));
                    }
                }
                return all;
            }
        });
    }
}
