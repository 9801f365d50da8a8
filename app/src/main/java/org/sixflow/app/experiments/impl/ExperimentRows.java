// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.experiments.impl;

import org.onlab.packet.Ip6Address;
import org.onosproject.net.ConnectPoint;
import org.sixflow.app.api.Experiment;
import org.sixflow.app.api.ExperimentClass;
import org.sixflow.app.api.ExperimentClassRole;
import org.sixflow.app.api.ExperimentTraffic;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.ProbePacket;
import org.sixflow.app.api.TimeWindow;

import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Experiments as rows of sixflow.experiments and sixflow.experiment_classes (V8; GTP-U columns V11).
 */
final class ExperimentRows {

    static final String COLUMNS = "id, name, description, ingress, traffic, packets_per_class, interval_ns, "
            + "loads_mbps, frame_sizes, repetitions, warmup, block_size, seed, window_from, window_to, thresholds, "
            + "mean_thresholds, mean_of, stages";
    private static final String INSERT = "INSERT INTO sixflow.experiments (" + COLUMNS + ") VALUES "
            + "(?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING";
    private static final String INSERT_CLASS = "INSERT INTO sixflow.experiment_classes (experiment_id, position, "
            + "name, role, lat_class, source, destination, source_port, destination_port, hop_limit, tree, policy, "
            + "tunnel, gtpu_peer, gtpu_n3, gtpu_teid, gtpu_source_port, session) "
            + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)";
    static final String CLASSES = "SELECT experiment_id, name, role, lat_class, source, destination, source_port, "
            + "destination_port, hop_limit, tree, policy, tunnel, gtpu_peer, gtpu_n3, gtpu_teid, gtpu_source_port, "
            + "session "
            + "FROM sixflow.experiment_classes";

    private ExperimentRows() {
    }

    /**
     * Inserts an experiment and its classes (in the caller's transaction).
     *
     * @param c the connection
     * @param e the experiment
     * @return false when one with its id exists
     * @throws SQLException when the insert fails
     */
    static boolean insert(Connection c, Experiment e) throws SQLException {
        try (PreparedStatement s = c.prepareStatement(INSERT)) {
            int i = 0;
            s.setString(++i, e.id());
            s.setString(++i, e.name());
            s.setString(++i, e.description());
            s.setString(++i, e.ingress() == null ? null : e.ingress().toString());
            s.setString(++i, e.traffic().name());
            s.setInt(++i, e.packetsPerClass());
            s.setObject(++i, e.interval().map(Duration::toNanos).orElse(null), Types.BIGINT);
            s.setArray(++i, c.createArrayOf("float8", e.loadsMbps().toArray()));
            s.setArray(++i, c.createArrayOf("int4", e.frameSizes().toArray()));
            s.setInt(++i, e.repetitions());
            s.setInt(++i, e.warmup());
            s.setInt(++i, e.blockSize());
            s.setLong(++i, e.seed());
            s.setTimestamp(++i, e.window().map(w -> Timestamp.from(w.from())).orElse(null));
            s.setTimestamp(++i, e.window().map(w -> Timestamp.from(w.to())).orElse(null));
            s.setArray(++i, c.createArrayOf("float8", e.thresholds().toArray()));
            s.setArray(++i, c.createArrayOf("float8", e.meanThresholds().toArray()));
            s.setInt(++i, e.meanOf());
            s.setBoolean(++i, e.stages());
            if (s.executeUpdate() == 0) {
                return false;
            }
        }
        try (PreparedStatement s = c.prepareStatement(INSERT_CLASS)) {
            for (int p = 0; p < e.classes().size(); p++) {
                ExperimentClass k = e.classes().get(p);
                int i = 0;
                s.setString(++i, e.id());
                s.setInt(++i, p);
                s.setString(++i, k.name());
                s.setString(++i, k.role().name());
                s.setInt(++i, k.latencyClass().code());
                ProbePacket packet = k.packet().orElse(null);
                s.setString(++i, packet == null ? null : packet.source().toString());
                s.setString(++i, packet == null ? null : packet.destination().toString());
                s.setObject(++i, packet == null ? null : packet.sourcePort(), Types.INTEGER);
                s.setObject(++i, packet == null ? null : packet.destinationPort(), Types.INTEGER);
                s.setObject(++i, packet == null ? null : packet.hopLimit(), Types.INTEGER);
                s.setString(++i, k.tree().orElse(null));
                s.setString(++i, k.policy().orElse(null));
                s.setString(++i, k.tunnel().orElse(null));
                ProbePacket.Gtpu gtpu = packet == null ? null : packet.gtpu().orElse(null);
                s.setString(++i, gtpu == null ? null : gtpu.peerAddress().toString());
                s.setString(++i, gtpu == null ? null : gtpu.n3Address().toString());
                s.setObject(++i, gtpu == null ? null : gtpu.teid(), Types.BIGINT);
                s.setObject(++i, gtpu == null ? null : gtpu.sourcePort(), Types.INTEGER);
                s.setString(++i, k.session().orElse(null));
                s.addBatch();
            }
            s.executeBatch();
        }
        return true;
    }

    /**
     * Reads experiments.
     *
     * @param rows    rows of {@link #COLUMNS}
     * @param classes every class row of those experiments, by experiment id, in position order
     * @return the experiments
     * @throws SQLException when a read fails
     */
    static List<Experiment> read(ResultSet rows, Map<String, List<ExperimentClass>> classes) throws SQLException {
        List<Experiment> experiments = new ArrayList<>();
        while (rows.next()) {
            String id = rows.getString("id");
            String ingress = rows.getString("ingress");
            long interval = rows.getLong("interval_ns");
            boolean hasInterval = !rows.wasNull();
            Timestamp from = rows.getTimestamp("window_from");
            Timestamp to = rows.getTimestamp("window_to");
            experiments.add(Experiment.builder(id).name(rows.getString("name"))
                    .description(rows.getString("description"))
                    .ingress(ingress == null ? null : ConnectPoint.deviceConnectPoint(ingress))
                    .traffic(ExperimentTraffic.valueOf(rows.getString("traffic")))
                    .classes(classes.getOrDefault(id, List.of()))
                    .packetsPerClass(rows.getInt("packets_per_class"))
                    .interval(hasInterval ? Duration.ofNanos(interval) : null)
                    .loadsMbps(doubles(rows.getArray("loads_mbps")))
                    .frameSizes(Arrays.stream((Integer[]) rows.getArray("frame_sizes").getArray())
                                        .collect(Collectors.toList()))
                    .repetitions(rows.getInt("repetitions")).warmup(rows.getInt("warmup"))
                    .blockSize(rows.getInt("block_size")).seed(rows.getLong("seed"))
                    .window(from == null || to == null ? null : TimeWindow.of(from.toInstant(), to.toInstant()))
                    .thresholds(doubles(rows.getArray("thresholds")))
                    .meanThresholds(doubles(rows.getArray("mean_thresholds")))
                    .meanOf(rows.getInt("mean_of")).stages(rows.getBoolean("stages")).build());
        }
        return experiments;
    }

    /**
     * Reads class rows of {@link #CLASSES}.
     *
     * @param rows the rows, ordered by experiment and position
     * @return classes by experiment id
     * @throws SQLException when a read fails
     */
    static Map<String, List<ExperimentClass>> readClasses(ResultSet rows) throws SQLException {
        Map<String, List<ExperimentClass>> classes = new java.util.HashMap<>();
        while (rows.next()) {
            String source = rows.getString("source");
            ProbePacket packet = source == null ? null : ProbePacket.of(
                    Ip6Address.valueOf(source), Ip6Address.valueOf(rows.getString("destination")),
                    rows.getInt("source_port"), rows.getInt("destination_port"), rows.getInt("hop_limit"));
            String peer = rows.getString("gtpu_peer");
            if (packet != null && peer != null) {
                packet = ProbePacket.gtpu(Ip6Address.valueOf(peer), Ip6Address.valueOf(rows.getString("gtpu_n3")),
                                          rows.getLong("gtpu_teid"), rows.getInt("gtpu_source_port"), packet);
            }
            classes.computeIfAbsent(rows.getString("experiment_id"), k -> new ArrayList<>()).add(ExperimentClass.of(
                    rows.getString("name"), ExperimentClassRole.valueOf(rows.getString("role")),
                    LatencyClass.ofCode(rows.getInt("lat_class")), packet, rows.getString("tree"),
                    rows.getString("policy"), rows.getString("tunnel")).withSession(rows.getString("session")));
        }
        return classes;
    }

    private static List<Double> doubles(Array array) throws SQLException {
        return array == null ? List.of() : Arrays.asList((Double[]) array.getArray());
    }
}
