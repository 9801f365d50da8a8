// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import org.junit.ClassRule;
import org.junit.Test;
import org.slf4j.Logger;
import org.slf4j.helpers.NOPLogger;
import org.sixflow.app.testing.PostgresResource;
import org.sixflow.app.testing.SettableClock;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertFalse;
import static org.junit.Assert.assertTrue;
import static org.junit.Assert.fail;

/**
 * What a writer does with rows PostgreSQL refuses (quarantined once, never retried) and with a
 * database that is away (kept, retried with growing waits), on a real PostgreSQL.
 */
public class CopyWriterTest {

    @ClassRule
    public static final PostgresResource POSTGRES = new PostgresResource();

    private static final Logger LOG = NOPLogger.NOP_LOGGER;
    private static final Instant T0 = Instant.parse("2026-11-23T10:00:00Z");

    /** A row of the test table: n must not be negative, label is text. */
    private static final class Row {
        final int n;
        final String label;

        Row(int n, String label) {
            this.n = n;
            this.label = label;
        }
    }

    private static CopyWriter<Row> writer(String table, HistoryDatabase db, SettableClock clock) throws SQLException {
        execute(db, "CREATE TABLE " + table + " (n integer NOT NULL CHECK (n >= 0), label text NOT NULL)");
        return new CopyWriter<>("test rows", "COPY " + table + " (n, label) FROM STDIN (FORMAT text)",
                                () -> Optional.of(db), 1_000,
                                (row, text) -> text.append(row.n).append('\t').append(CopyWriter.escape(row.label)),
                                clock);
    }

    private static void execute(HistoryDatabase db, String sql) throws SQLException {
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
            s.execute(sql);
        }
    }

    private static List<String> strings(HistoryDatabase db, String query) throws SQLException {
        List<String> values = new ArrayList<>();
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement();
             ResultSet r = s.executeQuery(query)) {
            while (r.next()) {
                values.add(r.getString(1));
            }
        }
        return values;
    }

    @Test
    public void refusedRowsAreQuarantinedOnceAndTheRestWrittenInOrder() throws Exception {
        HistoryDatabase db = POSTGRES.database();
        long quarantinedBefore = db.quarantine().status().rows();
        CopyWriter<Row> writer = writer("public.refusing", db, new SettableClock(T0));
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            // Two break the CHECK constraint (SQLSTATE 23514), one holds a NUL byte (22021).
            rows.add(new Row(i == 3 || i == 7 ? -i : i, i == 5 ? "nul\0byte" : "row " + i));
        }
        writer.offer(rows);

        assertEquals("every row left the buffer", 10, writer.flush(10));
        assertEquals(0, writer.buffered());
        assertEquals(7, writer.written());
        assertEquals(3, writer.quarantined());
        assertEquals(List.of("0", "1", "2", "4", "6", "8", "9"), strings(db, "SELECT n FROM public.refusing"));
        assertEquals(List.of("23514\t-3\trow 3", "23514\t-7\trow 7", "22021\t5\tnul\\000byte"),
                     strings(db, "SELECT sql_state || chr(9) || row_text FROM sixflow.quarantined_rows "
                             + "WHERE destination = 'public.refusing (n, label)' ORDER BY row_text COLLATE \"C\""));
        assertEquals(quarantinedBefore + 3, db.quarantine().status().rows());
        assertTrue(db.quarantine().status().lastReason().orElseThrow().startsWith("public.refusing (n, label): "));

        // Nothing refused is tried again, and what comes after is written.
        writer.offer(List.of(new Row(10, "after")));
        assertEquals(1, writer.flush(10));
        assertEquals(8, writer.written());
        assertEquals(3, writer.quarantined());
    }

    @Test
    public void eachCopyWritesItsRowsInTheWritersOrderAndTakesTheOldestFromTheBuffer() throws Exception {
        HistoryDatabase db = POSTGRES.database();
        CopyWriter<Row> writer = writer("public.ordered", db, new SettableClock(T0))
                .writingInOrder(Comparator.comparing((Row r) -> r.label));
        List<Row> rows = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            rows.add(new Row(i, "row " + (char) ('j' - i)));    // labels fall as n rises
        }
        writer.offer(rows);
        assertEquals(6, writer.flush(6));
        assertEquals("the six oldest, in label order", List.of("5", "4", "3", "2", "1", "0"),
                     strings(db, "SELECT n FROM public.ordered ORDER BY ctid"));
        assertEquals(4, writer.flush(10));
        assertEquals(List.of("5", "4", "3", "2", "1", "0", "9", "8", "7", "6"),
                     strings(db, "SELECT n FROM public.ordered ORDER BY ctid"));

        // A refused row is still found by halving, each part in order, every other row once.
        execute(db, "TRUNCATE public.ordered");
        rows.set(4, new Row(-4, "row f"));
        writer.offer(rows);
        assertEquals(10, writer.flush(10));
        assertEquals(1, writer.quarantined());
        assertEquals(List.of("0", "1", "2", "3", "5", "6", "7", "8", "9"),
                     strings(db, "SELECT n FROM public.ordered ORDER BY n"));
    }

    @Test
    public void anUnreachableDatabaseQuarantinesNothingAndIsRetriedWithGrowingWaits() throws Exception {
        HistoryDatabase db = POSTGRES.database();
        SettableClock clock = new SettableClock(T0);
        CopyWriter<Row> writer = writer("public.waiting", db, clock);
        writer.offer(List.of(new Row(1, "a"), new Row(2, "b")));
        POSTGRES.server().stopServer();
        try {
            try {
                writer.flush(10);
                fail("wrote to a stopped server");
            } catch (SQLException expected) {
                assertFalse(Quarantine.refuses(expected));
            }
            writer.drain(10, true, LOG);
            assertEquals(Optional.of(T0.plusSeconds(1)), writer.nextAttempt());
            clock.advance(Duration.ofMillis(500));
            writer.drain(10, true, LOG);    // too early: not tried, the wait stands
            assertEquals(Optional.of(T0.plusSeconds(1)), writer.nextAttempt());
            clock.advance(Duration.ofMillis(500));
            writer.drain(10, true, LOG);    // tried, failed again: twice the wait
            assertEquals(Optional.of(T0.plusSeconds(3)), writer.nextAttempt());
            for (int i = 0; i < 4; i++) {    // waits 4, 8, 16, then 30 rather than 32
                clock.set(writer.nextAttempt().orElseThrow());
                writer.drain(10, true, LOG);
            }
            assertEquals("waits stop growing at 30 s", Optional.of(clock.instant().plusSeconds(30)),
                         writer.nextAttempt());
            assertEquals(2, writer.buffered());
            assertEquals(0, writer.quarantined());
        } finally {
            POSTGRES.server().startServer();
        }
        // The pool's connections died with the server: the first attempts may fail, losing nothing.
        for (int attempt = 0; attempt < 50 && writer.buffered() > 0; attempt++) {
            clock.set(writer.nextAttempt().orElse(clock.instant()));
            writer.drain(10, true, LOG);
            if (writer.buffered() > 0) {
                Thread.sleep(100);
            }
        }
        assertEquals(0, writer.buffered());
        assertEquals(Optional.empty(), writer.nextAttempt());
        assertEquals(List.of("1", "2"), strings(db, "SELECT n FROM public.waiting ORDER BY n"));
        assertEquals(0, writer.quarantined());
    }
}
