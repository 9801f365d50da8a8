// SPDX-License-Identifier: Apache-2.0
// Copyright 2026 The Sixflow Authors
package org.sixflow.app.history;

import com.google.common.collect.ImmutableList;
import com.zaxxer.hikari.HikariDataSource;
import org.postgresql.PGConnection;
import org.slf4j.Logger;

import javax.sql.DataSource;
import java.io.IOException;
import java.io.StringReader;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.Collection;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;
import java.util.function.Supplier;

import static com.google.common.base.Preconditions.checkArgument;
import static com.google.common.base.Preconditions.checkNotNull;

/**
 * Buffers rows and writes them to PostgreSQL in batches with COPY (text format). While the
 * database is away, rows wait in the buffer, in order, and are written when it returns; only
 * when the buffer is full is a new row dropped, and every drop is counted. Rows leave the buffer
 * only once PostgreSQL has them. One thread flushes; any thread may offer.
 *
 * @param <T> the row type
 */
public final class CopyWriter<T> {

    private final String what;
    private final String copy;
    private final Supplier<Optional<DataSource>> dataSource;
    private final int capacity;
    private final BiConsumer<T, StringBuilder> format;
    private final ArrayDeque<T> buffer = new ArrayDeque<>();
    private final AtomicLong written = new AtomicLong();
    private final AtomicLong dropped = new AtomicLong();

    /**
     * Creates a writer.
     *
     * @param what       what the rows are, for messages ("latency aggregates")
     * @param copy       the COPY ... FROM STDIN (FORMAT text) statement
     * @param dataSource the history database while it is up
     * @param capacity   most rows kept while the database cannot take them
     * @param format     appends one row's tab-separated values, without the newline
     */
    public CopyWriter(String what, String copy, Supplier<Optional<DataSource>> dataSource, int capacity,
                      BiConsumer<T, StringBuilder> format) {
        checkArgument(capacity > 0, "capacity must be positive");
        this.what = checkNotNull(what);
        this.copy = checkNotNull(copy);
        this.dataSource = checkNotNull(dataSource);
        this.capacity = capacity;
        this.format = checkNotNull(format);
    }

    /**
     * Queues rows.
     *
     * @param rows the rows
     * @return how many were dropped because the buffer was full
     */
    public int offer(Collection<? extends T> rows) {
        int lost = 0;
        synchronized (buffer) {
            for (T row : rows) {
                if (buffer.size() >= capacity) {
                    lost++;
                } else {
                    buffer.addLast(row);
                }
            }
        }
        dropped.addAndGet(lost);
        return lost;
    }

    /**
     * Writes up to maxBatch of the oldest buffered rows.
     *
     * @param maxBatch most rows in one COPY
     * @return how many were written
     * @throws SQLException when the database cannot take them; they stay buffered
     */
    public int flush(int maxBatch) throws SQLException {
        List<T> batch;
        synchronized (buffer) {
            ImmutableList.Builder<T> b = ImmutableList.builder();
            Iterator<T> it = buffer.iterator();
            for (int i = 0; i < maxBatch && it.hasNext(); i++) {
                b.add(it.next());
            }
            batch = b.build();
        }
        if (batch.isEmpty()) {
            return 0;
        }
        StringBuilder rows = new StringBuilder(batch.size() * 128);
        for (T row : batch) {
            format.accept(row, rows);
            rows.append('\n');
        }
        DataSource db = dataSource.get()
                .orElseThrow(() -> new SQLException("no history database to write " + what + " to"));
        try (Connection connection = db.getConnection()) {
            try {
                connection.unwrap(PGConnection.class).getCopyAPI().copyIn(copy, new StringReader(rows.toString()));
            } catch (SQLException | IOException e) {
                // COPY runs on the unwrapped connection, so the pool never sees the failure:
                // evict the connection or it would be handed out again, broken.
                if (db instanceof HikariDataSource) {
                    ((HikariDataSource) db).evictConnection(connection);
                }
                throw new SQLException("COPY of " + batch.size() + " " + what + " failed: " + e.getMessage(), e);
            }
        }
        synchronized (buffer) {
            for (int i = 0; i < batch.size(); i++) {
                buffer.pollFirst();
            }
        }
        written.addAndGet(batch.size());
        return batch.size();
    }

    /**
     * Writes everything buffered, batch by batch. What the database cannot take stays buffered;
     * that is logged only while a database is configured (without one, buffering is expected).
     *
     * @param maxBatch         most rows in one COPY
     * @param databaseExpected whether netcfg names a database that is connected
     * @param log              where a failure is reported
     */
    public void drain(int maxBatch, boolean databaseExpected, Logger log) {
        try {
            while (flush(maxBatch) == maxBatch) {
                // more waiting
            }
        } catch (SQLException e) {
            if (databaseExpected) {
                log.warn("{} wait for the database ({} buffered): {}", what, buffered(), e.getMessage());
            }
        } catch (RuntimeException e) {
            log.warn("Writing {} failed: {}", what, e.toString());
        }
    }

    /** Rows written since creation. */
    public long written() {
        return written.get();
    }

    /** Rows dropped because the buffer was full. */
    public long dropped() {
        return dropped.get();
    }

    /** Rows waiting to be written. */
    public int buffered() {
        synchronized (buffer) {
            return buffer.size();
        }
    }

    /**
     * Escapes a value for COPY's text format (backslash, tab, newline, carriage return).
     *
     * @param value the value
     * @return the escaped value
     */
    public static String escape(String value) {
        return value.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }
}
