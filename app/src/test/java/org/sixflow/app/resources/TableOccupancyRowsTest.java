// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.resources;

import org.junit.ClassRule;
import org.junit.Test;
import org.onosproject.net.DeviceId;
import org.sixflow.app.api.TableOccupancy;
import org.sixflow.app.history.CopyWriter;
import org.sixflow.app.history.HistoryDatabase;
import org.sixflow.app.testing.PostgresResource;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicReference;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Occupancy rows reach sixflow.table_occupancy by COPY, and survive a PostgreSQL outage within
 * the buffer's bound (the test stops and restarts a real server); what does not fit is counted.
 */
public class TableOccupancyRowsTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    private static TableOccupancy reading(String device, int i) {
        return TableOccupancy.of(DeviceId.deviceId(device), "SixflowIngress.routing.routing_v6", T0.plusSeconds(i),
                                 i % 1024, 1024);
    }

    private static List<TableOccupancy> readings(String device, int from, int to) {
        List<TableOccupancy> list = new ArrayList<>();
        for (int i = from; i < to; i++) {
            list.add(reading(device, i));
        }
        return list;
    }

    private static long[] countAndSum(HistoryDatabase db, String device) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*), coalesce(sum(entries), 0) FROM sixflow.table_occupancy "
                                                  + "WHERE device_id = '" + device + "'")) {
            r.next();
            return new long[]{r.getLong(1), r.getLong(2)};
        }
    }

    @Test
    public void writesEveryColumn() throws Exception {
        try (HistoryDatabase db = HistoryDatabase.open(POSTGRES.server().settings())) {
            CopyWriter<TableOccupancy> writer = TableOccupancyRows.writer(() -> Optional.of(db), 10);
            // A name with COPY's special characters arrives as it was.
            writer.offer(List.of(TableOccupancy.of(DeviceId.deviceId("device:leaf1"), "Ingress.odd\ttable\\x",
                                                   T0, 7, 256)));
            assertEquals(1, writer.flush(10));
            try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("SELECT sampled_at, device_id, table_name, entries, size FROM "
                                                      + "sixflow.table_occupancy WHERE device_id = 'device:leaf1'")) {
                assertTrue(r.next());
                assertEquals(T0, r.getTimestamp(1).toInstant());
                assertEquals("device:leaf1", r.getString(2));
                assertEquals("Ingress.odd\ttable\\x", r.getString(3));
                assertEquals(7, r.getInt(4));
                assertEquals(256, r.getInt(5));
            }
        }
    }

    @Test
    public void waitsWhileThereIsNoDatabase() {
        AtomicReference<HistoryDatabase> database = new AtomicReference<>();
        CopyWriter<TableOccupancy> writer = TableOccupancyRows.writer(
                () -> Optional.ofNullable(database.get()), 10);
        assertEquals(0, writer.offer(readings("device:none", 0, 3)));
        try {
            writer.flush(10);
            fail("wrote without a database");
        } catch (SQLException expected) {
            assertTrue(expected.getMessage(), expected.getMessage().contains("table occupancy rows"));
        }
        assertEquals(3, writer.buffered());
    }

    @Test
    public void keepsEverythingWithinTheBufferThroughAnOutageAndCountsTheRest() throws Exception {
        try (HistoryDatabase db = HistoryDatabase.open(POSTGRES.server().settings())) {
            CopyWriter<TableOccupancy> writer = TableOccupancyRows.writer(() -> Optional.of(db), 2_000);
            writer.offer(readings("device:wuhan", 0, 500));
            assertEquals(200, writer.flush(200));                  // 200 written before the outage
            POSTGRES.server().stopServer();
            try {
                // 300 waiting + 2,000 new against a bound of 2,000: the last 300 are dropped.
                assertEquals(300, writer.offer(readings("device:wuhan", 500, 2_500)));
                try {
                    writer.flush(1_000);
                    fail("wrote to a stopped server");
                } catch (SQLException expected) {
                    assertEquals(2_000, writer.buffered());
                }
            } finally {
                POSTGRES.server().startServer();
            }
            // The pool's connections died with the server: the first flushes may fail, losing nothing.
            for (int attempt = 0; attempt < 50 && writer.buffered() > 0; attempt++) {
                try {
                    writer.flush(700);
                } catch (SQLException retry) {
                    Thread.sleep(100);
                }
            }
            assertEquals(0, writer.buffered());
            assertEquals(300, writer.dropped());
            assertEquals(2_200, writer.written());
            long[] stored = countAndSum(db, "device:wuhan");
            assertEquals(2_200, stored[0]);
            // Exactly readings 0..2,199 arrived, each once: their entries sum as computed here.
            long expected = 0;
            for (int i = 0; i < 2_200; i++) {
                expected += i % 1024;
            }
            assertEquals(expected, stored[1]);
        }
    }
}
