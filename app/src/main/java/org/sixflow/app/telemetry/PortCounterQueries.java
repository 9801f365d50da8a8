// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.telemetry;

import com.google.common.collect.ImmutableList;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.PortCounters;
import org.sixflow.app.api.PortRates;
import org.sixflow.app.api.PortStatistics;

import javax.sql.DataSource;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Timestamp;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;

/**
 * The SQL behind the port counter queries.
 */
final class PortCounterQueries {

    private static final String COUNTERS = "sampled_at, device_id, port_name, in_packets, out_packets, in_octets, "
            + "out_octets, in_discards, out_discards, in_errors, out_errors";
    // The ports known, found by skipping along the (device_id, port_name, sampled_at) index one
    // port at a time instead of scanning every reading; then each port's two newest readings.
    private static final String LATEST = "WITH RECURSIVE ports AS ("
            + "(SELECT device_id, port_name FROM sixflow.port_counters WHERE %1$s ORDER BY device_id, port_name LIMIT 1) "
            + "UNION ALL SELECT n.device_id, n.port_name FROM ports p, LATERAL ("
            + "SELECT device_id, port_name FROM sixflow.port_counters c WHERE %1$s "
            + "AND (c.device_id, c.port_name) > (p.device_id, p.port_name) ORDER BY device_id, port_name LIMIT 1) n) "
            + "SELECT l.* FROM ports p, LATERAL (SELECT " + COUNTERS + " FROM sixflow.port_counters c "
            + "WHERE c.device_id = p.device_id AND c.port_name = p.port_name ORDER BY sampled_at DESC LIMIT 2) l "
            + "ORDER BY l.device_id, l.port_name, l.sampled_at DESC";
    // Per step, the step's last reading next to the reading before it (which may precede the window).
    private static final String HISTORY = "SELECT DISTINCT ON (bucket) * FROM ("
            + "SELECT date_bin(? * interval '1 millisecond', sampled_at, ?) AS bucket, " + COUNTERS + ", "
            + "lag(sampled_at) OVER w, lag(in_packets) OVER w, lag(out_packets) OVER w, lag(in_octets) OVER w, "
            + "lag(out_octets) OVER w FROM sixflow.port_counters WHERE device_id = ? AND port_name = ? "
            + "AND sampled_at >= coalesce((SELECT max(sampled_at) FROM sixflow.port_counters "
            + "WHERE device_id = ? AND port_name = ? AND sampled_at < ?), ?) AND sampled_at < ? "
            + "WINDOW w AS (ORDER BY sampled_at)) readings "
            + "WHERE sampled_at >= ? ORDER BY bucket, sampled_at DESC";

    private final DataSource dataSource;

    PortCounterQueries(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    List<PortStatistics> latest(Optional<DeviceId> deviceId) throws SQLException {
        String sql = String.format(LATEST, deviceId.isPresent() ? "device_id = ?" : "true");
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(sql)) {
            if (deviceId.isPresent()) {
                s.setString(1, deviceId.get().toString());
                s.setString(2, deviceId.get().toString());
            }
            ImmutableList.Builder<PortStatistics> ports = ImmutableList.builder();
            try (ResultSet r = s.executeQuery()) {
                PortCounters newer = null;
                while (r.next()) {
                    PortCounters row = counters(r, 1);
                    if (newer != null && newer.deviceId().equals(row.deviceId()) && newer.port().equals(row.port())) {
                        ports.add(PortStatistics.of(newer, Optional.of(row)));
                        newer = null;
                    } else {
                        if (newer != null) {
                            ports.add(PortStatistics.of(newer, Optional.empty()));
                        }
                        newer = row;
                    }
                }
                if (newer != null) {
                    ports.add(PortStatistics.of(newer, Optional.empty()));
                }
            }
            return ports.build();
        }
    }

    List<PortRates> history(DeviceId deviceId, String port, Instant from, Instant to, Duration step)
            throws SQLException {
        try (Connection c = dataSource.getConnection(); PreparedStatement s = c.prepareStatement(HISTORY)) {
            s.setLong(1, step.toMillis());
            s.setTimestamp(2, Timestamp.from(from));
            s.setString(3, deviceId.toString());
            s.setString(4, port);
            s.setString(5, deviceId.toString());
            s.setString(6, port);
            s.setTimestamp(7, Timestamp.from(from));
            s.setTimestamp(8, Timestamp.from(from));
            s.setTimestamp(9, Timestamp.from(to));
            s.setTimestamp(10, Timestamp.from(from));
            ImmutableList.Builder<PortRates> rates = ImmutableList.builder();
            try (ResultSet r = s.executeQuery()) {
                while (r.next()) {
                    Timestamp previousTime = r.getTimestamp(13);
                    if (previousTime == null) {
                        continue;   // the port's first reading ever: no rate yet
                    }
                    PortCounters current = counters(r, 2);
                    PortCounters previous = PortCounters.builder(deviceId, port, previousTime.toInstant())
                            .inPackets(nullableLong(r, 14)).outPackets(nullableLong(r, 15))
                            .inOctets(nullableLong(r, 16)).outOctets(nullableLong(r, 17)).build();
                    rates.add(PortRates.between(previous, current));
                }
            }
            return rates.build();
        }
    }

    private static PortCounters counters(ResultSet r, int first) throws SQLException {
        return PortCounters.builder(DeviceId.deviceId(r.getString(first + 1)), r.getString(first + 2),
                                    r.getTimestamp(first).toInstant())
                .inPackets(nullableLong(r, first + 3)).outPackets(nullableLong(r, first + 4))
                .inOctets(nullableLong(r, first + 5)).outOctets(nullableLong(r, first + 6))
                .inDiscards(nullableLong(r, first + 7)).outDiscards(nullableLong(r, first + 8))
                .inErrors(nullableLong(r, first + 9)).outErrors(nullableLong(r, first + 10)).build();
    }

    private static Long nullableLong(ResultSet r, int column) throws SQLException {
        long value = r.getLong(column);
        return r.wasNull() ? null : value;
    }
}
