// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.features.multihoming.impl;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.onosproject.net.ConnectPoint;
import org.onosproject.net.DeviceId;
import org.sixflow.app.features.multihoming.api.MultihomingProtocol;
import org.sixflow.app.features.multihoming.api.PingSummary;
import org.sixflow.app.features.multihoming.api.PlannedTrial;
import org.sixflow.app.features.multihoming.api.StudyTransport;
import org.sixflow.app.features.multihoming.api.SwitchLatency;
import org.sixflow.app.features.multihoming.api.TrialCell;
import org.sixflow.app.features.multihoming.api.UplinkCount;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.sql.Types;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** Trials' results as rows of sixflow.multihoming_cells (V13). */
final class CellRows {

    static final String COLUMNS = "cell_index, protocol, sharing, frame_size, transport, load_mbps, repetition, "
            + "started_at, sent_mbps, goodput_mbps, packets_sent, packets_lost, bytes_sent, bytes_received, "
            + "jitter_ms, reordered, retransmits, ping_sent, ping_received, rtt_min_ms, rtt_mean_ms, rtt_max_ms, "
            + "rtt_mdev_ms, uplinks, switch_latency, routes_before, routes_after, entries_before, entries_after, "
            + "error";
    private static final ObjectMapper MAPPER = new ObjectMapper();

    private CellRows() {
    }

    static void insert(Connection c, long runId, TrialCell cell) throws SQLException {
        try (PreparedStatement s = c.prepareStatement("INSERT INTO sixflow.multihoming_cells (run_id, " + COLUMNS
                + ") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?::jsonb, "
                + "?::jsonb, ?, ?, ?::jsonb, ?::jsonb, ?)")) {
            PlannedTrial t = cell.trial();
            int i = 1;
            s.setLong(i++, runId);
            s.setInt(i++, t.index());
            s.setString(i++, t.protocol().name());
            s.setArray(i++, c.createArrayOf("integer", t.sharing().toArray()));
            s.setInt(i++, t.frameSize());
            s.setString(i++, t.transport().name());
            setDouble(s, i++, t.loadMbps().orElse(null));
            s.setInt(i++, t.repetition());
            s.setTimestamp(i++, Timestamp.from(cell.startedAt()));
            setDouble(s, i++, cell.sentMbps().orElse(null));
            setDouble(s, i++, cell.goodputMbps().orElse(null));
            setLong(s, i++, cell.packetsSent().orElse(null));
            setLong(s, i++, cell.packetsLost().orElse(null));
            setLong(s, i++, cell.bytesSent().orElse(null));
            setLong(s, i++, cell.bytesReceived().orElse(null));
            setDouble(s, i++, cell.jitterMs().orElse(null));
            setLong(s, i++, cell.reordered().orElse(null));
            setLong(s, i++, cell.retransmits().orElse(null));
            Optional<PingSummary> rtt = cell.rtt();
            setLong(s, i++, rtt.map(r -> (long) r.sent()).orElse(null));
            setLong(s, i++, rtt.map(r -> (long) r.received()).orElse(null));
            setDouble(s, i++, rtt.flatMap(PingSummary::minMs).orElse(null));
            setDouble(s, i++, rtt.flatMap(PingSummary::meanMs).orElse(null));
            setDouble(s, i++, rtt.flatMap(PingSummary::maxMs).orElse(null));
            setDouble(s, i++, rtt.flatMap(PingSummary::mdevMs).orElse(null));
            s.setString(i++, uplinks(cell.uplinks()).toString());
            s.setString(i++, latencies(cell.switchLatency()).toString());
            s.setInt(i++, cell.routesBefore());
            s.setInt(i++, cell.routesAfter());
            s.setString(i++, entries(cell.entriesBefore()).toString());
            s.setString(i++, entries(cell.entriesAfter()).toString());
            s.setString(i, cell.error().orElse(null));
            s.executeUpdate();
        }
    }

    static List<TrialCell> read(ResultSet rows) throws SQLException {
        List<TrialCell> cells = new ArrayList<>();
        while (rows.next()) {
            Array sharingArray = rows.getArray("sharing");
            List<Integer> sharing = new ArrayList<>();
            for (Object w : (Object[]) sharingArray.getArray()) {
                sharing.add(((Number) w).intValue());
            }
            PlannedTrial trial = new PlannedTrial(rows.getInt("cell_index"),
                                                  MultihomingProtocol.valueOf(rows.getString("protocol")), sharing,
                                                  rows.getInt("frame_size"),
                                                  StudyTransport.valueOf(rows.getString("transport")),
                                                  getDouble(rows, "load_mbps"), rows.getInt("repetition"));
            TrialCell.Builder cell = TrialCell.builder(trial, rows.getTimestamp("started_at").toInstant())
                    .sent(getDouble(rows, "sent_mbps"), getLong(rows, "packets_sent"), getLong(rows, "bytes_sent"))
                    .received(getDouble(rows, "goodput_mbps"), getLong(rows, "packets_lost"),
                              getLong(rows, "bytes_received"))
                    .jitterMs(getDouble(rows, "jitter_ms")).reordered(getLong(rows, "reordered"))
                    .retransmits(getLong(rows, "retransmits"))
                    .routes(rows.getInt("routes_before"), rows.getInt("routes_after"))
                    .error(rows.getString("error"));
            Long pingSent = getLong(rows, "ping_sent");
            if (pingSent != null) {
                cell.rtt(new PingSummary(pingSent.intValue(), rows.getInt("ping_received"),
                                         getDouble(rows, "rtt_min_ms"), getDouble(rows, "rtt_mean_ms"),
                                         getDouble(rows, "rtt_max_ms"), getDouble(rows, "rtt_mdev_ms")));
            }
            JsonNode uplinks = json(rows.getString("uplinks"));
            List<UplinkCount> counts = new ArrayList<>();
            uplinks.forEach(u -> counts.add(new UplinkCount(ConnectPoint.deviceConnectPoint(u.path("uplink").asText()),
                                                            u.path("packetsOut").asLong(),
                                                            u.path("packetsIn").asLong(),
                                                            u.path("shareOut").asDouble())));
            List<SwitchLatency> latencies = new ArrayList<>();
            json(rows.getString("switch_latency")).forEach(l -> latencies.add(new SwitchLatency(
                    DeviceId.deviceId(l.path("device").asText()), l.path("packets").asLong(),
                    l.path("meanNs").asDouble())));
            cells.add(cell.uplinks(counts).switchLatency(latencies)
                              .entries(entries(json(rows.getString("entries_before"))),
                                       entries(json(rows.getString("entries_after")))).build());
        }
        return cells;
    }

    static ArrayNode uplinks(List<UplinkCount> uplinks) {
        ArrayNode json = MAPPER.createArrayNode();
        uplinks.forEach(u -> json.addObject().put("uplink", u.uplink().toString()).put("packetsOut", u.packetsOut())
                .put("packetsIn", u.packetsIn()).put("shareOut", u.shareOut()));
        return json;
    }

    static ArrayNode latencies(List<SwitchLatency> latencies) {
        ArrayNode json = MAPPER.createArrayNode();
        latencies.forEach(l -> json.addObject().put("device", l.device().toString()).put("packets", l.packets())
                .put("meanNs", l.meanNs()));
        return json;
    }

    static ObjectNode entries(Map<DeviceId, Integer> entries) {
        ObjectNode json = MAPPER.createObjectNode();
        entries.entrySet().stream().sorted(Map.Entry.comparingByKey((a, b) -> a.toString().compareTo(b.toString())))
                .forEach(e -> json.put(e.getKey().toString(), e.getValue()));
        return json;
    }

    private static Map<DeviceId, Integer> entries(JsonNode json) {
        Map<DeviceId, Integer> entries = new LinkedHashMap<>();
        for (Iterator<Map.Entry<String, JsonNode>> it = json.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> e = it.next();
            entries.put(DeviceId.deviceId(e.getKey()), e.getValue().asInt());
        }
        return entries;
    }

    static JsonNode json(String text) {
        try {
            return MAPPER.readTree(text);
        } catch (IOException e) {
            throw new UncheckedIOException("stored JSON is unreadable", e);
        }
    }

    private static void setDouble(PreparedStatement s, int i, Double value) throws SQLException {
        if (value == null || !Double.isFinite(value)) {
            s.setNull(i, Types.DOUBLE);
        } else {
            s.setDouble(i, value);
        }
    }

    private static void setLong(PreparedStatement s, int i, Long value) throws SQLException {
        if (value == null) {
            s.setNull(i, Types.BIGINT);
        } else {
            s.setLong(i, value);
        }
    }

    private static Double getDouble(ResultSet rows, String column) throws SQLException {
        double value = rows.getDouble(column);
        return rows.wasNull() ? null : value;
    }

    private static Long getLong(ResultSet rows, String column) throws SQLException {
        long value = rows.getLong(column);
        return rows.wasNull() ? null : value;
    }
}
