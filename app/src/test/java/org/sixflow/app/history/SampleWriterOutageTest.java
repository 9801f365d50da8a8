// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import org.junit.Before;
import org.junit.Rule;
import org.junit.Test;
import org.sixflow.app.api.LatencyClass;
import org.sixflow.app.api.LatencySample;
import org.sixflow.app.testing.PostgresResource;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.BitSet;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import static org.junit.Assert.assertEquals;
import static org.junit.Assert.assertTrue;

/**
 * PostgreSQL crashes under load: 100,000 samples/s stream into the sample writer, drained the
 * way the report collector drains it (every second, 20,000 rows a COPY); PostgreSQL is stopped
 * with an immediate shutdown (as a crash would) and started again. Every sample the writer
 * accepted is then in the database exactly once, and every sample it did not accept is counted
 * as dropped: rows = accepted = offered − dropped, sample by sample.
 */
public class SampleWriterOutageTest {

    private static final int RATE = 100_000;
    private static final int TICK_MS = 10;
    private static final int BATCH = 20_000;
    private static final Instant T0 = Instant.parse("2026-11-22T10:00:00Z");

    // Commits wait for their WAL, as in PostgreSQL's default configuration: a crash loses no
    // committed transaction (the fast test servers run with synchronous_commit=off, whose last
    // commits a crash does lose; this test found that).
    @Rule
    public final PostgresResource postgres = PostgresResource.durable();

    private final Logger log = LoggerFactory.getLogger(getClass());
    private HistoryDatabase db;

    @Before
    public void open() {
        db = postgres.database();
    }

    /** What one run saw: samples offered, and which sequences the writer accepted. */
    private static final class Run {
        long offered;
        final BitSet accepted = new BitSet();
    }

    // Streams for seconds at RATE, crashing PostgreSQL at crashAt and starting it at restartAt
    // (seconds from the start), then drains until the buffer is empty.
    private Run stream(SampleWriter writer, double seconds, double crashAt, double restartAt) throws Exception {
        Run run = new Run();
        AtomicBoolean producing = new AtomicBoolean(true);
        Thread flusher = new Thread(() -> {
            while (producing.get()) {
                writer.drain(BATCH, true, log);
                sleep(1_000);
            }
        }, "outage-flusher");
        flusher.start();
        long start = System.nanoTime();
        boolean crashed = false;
        boolean restarted = false;
        int perTick = RATE * TICK_MS / 1000;
        long ticks = Math.round(seconds * 1000 / TICK_MS);
        for (long tick = 0; tick < ticks; tick++) {
            for (int i = 0; i < perTick; i++) {
                int sequence = (int) run.offered++;
                LatencySample s = LatencySample.of(T0.plusNanos(sequence * 10_000L), "device:leaf1",
                                                   LatencyClass.IPV6.code(), 0, 1, 2, sequence,
                                                   1_000 + sequence % 997).withIngressTimestamp(sequence * 10_000L);
                if (writer.offer(s)) {
                    run.accepted.set(sequence);
                }
            }
            double elapsed = (System.nanoTime() - start) / 1e9;
            if (!crashed && elapsed >= crashAt) {
                postgres.server().crash();
                crashed = true;
            } else if (crashed && !restarted && elapsed >= restartAt) {
                postgres.server().startServer();
                restarted = true;
            }
            long due = start + TimeUnit.MILLISECONDS.toNanos((tick + 1) * TICK_MS);
            long wait = due - System.nanoTime();
            if (wait > 0) {
                TimeUnit.NANOSECONDS.sleep(wait);
            }
        }
        if (!restarted) {
            postgres.server().startServer();
        }
        producing.set(false);
        flusher.join();
        // The writer waits longer after each failed attempt (1 s doubling to 30 s): drain on.
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(120);
        while (writer.buffered() > 0 && System.nanoTime() < deadline) {
            writer.drain(BATCH, true, log);
            sleep(200);
        }
        assertEquals("everything buffered was written once PostgreSQL was back", 0, writer.buffered());
        return run;
    }

    private static void sleep(long ms) {
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    // Rows stored, distinct sequences stored, the packets the minutes add up, and whether the
    // stored sequences are exactly the accepted ones.
    private void assertStoredExactly(Run run, SampleWriter writer) throws SQLException {
        BitSet stored = new BitSet();
        long rows = 0;
        long minutes;
        long seconds;
        try (Connection c = db.dataSource().getConnection(); Statement s = c.createStatement()) {
            try (ResultSet r = s.executeQuery("SELECT sequence FROM sixflow.latency_samples")) {
                while (r.next()) {
                    stored.set((int) r.getLong(1));
                    rows++;
                }
            }
            try (ResultSet r = s.executeQuery("SELECT coalesce(sum(packets), 0) FROM sixflow.latency_minutes")) {
                r.next();
                minutes = r.getLong(1);
            }
            try (ResultSet r = s.executeQuery("SELECT coalesce(sum(packets), 0) FROM sixflow.latency_seconds")) {
                r.next();
                seconds = r.getLong(1);
            }
        }
        long accepted = run.accepted.cardinality();
        assertEquals("no sample stored twice", stored.cardinality(), rows);
        BitSet lost = (BitSet) run.accepted.clone();
        lost.andNot(stored);
        BitSet unasked = (BitSet) stored.clone();
        unasked.andNot(run.accepted);
        assertEquals("accepted samples missing, the first at " + lost.nextSetBit(0), 0, lost.cardinality());
        assertEquals("stored samples never accepted", 0, unasked.cardinality());
        assertEquals("accepted = offered - dropped", run.offered - writer.dropped(), accepted);
        assertEquals(accepted, writer.written());
        assertEquals("the minutes add up every stored sample", rows, minutes);
        assertEquals("the seconds add up every stored sample", rows, seconds);
    }

    @Test
    public void aCrashWithinTheBufferLosesNothing() throws Exception {
        SampleWriter writer = new SampleWriter(() -> java.util.Optional.of(db), 1_000_000);
        Run run = stream(writer, 6, 1.5, 3.5);
        assertEquals(600_000, run.offered);
        assertEquals("the buffer held the outage", 0, writer.dropped());
        assertStoredExactly(run, writer);
    }

    @Test
    public void aCrashBeyondTheBufferDropsExactlyWhatDidNotFit() throws Exception {
        SampleWriter writer = new SampleWriter(() -> java.util.Optional.of(db), 150_000);
        Run run = stream(writer, 6, 1, 4);
        assertTrue("a 3 s outage at 100,000 samples/s overflows 150,000: " + writer.dropped(),
                   writer.dropped() > 0);
        assertStoredExactly(run, writer);
    }
}
