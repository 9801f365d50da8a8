// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import org.junit.ClassRule;
import org.junit.Test;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.testing.PostgresResource;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * Batched COPY into the partitioned sample table, and the outage guarantee on a real PostgreSQL
 * that the test stops and starts again.
 */
public class SampleWriterTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    private static LatencySample sample(String device, long sequence) {
        return LatencySample.of(T0.plusMillis(sequence), device, 1, 0, 1, 2, sequence, 364 + sequence % 7);
    }

    private static long rows(HistoryDatabase db, String device) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery("SELECT count(*), coalesce(sum(sequence), 0) FROM sixflow.latency_samples "
                                                  + "WHERE device_id = '" + device + "'")) {
            r.next();
            return r.getLong(1);
        }
    }

    private static void drain(SampleWriter writer) throws InterruptedException {
        for (int attempt = 0; attempt < 50 && writer.buffered() > 0; attempt++) {
            try {
                writer.flush(2_000);
            } catch (SQLException retry) {
                Thread.sleep(100);
            }
        }
        assertEquals("buffer drained", 0, writer.buffered());
    }

    @Test
    public void writesBatchesInOrderWithCopy() throws Exception {
        try (HistoryDatabase db = HistoryDatabase.open(POSTGRES.server().settings())) {
            SampleWriter writer = new SampleWriter(db, 100_000);
            for (int i = 0; i < 25_000; i++) {
                writer.offer(sample("device:beijing", i));
            }
            int batches = 0;
            while (writer.flush(10_000) > 0) {
                batches++;
            }
            assertEquals(3, batches);
            assertEquals(25_000, writer.written());
            assertEquals(25_000, rows(db, "device:beijing"));
            // Odd characters survive COPY's text format.
            writer.offer(sample("device:odd\tname\\x", 1));
            writer.flush(10);
            assertEquals(1, rows(db, "device:odd\tname\\x"));
            // The data plane's ingress timestamp goes in when the report carried it, NULL otherwise.
            writer.offer(sample("device:stamped", 1).withIngressTimestamp(123_456_789_012L));
            writer.offer(sample("device:stamped", 2));
            writer.flush(10);
            try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("SELECT ingress_ts_ns FROM sixflow.latency_samples "
                                                      + "WHERE device_id = 'device:stamped' ORDER BY sequence")) {
                r.next();
                assertEquals(123_456_789_012L, r.getLong(1));
                r.next();
                r.getLong(1);
                assertTrue("no timestamp is NULL", r.wasNull());
            }
        }
    }

    @Test
    public void aBatchLiesInTheTableByDeviceClassAndTime() throws Exception {
        try (HistoryDatabase db = HistoryDatabase.open(POSTGRES.server().settings())) {
            SampleWriter writer = new SampleWriter(db, 1_000);
            // A second of reports as they arrive: devices and classes interleaved.
            for (int i = 0; i < 100; i++) {
                for (String device : new String[]{"device:ordered-b", "device:ordered-a"}) {
                    for (int cls = 2; cls >= 0; cls--) {
                        writer.offer(LatencySample.of(T0.plusMillis(10 * i), device, cls, 0, 1, 2, i, 400 + i));
                    }
                }
            }
            assertEquals(600, writer.flush(1_000));
            try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("SELECT device_id, lat_class, sequence FROM sixflow.latency_samples "
                                                      + "WHERE device_id LIKE 'device:ordered-%' ORDER BY ctid")) {
                String previous = "";
                int n = 0;
                while (r.next()) {
                    String row = String.format("%s %d %05d", r.getString(1), r.getInt(2), r.getLong(3));
                    assertTrue(previous + " before " + row, previous.compareTo(row) < 0);
                    previous = row;
                    n++;
                }
                assertEquals(600, n);
            }
        }
    }

    @Test
    public void keepsEverythingWithinTheBufferThroughAnOutageAndCountsTheRest() throws Exception {
        try (HistoryDatabase db = HistoryDatabase.open(POSTGRES.server().settings())) {
            SampleWriter writer = new SampleWriter(db, 5_000);
            for (int i = 0; i < 1_000; i++) {
                writer.offer(sample("device:wuhan", i));
            }
            writer.flush(400);                                   // 400 written before the outage
            POSTGRES.server().stopServer();
            try {
                for (int i = 1_000; i < 6_000; i++) {            // 600 waiting + 5,000 new: 600 over
                    writer.offer(sample("device:wuhan", i));
                }
                try {
                    writer.flush(1_000);
                    fail("wrote to a stopped server");
                } catch (SQLException expected) {
                    assertEquals(5_000, writer.buffered());
                }
            } finally {
                POSTGRES.server().startServer();
            }
            // The pool's connections died with the server: the first flush may fail, and
            // must lose nothing when it does.
            drain(writer);
            assertEquals(600, writer.dropped());
            assertEquals(5_400, writer.written());
            assertEquals(5_400, rows(db, "device:wuhan"));
        }
    }
}
